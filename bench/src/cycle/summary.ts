import { GoalChangeKind, PlanChangeKind, type Event } from "@boyd/proto";
import { summarize, type LatencySummary } from "../stats.js";
import { countHops, splitTime, wallTime, type HopCount, type Op } from "./ops.js";
import type { CycleTrace } from "./tracer.js";

/** Median of each hop count over the traced cycles. */
export type HopMedians = { readonly [K in keyof HopCount]: number };

/** Time of one of the controller's calls, ms per cycle, and what it waited on inside. */
export interface CallTime {
  readonly name: string;
  /** Calls per cycle. */
  readonly calls: number;
  /** ms per cycle. */
  readonly ms: number;
  /** Payload bytes per cycle, requests and replies (events: the encoded event). */
  readonly bytes: number;
  /** The nested waits by name: calls per cycle, and ms per cycle in which at least one was in flight; most time first. */
  readonly inside: readonly { name: string; calls: number; ms: number }[];
}

/** What one mode measured. */
export interface ModeSummary {
  readonly label: string;
  /** Untraced cycles, µs. */
  readonly latency: LatencySummary;
  /** Measured cycles over the time they took. */
  readonly cyclesPerSecond: number;
  /** p50 of each round's cycles, µs, in round order: a drift shows here. */
  readonly roundP50: readonly number[];
  /** Tool chosen, share of measured cycles, most used first. */
  readonly tools: readonly { tool: string; share: number }[];
  /** Measured cycles in which reflection ran, a plan was generated, a goal was split, a goal changed status. */
  readonly reflected: number;
  readonly planned: number;
  readonly decomposed: number;
  readonly statusChanged: number;
  /** CycleFinished.phase_ms, mean over measured cycles, ms. */
  readonly phaseMs: ReadonlyMap<string, number>;
  /** CycleFinished.duration_ms, mean over measured cycles. */
  readonly durationMs: number;
  /** Traced cycles. */
  readonly traced: {
    readonly latency: LatencySummary;
    readonly hops: HopMedians;
    /** The controller's calls by name, ms per cycle, most time first; events folded into one row. */
    readonly calls: readonly CallTime[];
    /** ms per cycle the controller waited on nothing (its own work). */
    readonly ownMs: number;
    /** Hop medians per tool chosen. */
    readonly byTool: ReadonlyMap<string, { cycles: number; hops: HopMedians; p50Us: number }>;
  };
}

/** Summarizes a mode from its measured rounds and its traced cycles; `eventsAreHops` when events are acked over the network. */
export function summarizeMode(label: string, rounds: readonly (readonly CycleTrace[])[], traced: readonly CycleTrace[], eventsAreHops: boolean): ModeSummary {
  const measured = rounds.flat();
  const micros = (t: CycleTrace): number => (t.end - t.start) * 1_000;
  const samples = measured.map(micros);
  const tools = new Map<string, number>();
  const phases = new Map<string, number>();
  let duration = 0;
  for (const t of measured) {
    const finished = t.finished.kind?.$case === "cycleFinished" ? t.finished.kind.value : undefined;
    const tool = finished?.toolName || "(none)";
    tools.set(tool, (tools.get(tool) ?? 0) + 1);
    for (const [phase, ms] of Object.entries(finished?.phaseMs ?? {})) phases.set(phase, (phases.get(phase) ?? 0) + Number(ms));
    duration += Number(finished?.durationMs ?? 0);
  }
  const cyclesWith = (test: (e: Event) => boolean): number => measured.filter((t) => t.events.some(test)).length;
  const n = measured.length;
  return {
    label,
    latency: summarize(samples),
    cyclesPerSecond: n / (samples.reduce((a, b) => a + b, 0) / 1e6),
    roundP50: rounds.map((r) => summarize(r.map(micros)).p50),
    tools: [...tools].map(([tool, count]) => ({ tool, share: count / n })).sort((a, b) => b.share - a.share || a.tool.localeCompare(b.tool)),
    reflected: cyclesWith((e) => e.kind?.$case === "reflected"),
    planned: cyclesWith((e) => e.kind?.$case === "planChanged" && e.kind.value.change === PlanChangeKind.CREATED),
    decomposed: cyclesWith((e) => e.kind?.$case === "goalChanged" && e.kind.value.change === GoalChangeKind.DECOMPOSED),
    statusChanged: cyclesWith((e) => e.kind?.$case === "goalChanged" && e.kind.value.change === GoalChangeKind.STATUS),
    phaseMs: new Map([...phases].map(([k, v]) => [k, v / n])),
    durationMs: duration / n,
    traced: summarizeTraced(traced, eventsAreHops),
  };
}

function summarizeTraced(traced: readonly CycleTrace[], eventsAreHops: boolean): ModeSummary["traced"] {
  if (traced.length === 0) throw new Error("no traced cycles to summarize");
  const counts = traced.map((t) => countHops(t.ops, eventsAreHops));
  const byName = new Map<string, { calls: number; ms: number; bytes: number; inside: Map<string, { calls: number; ms: number }> }>();
  let own = 0;
  for (const t of traced) {
    const split = splitTime(t.ops, t.start, t.end);
    own += split.own;
    const ids = new Set(t.ops.map((o) => o.id));
    for (const top of t.ops.filter((o) => o.parent === undefined || !ids.has(o.parent))) {
      const name = top.kind === "event" ? "events" : top.name;
      const row = byName.get(name) ?? { calls: 0, ms: 0, bytes: 0, inside: new Map() };
      row.calls++;
      row.ms += top.end - top.start;
      row.bytes += top.bytes;
      const nested = new Map<string, Op[]>();
      for (const o of descendants(t.ops, top.id)) nested.set(o.name, [...(nested.get(o.name) ?? []), o]);
      for (const [n, ops] of nested) {
        const cell = row.inside.get(n) ?? { calls: 0, ms: 0 };
        cell.calls += ops.length;
        cell.ms += wallTime(ops);
        row.inside.set(n, cell);
      }
      byName.set(name, row);
    }
  }
  const per = traced.length;
  const calls = [...byName]
    .map(([name, r]) => ({
      name,
      calls: r.calls / per,
      ms: r.ms / per,
      bytes: r.bytes / per,
      inside: [...r.inside].map(([k, v]) => ({ name: k, calls: v.calls / per, ms: v.ms / per })).sort((a, b) => b.ms - a.ms),
    }))
    .sort((a, b) => b.ms - a.ms);
  const byTool = new Map<string, { cycles: number; hops: HopMedians; p50Us: number }>();
  const groups = new Map<string, number[]>();
  traced.forEach((t, i) => {
    const tool = t.finished.kind?.$case === "cycleFinished" ? t.finished.kind.value.toolName || "(none)" : "(none)";
    groups.set(tool, [...(groups.get(tool) ?? []), i]);
  });
  for (const [tool, idx] of groups) {
    byTool.set(tool, { cycles: idx.length, hops: medians(idx.map((i) => counts[i]!)), p50Us: summarize(idx.map((i) => (traced[i]!.end - traced[i]!.start) * 1_000)).p50 });
  }
  return {
    latency: summarize(traced.map((t) => (t.end - t.start) * 1_000)),
    hops: medians(counts),
    calls,
    ownMs: own / per,
    byTool,
  };
}

/** Every op below `id`. */
function descendants(ops: readonly Op[], id: number): Op[] {
  const out: Op[] = [];
  const below = new Set([id]);
  for (const o of [...ops].sort((a, b) => a.id - b.id)) {
    if (o.parent !== undefined && below.has(o.parent)) {
      out.push(o);
      below.add(o.id);
    }
  }
  return out;
}

function medians(counts: readonly HopCount[]): HopMedians {
  const med = (k: keyof HopCount): number => {
    const sorted = counts.map((c) => c[k]).sort((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) / 2)]!;
  };
  return { rpc: med("rpc"), events: med("events"), nats: med("nats"), bus: med("bus"), all: med("all") };
}
