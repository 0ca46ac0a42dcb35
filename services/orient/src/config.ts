import { z } from "zod";

/**
 * The orient service's settings, read from the environment in one place.
 * Embedded graph by default; Neo4j when BOYD_NEO4J_URI is set.
 */
export const OrientConfig = z.object({
  /** NATS server(s) to serve on; unset = the process's in-process bus (embedded mode). */
  natsUrl: z.string().url().optional(),
  /** Where the embedded graph keeps its log. @default ./.boyd/graph */
  dataDir: z.string().min(1).default(".boyd/graph"),
  neo4j: z
    .object({
      uri: z.string().regex(/^(bolt|neo4j)(\+s|\+ssc)?:\/\//, "must be a bolt:// or neo4j:// URI"),
      user: z.string().optional(),
      password: z.string().optional(),
      database: z.string().default("neo4j"),
      label: z.string().default("Symbol"),
    })
    .optional(),
  /**
   * Ingest rpcs may read files only under this directory; unset = paths are
   * refused (content can still be sent inline).
   */
  ingestRoot: z.string().optional(),
  /** pino log level. @default info */
  logLevel: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});
export type OrientConfig = z.infer<typeof OrientConfig>;

/** Reads the configuration from environment variables; throws naming each bad variable. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): OrientConfig {
  const raw = {
    natsUrl: env["BOYD_NATS_URL"] || undefined,
    dataDir: env["BOYD_DATA_DIR"] ? `${env["BOYD_DATA_DIR"]}/graph` : undefined,
    neo4j: env["BOYD_NEO4J_URI"]
      ? {
          uri: env["BOYD_NEO4J_URI"],
          user: env["BOYD_NEO4J_USER"] || undefined,
          password: env["BOYD_NEO4J_PASSWORD"] || undefined,
          database: env["BOYD_NEO4J_DATABASE"] || undefined,
          label: env["BOYD_NEO4J_LABEL"] || undefined,
        }
      : undefined,
    ingestRoot: env["BOYD_INGEST_ROOT"] || undefined,
    logLevel: env["BOYD_LOG_LEVEL"] || undefined,
  };
  const parsed = OrientConfig.safeParse(raw);
  if (!parsed.success) {
    const names: Record<string, string> = {
      natsUrl: "BOYD_NATS_URL",
      dataDir: "BOYD_DATA_DIR",
      "neo4j.uri": "BOYD_NEO4J_URI",
      ingestRoot: "BOYD_INGEST_ROOT",
      logLevel: "BOYD_LOG_LEVEL",
    };
    const problems = parsed.error.issues.map((i) => `${names[i.path.join(".")] ?? i.path.join(".")}: ${i.message}`);
    throw new Error(`invalid orient configuration: ${problems.join("; ")}`);
  }
  return parsed.data;
}
