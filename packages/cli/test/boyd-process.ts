import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startNats, type NatsServer } from "@boyd/testkit";
import { fileURLToPath } from "node:url";

// The built command, as ./boyd.sh runs it (the test run's global setup builds it when a source changed).
const repo = fileURLToPath(new URL("../../..", import.meta.url)).replace(/\/$/, "");
export const builtBoyd = join(repo, ".cache/cli", repo.replace(/[^A-Za-z0-9]/g, "_"), "current/boyd.mjs");
const main = builtBoyd;
const cwd = fileURLToPath(new URL("..", import.meta.url));

/** How a `boyd` process ended. */
export interface BoydResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `boyd ...args` to the end, with `stdin` typed at it (then closed). */
export function runBoyd(args: readonly string[], stdin = ""): Promise<BoydResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main, ...args], { cwd });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (b: Buffer) => (stdout += b.toString()));
    child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
    child.stdin.end(stdin);
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A `boyd` process left running (`boyd up`, `boyd events`). */
export interface RunningBoyd {
  readonly child: ChildProcess;
  /** Output so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves with the first match of `pattern` in stdout (or stderr); rejects if the process exits first or time runs out. */
  waitFor(pattern: RegExp, options?: { stream?: "stdout" | "stderr"; timeoutMs?: number }): Promise<RegExpMatchArray>;
  /** Resolves with the exit code once the process has ended by itself. */
  exited(): Promise<number | null>;
  /** Sends `signal` and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `boyd ...args` and leaves it running; with `stdin: "pipe"` its input stays open for `child.stdin` (a person at the keyboard). */
export function startBoyd(args: readonly string[], options: { stdin?: "ignore" | "pipe" } = {}): RunningBoyd {
  const child = spawn(process.execPath, [main, ...args], { cwd, stdio: [options.stdin ?? "ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  let exit: number | null | undefined;
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve((exit = code))));
  child.stdout!.on("data", (b: Buffer) => (out += b.toString()));
  child.stderr!.on("data", (b: Buffer) => (err += b.toString()));
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    async waitFor(pattern, { stream = "stdout", timeoutMs = 20_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const m = pattern.exec(stream === "stdout" ? out : err);
        if (m) return m;
        if (exit !== undefined) throw new Error(`boyd exited (${exit}) before printing ${pattern}:\n${out}\n${err}`);
        if (Date.now() > deadline) throw new Error(`boyd did not print ${pattern} within ${timeoutMs} ms:\n${out}\n${err}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    exited: () => exited,
    async stop(signal = "SIGTERM") {
      if (exit === undefined) child.kill(signal);
      return exited;
    },
  };
}

/** A `boyd up` over a fresh nats-server, in its own data directory. */
export interface UpOverNats {
  readonly nats: NatsServer;
  readonly up: RunningBoyd;
  stop(): Promise<void>;
}

/** Starts nats-server and `boyd up --nats` on it, ready once up says so. */
export async function startUpOverNats(prefix: string): Promise<UpOverNats> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const nats = await startNats();
  const up = startBoyd(["up", "--nats", nats.url, "--data-dir", join(dir, ".boyd"), "--grpc", "127.0.0.1:0"]);
  await up.waitFor(/^Ctrl-C to stop$/m, { timeoutMs: 60_000 });
  return {
    nats,
    up,
    async stop() {
      await up.stop("SIGTERM");
      await nats.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
