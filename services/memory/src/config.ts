import { z } from "zod";

/**
 * The memory service's settings, read from the environment in one place.
 * Files under the data directory by default (embedded mode); a JetStream
 * KV bucket with BOYD_MEMORY_STORE=kv (distributed mode).
 */
export const MemoryConfig = z.object({
  /** NATS server(s) to serve on; unset = the process's in-process bus (embedded mode). */
  natsUrl: z.string().url().optional(),
  /** Where state is kept: "files" (data directory) or "kv" (JetStream KV on the NATS server). @default files */
  store: z.enum(["files", "kv"]).default("files"),
  /** Directory of the files store. @default ./.boyd/memory (BOYD_DATA_DIR/memory) */
  dataDir: z.string().min(1).default(".boyd/memory"),
  /**
   * When the files store's writes reach the disk: "pipelined" (a cycle's
   * session save starts its sync and the next write waits for it),
   * "session" (the save waits for its own sync) or "every-write". All three
   * lose nothing acknowledged when the process is killed; they differ in
   * what a power loss can take (see FileStoreOptions.sync). @default pipelined
   */
  sync: z.enum(["pipelined", "session", "every-write"]).default("pipelined"),
  /** KV bucket of the kv store. @default boyd_memory */
  kvBucket: z.string().regex(/^[A-Za-z0-9_-]+$/, "letters, digits, '_' and '-' only").default("boyd_memory"),
  /** Stream replicas when the bucket is created. @default 1 */
  kvReplicas: z.coerce.number().int().min(1).max(5).default(1),
  /** Link episodes and facts into the graph through the orient service. @default true */
  graph: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /** Deadline of one orient call, ms. @default 2000 */
  orientTimeoutMs: z.coerce.number().int().positive().default(2_000),
  /** pino log level. @default info */
  logLevel: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});
export type MemoryConfig = z.infer<typeof MemoryConfig>;

const ENV_NAMES: Record<string, string> = {
  natsUrl: "BOYD_NATS_URL",
  store: "BOYD_MEMORY_STORE",
  dataDir: "BOYD_DATA_DIR",
  sync: "BOYD_MEMORY_SYNC",
  kvBucket: "BOYD_MEMORY_KV_BUCKET",
  kvReplicas: "BOYD_MEMORY_KV_REPLICAS",
  graph: "BOYD_MEMORY_GRAPH",
  orientTimeoutMs: "BOYD_ORIENT_TIMEOUT_MS",
  logLevel: "BOYD_LOG_LEVEL",
};

/** Reads the configuration from environment variables; throws naming each bad variable. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): MemoryConfig {
  const parsed = MemoryConfig.safeParse({
    natsUrl: env["BOYD_NATS_URL"] || undefined,
    store: env["BOYD_MEMORY_STORE"] || undefined,
    dataDir: env["BOYD_DATA_DIR"] ? `${env["BOYD_DATA_DIR"]}/memory` : undefined,
    sync: env["BOYD_MEMORY_SYNC"] || undefined,
    kvBucket: env["BOYD_MEMORY_KV_BUCKET"] || undefined,
    kvReplicas: env["BOYD_MEMORY_KV_REPLICAS"] || undefined,
    graph: env["BOYD_MEMORY_GRAPH"] || undefined,
    orientTimeoutMs: env["BOYD_ORIENT_TIMEOUT_MS"] || undefined,
    logLevel: env["BOYD_LOG_LEVEL"] || undefined,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${ENV_NAMES[i.path.join(".")] ?? i.path.join(".")}: ${i.message}`);
    throw new Error(`invalid memory configuration: ${problems.join("; ")}`);
  }
  if (parsed.data.store === "kv" && !parsed.data.natsUrl) throw new Error("invalid memory configuration: BOYD_MEMORY_STORE=kv needs BOYD_NATS_URL");
  return parsed.data;
}

/** The files store's sync policy from BOYD_MEMORY_SYNC (for a process that opens the store without the rest of this configuration, such as the embedded stack); throws naming the variable. */
export function syncPolicyFromEnv(env: NodeJS.ProcessEnv = process.env): MemoryConfig["sync"] {
  const parsed = MemoryConfig.shape.sync.safeParse(env["BOYD_MEMORY_SYNC"] || undefined);
  if (!parsed.success) throw new Error(`invalid memory configuration: BOYD_MEMORY_SYNC: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
  return parsed.data;
}
