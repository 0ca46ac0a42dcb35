import { settingsFromEnv } from "@boyd/service-kit";
import { z } from "zod";
import { checkGrpcToken, splitGrpcTokens } from "./grpc-security.js";

/** The controller process's settings, read from the environment in one place. */
export const ControllerConfig = z
  .object({
    /** NATS server(s). */
    natsUrl: z.string().url().optional(),
    /** Address the public gRPC API binds. @default 0.0.0.0:50051 */
    grpcAddress: z.string().regex(/^[^\s]+:\d+$/, "expected host:port").default("0.0.0.0:50051"),
    /**
     * Bearer tokens AgentService callers must present (comma separated in the
     * environment; several allow rotation). Unset with no token file = no
     * token needed.
     */
    grpcTokens: z
      .string()
      .transform((value, ctx) => {
        const tokens = splitGrpcTokens(value);
        if (tokens.length === 0) ctx.addIssue({ code: "custom", message: "holds no token (unset it to serve without tokens)" });
        tokens.forEach((token, i) => {
          const problem = checkGrpcToken(token);
          if (problem) ctx.addIssue({ code: "custom", message: `token ${i + 1}: ${problem}` });
        });
        return tokens;
      })
      .optional(),
    /** File holding the bearer tokens, one a line; read at start, by {@link grpcSecurity}. */
    grpcTokenFile: z.string().min(1).optional(),
    /** PEM certificate chain of the gRPC server; TLS when set (with the key). */
    grpcTlsCert: z.string().min(1).optional(),
    /** PEM private key of the gRPC server certificate. */
    grpcTlsKey: z.string().min(1).optional(),
    /** PEM CA that signs client certificates; mutual TLS when set. */
    grpcTlsClientCa: z.string().min(1).optional(),
    /** JetStream stream that keeps events for replay. @default BOYD_EVENTS */
    eventsStream: z.string().regex(/^[A-Za-z0-9_-]+$/, "letters, digits, '-' or '_'").default("BOYD_EVENTS"),
    /** Days events are kept (0 = forever). @default 7 */
    eventsMaxAgeDays: z.coerce.number().min(0).default(7),
    /** Copies of the event stream across a NATS cluster (1-5). @default 1 */
    eventsReplicas: z.coerce.number().int().min(1).max(5).default(1),
    /** Agent settings file (YAML or JSON) new agents start from; read at start, a bad one is a configuration error. */
    agentSettingsFile: z.string().min(1).optional(),
    /** This replica's id among the controller replicas (leases name it; GetAgent's owner_replica). @default host name, pid and a random suffix */
    replicaId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "1-64 letters, digits, '-' or '_'").optional(),
    /** Prefix of the controller cluster's KV buckets (`<prefix>_controller_leases`, `_replicas`, `_agents`). @default boyd */
    clusterBuckets: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, "1-32 letters, digits, '-' or '_'").default("boyd"),
    /**
     * Copies of the controller cluster's three KV buckets (leases,
     * heartbeats, agents index) across a NATS cluster (1-5). The leases and
     * heartbeats are memory storage by design (rewritten all the time,
     * worthless after a full restart), yet replicated all the same: with 3,
     * losing one NATS server loses no lease or heartbeat, so no replica
     * looks dead and no agent changes hands. @default 1
     */
    clusterKvReplicas: z.coerce.number().int().min(1).max(5).default(1),
    /** An agent's lease (and a replica's heartbeat) not renewed for this long is gone: the failover time, ms. @default 3000 */
    leaseTtlMs: z.coerce.number().int().min(500).max(60_000).default(3000),
    /** pino log level. @default info */
    logLevel: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .superRefine((c, ctx) => {
    if (c.grpcTokens && c.grpcTokenFile) {
      ctx.addIssue({ code: "custom", path: ["grpcTokenFile"], message: "set either BOYD_GRPC_TOKEN or BOYD_GRPC_TOKEN_FILE, not both" });
    }
    if (c.grpcTlsCert && !c.grpcTlsKey) ctx.addIssue({ code: "custom", path: ["grpcTlsKey"], message: "is required when BOYD_GRPC_TLS_CERT is set (certificate and key go together)" });
    if (c.grpcTlsKey && !c.grpcTlsCert) ctx.addIssue({ code: "custom", path: ["grpcTlsCert"], message: "is required when BOYD_GRPC_TLS_KEY is set (certificate and key go together)" });
    if (c.grpcTlsClientCa && !c.grpcTlsCert && !c.grpcTlsKey) {
      ctx.addIssue({ code: "custom", path: ["grpcTlsCert"], message: "is required, with BOYD_GRPC_TLS_KEY, when BOYD_GRPC_TLS_CLIENT_CA is set (mutual TLS runs over TLS)" });
    }
  });
export type ControllerConfig = z.infer<typeof ControllerConfig>;

/** The environment variable behind each setting. */
export const CONTROLLER_ENV: Record<keyof ControllerConfig, string> = {
  natsUrl: "BOYD_NATS_URL",
  grpcAddress: "BOYD_GRPC_ADDRESS",
  grpcTokens: "BOYD_GRPC_TOKEN",
  grpcTokenFile: "BOYD_GRPC_TOKEN_FILE",
  grpcTlsCert: "BOYD_GRPC_TLS_CERT",
  grpcTlsKey: "BOYD_GRPC_TLS_KEY",
  grpcTlsClientCa: "BOYD_GRPC_TLS_CLIENT_CA",
  eventsStream: "BOYD_EVENTS_STREAM",
  eventsMaxAgeDays: "BOYD_EVENTS_MAX_AGE_DAYS",
  eventsReplicas: "BOYD_EVENTS_REPLICAS",
  agentSettingsFile: "BOYD_AGENT_SETTINGS",
  replicaId: "BOYD_CONTROLLER_REPLICA_ID",
  clusterBuckets: "BOYD_CONTROLLER_BUCKETS",
  leaseTtlMs: "BOYD_CONTROLLER_LEASE_TTL_MS",
  clusterKvReplicas: "BOYD_CONTROLLER_KV_REPLICAS",
  logLevel: "BOYD_LOG_LEVEL",
};

/**
 * Reads the configuration from environment variables; throws naming each bad
 * variable. Messages never repeat a value: some are secrets.
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ControllerConfig {
  return settingsFromEnv(ControllerConfig, CONTROLLER_ENV, env, "controller configuration");
}
