import { setServiceLabel, startTracing, type Tracing } from "@boyd/telemetry";

/** How much telemetry a benchmark process runs with (BENCH_TELEMETRY). */
export type TelemetryMode = "on" | "sampled" | "off";

export const TELEMETRY_MODES: readonly TelemetryMode[] = ["off", "on", "sampled"];

/** BENCH_TELEMETRY, checked: `on` when unset. */
export function telemetryMode(env: NodeJS.ProcessEnv = process.env): TelemetryMode {
  const mode = env["BENCH_TELEMETRY"] || "on";
  if (!(TELEMETRY_MODES as readonly string[]).includes(mode)) {
    throw new Error(`BENCH_TELEMETRY must be one of ${TELEMETRY_MODES.join(", ")}, got ${JSON.stringify(mode)}`);
  }
  return mode as TelemetryMode;
}

/**
 * Telemetry as every Boyd service runs it by default (see runService):
 * `on` is process metrics labelled with the service and tracing at its
 * default sampling (off without an exporter: metrics per rpc, a
 * traceparent per call, nothing carried across awaits). The bus is
 * benchmarked with this on, because that is what it costs in a deployment.
 * `sampled` is BOYD_TRACE_SAMPLE_RATIO=1 without an exporter: the trace
 * context carried through every await (the default before sampling
 * existed), spans not recorded. `off` measures the bare bus.
 */
export function startBenchTelemetry(service: string, env: NodeJS.ProcessEnv = process.env): Tracing | undefined {
  const mode = telemetryMode(env);
  if (mode === "off") return undefined;
  setServiceLabel(service);
  return startTracing({ serviceName: `bench-${service}`, exporter: "none", ...(mode === "sampled" ? { sampleRatio: 1 } : {}) });
}
