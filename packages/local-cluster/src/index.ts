/**
 * @boyd/local-cluster: Boyd on one machine the way the cluster runs it.
 * nats-server with JetStream and one user per service (the permissions
 * @boyd/stack renders), Neo4j, and observe, orient, decide, act, memory and
 * controller each as its own OS process on its own credentials, with the
 * controls fault tests and `boyd up --distributed` need: kill, restart on
 * the same ports, wait until ready, read the output.
 */
export { startLocalCluster, sourceServiceCommand } from "./cluster.js";
export type { LocalCluster, LocalClusterOptions, ClusterLog, ServerInfo, ExitStatus } from "./options.js";
export type { ManagedProcess, UnexpectedExit } from "./managed-process.js";
export { SERVICE_START_ORDER, serviceEnv, type ServiceName, type Neo4jTarget, type ServiceEnvInput } from "./service-env.js";
export type { NatsCredentials } from "./credentials.js";
// Multi-agent load over the controller replicas, and its exactly-once audit (chaos test, bench:scale).
export { connectControllers, driveAgent, startAndAwait, auditCycles, auditAgent, type ControllerEndpoint, type DriveOptions, type DriveResult, type CycleAudit } from "./load/index.js";
