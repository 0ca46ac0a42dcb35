import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connectNats, type NatsTransport } from "@boyd/bus";
import { connectControllers, startLocalCluster, type ControllerEndpoint, type LocalCluster, type ServiceName } from "@boyd/local-cluster";
import { KNOWLEDGE_FILE } from "../cycle/workload.js";
import { CycleClock } from "./cycle-clock.js";

/** The cluster the benchmark measures, with its callers. */
export interface ScaleCluster {
  readonly cluster: LocalCluster;
  /** One gRPC client per controller replica. */
  readonly endpoints: readonly ControllerEndpoint[];
  /** The outside caller's NATS connection (events). */
  readonly caller: NatsTransport;
  readonly clock: CycleClock;
  /** Every process of the cluster: each replica and nats-server. */
  pids(): number[];
  /** Processes of one service. */
  pidsOf(service: ServiceName): number[];
  stop(): Promise<void>;
}

/** The services beside the controller run this many replicas (each in its queue group). */
export const SERVICE_REPLICAS = 2;

/**
 * Starts nats-server and every service as its own process: `controllers`
 * controller replicas and two of each other service (orient's on the
 * embedded graph: each replica loads the example knowledge into its own
 * store), agents' state in JetStream KV, events in a JetStream stream.
 */
export async function startScaleCluster(controllers: number): Promise<ScaleCluster> {
  const dir = await mkdtemp(join(tmpdir(), "boyd-bench-scale-"));
  const cluster = await startLocalCluster({
    dataDir: dir,
    neo4j: "none",
    kb: [KNOWLEDGE_FILE.pathname],
    replicas: { controller: controllers, orient: SERVICE_REPLICAS, memory: SERVICE_REPLICAS, act: SERVICE_REPLICAS, decide: SERVICE_REPLICAS, observe: SERVICE_REPLICAS },
    env: { BOYD_LOG_LEVEL: "warn" },
    // nats-server's consumers, subscriptions and memory per agent (/jsz, /connz, /varz).
    natsMonitor: true,
  }).catch(async (err: unknown) => {
    await rm(dir, { recursive: true, force: true });
    throw err;
  });
  const endpoints = await connectControllers(cluster);
  const caller = await connectNats({ servers: cluster.natsUrl, ...cluster.client, name: "bench-scale" });
  const clock = new CycleClock();
  await clock.attach(caller);
  const pidsOf = (service: ServiceName) => (cluster.replicas[service] ?? []).filter((p) => p.running()).map((p) => p.pid!);
  return {
    cluster,
    endpoints,
    caller,
    clock,
    pidsOf,
    pids: () => [...Object.keys(cluster.replicas).flatMap((s) => pidsOf(s as ServiceName)), ...(cluster.servers.nats.pid ? [cluster.servers.nats.pid] : [])],
    async stop() {
      await clock.detach().catch(() => {});
      await caller.close().catch(() => {});
      await Promise.allSettled(endpoints.map((e) => e.client.close()));
      await cluster.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
