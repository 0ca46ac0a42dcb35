import { spawn } from "node:child_process";

/** A service's `main.ts` running as its own Node process (through tsx), with its output captured. */
export interface ServiceProcess {
  /** Resolves with the exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
  /** Everything written to stdout and stderr so far. */
  output(): string;
}

/**
 * Starts `main` (a .ts entry point) with extra environment variables. Its
 * ops endpoints go to a free loopback port unless `env` says otherwise, so
 * several services run side by side.
 */
export function launchService(main: string, env: Record<string, string>): ServiceProcess {
  const child = spawn(process.execPath, ["--import", "tsx", main], {
    env: { ...process.env, BOYD_OPS_ADDRESS: "127.0.0.1:0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (b: Buffer) => (output += b.toString()));
  child.stderr.on("data", (b: Buffer) => (output += b.toString()));
  return { exited: new Promise((r) => child.once("exit", r)), kill: (s) => child.kill(s), output: () => output };
}

/**
 * Retries `call` until it succeeds (a process that is still starting has no
 * responder yet), every 100 ms for at most `timeoutMs`; then rethrows.
 */
export async function retryUntilAnswered<T>(call: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await call();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
