import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { BoundCounter, BoundHistogram } from "./bound-metrics.js";

/**
 * The process's Prometheus registry: Node process metrics (CPU, memory,
 * event loop, GC) and every Boyd instrument. Served on `/metrics`.
 */
export const metricsRegistry = new Registry();

let processMetrics = false;
// Started by the first service label or scrape, not on import: the bus
// imports this package, and a CLI or a test has no use for an event-loop
// monitor sampling every 10 ms.
function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

// 0.1 ms (an in-process hop) to 30 s (a slow tool behind act).
const RPC_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
// A cycle is several hops plus a tool run and, at worst, a person's approval.
const CYCLE_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900];

/**
 * The instruments, defined once. Label sets stay bounded: rpc names come
 * from the service definitions, tools from act's catalog, codes and
 * outcomes from enums; only the working-memory gauges carry an agent.
 */
export const instruments = {
  // The rpc instruments are touched on every call: bound once per label
  // set, see bound-metrics.ts.
  rpcServerRequests: new BoundCounter({
    name: "boyd_rpc_server_requests_total",
    help: "Requests served over the bus, by rpc and final status code.",
    labelNames: ["service", "method", "code"] as const,
    registers: [metricsRegistry],
  }),
  rpcServerDuration: new BoundHistogram({
    name: "boyd_rpc_server_duration_seconds",
    help: "Time from receiving a request to sending its reply, by rpc.",
    labelNames: ["service", "method"] as const,
    buckets: RPC_BUCKETS,
    registers: [metricsRegistry],
  }),
  rpcClientDuration: new BoundHistogram({
    name: "boyd_rpc_client_duration_seconds",
    help: "Time a typed client waited for a reply, by rpc and status code.",
    labelNames: ["service", "method", "code"] as const,
    buckets: RPC_BUCKETS,
    registers: [metricsRegistry],
  }),
  cycleDuration: new Histogram({
    name: "boyd_cycle_duration_seconds",
    help: "Duration of an agent's cycle, by outcome (ok, failed, aborted).",
    labelNames: ["outcome"] as const,
    buckets: CYCLE_BUCKETS,
    registers: [metricsRegistry],
  }),
  cycles: new Counter({
    name: "boyd_cycles_total",
    help: "Cycles run, by outcome (ok, failed, aborted).",
    labelNames: ["outcome"] as const,
    registers: [metricsRegistry],
  }),
  toolExecutions: new Counter({
    name: "boyd_tool_executions_total",
    help: "Decisions act handled, by tool and outcome (executed, timed_out, rejected, denied_by_policy, vetoed, ...).",
    labelNames: ["tool", "outcome"] as const,
    registers: [metricsRegistry],
  }),
  toolDenials: new Counter({
    name: "boyd_tool_denials_total",
    help: "Tool calls refused, by tool and reason (policy, shadow_veto, user, approval_expired).",
    labelNames: ["tool", "reason"] as const,
    registers: [metricsRegistry],
  }),
  workingMemoryPressure: new Gauge({
    name: "boyd_working_memory_pressure",
    help: "An agent's working memory entries / capacity (0..1) after its last update.",
    labelNames: ["agent"] as const,
    registers: [metricsRegistry],
  }),
  workingMemoryEntries: new Gauge({
    name: "boyd_working_memory_entries",
    help: "Entries in an agent's working memory after its last update.",
    labelNames: ["agent"] as const,
    registers: [metricsRegistry],
  }),
};

/**
 * Names this process on every metric as `service` (e.g. `act`), and starts
 * collecting Node process metrics. Per-rpc metrics keep their own
 * `service` label (the rpc service they measure), which wins over this
 * default.
 */
export function setServiceLabel(service: string): void {
  collectProcessMetrics();
  metricsRegistry.setDefaultLabels({ service });
}

/**
 * The Prometheus text exposition of {@link metricsRegistry}, for `GET
 * /metrics`. Node process metrics are collected from the first call (or
 * from {@link setServiceLabel}) on.
 */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  collectProcessMetrics();
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}

/** Counts one cycle that ended `outcome`, taking `seconds`. */
export function recordCycle(outcome: "ok" | "failed" | "aborted", seconds: number): void {
  instruments.cycles.inc({ outcome });
  instruments.cycleDuration.observe({ outcome }, seconds);
}

/** Counts one decision act handled for `tool` (a catalog name, or "unknown"), ending `outcome`. */
export function recordToolExecution(tool: string, outcome: string): void {
  instruments.toolExecutions.inc({ tool, outcome });
}

/** Counts one refused tool call. */
export function recordToolDenial(tool: string, reason: "policy" | "shadow_veto" | "user" | "approval_expired"): void {
  instruments.toolDenials.inc({ tool, reason });
}

// Agents whose working-memory gauges are exported: the most recently
// updated. Each agent ever seen was a pair of series for good, so a
// process serving agent after agent grew its /metrics without end.
const GAUGED_AGENTS = 1_000;
const gaugedAgents = new Set<string>();

/** Sets an agent's working-memory gauges, as the memory service computed them (for the 1,000 agents updated last). */
export function recordWorkingMemory(agent: string, entries: number, pressure: number): void {
  gaugedAgents.delete(agent); // added again: the set's order is the order of the last updates
  gaugedAgents.add(agent);
  if (gaugedAgents.size > GAUGED_AGENTS) {
    const oldest = gaugedAgents.values().next().value!;
    gaugedAgents.delete(oldest);
    instruments.workingMemoryEntries.remove({ agent: oldest });
    instruments.workingMemoryPressure.remove({ agent: oldest });
  }
  instruments.workingMemoryEntries.set({ agent }, entries);
  instruments.workingMemoryPressure.set({ agent }, pressure);
}
