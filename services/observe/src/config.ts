import { settingsFromEnv } from "@boyd/service-kit";
import { z } from "zod";
import { PERCEPTS, OBSERVE } from "./constants.js";

/** The observe service's settings, read from the environment in one place. */
export const ObserveConfig = z.object({
  /** NATS server(s) to serve on. */
  natsUrl: z.string().url().optional(),
  /** Where percepts wait: a JetStream stream shared by all replicas, or a subscription buffered in this process. @default jetstream */
  perceptInbox: z.enum(["jetstream", "inprocess"]).default("jetstream"),
  /** JetStream stream of percepts. @default BOYD_PERCEPTS */
  perceptStream: z.string().regex(/^[A-Za-z0-9_-]+$/, "letters, digits, '_' and '-' only").default(PERCEPTS.defaultStream),
  /** Copies of the percept stream across a NATS cluster (1-5). @default 1 */
  perceptReplicas: z.coerce.number().int().min(1).max(5).default(1),
  /** Seconds an unobserved percept is kept in the stream; 0 keeps it. @default 604800 (7 days) */
  perceptMaxAgeSeconds: z.coerce.number().int().nonnegative().default(PERCEPTS.defaultMaxAgeMs / 1000),
  /** Seconds a taken percept may stay unacknowledged before JetStream redelivers it. @default 30 */
  perceptAckWaitSeconds: z.coerce.number().positive().default(PERCEPTS.defaultAckWaitMs / 1000),
  /** Percepts held per agent; beyond it the oldest are dropped. @default 1000 */
  perceptMaxPerAgent: z.coerce.number().int().positive().default(PERCEPTS.defaultMaxPerAgent),
  /** Percepts handed over per observation; the rest wait for the next. @default 100 */
  maxPerceptsPerObserve: z.coerce.number().int().positive().max(256).default(OBSERVE.defaultMaxPercepts),
  /** pino log level. @default info */
  logLevel: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});
export type ObserveConfig = z.infer<typeof ObserveConfig>;

/** Each setting's environment variable. */
export const ENV_NAMES: Record<keyof ObserveConfig, string> = {
  natsUrl: "BOYD_NATS_URL",
  perceptInbox: "BOYD_PERCEPT_INBOX",
  perceptStream: "BOYD_PERCEPT_STREAM",
  perceptReplicas: "BOYD_PERCEPT_REPLICAS",
  perceptMaxAgeSeconds: "BOYD_PERCEPT_MAX_AGE_SECONDS",
  perceptAckWaitSeconds: "BOYD_PERCEPT_ACK_WAIT_SECONDS",
  perceptMaxPerAgent: "BOYD_PERCEPT_MAX_PER_AGENT",
  maxPerceptsPerObserve: "BOYD_MAX_PERCEPTS_PER_OBSERVE",
  logLevel: "BOYD_LOG_LEVEL",
};

/** Reads the configuration from environment variables; throws naming each bad variable. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ObserveConfig {
  return settingsFromEnv(ObserveConfig, ENV_NAMES, env, "observe configuration");
}
