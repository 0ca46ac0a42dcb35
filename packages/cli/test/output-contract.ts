import { expect } from "vitest";
import type { BoydResult } from "./boyd-process.js";

// The contract of the global --json and -q/--quiet, checked by output-flags*.test.ts:
// --json: stdout is exactly one JSON document (events: one JSON object per line), nothing else;
// -q: stderr is empty on success, stdout holds the result alone; errors stay on stderr, non-zero,
// and with --json they are one {"error": {...}} object.

/** The whole of stdout parsed as one JSON document (it throws on anything else there). */
export function jsonDocument<T = unknown>(r: BoydResult): T {
  expect(r.stdout.trim(), r.stderr).not.toBe("");
  return JSON.parse(r.stdout) as T;
}

/** Succeeded with -q: a result on stdout, not a word on stderr. */
export function quietResult(r: BoydResult): string {
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toBe("");
  expect(r.stdout.trim()).not.toBe("");
  return r.stdout;
}

/** A failure under --json: nothing on stdout, exactly one JSON error object on stderr. */
export function jsonError(r: BoydResult): { code: string; message: string; exitCode: number } {
  expect(r.code).not.toBe(0);
  expect(r.stdout).toBe("");
  const lines = r.stderr.trim().split("\n");
  expect(lines, r.stderr).toHaveLength(1);
  const { error } = JSON.parse(lines[0]!) as { error: { code: string; message: string; exitCode: number } };
  expect(error.exitCode).toBe(r.code);
  return error;
}
