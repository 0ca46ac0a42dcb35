import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The responder child process of the NATS benchmark. */
export interface ResponderProcess {
  readonly pid: number;
  /** Closes its stdin (it drains and exits), then SIGKILLs it if it lingers. */
  stop(): Promise<void>;
}

/**
 * Spawns `responder.ts` under Node with the tsx loader and waits for its
 * `ready` line. One Node process (not the tsx CLI, which would fork another)
 * so the pid we kill is the one serving. A process `exit` hook kills it too,
 * in case the benchmark dies before calling stop().
 */
export async function startResponder(natsUrl: string, readyTimeoutMs = 15_000): Promise<ResponderProcess> {
  const script = fileURLToPath(new URL("./responder.ts", import.meta.url));
  const child = spawn(process.execPath, [...cpuProfileArgs(process.env), "--import", import.meta.resolve("tsx"), script, natsUrl], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const killOnExit = (): void => void child.kill("SIGKILL");
  process.on("exit", killOnExit);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  try {
    await waitForReady(child, readyTimeoutMs);
  } catch (err) {
    child.kill("SIGKILL");
    process.off("exit", killOnExit);
    throw err;
  }
  if (child.pid === undefined) throw new Error("responder has no pid");

  return {
    pid: child.pid,
    async stop() {
      child.stdin?.end();
      const timer = setTimeout(() => child.kill("SIGKILL"), 3_000);
      await exited;
      clearTimeout(timer);
      process.off("exit", killOnExit);
    },
  };
}

/**
 * `--cpu-prof` flags for the responder when BENCH_CPU_PROF names a
 * directory: Node refuses them in NODE_OPTIONS, so the benchmark passes
 * them on itself (its profiles land in `<dir>/responder`; run the client
 * with `node --cpu-prof --cpu-prof-dir=<dir>/client` to profile both sides).
 */
export function cpuProfileArgs(env: NodeJS.ProcessEnv): string[] {
  const dir = env["BENCH_CPU_PROF"];
  return dir ? ["--cpu-prof", `--cpu-prof-dir=${join(dir, "responder")}`] : [];
}

function waitForReady(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => fail(new Error(`responder not ready within ${timeoutMs} ms; stdout: ${out}`)), timeoutMs);
    const onData = (b: Buffer): void => {
      out += b.toString();
      if (out.split("\n").includes("ready")) done();
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null): void =>
      fail(new Error(`responder exited before ready (code ${code}, signal ${signal}); stdout: ${out}`));
    const onError = (err: Error): void => fail(err);
    const cleanup = (): void => {
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.off("exit", onExit);
      child.off("error", onError);
      // Keep draining its stdout so a chatty child never blocks on a full pipe.
      child.stdout?.resume();
    };
    const done = (): void => {
      cleanup();
      resolve();
    };
    const fail = (err: Error): void => {
      cleanup();
      reject(err);
    };
    child.stdout?.on("data", onData);
    child.once("exit", onExit);
    child.once("error", onError);
  });
}
