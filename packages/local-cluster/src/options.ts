import type { ExitStatus } from "./child.js";
import type { ManagedProcess, UnexpectedExit } from "./managed-process.js";
import type { Neo4jTarget, ServiceName } from "./service-env.js";
import type { NatsCredentials } from "./credentials.js";
import type { NatsUser } from "@boyd/stack";

/** Where the cluster says what it does: starts, restarts, crashes. */
export type ClusterLog = (level: "info" | "warn" | "error", message: string) => void;

/** Options of `startLocalCluster`. */
export interface LocalClusterOptions {
  /**
   * Everything the cluster keeps, one subdirectory each: `nats/` (config,
   * JetStream store, the users' passwords), `neo4j/`, `<service>/` (each
   * service's BOYD_DATA_DIR), `logs/<process>.log`, and `client.env`. A
   * second start on the same directory reuses all of it.
   */
  readonly dataDir: string;
  /**
   * The graph: "start" runs Neo4j (deploy/neo4j-dev) with its store under
   * the data dir; a target uses a running Neo4j; "none" leaves orient on
   * its embedded graph files. @default "start"
   */
  readonly neo4j?: "start" | Neo4jTarget | "none";
  /** Where the controller serves AgentService over gRPC; port 0 picks one (kept across its restarts). @default "127.0.0.1:0" */
  readonly grpcAddress?: string;
  /** Bearer token gRPC callers must present (BOYD_GRPC_TOKEN of the controller). */
  readonly grpcToken?: string;
  /** nats-server's client port on 127.0.0.1; 0 picks a free one. @default 0 */
  readonly natsPort?: number;
  /** Serve nats-server's HTTP monitoring on a free loopback port (servers.nats.monitorUrl). @default false */
  readonly natsMonitor?: boolean;
  /** The services to run (the others are someone else's, or absent). @default all six */
  readonly services?: readonly ServiceName[];
  /**
   * Processes per service (each in the service's NATS queue group, so they
   * share its requests). Replica n > 1 keeps its files under `<service>-n/`
   * and logs to `logs/<service>-n.log`; act replicas share one workspace;
   * each controller replica serves gRPC on its own port; each embedded-graph
   * orient replica gets the knowledge files loaded into its own store (with
   * Neo4j they share the graph). @default 1 each
   */
  readonly replicas?: Readonly<Partial<Record<ServiceName, number>>>;
  /** Extra environment of every service (BOYD_LOG_LEVEL, BOYD_ALLOW_UNCONFINED, BOYD_APPROVAL_MODE...). */
  readonly env?: Readonly<Record<string, string>>;
  /** act's tool workspace. @default <dataDir>/act/workspace */
  readonly workspace?: string;
  /** act's configuration file (policy, custom tools, limits). */
  readonly actConfig?: string;
  /** Agent settings file (YAML or JSON) every new agent starts from; the controller reads it at start. */
  readonly agentSettings?: string;
  /** Knowledge files (.csv, .nt, .jsonl) loaded into orient's graph before it starts. */
  readonly kb?: readonly string[];
  /** Start a service again when it exits on its own, with backoff, as Kubernetes would. @default false */
  readonly restartOnExit?: boolean;
  /** @default warnings and errors to stderr */
  readonly log?: ClusterLog;
  /**
   * The command line of a service process.
   * @default node --import tsx services/<service>/src/main.ts of this repository
   */
  readonly serviceCommand?: (service: ServiceName) => readonly [string, ...string[]];
  /** How long each process may take to become ready. @default 60000 */
  readonly readyTimeoutMs?: number;
}

/** A running local cluster. */
export interface LocalCluster extends AsyncDisposable {
  readonly dataDir: string;
  /** `nats://127.0.0.1:PORT` */
  readonly natsUrl: string;
  /** The outside caller's credentials: AgentService, events and percepts, nothing internal. */
  readonly client: NatsCredentials;
  /** `KEY=value` file (mode 0600) with BOYD_NATS_URL, BOYD_NATS_USER and BOYD_NATS_PASSWORD of `client`. */
  readonly clientEnvFile: string;
  /** Where AgentService answers gRPC (with the controller running). */
  readonly grpcAddress: string | undefined;
  /** The graph orient uses: Neo4j's Bolt URI, or undefined for the embedded files. */
  readonly neo4jUri: string | undefined;
  /** The service processes that run, by service (the first replica of each). */
  readonly processes: Readonly<Partial<Record<ServiceName, ManagedProcess>>>;
  /** Every replica of each service that runs, first one first. */
  readonly replicas: Readonly<Partial<Record<ServiceName, readonly ManagedProcess[]>>>;
  /** nats-server and (when started here) Neo4j. */
  readonly servers: {
    readonly nats: ServerInfo & { readonly monitorUrl: string | undefined };
    readonly neo4j: ServerInfo | undefined;
  };
  /**
   * Any user's credentials (a service's, for an admin tool or a test that
   * reads a service's state directly); callers of the cluster use `client`.
   */
  credentials(user: NatsUser): NatsCredentials;
  /** Every exit nobody asked for, oldest first. */
  unexpectedExits(): readonly UnexpectedExit[];
  /** Services in reverse start order (SIGTERM: each drains), then Neo4j, then NATS. */
  stop(): Promise<void>;
}

/** A server process the cluster runs. */
export interface ServerInfo {
  readonly pid: number | undefined;
  running(): boolean;
  output(): string;
}

export type { ExitStatus };
