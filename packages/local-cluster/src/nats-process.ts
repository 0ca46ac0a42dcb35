import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { findNatsServer, waitFor } from "@boyd/testkit";
import { describeExit, spawnChild, type OutputLog } from "./child.js";

/** Options of {@link startNatsProcess}. */
export interface NatsProcessOptions {
  /** Holds the config, the ports file and the JetStream store (`jetstream/`). */
  readonly dir: string;
  /** Client port on 127.0.0.1; 0 picks a free one. */
  readonly port: number;
  /** The `authorization { ... }` block. */
  readonly authorization: string;
  /** Environment the authorization block reads (the users' passwords). */
  readonly env: Record<string, string>;
  readonly output: OutputLog;
  /**
   * Serve nats-server's HTTP monitoring (/connz, /subsz) on a free loopback
   * port: tests read which subjects each service subscribes to. @default false
   */
  readonly monitor?: boolean;
  /** @default 15000 */
  readonly startTimeoutMs?: number;
}

/** The cluster's nats-server. */
export interface NatsProcess {
  /** `nats://127.0.0.1:PORT` */
  readonly url: string;
  readonly pid: number | undefined;
  /** `http://127.0.0.1:PORT` of the monitoring endpoints, when `monitor` was asked for. */
  readonly monitorUrl: string | undefined;
  running(): boolean;
  output(): string;
  /** SIGTERM (nats-server flushes JetStream), then waits. */
  stop(): Promise<void>;
}

/**
 * Starts nats-server with JetStream and the given users, listening on
 * loopback only. The passwords stay out of the config file: it names
 * `$BOYD_NATS_PASSWORD_<USER>`, which nats-server reads from its
 * environment.
 */
export async function startNatsProcess(options: NatsProcessOptions): Promise<NatsProcess> {
  // The same release the tests run against; throws with the way to build it.
  const binary = findNatsServer();
  await mkdir(options.dir, { recursive: true, mode: 0o700 });
  for (const f of await readdir(options.dir)) if (f.endsWith(".ports")) await rm(join(options.dir, f), { force: true });
  const config = join(options.dir, "nats.conf");
  await writeFile(
    config,
    [
      "# Written by `boyd up --distributed` (@boyd/local-cluster) at every start; edits are lost.",
      "server_name: boyd_local",
      `listen: "127.0.0.1:${options.port === 0 ? -1 : options.port}"`,
      `ports_file_dir: ${JSON.stringify(options.dir)}`,
      ...(options.monitor ? ['http: "127.0.0.1:-1"'] : []),
      `jetstream { store_dir: ${JSON.stringify(join(options.dir, "jetstream"))} }`,
      options.authorization,
    ].join("\n"),
  );
  const child = spawnChild(binary, ["-c", config], { env: { ...process.env, ...options.env }, output: options.output });
  const portsFile = join(options.dir, `nats-server_${child.pid}.ports`);
  const timeoutMs = options.startTimeoutMs ?? 15_000;
  try {
    await waitFor(
      async () => {
        if (!child.running()) throw new Error(`nats-server exited at start (${describeExit(await child.exited)}):\n${options.output.tail()}`);
        return existsSync(portsFile);
      },
      timeoutMs,
      () => `nats-server did not listen within ${timeoutMs} ms:\n${options.output.tail()}`,
      25,
    );
  } catch (err) {
    await child.stop("SIGKILL");
    throw err;
  }
  const ports = JSON.parse(await readFile(portsFile, "utf8")) as { nats?: string[]; monitoring?: string[] };
  const url = ports.nats?.[0];
  if (!url) throw new Error(`nats-server's ports file names no client URL: ${portsFile}`);
  return {
    url: `nats://127.0.0.1:${new URL(url).port}`,
    pid: child.pid,
    monitorUrl: ports.monitoring?.[0] ? `http://127.0.0.1:${new URL(ports.monitoring[0]).port}` : undefined,
    running: () => child.running(),
    output: () => options.output.text(),
    async stop() {
      await child.stop("SIGTERM");
    },
  };
}
