import { z } from "zod";

/** The decide service's settings, read from the environment in one place. */
export const DecideConfig = z.object({
  /** NATS server(s) to serve on. */
  natsUrl: z.string().url().optional(),
  /** Seconds a catalog fetched from the act service is reused. @default 10 */
  catalogTtlSeconds: z.coerce.number().positive().default(10),
  /** pino log level. @default info */
  logLevel: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});
export type DecideConfig = z.infer<typeof DecideConfig>;

const ENV_NAMES: Record<string, string> = { natsUrl: "BOYD_NATS_URL", catalogTtlSeconds: "BOYD_CATALOG_TTL_SECONDS", logLevel: "BOYD_LOG_LEVEL" };

/** Reads the configuration from environment variables; throws naming each bad variable. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): DecideConfig {
  const parsed = DecideConfig.safeParse({
    natsUrl: env["BOYD_NATS_URL"] || undefined,
    catalogTtlSeconds: env["BOYD_CATALOG_TTL_SECONDS"] || undefined,
    logLevel: env["BOYD_LOG_LEVEL"] || undefined,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${ENV_NAMES[i.path.join(".")] ?? i.path.join(".")}: ${i.message}`);
    throw new Error(`invalid decide configuration: ${problems.join("; ")}`);
  }
  return parsed.data;
}
