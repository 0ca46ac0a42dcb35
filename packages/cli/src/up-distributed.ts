import { SERVICE_START_ORDER, startLocalCluster, type LocalClusterOptions } from "@boyd/local-cluster";

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
    log: (level, message) => (level === "info" ? console.log(`boyd up: ${message}`) : console.error(`boyd up: ${message}`)),
  };
  console.log(`boyd up: starting nats-server${flags.neo4j === undefined ? ", Neo4j" : ""} and ${SERVICE_START_ORDER.join(", ")}, each its own process (data in ${flags.dataDir})`);
  const cluster = await startLocalCluster(options);
  console.log("boyd up: every service is ready");
  console.log(`  NATS     ${cluster.natsUrl}   (users observe, orient, decide, act, memory, controller, client)`);
  console.log(`  client   ${cluster.clientEnvFile}   (BOYD_NATS_URL, BOYD_NATS_USER, BOYD_NATS_PASSWORD of the \`client\` user)`);
  console.log(`  gRPC     ${cluster.grpcAddress}   try: grpcurl -plaintext ${token ? "-H 'authorization: Bearer $BOYD_GRPC_TOKEN' " : ""}${cluster.grpcAddress} list`);
  const web = flags.console === false || !cluster.grpcAddress ? undefined : await (await import("./up-console.js")).startUpConsole(flags.console, cluster.grpcAddress, Boolean(token));
  if (web) console.log(web.banner);
  console.log(`  graph    ${cluster.neo4jUri ?? `embedded files under ${cluster.dataDir}/orient`}`);
  for (const p of Object.values(cluster.processes)) console.log(`  ${p!.service.padEnd(10)} pid ${String(p!.pid).padEnd(8)} ops http://${p!.opsAddress}/readyz`);
  console.log(`  logs     ${cluster.dataDir}/logs/`);
  console.log(`try: set -a; . ${cluster.clientEnvFile}; set +a; boyd agent run --nats "$BOYD_NATS_URL" --goals "..."`);
  console.log("Ctrl-C to stop");
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once("SIGINT", () => resolve("SIGINT"));
    process.once("SIGTERM", () => resolve("SIGTERM"));
  });
  console.log(`boyd up: ${signal}, stopping (the services drain: runs end after their current cycle)`);
  await web?.close();
  await cluster.stop();
  console.log("boyd up: stopped");
}
