import { mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { DEFAULT_NATS_RESOURCES, natsAuthorization, natsPasswordEnv } from "@boyd/stack";
import { OutputLog, describeExit } from "./child.js";
import { loadOrCreatePasswords, writeClientEnv } from "./credentials.js";
import { ingestIntoOrientGraph } from "./knowledge.js";
import { pinPort } from "./free-port.js";
import { startManagedProcess, type ManagedProcess, type ManagedProcessControl, type UnexpectedExit } from "./managed-process.js";
import { startNatsProcess, type NatsProcess } from "./nats-process.js";
import { startNeo4jProcess, type Neo4jProcess } from "./neo4j-process.js";
import type { ClusterLog, LocalCluster, LocalClusterOptions } from "./options.js";
import { SERVICE_START_ORDER, serviceEnv, type Neo4jTarget, type ServiceName } from "./service-env.js";

// Starts of one service replica when a port picked for it was taken before it bound it.
const PORT_ATTEMPTS = 3;

const REPOSITORY = fileURLToPath(new URL("../../../", import.meta.url));
// An absolute URL: `--import tsx` would resolve from the process's cwd.
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

/** `node --import tsx services/<service>/src/main.ts`, from this repository's sources. */
export function sourceServiceCommand(service: ServiceName): readonly [string, ...string[]] {
  return [process.execPath, "--import", TSX_LOADER, join(REPOSITORY, "services", service, "src", "main.ts")];
}

const stderrLog: ClusterLog = (level, message) => {
  if (level !== "info") process.stderr.write(`boyd cluster: ${message}\n`);
};

/**
 * Runs Boyd on this machine the way the cluster runs it: nats-server with
 * JetStream and one user per service (the permissions of @boyd/stack's
 * table), Neo4j, then orient, memory, act, decide, observe and controller,
 * each its own OS process on its own credentials, each started when the
 * one before is ready (/readyz 200). Resolves when all are ready.
 */
export async function startLocalCluster(options: LocalClusterOptions): Promise<LocalCluster> {
  const dataDir = resolve(options.dataDir);
  const log = options.log ?? stderrLog;
  const wanted = new Set(options.services ?? SERVICE_START_ORDER);
  const order = SERVICE_START_ORDER.filter((s) => wanted.has(s));
  if (options.kb?.length && !wanted.has("orient")) throw new Error("knowledge files (kb) go into orient's graph: run orient too");
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  // The act sandbox's user must be able to reach the workspace under it.
  await mkdir(dataDir, { recursive: true, mode: 0o755 });
  await mkdir(join(dataDir, "logs"), { recursive: true, mode: 0o700 });
  const outputOf = (name: string) => new OutputLog(join(dataDir, "logs", `${name}.log`));

  const passwords = await loadOrCreatePasswords(join(dataDir, "nats", "passwords.json"));
  const names = DEFAULT_NATS_RESOURCES;
  const controls: ManagedProcessControl[] = [];
  const exits: UnexpectedExit[] = [];
  let nats: NatsProcess | undefined;
  let neo4j: Neo4jProcess | undefined;
  // Fixed before the controller starts, so a restarted one serves where callers already point.
  const wantedGrpc = options.grpcAddress ?? "127.0.0.1:0";
  let grpcAddress = await pinPort(wantedGrpc);

  const stopAll = async (): Promise<void> => {
    for (const c of controls) c.dispose();
    for (const { process: p } of [...controls].reverse()) {
      const status = await p.kill("SIGTERM");
      log("info", `${p.service} stopped (${describeExit(status)})`);
    }
    await neo4j?.stop();
    await nats?.stop();
  };

  try {
    nats = await startNatsProcess({
      dir: join(dataDir, "nats"),
      port: options.natsPort ?? 0,
      monitor: options.natsMonitor ?? false,
      authorization: natsAuthorization({ passwords: "env", names }),
      env: natsPasswordEnv(passwords),
      output: outputOf("nats"),
    });
    log("info", `nats-server ${nats.url} (pid ${nats.pid})`);

    let graph: Neo4jTarget | undefined;
    const mode = options.neo4j ?? "start";
    if (mode === "start" && wanted.has("orient")) {
      neo4j = await startNeo4jProcess({ dir: join(dataDir, "neo4j"), output: outputOf("neo4j") });
      graph = { uri: neo4j.uri };
      log("info", `neo4j ${neo4j.uri} (pid ${neo4j.pid})`);
    } else if (typeof mode === "object") graph = mode;

    const sharedWorkspace = resolve(options.workspace ?? join(dataDir, "act", "workspace"));
    const envOf = async (service: ServiceName, replica: number): Promise<NodeJS.ProcessEnv> => {
      const dir = join(dataDir, replicaName(service, replica));
      await mkdir(dir, { recursive: true, mode: 0o755 });
      return serviceEnv(service, {
        natsUrl: nats!.url,
        natsPassword: passwords[service],
        opsAddress: await pinPort("127.0.0.1:0"),
        dataDir: dir,
        names,
        ...(graph ? { neo4j: graph } : {}),
        // Replica 1 serves where callers point; the others on ports of their own.
        grpcAddress: replica === 1 ? grpcAddress : await pinPort("127.0.0.1:0"),
        ...(options.grpcToken ? { grpcToken: options.grpcToken } : {}),
        ...(options.workspace || replica > 1 ? { workspace: sharedWorkspace } : {}),
        ...(options.actConfig ? { actConfig: resolve(options.actConfig) } : {}),
        ...(options.agentSettings ? { agentSettings: resolve(options.agentSettings) } : {}),
        ...(options.env ? { extra: options.env } : {}),
      });
    };

    const launch = (service: ServiceName, replica: number, env: NodeJS.ProcessEnv, output: OutputLog): ManagedProcessControl => {
      const name = replicaName(service, replica);
      return startManagedProcess({
        service,
        replica,
        command: (options.serviceCommand ?? sourceServiceCommand)(service),
        env,
        // tsx reads the repository's tsconfig from the working directory.
        cwd: REPOSITORY,
        output,
        onUnexpectedExit: (exit) => {
          exits.push(exit);
          log("error", `${name} (pid ${exit.pid}) exited on its own (${describeExit(exit.status)}); its last lines:\n${output.tail(15).replace(/^/gm, "  ")}`);
        },
        restartOnExit: options.restartOnExit ?? false,
        onRestart: (_s, delayMs) => log("warn", `restarting ${name} in ${delayMs} ms`),
      });
    };

    for (const service of order) {
      for (let replica = 1; replica <= replicaCount(options, service); replica++) {
        const name = replicaName(service, replica);
        const output = outputOf(name);
        let env = await envOf(service, replica);
        // One load into a shared Neo4j; each embedded store loads its own.
        if (service === "orient" && options.kb?.length && (replica === 1 || !graph)) {
          for (const s of await ingestIntoOrientGraph(env, options.kb)) log("info", `${s.file}: ${s.triples} triples from ${s.lines} lines`);
        }
        for (let attempt = 1; ; attempt++) {
          const control = launch(service, replica, env, output);
          try {
            await control.process.waitReady(readyTimeoutMs);
            controls.push(control);
            log("info", `${name} ready (pid ${control.process.pid}, ops ${control.process.opsAddress})`);
            break;
          } catch (err) {
            control.dispose();
            await control.process.kill("SIGKILL").catch(() => undefined);
            // A port picked free was taken before the service bound it (an outgoing connection got it as its
            // local port): another pick, a few times; anything else is the service's own failure.
            if (attempt >= PORT_ATTEMPTS || !output.text().includes("EADDRINUSE")) throw err;
            log("warn", `${name}: a port it was given was taken before it could listen; starting it on other ports`);
            if (service === "controller" && replica === 1 && wantedGrpc.endsWith(":0")) grpcAddress = await pinPort(wantedGrpc);
            env = await envOf(service, replica);
          }
        }
      }
    }
  } catch (err) {
    await stopAll().catch((e: unknown) => log("error", `stopping after a failed start: ${(e as Error).message}`));
    throw err;
  }

  const client = { user: "client", pass: passwords.client } as const;
  const clientEnvFile = join(dataDir, "client.env");
  await writeClientEnv(clientEnvFile, nats.url, client);
  const replicas: Partial<Record<ServiceName, ManagedProcess[]>> = {};
  for (const { process: p } of controls) (replicas[p.service] ??= []).push(p);
  const processes = Object.fromEntries(Object.entries(replicas).map(([service, list]) => [service, list[0]])) as Partial<Record<ServiceName, ManagedProcess>>;
  let stopping: Promise<void> | undefined;
  const cluster: LocalCluster = {
    dataDir,
    natsUrl: nats.url,
    client,
    clientEnvFile,
    grpcAddress: processes.controller ? grpcAddress : undefined,
    neo4jUri: (typeof options.neo4j === "object" ? options.neo4j.uri : neo4j?.uri) ?? undefined,
    processes,
    replicas,
    servers: {
      nats: { ...serverInfo(nats), monitorUrl: nats.monitorUrl },
      neo4j: neo4j ? serverInfo(neo4j) : undefined,
    },
    credentials: (user) => ({ user, pass: passwords[user] }),
    unexpectedExits: () => [...exits],
    stop: () => (stopping ??= stopAll()),
    [Symbol.asyncDispose]: () => cluster.stop(),
  };
  return cluster;
}

/** `act` for the first process of a service, `act-2` for its second. */
function replicaName(service: ServiceName, replica: number): string {
  return replica === 1 ? service : `${service}-${replica}`;
}

function replicaCount(options: LocalClusterOptions, service: ServiceName): number {
  const n = options.replicas?.[service] ?? 1;
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`replicas.${service} must be a whole number of at least 1, got ${String(n)}`);
  return n;
}

function serverInfo(server: NatsProcess | Neo4jProcess) {
  return { pid: server.pid, running: () => server.running(), output: () => server.output() };
}
