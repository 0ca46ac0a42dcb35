import { readFileSync } from "node:fs";
import type { SynonymTable } from "@boyd/vsa";
import { z } from "zod";

/** The decide service's settings, read from the environment in one place. */
export const DecideConfig = z.object({
  /** NATS server(s) to serve on. */
  natsUrl: z.string().url().optional(),
  /** Seconds a catalog fetched from the act service is reused. @default 10 */
  catalogTtlSeconds: z.coerce.number().positive().default(10),
  /** JSON file of extra synonym roots, `{ "root": ["word", ...] }`, merged with the built-in table. */
  synonymsFile: z.string().min(1).optional(),
  /** pino log level. @default info */
  logLevel: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});
export type DecideConfig = z.infer<typeof DecideConfig>;

const ENV_NAMES: Record<string, string> = {
  natsUrl: "BOYD_NATS_URL",
  catalogTtlSeconds: "BOYD_CATALOG_TTL_SECONDS",
  synonymsFile: "BOYD_SYNONYMS_FILE",
  logLevel: "BOYD_LOG_LEVEL",
};

/** Reads the configuration from environment variables; throws naming each bad variable. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): DecideConfig {
  const parsed = DecideConfig.safeParse({
    natsUrl: env["BOYD_NATS_URL"] || undefined,
    catalogTtlSeconds: env["BOYD_CATALOG_TTL_SECONDS"] || undefined,
    synonymsFile: env["BOYD_SYNONYMS_FILE"] || undefined,
    logLevel: env["BOYD_LOG_LEVEL"] || undefined,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${ENV_NAMES[i.path.join(".")] ?? i.path.join(".")}: ${i.message}`);
    throw new Error(`invalid decide configuration: ${problems.join("; ")}`);
  }
  return parsed.data;
}

const Synonyms = z.record(z.string().regex(/^[\p{L}\p{N}_-]+$/u, "a root must be a single word"), z.array(z.string().min(1, "empty word")).min(1, "needs at least one word"));

/** Reads a synonym file; throws naming the file and the bad entry. */
export function loadSynonyms(path: string): SynonymTable {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (err) {
    throw new Error(`${path}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const parsed = Synonyms.safeParse(raw);
  if (!parsed.success) {
    const i = parsed.error.issues[0]!;
    throw new Error(`${path}: ${i.path.length ? i.path.join(".") : "(top level)"}: ${i.path.length === 1 && i.code === "invalid_string" ? `"${String(i.path[0])}" ` : ""}${i.message}`);
  }
  return parsed.data;
}
