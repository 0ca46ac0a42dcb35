import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { findBinary } from "./binary.js";
import { findNatsServer, NATS_SERVER_HINT } from "./nats-binary.js";
import { RingBuffer } from "./ring-buffer.js";
import { trackChild, trackDir, untrackChild } from "./cleanup.js";
import { serverControls, type ServerProcess } from "./server-process.js";
import { waitFor } from "./wait.js";

/** Options for {@link startNats}. */
export interface NatsServerOptions {
  /** The nats-server executable, taken as is. @default {@link findNatsServer}: the pinned release ensure_nats builds, or one as new */
  binary?: string;
  /** Enable JetStream with a store under the server's temp dir. @default true */
  jetstream?: boolean;
  /** Extra nats-server configuration appended verbatim (accounts, authorization, tls...). */
  extraConfig?: string;
  /**
   * Files written into the server's dir before it starts, by name (an
   * `auth.conf` for `include "auth.conf"`, certificates): nats-server
   * resolves an include relative to its config file, which lives there.
   */
  files?: Readonly<Record<string, string>>;
  /** Environment of the server process, over the test's (e.g. the `$VAR`s a config refers to). */
  env?: Readonly<Record<string, string>>;
  /** How long to wait for the server to listen. @default 10000 */
  startTimeoutMs?: number;
}

/**
 * A real nats-server on a free loopback port, in a temp dir of its own.
 * `stop()`, `kill()` (SIGKILL) and `restart()` (same port, same JetStream
 * store) serve fault tests; `await using` stops it and removes its files.
 */
export interface NatsServer extends ServerProcess {
  /** `nats://127.0.0.1:PORT` */
  readonly url: string;
}

/**
 * Starts a nats-server for a test. Fails with the command that builds the
 * pinned release when the binary is missing or too old.
 */
export async function startNats(options: NatsServerOptions = {}): Promise<NatsServer> {
  const binary = options.binary ? findBinary(options.binary, [options.binary]) : findNatsServer();
  if (!binary) throw new Error(`nats-server not found at ${options.binary}: ${NATS_SERVER_HINT}`);
  const dir = await mkdtemp(join(tmpdir(), "boyd-nats-"));
  trackDir(dir);
  for (const [name, text] of Object.entries(options.files ?? {})) {
    if (basename(name) !== name) throw new Error(`startNats: file name ${JSON.stringify(name)} must not hold a path`);
    await writeFile(join(dir, name), text);
  }
  const startTimeoutMs = options.startTimeoutMs ?? 10_000;
  const jetstream = options.jetstream ?? true;
  const log = new RingBuffer(200);
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  const writeConfig = async (listen: string): Promise<string> => {
    const lines = [
      `listen: "${listen}"`,
      `ports_file_dir: "${dir}"`,
      jetstream ? `jetstream { store_dir: "${join(dir, "js")}" }` : "",
      options.extraConfig ?? "",
    ];
    const file = join(dir, "nats.conf");
    await writeFile(file, lines.join("\n") + "\n");
    return file;
  };

  const launch = async (listen: string): Promise<number> => {
    for (const f of await readdir(dir)) if (f.endsWith(".ports")) await rm(join(dir, f), { force: true });
    const config = await writeConfig(listen);
    const proc = spawn(binary, ["-c", config], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...options.env } });
    child = proc;
    trackChild(proc);
    proc.stdout?.on("data", (b: Buffer) => log.push(b.toString()));
    proc.stderr?.on("data", (b: Buffer) => log.push(b.toString()));
    let exitCode: number | null | undefined;
    exited = new Promise((resolve) => {
      proc.once("exit", (code, signal) => {
        exitCode = code ?? (signal ? -1 : 0);
        untrackChild(proc);
        resolve();
      });
    });
    const portsFile = join(dir, `nats-server_${proc.pid}.ports`);
    let ports: { nats: string[] } | undefined;
    await waitFor(
      async () => {
        if (exitCode !== undefined) throw new Error(`nats-server exited early (code ${exitCode}):\n${log.text()}`);
        // nats-server creates the file before writing it: an empty or cut
        // file is read again on the next poll, not parsed as the ports.
        ports = existsSync(portsFile) ? parsePorts(await readFile(portsFile, "utf8")) : undefined;
        return ports !== undefined;
      },
      startTimeoutMs,
      () => `nats-server did not listen within ${startTimeoutMs} ms:\n${log.text()}`,
    );
    const first = ports!.nats[0];
    if (!first) throw new Error(`nats-server ports file has no client URL: ${portsFile}`);
    return Number(new URL(first).port);
  };

  const port = await launch("127.0.0.1:-1");
  const url = `nats://127.0.0.1:${port}`;

  const signalAndWait = async (signal: NodeJS.Signals): Promise<void> => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      await exited;
    }
  };

  return {
    url,
    ...serverControls({
      port,
      dir,
      logs: () => log.text(),
      running: () => !!child && child.exitCode === null && child.signalCode === null,
      signal: signalAndWait,
      relaunch: () => launch(`127.0.0.1:${port}`),
    }),
  };
}

/** The ports file's content once complete, or undefined while nats-server is still writing it. */
function parsePorts(text: string): { nats: string[] } | undefined {
  try {
    return JSON.parse(text) as { nats: string[] };
  } catch {
    return undefined;
  }
}
