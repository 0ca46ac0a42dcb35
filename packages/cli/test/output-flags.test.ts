import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBoyd } from "./boyd-process.js";
import { jsonDocument, jsonError, quietResult } from "./output-contract.js";

// --json and -q (see output-contract.ts) on the kg, decide, act, think commands, errors, --version, --help.

const ANIMALS = fileURLToPath(new URL("../../../examples/animals.csv", import.meta.url));

describe("--json and -q: kg, decide, act, think (embedded)", () => {
  let dir: string;
  const kg = (...args: string[]) => runBoyd(["kg", "--data-dir", join(dir, ".boyd"), ...args]);
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), "boyd-output-"))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("kg ingest, query, activate, infer, mine: one JSON document each; -q leaves the result alone", async () => {
    // The flags before the command and after it mean the same.
    const ingested = jsonDocument<{ file: string; triples: number }>(await runBoyd(["--json", "kg", "--data-dir", join(dir, ".boyd"), "ingest", ANIMALS]));
    expect(ingested).toMatchObject({ file: ANIMALS, triples: 43 });
    expect(quietResult(await runBoyd(["-q", "kg", "--data-dir", join(dir, ".boyd"), "ingest", ANIMALS]))).toMatch(/animals\.csv: 43 triples from 44 lines/);

    const query = jsonDocument<Array<{ subject: string; predicate: string; object: string }>>(await kg("query", "-s", "dog", "--json"));
    expect(query).toContainEqual(expect.objectContaining({ subject: "dog", predicate: "is-a", object: "mammal" }));
    expect(quietResult(await kg("query", "-s", "dog", "--quiet"))).toContain("dog\tis-a\tmammal");

    const activated = jsonDocument<Array<{ symbol: string; activation: number }>>(await kg("activate", "dog", "--json"));
    expect(activated.map((a) => a.symbol)).toContain("mammal");

    const inferred = jsonDocument<{ mode: string; stored: boolean; facts: unknown[] }>(await kg("infer", "--dry-run", "--json"));
    expect(inferred).toMatchObject({ mode: "forward", stored: false });

    const mined = jsonDocument<{ rules: unknown[]; saved: boolean }>(await kg("mine", "--json"));
    expect(mined.saved).toBe(false);
    // mine's count is a note on stderr: -q drops it.
    expect((await kg("mine")).stderr).toMatch(/^boyd: \d+ rules from \d+ facts/m);
    quietResult(await kg("mine", "-q"));
  }, 60_000);

  it("decide, act tools, act run, think: one JSON document each; -q leaves the result alone", async () => {
    const data = join(dir, ".boyd");
    const decided = jsonDocument<{ decision: { call: { toolName: string } } }>(await runBoyd(["decide", "what is a dog", "--data-dir", data, "--json"]));
    expect(decided.decision.call.toolName).not.toBe("");
    quietResult(await runBoyd(["-q", "decide", "what is a dog", "--data-dir", data]));

    const tools = jsonDocument<Array<{ name: string }>>(await runBoyd(["act", "--data-dir", data, "tools", "--json"]));
    expect(tools.map((t) => t.name)).toContain("file_io");
    const acted = await runBoyd(["act", "--data-dir", data, "run", "file_io", '{"action":"write","path":"a.md","content":"x"}', "--mode", "yolo", "--json"]);
    expect(acted.code, acted.stderr).toBe(0);
    expect(jsonDocument<{ outcome: string }>(acted).outcome).toBe("ACTION_OUTCOME_EXECUTED");

    const thought = jsonDocument<{ state: string; iterations: unknown[] }>(await runBoyd(["think", "what is a dog", "--data-dir", data, "--max-iterations", "2", "--json"]));
    expect(["CONVERGED", "STALLED", "CAPPED"]).toContain(thought.state);
    // Without -q think prints an iteration line per step; with it, only the summary.
    const plain = await runBoyd(["think", "what is a dog", "--data-dir", data, "--max-iterations", "2"]);
    const quiet = quietResult(await runBoyd(["think", "what is a dog", "--data-dir", data, "--max-iterations", "2", "-q"]));
    expect(quiet.split("\n").length).toBeLessThan(plain.stdout.split("\n").length);
  }, 90_000);

  it("errors: with --json one {error} object on stderr and nothing on stdout, in every position of the flag", async () => {
    expect(jsonError(await kg("ingest", join(dir, "missing.csv"), "--json"))).toMatchObject({ code: "USAGE", exitCode: 2 });
    expect(jsonError(await runBoyd(["--json", "kg", "query", "--bogus"]))).toMatchObject({ code: "USAGE", message: "unknown option '--bogus'" });
    expect(jsonError(await runBoyd(["decide", "x", "--priority", "999", "--json"])).message).toContain("expected an integer from 0 to 255");
    // Without --json the same error is one human line, and -q does not hide it.
    const plain = await kg("ingest", join(dir, "missing.csv"), "-q");
    expect(plain.code).toBe(2);
    expect(plain.stderr).toMatch(/^boyd: .*missing\.csv: cannot read/);
  }, 30_000);

  it("commands with no JSON form (repl, completion, demo bus, approvals) refuse --json with a usage error", async () => {
    for (const args of [["agent", "--data-dir", join(dir, ".boyd"), "repl"], ["completion", "bash"], ["demo", "bus"], ["approvals", "--nats", "nats://127.0.0.1:1"]]) {
      const r = await runBoyd([...args, "--json"]);
      expect(r.code, args.join(" ")).toBe(2);
      expect(jsonError(r).message).toMatch(/^--json: /);
    }
  }, 30_000);

  it("--version: the version, with --json (before or after) as a JSON document", async () => {
    const text = await runBoyd(["--version"]);
    expect(text.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    for (const args of [["--json", "--version"], ["--version", "--json"]]) {
      const r = await runBoyd(args);
      expect(r.code).toBe(0);
      expect(jsonDocument(r)).toEqual({ version: text.stdout.trim() });
    }
  });

  it("--help of every command ends with the global flags and the exit codes", async () => {
    for (const args of [[], ["agent", "run"], ["kg", "ingest"], ["events"]]) {
      const r = await runBoyd([...args, "--help"]);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("Global options (before or after the command): --json");
      expect(r.stdout).toContain("130 stopped by Ctrl-C");
    }
  }, 30_000);
});
