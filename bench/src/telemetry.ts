import { setServiceLabel, startTracing, type Tracing } from "@boyd/telemetry";

/**
 * Telemetry as every Boyd service runs it by default (see runService):
 * process metrics labelled with the service, and tracing with no exporter,
 * which keeps the caller's trace id for logs but records no spans. The bus
 * is benchmarked with this on, because that is what it costs in a
 * deployment. BENCH_TELEMETRY=off measures the bare bus instead.
 */
export function startBenchTelemetry(service: string, env: NodeJS.ProcessEnv = process.env): Tracing | undefined {
  const mode = env["BENCH_TELEMETRY"] ?? "on";
  if (mode === "off") return undefined;
  if (mode !== "on") throw new Error(`BENCH_TELEMETRY must be "on" or "off", got ${JSON.stringify(mode)}`);
  setServiceLabel(service);
  return startTracing({ serviceName: `bench-${service}`, exporter: "none" });
}
