import { SERVICE_START_ORDER, startLocalCluster, type LocalClusterOptions } from "@boyd/local-cluster";
import { note, printResult, warn } from "./output.js";
import { untilStopSignal } from "./up.js";

/** What `boyd up --distributed` was asked for. */
export interface DistributedUpFlags {
  readonly dataDir: string;
  readonly grpc: string;
  /** A Bolt URI, false for --no-neo4j (orient's embedded graph), undefined to start Neo4j here. */
  readonly neo4j: string | false | undefined;
  readonly natsPort: number;
  readonly kb: readonly string[];
  readonly restartOnExit: boolean;
  readonly workspace?: string;
  readonly config?: string;
  /** Agent settings file every new agent starts from. */
  readonly agentConfig?: string;
  /** host:port of the web console this process serves; false for none. */
  readonly console: string | false;
}

/**
 * `boyd up --distributed`: nats-server, Neo4j and every service as its own
 * process on its own NATS user, as the cluster runs them, until Ctrl-C;
 * then the services drain (controller first), Neo4j and NATS stop.
 */
export async function upDistributed(flags: DistributedUpFlags): Promise<void> {
  const user = process.env["BOYD_NEO4J_USER"];
  const password = process.env["BOYD_NEO4J_PASSWORD"];
  const token = process.env["BOYD_GRPC_TOKEN"];
  const options: LocalClusterOptions = {
    dataDir: flags.dataDir,
    grpcAddress: flags.grpc,
    natsPort: flags.natsPort,
    neo4j: flags.neo4j === false ? "none" : flags.neo4j ? { uri: flags.neo4j, ...(user ? { user } : {}), ...(password ? { password } : {}) } : "start",
    kb: flags.kb,
    restartOnExit: flags.restartOnExit,
    ...(token ? { grpcToken: token } : {}),
    ...(flags.workspace ? { workspace: flags.workspace } : {}),
    ...(flags.config ? { actConfig: flags.config } : {}),
    ...(flags.agentConfig ? { agentSettings: flags.agentConfig } : {}),
    log: (level, message) => (level === "info" ? note(`${message}`, "boyd up") : warn(`${message}`, "boyd up")),
  };
  note(`starting nats-server${flags.neo4j === undefined ? ", Neo4j" : ""} and ${SERVICE_START_ORDER.join(", ")}, each its own process (data in ${flags.dataDir})`, "boyd up");
  const cluster = await startLocalCluster(options);
  note("every service is ready", "boyd up");
  const web = flags.console === false || !cluster.grpcAddress ? undefined : await (await import("./up-console.js")).startUpConsole(flags.console, cluster.grpcAddress, Boolean(token));
  // Listening before "Ctrl-C to stop" is printed: a SIGTERM sent on reading it must drain the cluster, not kill this process.
  const stopSignal = untilStopSignal();
  const processes = Object.values(cluster.processes).map((p) => ({ service: p!.service, pid: p!.pid, ops: `http://${p!.opsAddress}/readyz` }));
  printResult(
    () => ({ nats: cluster.natsUrl, clientEnvFile: cluster.clientEnvFile, grpc: cluster.grpcAddress, graph: cluster.neo4jUri ?? `${cluster.dataDir}/orient`, processes, logs: `${cluster.dataDir}/logs/`, ...(web?.url ? { console: web.url } : {}) }),
    () =>
      [
        `  NATS     ${cluster.natsUrl}   (users observe, orient, decide, act, memory, controller, client)`,
        `  client   ${cluster.clientEnvFile}   (BOYD_NATS_URL, BOYD_NATS_USER, BOYD_NATS_PASSWORD of the \`client\` user)`,
        `  gRPC     ${cluster.grpcAddress}   try: grpcurl -plaintext ${token ? "-H 'authorization: Bearer $BOYD_GRPC_TOKEN' " : ""}${cluster.grpcAddress} list`,
        ...(web ? [web.banner] : []),
        `  graph    ${cluster.neo4jUri ?? `embedded files under ${cluster.dataDir}/orient`}`,
        ...processes.map((p) => `  ${p.service.padEnd(10)} pid ${String(p.pid).padEnd(8)} ops ${p.ops}`),
        `  logs     ${cluster.dataDir}/logs/`,
        `try: set -a; . ${cluster.clientEnvFile}; set +a; boyd agent run --nats "$BOYD_NATS_URL" --goals "..."`,
        "Ctrl-C to stop",
      ].join("\n"),
  );
  const signal = await stopSignal;
  note(`${signal}, stopping (the services drain: runs end after their current cycle)`, "boyd up");
  await web?.close();
  await cluster.stop();
  note("stopped", "boyd up");
}
