import { z } from "zod";
import type { TracingOptions } from "@boyd/telemetry";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
const NATS_URL_REQUIRED = "is required to run a service as its own process (embedded mode runs it inside `boyd`)";
const HOST_PORT = /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/;

/**
 * What every service process reads from its environment, whatever the
 * service: how to reach NATS (and as whom), where the ops endpoints listen,
 * logging and trace export. Each service's own settings stay in its
 * `config.ts`.
 */
export const ProcessSettings = z
  .object({
    /** NATS server URL(s), comma separated. */
    natsUrl: z.string({ required_error: NATS_URL_REQUIRED }).min(1, NATS_URL_REQUIRED),
    /** This service's NATS user; its subject permissions live in the server's config. */
    natsUser: z.string().min(1).optional(),
    natsPassword: z.string().min(1).optional(),
    /** A NATS creds file (JWT + NKey seed), instead of user and password. */
    natsCredsFile: z.string().min(1).optional(),
    /** CA bundle that signs the NATS server's certificate; setting any TLS file turns TLS on. */
    natsTlsCa: z.string().min(1).optional(),
    /** Client certificate and key, for servers that verify clients (mTLS). */
    natsTlsCert: z.string().min(1).optional(),
    natsTlsKey: z.string().min(1).optional(),
    /** host:port of /healthz, /readyz and /metrics, or "off". @default 0.0.0.0:9090 */
    opsAddress: z
      .string()
      .refine((v) => v === "off" || (HOST_PORT.test(v) && Number(v.slice(v.lastIndexOf(":") + 1)) <= 65535), "expected host:port or off")
      .default("0.0.0.0:9090"),
    logLevel: z.enum(LOG_LEVELS).default("info"),
    /** Where spans go: nowhere (default), or OTLP over HTTP. */
    otelExporter: z.enum(["none", "otlp"]).default("none"),
    /**
     * Share of traces sampled, 0 to 1. @default 1 with the otlp exporter, 0
     * without (tracing off: no trace context carried across awaits, no spans).
     * Set above 0 without an exporter to keep trace ids on log lines.
     */
    traceSampleRatio: z.coerce.number({ invalid_type_error: "expected a number from 0 to 1" }).min(0, "expected a number from 0 to 1").max(1, "expected a number from 0 to 1").optional(),
    /** OTLP traces endpoint; the exporter's own default (localhost:4318) when unset. */
    otlpEndpoint: z.string().url().optional(),
    /** service.name of the spans. @default boyd-<service> */
    serviceName: z.string().min(1).optional(),
    /**
     * "1": drain and exit when stdin closes. A launcher that holds the pipe
     * (`boyd up --distributed`) takes its services down with it even when it
     * is killed outright and cannot signal them.
     */
    stopOnStdinEof: z.enum(["0", "1"], { message: "expected 0 or 1" }).default("0").transform((v) => v === "1"),
  })
  .superRefine((s, ctx) => {
    if (s.natsUser && !s.natsPassword) ctx.addIssue({ code: "custom", path: ["natsPassword"], message: "is required when BOYD_NATS_USER is set" });
    if (s.natsPassword && !s.natsUser) ctx.addIssue({ code: "custom", path: ["natsUser"], message: "is required when BOYD_NATS_PASSWORD is set" });
    if (s.natsCredsFile && s.natsUser) ctx.addIssue({ code: "custom", path: ["natsCredsFile"], message: "set either a creds file or a user and password, not both" });
    if (Boolean(s.natsTlsCert) !== Boolean(s.natsTlsKey)) {
      ctx.addIssue({ code: "custom", path: [s.natsTlsCert ? "natsTlsKey" : "natsTlsCert"], message: "client certificate and key go together" });
    }
  });
export type ProcessSettings = z.infer<typeof ProcessSettings>;

/** The environment variable behind each setting, for error messages and docs. */
export const PROCESS_ENV: Record<keyof ProcessSettings, string> = {
  natsUrl: "BOYD_NATS_URL",
  natsUser: "BOYD_NATS_USER",
  natsPassword: "BOYD_NATS_PASSWORD",
  natsCredsFile: "BOYD_NATS_CREDS_FILE",
  natsTlsCa: "BOYD_NATS_TLS_CA",
  natsTlsCert: "BOYD_NATS_TLS_CERT",
  natsTlsKey: "BOYD_NATS_TLS_KEY",
  opsAddress: "BOYD_OPS_ADDRESS",
  logLevel: "BOYD_LOG_LEVEL",
  otelExporter: "BOYD_OTEL_EXPORTER",
  traceSampleRatio: "BOYD_TRACE_SAMPLE_RATIO",
  otlpEndpoint: "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
  serviceName: "OTEL_SERVICE_NAME",
  stopOnStdinEof: "BOYD_STOP_ON_STDIN_EOF",
};

/** A setting that could not be read; the message names the variable, never its value. */
export class SettingsError extends Error {
  override readonly name = "SettingsError";
}

/**
 * Reads settings whose every field has one environment variable (`names`),
 * an empty variable counting as unset. Throws a SettingsError
 * "invalid <what>: VAR: problem; ..." naming every bad variable.
 */
export function settingsFromEnv<S extends z.ZodTypeAny>(schema: S, names: Record<string, string>, env: NodeJS.ProcessEnv, what: string): z.infer<S> {
  const raw = Object.fromEntries(Object.entries(names).map(([key, name]) => [key, env[name] || undefined]));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${names[String(i.path[0])] ?? i.path.join(".")}: ${i.message}`);
    throw new SettingsError(`invalid ${what}: ${problems.join("; ")}`);
  }
  return parsed.data;
}

/**
 * Reads the process settings of `service` from the environment. Throws a
 * SettingsError naming every bad variable (values are not echoed: some are
 * secrets).
 */
export function processSettingsFromEnv(service: string, env: NodeJS.ProcessEnv = process.env): ProcessSettings {
  // The generic OTLP endpoint is the base URL; the traces path is added as the exporter would.
  const generic = env["OTEL_EXPORTER_OTLP_ENDPOINT"];
  // (?<!\/) starts the match where the trailing slashes begin: linear.
  const traces = env[PROCESS_ENV.otlpEndpoint] || (generic ? `${generic.replace(/(?<!\/)\/+$/, "")}/v1/traces` : undefined);
  return settingsFromEnv(ProcessSettings, PROCESS_ENV, { ...env, [PROCESS_ENV.otlpEndpoint]: traces }, `${service} settings`);
}

/**
 * What a service's settings ask of startTracing: spans exported over OTLP
 * when BOYD_OTEL_EXPORTER=otlp (all traces unless BOYD_TRACE_SAMPLE_RATIO
 * says fewer), otherwise tracing off unless a sample ratio turns on the
 * trace context for logs.
 */
export function tracingOptions(service: string, settings: ProcessSettings): TracingOptions {
  return {
    serviceName: settings.serviceName ?? `boyd-${service}`,
    exporter: settings.otelExporter,
    ...(settings.otlpEndpoint ? { otlpEndpoint: settings.otlpEndpoint } : {}),
    ...(settings.traceSampleRatio === undefined ? {} : { sampleRatio: settings.traceSampleRatio }),
  };
}
