import type { LatencySummary } from "./stats.js";

/** What one side of the benchmark measured. */
export interface SideResult {
  readonly label: string;
  readonly latency: LatencySummary;
  /** Pipelined throughput, requests per second. */
  readonly throughput: number;
}

/** The ratio the target is about: our p50 over raw nats.js's p50. */
export const TARGET_P50_RATIO = 1.2;

/** Formats the results table, the ours/raw ratios and the target verdict. */
export function formatReport(raw: SideResult, ours: SideResult, inproc: SideResult): string {
  const rows = [raw, ours, inproc];
  const width = Math.max(...rows.map((r) => r.label.length), 4);
  const num = (v: number, digits = 1): string => v.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const header = `${"case".padEnd(width)}  ${"p50 µs".padStart(9)}  ${"p99 µs".padStart(9)}  ${"mean µs".padStart(9)}  ${"pipelined req/s".padStart(15)}`;
  const lines = [
    header,
    "-".repeat(header.length),
    ...rows.map(
      (r) =>
        `${r.label.padEnd(width)}  ${num(r.latency.p50).padStart(9)}  ${num(r.latency.p99).padStart(9)}  ${num(r.latency.mean).padStart(9)}  ${num(r.throughput, 0).padStart(15)}`,
    ),
  ];
  const p50 = ours.latency.p50 / raw.latency.p50;
  const p99 = ours.latency.p99 / raw.latency.p99;
  const tput = raw.throughput / ours.throughput;
  const met = p50 <= TARGET_P50_RATIO;
  lines.push(
    "",
    `ours/raw p50 latency : ${p50.toFixed(2)}x  (+${num(ours.latency.p50 - raw.latency.p50)} µs per call)`,
    `ours/raw p99 latency : ${p99.toFixed(2)}x`,
    `raw/ours throughput  : ${tput.toFixed(2)}x`,
    `target "ours within ${TARGET_P50_RATIO}x of raw nats.js p50 latency": ${met ? "MET" : "NOT MET"} (${p50.toFixed(2)}x)`,
  );
  return lines.join("\n");
}
