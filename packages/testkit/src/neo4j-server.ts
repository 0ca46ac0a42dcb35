import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { findBinary } from "./binary.js";
import { RingBuffer } from "./ring-buffer.js";
import { trackChild, trackDir, untrackChild, untrackDir } from "./cleanup.js";
import { serverControls, type ServerProcess } from "./server-process.js";
import { waitFor } from "./wait.js";

/** Options for {@link startNeo4j}. */
export interface Neo4jServerOptions {
  /** The `java` executable (Java 17). @default `$JAVA_HOME/bin/java`, then PATH */
  java?: string;
  /**
   * The built launcher project: holds `target/neo4j-dev.jar` and `target/lib/`.
   * @default `$BOYD_NEO4J_DEV_DIR`, else `deploy/neo4j-dev` in this repository
   */
  launcherDir?: string;
  /** Maximum JVM heap, as `-Xmx` takes it. @default "768m" */
  heap?: string;
  /** Extra JVM flags, after the defaults (a later flag wins). @default [] */
  jvmArgs?: readonly string[];
  /** How long to wait for the READY line. Neo4j takes 5-20 s on a small box. @default 90000 */
  startTimeoutMs?: number;
}

/**
 * A real Neo4j Community 5.26 (embedded, Bolt only, no auth) on a free
 * loopback port, with its store in a temp dir of its own. `stop()`, `kill()`
 * (SIGKILL) and `restart()` (same port, same store, so recovery runs after a
 * kill) serve "Neo4j down" fault tests; `await using` stops it and removes
 * its files.
 */
export interface Neo4jServer extends ServerProcess {
  /** `bolt://127.0.0.1:PORT`; no credentials needed (auth is off). The store is under `dir/data`, Neo4j's logs under `dir/logs`. */
  readonly uri: string;
}

/** The command that builds the launcher (and installs Java 17 and Maven when missing). */
export const NEO4J_BUILD_HINT = "run `bash -c 'source scripts/ensure-deps.sh && ensure_neo4j_dev'` from the repository root (./test.sh does it too)";

const DEFAULT_LAUNCHER_DIR = fileURLToPath(new URL("../../../deploy/neo4j-dev/", import.meta.url));
const MAIN_CLASS = "dev.boyd.neo4jdev.Launcher";
const STOP_TIMEOUT_MS = 30_000;
const READY = /^NEO4J READY (bolt:\/\/127\.0\.0\.1:(\d+))\s*$/m;

function findJava(explicit: string | undefined): string | undefined {
  if (explicit) return findBinary(explicit, [explicit]);
  const home = process.env["JAVA_HOME"];
  return findBinary("java", home ? [join(home, "bin", "java")] : []);
}

/**
 * The java command line that runs the launcher (without `--port`/`--data`).
 * Throws, naming the fix, when java or the built jar is missing.
 */
export function neo4jCommand(options: Neo4jServerOptions = {}): { java: string; args: string[] } {
  const java = findJava(options.java);
  if (!java) {
    throw new Error(
      `java not found${options.java ? ` at ${options.java}` : ""}: Neo4j 5.26 needs Java 17; ${NEO4J_BUILD_HINT}, ` +
        "or `apt-get install -y openjdk-17-jre-headless`",
    );
  }
  const launcherDir = options.launcherDir ?? process.env["BOYD_NEO4J_DEV_DIR"] ?? DEFAULT_LAUNCHER_DIR;
  const jar = join(launcherDir, "target", "neo4j-dev.jar");
  const lib = join(launcherDir, "target", "lib");
  if (!existsSync(jar) || !existsSync(lib)) {
    throw new Error(`Neo4j launcher not built (missing ${existsSync(jar) ? lib : jar}): ${NEO4J_BUILD_HINT}`);
  }
  const args = [
    `-Xmx${options.heap ?? "768m"}`,
    // Two cores shared with the tests: the serial collector keeps RSS and
    // thread count down, and a server out of memory should die, not limp.
    "-XX:+UseSerialGC",
    "-XX:+ExitOnOutOfMemoryError",
    ...(options.jvmArgs ?? []),
    "-cp",
    `${jar}:${join(lib, "*")}`,
    MAIN_CLASS,
    "--host",
    "127.0.0.1",
    // Our stdin is a pipe: if this process dies without cleaning up, the
    // launcher sees EOF and shuts down instead of outliving the test run.
    "--stop-on-stdin-eof",
  ];
  return { java, args };
}

/**
 * Starts Neo4j for a test (or once per run, see `@boyd/testkit/neo4j-global-setup`).
 * The launcher picks a free port itself (`--port 0`) and reports it, so there
 * is no race for the port. Fails with the build command when java or the jar
 * is missing, and with the launcher's output when it exits early.
 */
export async function startNeo4j(options: Neo4jServerOptions = {}): Promise<Neo4jServer> {
  const { java, args } = neo4jCommand(options);
  const startTimeoutMs = options.startTimeoutMs ?? 90_000;
  const dir = await mkdtemp(join(tmpdir(), "boyd-neo4j-"));
  trackDir(dir);
  const log = new RingBuffer(200);
  let child: ChildProcess | undefined;
  let alive = false;
  let exited: Promise<void> = Promise.resolve();

  const isRunning = (): boolean => alive;

  const signalAndWait = async (signal: NodeJS.Signals): Promise<void> => {
    if (!alive) return;
    child?.kill(signal);
    if (signal === "SIGKILL") return exited;
    // A clean stop takes well under a second; a wedged JVM gets SIGKILL.
    const timer = setTimeout(() => child?.kill("SIGKILL"), STOP_TIMEOUT_MS);
    try {
      await exited;
    } finally {
      clearTimeout(timer);
    }
  };

  const launch = async (port: number): Promise<number> => {
    const proc = spawn(java, [...args, "--port", String(port), "--data", dir], { stdio: ["pipe", "pipe", "pipe"] });
    child = proc;
    alive = true;
    trackChild(proc);
    let stdout = "";
    let exitCode: number | undefined;
    exited = new Promise((resolve) => {
      const done = (code: number): void => {
        exitCode ??= code;
        alive = false;
        untrackChild(proc);
        resolve();
      };
      proc.once("exit", (code, signal) => done(code ?? (signal ? -1 : 0)));
      // A process that never ran (ENOENT, EACCES) reports 'error' and no 'exit'.
      proc.once("error", (err) => {
        log.push(`spawn ${java} failed: ${err.message}\n`);
        if (proc.pid === undefined) done(-1);
      });
    });
    proc.stdout?.on("data", (b: Buffer) => {
      const text = b.toString();
      stdout += text;
      log.push(text);
    });
    proc.stderr?.on("data", (b: Buffer) => log.push(b.toString()));
    // Neo4j's own log is worth a look on a restart; a first start's dir is removed.
    const where = port === 0 ? "" : ` (Neo4j's log: ${join(dir, "logs", "debug.log")})`;
    try {
      await waitFor(
        () => {
          if (READY.test(stdout)) return true;
          if (exitCode !== undefined) throw new Error(`Neo4j launcher exited early (code ${exitCode})${where}:\n${log.text()}`);
          return false;
        },
        startTimeoutMs,
        () => `Neo4j did not print its READY line within ${startTimeoutMs} ms${where}:\n${log.text()}`,
        50,
      );
    } catch (err) {
      await signalAndWait("SIGKILL");
      throw err;
    }
    return Number(READY.exec(stdout)?.[2]);
  };

  let port: number;
  try {
    port = await launch(0);
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    untrackDir(dir);
    throw err;
  }

  return {
    uri: `bolt://127.0.0.1:${port}`,
    ...serverControls({ port, dir, logs: () => log.text(), running: isRunning, signal: signalAndWait, relaunch: () => launch(port) }),
  };
}
