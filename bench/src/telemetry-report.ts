import { TARGET_P50_RATIO } from "./report.js";
import type { TelemetryMode } from "./telemetry.js";

/** What one telemetry mode's run of the bus benchmark measured (written by the child, read by the parent). */
export interface ModeResult {
  readonly mode: TelemetryMode;
  /** ours/raw p50 and p99 latency, raw measured in the same run. */
  readonly p50Ratio: number;
  readonly p99Ratio: number;
  /** ours p50 minus raw p50, µs. */
  readonly p50ExtraMicros: number;
  /** The telemetry microbench: µs of CPU per call, client and server side. */
  readonly telemetryMicros: number;
}

/** The table comparing telemetry modes, and the target verdict on `on` (what services run). */
export function formatModes(results: readonly ModeResult[]): string {
  const header = `${"telemetry".padEnd(10)}  ${"ours/raw p50".padStart(12)}  ${"ours/raw p99".padStart(12)}  ${"+µs p50".padStart(8)}  ${"telemetry µs/call".padStart(17)}`;
  const lines = [header, "-".repeat(header.length)];
  for (const r of results) {
    lines.push(
      `${r.mode.padEnd(10)}  ${`${r.p50Ratio.toFixed(2)}x`.padStart(12)}  ${`${r.p99Ratio.toFixed(2)}x`.padStart(12)}  ${`+${r.p50ExtraMicros.toFixed(1)}`.padStart(8)}  ${r.telemetryMicros.toFixed(2).padStart(17)}`,
    );
  }
  const on = results.find((r) => r.mode === "on");
  if (on) {
    const met = on.p50Ratio <= TARGET_P50_RATIO;
    lines.push("", `target "ours within ${TARGET_P50_RATIO}x of raw nats.js p50 latency, telemetry on": ${met ? "MET" : "NOT MET"} (${on.p50Ratio.toFixed(2)}x)`);
  }
  return lines.join("\n");
}
