// The controller as its own process: AgentService on NATS and gRPC, events
// kept in a JetStream stream, runs cancelled and drained on SIGTERM.
// Settings, logs, ops endpoints and the drain come from @boyd/service-kit.
import { isBusError, NatsTransport, openJetStreamEventLog } from "@boyd/bus";
import { defaultReplicaId, openKvCluster } from "./cluster/kv.js";
import { jetStreamCheck, runService } from "@boyd/service-kit";
import { readFileSync } from "node:fs";
import { configFromEnv } from "./config.js";
import { grpcSecurity } from "./grpc-security.js";
import { startController } from "./service.js";
import { parseSettingsFile } from "./settings/index.js";

await runService({
  name: "controller",
  // Token, certificate and agent settings files are read with the settings: a bad one is a configuration error.
  config: (env) => {
    const config = configFromEnv(env);
    const file = config.agentSettingsFile;
    const agentDefaults = file === undefined ? undefined : parseSettingsFile(readFileSync(file, "utf8"), file).settings;
    return { ...config, security: grpcSecurity(config), agentDefaults };
  },
  start: async ({ transport, log }, config) => {
    if (config.security.auth && !config.security.tls) {
      log.warn("BOYD_GRPC_TOKEN is set without TLS: tokens cross the network in plaintext unless a proxy in front terminates TLS");
    }
    const sink = await openJetStreamEventLog(transport, {
      stream: config.eventsStream,
      maxAgeMs: config.eventsMaxAgeDays * 86_400_000,
      replicas: config.eventsReplicas,
    });
    // Controller replicas share agents through JetStream KV: leases, heartbeats, the agents index.
    const replicaId = config.replicaId ?? defaultReplicaId();
    const cluster = transport instanceof NatsTransport
      ? await openKvCluster({ connection: transport.connection, replicaId, namespace: config.clusterBuckets, replicas: config.clusterKvReplicas, ttlMs: config.leaseTtlMs, onError: (err, what) => log.warn({ err }, `${what} failed`) })
      : undefined;
    const controller = await startController({
      transport,
      sink,
      ...(cluster ? { cluster } : {}),
      grpc: {
        address: config.grpcAddress,
        ...config.security,
        reportError: (err, ctx) =>
          isBusError(err) && err.code === "UNAUTHENTICATED" ? log.warn({ rpc: ctx.subject, reason: err.message }, "call refused") : log.error({ err, rpc: ctx.subject }, "rpc failed"),
      },
      onError: (err, agentId) => log.error({ err, agentId }, "agent run failed"),
      ...(config.agentDefaults ? { agentDefaults: config.agentDefaults } : {}),
    });
    return {
      describe: { replica: controller.cluster.replicaId, grpc: controller.grpc?.address, grpcAuth: config.security.auth ? "bearer token" : "none", grpcTls: config.security.tls ? (config.security.tls.clientCa ? "mtls" : "tls") : "off", events: config.eventsStream },
      checks: { events: jetStreamCheck(transport, config.eventsStream) },
      stop: [() => controller.stop()],
    };
  },
});
