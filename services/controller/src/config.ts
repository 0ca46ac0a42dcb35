import { z } from "zod";

/** The controller process's settings, read from the environment in one place. */
export const ControllerConfig = z.object({
  /** NATS server(s). */
  natsUrl: z.string().url().optional(),
  /** Address the public gRPC API binds. @default 0.0.0.0:50051 */
  grpcAddress: z.string().regex(/^[^\s]+:\d+$/, "expected host:port").default("0.0.0.0:50051"),
  /** JetStream stream that keeps events for replay. @default BOYD_EVENTS */
  eventsStream: z.string().regex(/^[A-Za-z0-9_-]+$/, "letters, digits, '-' or '_'").default("BOYD_EVENTS"),
  /** Days events are kept (0 = forever). @default 7 */
  eventsMaxAgeDays: z.coerce.number().min(0).default(7),
  /** pino log level. @default info */
  logLevel: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});
export type ControllerConfig = z.infer<typeof ControllerConfig>;

const ENV_NAMES: Record<keyof ControllerConfig, string> = {
  natsUrl: "BOYD_NATS_URL",
  grpcAddress: "BOYD_GRPC_ADDRESS",
  eventsStream: "BOYD_EVENTS_STREAM",
  eventsMaxAgeDays: "BOYD_EVENTS_MAX_AGE_DAYS",
  logLevel: "BOYD_LOG_LEVEL",
};

/** Reads the configuration from environment variables; throws naming each bad variable. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ControllerConfig {
  const raw = Object.fromEntries(Object.entries(ENV_NAMES).map(([key, name]) => [key, env[name] || undefined]));
  const parsed = ControllerConfig.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${ENV_NAMES[i.path[0] as keyof ControllerConfig] ?? i.path.join(".")}: ${i.message}`);
    throw new Error(`invalid controller configuration: ${problems.join("; ")}`);
  }
  return parsed.data;
}
