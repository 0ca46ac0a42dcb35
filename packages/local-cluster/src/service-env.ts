import type { NatsResourceNames } from "@boyd/stack";

/** The services, in the order the cluster starts them (each one's dependencies first). */
export const SERVICE_START_ORDER = ["orient", "memory", "act", "decide", "observe", "controller"] as const;
/** One of Boyd's services; each runs as its own process and NATS user. */
export type ServiceName = (typeof SERVICE_START_ORDER)[number];

/** Neo4j as orient reaches it. */
export interface Neo4jTarget {
  readonly uri: string;
  readonly user?: string;
  readonly password?: string;
  readonly database?: string;
  /** Node label of orient's symbols; tests sharing one server isolate by it. @default Symbol */
  readonly label?: string;
}

/** What decides a service's environment. */
export interface ServiceEnvInput {
  readonly natsUrl: string;
  /** The service's own NATS password (its user is its name). */
  readonly natsPassword: string;
  /** host:port of its ops endpoints. */
  readonly opsAddress: string;
  /** Its own directory (BOYD_DATA_DIR). */
  readonly dataDir: string;
  /** Streams and buckets: the same names the NATS permissions were rendered with. */
  readonly names: NatsResourceNames;
  /** Neo4j for orient; none = orient's embedded graph under its data dir. */
  readonly neo4j?: Neo4jTarget;
  /** Controller's gRPC address. */
  readonly grpcAddress: string;
  readonly grpcToken?: string;
  /** act's tool workspace. @default <act data dir>/workspace */
  readonly workspace?: string;
  /** act's configuration file. */
  readonly actConfig?: string;
  /** Agent settings file new agents start from (the controller's BOYD_AGENT_SETTINGS). */
  readonly agentSettings?: string;
  /** Extra settings for every service (BOYD_LOG_LEVEL, BOYD_ALLOW_UNCONFINED...). */
  readonly extra?: Readonly<Record<string, string>>;
}

// Settings the cluster decides. Inherited from the caller's shell they would
// point a service at another NATS, graph or bucket than the one started here.
const CLUSTER_OWNED = [
  /^BOYD_NATS_/,
  /^BOYD_NEO4J_/,
  /^BOYD_GRPC_/,
  /^BOYD_OPS_ADDRESS$/,
  /^BOYD_DATA_DIR$/,
  /^BOYD_WORKSPACE$/,
  /^BOYD_ACT_CONFIG$/,
  /^BOYD_ACT_KV_BUCKET$/,
  /^BOYD_MEMORY_(STORE|KV_BUCKET)$/,
  /^BOYD_PERCEPT_(INBOX|STREAM)$/,
  /^BOYD_EVENTS_STREAM$/,
  /^BOYD_INGEST_ROOT$/,
  /^OTEL_SERVICE_NAME$/,
];

/**
 * The environment of one service process: the caller's, minus what the
 * cluster decides, plus `extra`, plus the service's NATS user and the
 * stores that make it distributed (JetStream KV state, the JetStream
 * percept inbox and event log, Neo4j when given).
 */
export function serviceEnv(service: ServiceName, input: ServiceEnvInput, inherited: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(inherited)) if (!CLUSTER_OWNED.some((owned) => owned.test(key))) env[key] = value;
  Object.assign(env, input.extra, {
    BOYD_NATS_URL: input.natsUrl,
    BOYD_NATS_USER: service,
    BOYD_NATS_PASSWORD: input.natsPassword,
    BOYD_OPS_ADDRESS: input.opsAddress,
    BOYD_DATA_DIR: input.dataDir,
    // Our end of each service's stdin closes when we die, even by SIGKILL:
    // the service drains and exits instead of lingering.
    BOYD_STOP_ON_STDIN_EOF: "1",
    ...ownSettings(service, input),
  });
  return env;
}

function ownSettings(service: ServiceName, input: ServiceEnvInput): Record<string, string> {
  const { names, neo4j } = input;
  switch (service) {
    case "orient":
      return neo4j
        ? {
            BOYD_NEO4J_URI: neo4j.uri,
            ...(neo4j.user ? { BOYD_NEO4J_USER: neo4j.user } : {}),
            ...(neo4j.password ? { BOYD_NEO4J_PASSWORD: neo4j.password } : {}),
            ...(neo4j.database ? { BOYD_NEO4J_DATABASE: neo4j.database } : {}),
            ...(neo4j.label ? { BOYD_NEO4J_LABEL: neo4j.label } : {}),
          }
        : {};
    case "memory":
      return { BOYD_MEMORY_STORE: "kv", BOYD_MEMORY_KV_BUCKET: names.memoryBucket };
    case "act":
      return {
        BOYD_ACT_KV_BUCKET: names.actBucket,
        ...(input.workspace ? { BOYD_WORKSPACE: input.workspace } : {}),
        ...(input.actConfig ? { BOYD_ACT_CONFIG: input.actConfig } : {}),
      };
    case "observe":
      return { BOYD_PERCEPT_INBOX: "jetstream", BOYD_PERCEPT_STREAM: names.perceptsStream };
    case "controller":
      return {
        BOYD_GRPC_ADDRESS: input.grpcAddress,
        BOYD_EVENTS_STREAM: names.eventsStream,
        ...(input.grpcToken ? { BOYD_GRPC_TOKEN: input.grpcToken } : {}),
        ...(input.agentSettings ? { BOYD_AGENT_SETTINGS: input.agentSettings } : {}),
      };
    case "decide":
      return {};
  }
}
