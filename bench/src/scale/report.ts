import { PROCESS_GROUPS, type AgentsRow } from "./agents.js";
import type { FailoverRow, RecallRow, ThroughputRow } from "./phases.js";

const fixed = (n: number, digits = 1): string => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");
const ratio = (n: number, base: number): string => `${fixed(n / base, 2)}x`;

/** Lines of a table: a header, then rows padded to the widest cell of each column. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join("  ");
  return [line(header), ...rows.map(line)].join("\n");
}

/** Throughput by setup, each against the first row (1 controller, one replica of each service). */
export function formatThroughput(rows: readonly ThroughputRow[]): string {
  const base = rows[0]!;
  return table(
    ["setup", "cycles", "cycles/s", "vs base", "p50 ms", "p99 ms", "CPU ms/cycle", "vs base", "of it nats-server"],
    rows.map((r) => [r.label, String(r.cycles), fixed(r.cyclesPerSec), ratio(r.cyclesPerSec, base.cyclesPerSec), fixed(r.p50Ms), fixed(r.p99Ms), fixed(r.cpuMsPerCycle), ratio(r.cpuMsPerCycle, base.cpuMsPerCycle), fixed(r.natsCpuMsPerCycle)]),
  );
}

/**
 * Pace, CPU and what nats-server holds at each step; ratios against the
 * first step whose new agents filled every slot of `atOnce` (a smaller step
 * cycles fewer at once, so its pace is not comparable).
 */
export function formatAgents(rows: readonly AgentsRow[]): string {
  let previous = 0;
  const full = rows.find((r) => {
    const fills = r.total - previous >= r.atOnce;
    previous = r.total;
    return fills;
  });
  const base = full ?? rows[0]!;
  return table(
    ["agents", "created/s", "at once", "each cycled once: cycles/s", `vs ${base.total}`, "p50 ms", "p99 ms", "CPU ms/cycle", `vs ${base.total}`, "NATS consumers", "subscriptions", "nats-server MiB"],
    rows.map((r) => [
      String(r.total),
      fixed(r.createdPerSec),
      String(r.atOnce),
      fixed(r.cyclesPerSec),
      ratio(r.cyclesPerSec, base.cyclesPerSec),
      fixed(r.p50Ms),
      fixed(r.p99Ms),
      fixed(r.cpuMsPerCycle),
      ratio(r.cpuMsPerCycle, base.cpuMsPerCycle),
      String(r.nats.consumers),
      String(r.nats.subscriptions),
      fixed(r.nats.memBytes / 2 ** 20),
    ]),
  );
}

/** Resident memory gained per new agent, by process group (all replicas of a service together). */
export function formatAgentMemory(rows: readonly AgentsRow[]): string {
  return table(
    ["agents", "all", ...PROCESS_GROUPS],
    rows.map((r) => [String(r.total), kib(PROCESS_GROUPS.reduce((n, g) => n + r.bytesPerAgent[g], 0)), ...PROCESS_GROUPS.map((g) => kib(r.bytesPerAgent[g]))]),
  );
}

export function formatFailover(row: FailoverRow): string {
  return (
    `kill -9 of the controller replica owning ${row.agents} started agents: next cycle finished on another replica (lease expiry, takeover) after p50 ${fixed(row.p50Ms / 1_000, 2)} s, max ${fixed(row.maxMs / 1_000, 2)} s; ` +
    (row.problems.length ? `NOT exactly once: ${row.problems.join("; ")}` : "every loaded agent's cycles exactly once (event log and session audited)")
  );
}

export function formatRecall(rows: readonly RecallRow[]): string {
  const base = rows[0]!;
  return table(
    ["agent age (cycles)", "Recall p50 ms", "p99 ms", "p50 vs youngest"],
    rows.map((r) => [String(r.age), fixed(r.p50Ms, 2), fixed(r.p99Ms, 2), ratio(r.p50Ms, base.p50Ms)]),
  );
}

function kib(bytes: number): string {
  return `${fixed(bytes / 1024)} KiB`;
}
