import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { findBinary } from "@boyd/testkit";

export const REPO_ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/**
 * The real grpcurl: the one scripts/ensure-deps.sh (ensure_grpcurl) built into
 * .cache/grpcurl/<version>/, else one on PATH. Throws with the fix when there is none.
 */
export function grpcurlBinary(): string {
  const cache = join(REPO_ROOT, ".cache/grpcurl");
  const built = existsSync(cache)
    ? readdirSync(cache)
        .sort()
        .reverse()
        .map((version) => join(cache, version, "grpcurl"))
        .filter((binary) => existsSync(binary))
    : [];
  const found = built[0] ?? findBinary("grpcurl");
  if (!found) throw new Error("grpcurl not found: run `source scripts/ensure-deps.sh && ensure_grpcurl` (builds it with Go into .cache/grpcurl)");
  return found;
}

/** A shell command line (as a README shows it) running in bash, with the tested grpcurl first on PATH. */
export interface ShellRun {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (null when a signal ended it) once the process has ended. */
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  running(): boolean;
}

export function startShell(commandLine: string): ShellRun {
  const path = `${dirname(grpcurlBinary())}:${process.env["PATH"] ?? ""}`;
  // exec: the signal the test sends reaches grpcurl itself, not a shell around it.
  const child = spawn("bash", ["-c", `exec ${commandLine}`], { env: { ...process.env, PATH: path }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  let ended: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  child.stdout.on("data", (b: Buffer) => (out += b.toString()));
  child.stderr.on("data", (b: Buffer) => (err += b.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("close", (code, signal) => resolve((ended = { code, signal }))),
  );
  return { child, stdout: () => out, stderr: () => err, exited: () => exited, running: () => ended === undefined };
}

/** Runs a command line to its end; rejects naming the command if it fails or outlives `timeoutMs`. */
export async function runShell(commandLine: string, timeoutMs = 20_000): Promise<string> {
  const run = startShell(commandLine);
  const timer = setTimeout(() => run.child.kill("SIGKILL"), timeoutMs);
  const { code, signal } = await run.exited();
  clearTimeout(timer);
  if (code !== 0) throw new Error(`\`${commandLine}\` ended with ${signal ?? `exit code ${code}`}:\n${run.stdout()}\n${run.stderr()}`);
  return run.stdout();
}

/**
 * The messages in grpcurl's JSON output: one pretty-printed object per
 * message, each closed by a `}` alone on its line.
 */
export function grpcurlMessages(output: string): unknown[] {
  return output
    .split(/^}$/m)
    .filter((chunk) => chunk.trim().length > 0)
    .map((chunk) => JSON.parse(`${chunk}}`) as unknown);
}

/** The fenced ```sh lines of a Markdown document that run grpcurl, in order. */
export function grpcurlCommandsIn(markdown: string): string[] {
  // Line by line: a lazy regex over the whole document rescans it from every fence.
  const commands: string[] = [];
  let inShell = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) inShell = !inShell && ["```sh", "```bash", "```shell"].includes(line.trimEnd());
    else if (inShell && /^grpcurl\s/.test(line)) commands.push(line);
  }
  return commands;
}
