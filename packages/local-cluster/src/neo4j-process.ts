import { mkdir } from "node:fs/promises";
import { neo4jCommand, waitFor } from "@boyd/testkit";
import { describeExit, spawnChild, type OutputLog } from "./child.js";

/** The cluster's own Neo4j (the deploy/neo4j-dev launcher). */
export interface Neo4jProcess {
  /** `bolt://127.0.0.1:PORT`, no credentials (the launcher turns auth off). */
  readonly uri: string;
  readonly pid: number | undefined;
  running(): boolean;
  output(): string;
  /** SIGTERM (a clean Neo4j shutdown), SIGKILL if it takes over 30 s. */
  stop(): Promise<void>;
}

const READY = /^NEO4J READY (bolt:\/\/127\.0\.0\.1:\d+)\s*$/;

/**
 * Starts Neo4j Community with its store in `dir` (kept across starts) and
 * Bolt on a free loopback port. The launcher stops when our stdin pipe
 * closes, so it does not outlive this process.
 */
export async function startNeo4jProcess(options: { dir: string; output: OutputLog; startTimeoutMs?: number }): Promise<Neo4jProcess> {
  const { java, args } = neo4jCommand();
  await mkdir(options.dir, { recursive: true, mode: 0o700 });
  let uri: string | undefined;
  const child = spawnChild(java, [...args, "--port", "0", "--data", options.dir], {
    env: process.env,
    output: options.output,
    keepStdin: true,
    onLine: (line) => (uri ??= READY.exec(line)?.[1]),
  });
  const timeoutMs = options.startTimeoutMs ?? 120_000;
  try {
    await waitFor(
      async () => {
        if (uri) return true;
        if (!child.running()) throw new Error(`Neo4j exited at start (${describeExit(await child.exited)}); its log is under ${options.dir}/logs:\n${options.output.tail()}`);
        return false;
      },
      timeoutMs,
      () => `Neo4j did not start within ${timeoutMs} ms; its log is under ${options.dir}/logs:\n${options.output.tail()}`,
      50,
    );
  } catch (err) {
    await child.stop("SIGKILL");
    throw err;
  }
  return {
    uri: uri!,
    pid: child.pid,
    running: () => child.running(),
    output: () => options.output.text(),
    stop: async () => void (await child.stop("SIGTERM")),
  };
}
