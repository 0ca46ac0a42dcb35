import { execFile, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT } from "./repo.js";

const run = promisify(execFile);

/** Runs scripts/bundle.mjs into `out` (all services unless `only`); resolves with its output. */
export async function bundleServices(out: string, only?: readonly string[]): Promise<string> {
  const args = [join(REPO_ROOT, "scripts/bundle.mjs"), "--out", out, ...(only ? ["--only", only.join(",")] : [])];
  const { stdout, stderr } = await run(process.execPath, args, { cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024 });
  return stdout + stderr;
}

/** A free loopback TCP port (the kernel's pick, released for the caller to bind). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A bundle running as its own Node process, as the image runs it (`node <bundle>`). */
export interface BundleProcess {
  /** The exit code, or the signal that ended it. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
  /** stdout and stderr so far. */
  output(): string;
}

/**
 * Starts `node <bundle>` with exactly `env` (plus PATH and HOME): nothing
 * from the test's own environment leaks in, as in a container.
 */
export function startBundle(bundle: string, env: Readonly<Record<string, string>>): BundleProcess {
  const child = spawn(process.execPath, [bundle], {
    cwd: REPO_ROOT,
    env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: process.env["HOME"] ?? "/tmp", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (b: Buffer) => (output += b.toString()));
  child.stderr.on("data", (b: Buffer) => (output += b.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return { exited, kill: (signal) => child.kill(signal), output: () => output };
}

/**
 * Polls `GET url` until it answers 200; fails early, with the process's
 * output, if the process exits first, and after `timeoutMs` otherwise.
 */
export async function waitForHttp200(url: string, proc: BundleProcess, timeoutMs = 30_000): Promise<void> {
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  void proc.exited.then((e) => (exit = e));
  const until = Date.now() + timeoutMs;
  let last = "no answer yet";
  for (;;) {
    if (exit) throw new Error(`exited (code ${exit.code}, signal ${exit.signal}) before ${url} answered 200:\n${proc.output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      last = `${response.status} ${await response.text()}`;
    } catch (err) {
      last = (err as Error).message;
    }
    if (Date.now() > until) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (last: ${last}):\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The ops address a service logged once serving (`"ops":"host:port"`), for
 * a service started with BOYD_OPS_ADDRESS on port 0: a port picked free
 * beforehand can be taken by another test's process before the service
 * binds it, and that process would answer for it.
 */
export async function waitForOpsAddress(proc: BundleProcess, timeoutMs = 30_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  void proc.exited.then((e) => (exit = e));
  for (;;) {
    const logged = proc.output().split('"ops":"')[1]?.split('"')[0];
    if (logged) return logged;
    if (exit) throw new Error(`exited (code ${exit.code}, signal ${exit.signal}) before it logged its ops address:\n${proc.output()}`);
    if (Date.now() > until) throw new Error(`no ops address logged within ${timeoutMs} ms:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
