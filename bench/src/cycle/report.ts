import type { LatencySummary } from "../stats.js";
import { outlived, waves, type Op } from "./ops.js";
import type { CpuTally } from "./cpu.js";
import type { RunnerResult } from "./embedded-runner.js";
import type { CallTime, ModeSummary } from "./summary.js";

/** The target: distributed p50 within this factor of hops x raw round-trip p50. */
export const TARGET_FLOOR_RATIO = 3;

/** The target: distributed CPU per cycle (all processes) within this factor of embedded's. */
export const TARGET_CPU_RATIO = 2;

/** The speed-up issue 19 asks of the embedded cycle against the code of the day it was filed. */
export const TARGET_EMBEDDED_SPEEDUP = 10;

const num = (v: number, digits = 1): string => v.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (us: number, digits = 2): string => num(us / 1_000, digits);
const pct = (share: number): string => `${Math.round(share * 100)}%`;

/** The results table, the floor ratio and the target verdict, the embedded comparison. */
export function formatResults(embedded: ModeSummary, distributed: ModeSummary, raw: LatencySummary): string {
  const w = Math.max(12, embedded.label.length, distributed.label.length);
  const header = `${"mode".padEnd(w)}  ${"cycles/s".padStart(8)}  ${"p50 ms".padStart(7)}  ${"p99 ms".padStart(7)}  ${"mean ms".padStart(7)}  ${"hops/cycle".padStart(10)}  hops counted`;
  const row = (m: ModeSummary, hops: string): string =>
    `${m.label.padEnd(w)}  ${num(m.cyclesPerSecond).padStart(8)}  ${ms(m.latency.p50).padStart(7)}  ${ms(m.latency.p99).padStart(7)}  ${ms(m.latency.mean).padStart(7)}  ${String(m.traced.hops.bus).padStart(10)}  ${hops}`;
  const e = embedded.traced.hops;
  const d = distributed.traced.hops;
  const floorUs = d.bus * raw.p50;
  const ratio = distributed.latency.p50 / floorUs;
  const allRatio = distributed.latency.p50 / (d.all * raw.p50);
  const rows = [
    row(embedded, `${e.rpc} rpc calls, ${e.bus} in sequence (events are local)`),
    row(distributed, `${d.rpc} rpc calls and ${d.events} acked events, ${d.bus} waits in sequence (made at once: one); + ${d.nats} NATS requests by the services (KV, stream API)`),
    `${"raw NATS".padEnd(w)}  ${"".padStart(8)}  ${ms(raw.p50, 3).padStart(7)}  ${ms(raw.p99, 3).padStart(7)}  ${ms(raw.mean, 3).padStart(7)}  ${"1".padStart(10)}  nats.js request/reply, ${raw.count} round trips`,
  ];
  return [
    header,
    "-".repeat(Math.max(header.length, ...rows.map((r) => r.length))),
    ...rows,
    "",
    `distributed p50 / (hops x raw round-trip p50) = ${ms(distributed.latency.p50)} ms / (${d.bus} x ${ms(raw.p50, 3)} ms = ${ms(floorUs)} ms) = ${num(ratio, 2)}x`,
    `target "distributed p50 within ${TARGET_FLOOR_RATIO}x of hops x raw round trip": ${ratio <= TARGET_FLOOR_RATIO ? "MET" : "NOT MET"} (${num(ratio, 2)}x)`,
    `  counting the services' own NATS requests too (${d.all} round trips in sequence): ${num(allRatio, 2)}x`,
    `embedded p50 ${ms(embedded.latency.p50)} ms; distributed/embedded p50 ${num(distributed.latency.p50 / embedded.latency.p50, 2)}x, cycles/s ${num(distributed.cyclesPerSecond / embedded.cyclesPerSecond, 2)}x`,
  ].join("\n");
}

/** CPU per cycle of both modes and their ratio against the target. */
export function formatCpu(e: CpuTally, d: CpuTally): string {
  const ratio = d.perCycle() / e.perCycle();
  return [
    `CPU per measured cycle: embedded ${e.describe()}; distributed ${d.describe()}`,
    `target "distributed CPU per cycle within ${TARGET_CPU_RATIO}x of embedded": ${ratio <= TARGET_CPU_RATIO ? "MET" : "NOT MET"} (${num(ratio, 2)}x)`,
  ].join("\n");
}

/** Embedded runs of this code and of the baseline, each a fresh process running agents one after another: p50 of its first agent and of its last. */
export interface EmbeddedComparison {
  readonly baseline: string;
  readonly runs: { readonly code: "this" | "baseline"; readonly result: RunnerResult }[];
}

/** The embedded cycle against the baseline revision's, measured in this run, and the verdict on the 10x target. */
export function formatEmbeddedComparison(c: EmbeddedComparison, warmup: number, cycles: number): string {
  const median = (xs: number[]): number => {
    const sorted = [...xs].sort((a, b) => a - b);
    const mid = (sorted.length - 1) / 2;
    return (sorted[Math.floor(mid)]! + sorted[Math.ceil(mid)]!) / 2;
  };
  const of = (code: "this" | "baseline", pick: (agents: RunnerResult["agents"]) => { p50Us: number; cpuMsPerCycle: number }) => {
    const picked = c.runs.filter((r) => r.code === code).map((r) => pick(r.result.agents));
    return { p50: median(picked.map((p) => p.p50Us)), cpu: median(picked.map((p) => p.cpuMsPerCycle)) };
  };
  const first = (agents: RunnerResult["agents"]) => agents[0]!;
  const last = (agents: RunnerResult["agents"]) => agents.at(-1)!;
  const rows = [
    { name: "first agent of a new process", ours: of("this", first), base: of("baseline", first) },
    { name: `agent ${c.runs[0]!.result.agents.length} of a process (one after another)`, ours: of("this", last), base: of("baseline", last) },
  ];
  const speedups = rows.map((r) => r.base.p50 / r.ours.p50);
  const runs = c.runs.filter((r) => r.code === "this").length;
  // Each run of this code against the baseline run just before it: how much one run's luck moves the ratio.
  const pairs = (pick: typeof first): string =>
    c.runs
      .flatMap((r, i) => (r.code === "this" && c.runs[i - 1]?.code === "baseline" ? [pick(c.runs[i - 1]!.result.agents).p50Us / pick(r.result.agents).p50Us] : []))
      .map((x) => `${num(x, 2)}x`)
      .join(" ");
  return [
    `embedded cycle against ${c.baseline} (main when issue 19 was filed), both measured in this run: fresh processes alternating (${runs} each), each running agents of ${warmup} + ${cycles} cycles one after another; p50 of an agent's last ${cycles} cycles, median over the runs`,
    ...rows.map((r, i) => `  ${r.name.padEnd(44)} ${ms(r.base.p50)} ms -> ${ms(r.ours.p50)} ms p50 (${num(speedups[i]!, 2)}x; run by run ${pairs(i === 0 ? first : last)}); CPU per cycle ${num(r.base.cpu, 2)} -> ${num(r.ours.cpu, 2)} ms`),
    `target "embedded ${TARGET_EMBEDDED_SPEEDUP}x faster than ${c.baseline}": ${speedups.every((x) => x >= TARGET_EMBEDDED_SPEEDUP) ? "MET" : "NOT MET"} (${speedups.map((x) => `${num(x, 2)}x`).join(", ")})`,
  ].join("\n");
}

/** What the measured cycles did: tools chosen, plans, reflection, goal changes, drift across rounds. */
export function formatWorkload(modes: readonly ModeSummary[], measuredPerMode: number): string {
  const lines = [`what the ${measuredPerMode} measured cycles of each mode did:`];
  for (const m of modes) {
    lines.push(`  ${m.label.padEnd(12)} tools: ${m.tools.map((t) => `${t.tool} ${pct(t.share)}`).join(", ")}`);
    lines.push(
      `  ${"".padEnd(12)} reflection in ${m.reflected} cycles, GeneratePlan in ${m.planned}, decomposition in ${m.decomposed}, goal status changes in ${m.statusChanged}; ` +
        `p50 by round ${m.roundP50.map((us) => ms(us, 1)).join(" ")} ms`,
    );
  }
  return lines.join("\n");
}

/** Hops and p50 per tool chosen, from the traced cycles: rpc calls, hops in sequence (with event acks where they travel), with the services' NATS requests too. */
export function formatByTool(modes: readonly ModeSummary[]): string {
  const tools = [...new Set(modes.flatMap((m) => [...m.traced.byTool.keys()]))].sort();
  const cell = 36;
  const lines = [
    `${"".padEnd(20)}${modes.map((m) => `  ${m.label} (traced cycles)`.padEnd(cell)).join("")}`,
    `${"tool".padEnd(20)}${modes.map(() => `${"n".padStart(4)}${"rpc".padStart(5)}${"hops".padStart(6)}${"+nats".padStart(7)}${"p50 ms".padStart(9)}`.padEnd(cell)).join("")}`,
  ];
  for (const tool of tools) {
    const cells = modes.map((m) => {
      const t = m.traced.byTool.get(tool);
      if (!t) return "".padEnd(cell);
      return `${String(t.cycles).padStart(4)}${String(t.hops.rpc).padStart(5)}${String(t.hops.bus).padStart(6)}${String(t.hops.all).padStart(7)}${ms(t.p50Us).padStart(9)}`.padEnd(cell);
    });
    lines.push(`${tool.padEnd(20)}${cells.join("")}`);
  }
  return lines.join("\n");
}

/**
 * Where a cycle's time goes: the controller's calls (with what they wait on
 * inside), events, its own work, from the traced cycles (the tracer slows
 * them, so shares matter more than ms); then CycleFinished.phase_ms of the
 * untraced cycles.
 */
export function formatTimeSplit(modes: readonly ModeSummary[]): string {
  const names = orderCalls(modes.flatMap((m) => m.traced.calls));
  const width = 24;
  const cell = 28;
  const last = modes[modes.length - 1]!;
  const lines = [
    `${"".padEnd(width)}${modes.map((m) => `${m.label} (traced)`.padStart(cell)).join("")}`,
    `${"per cycle".padEnd(width)}${modes.map(() => `${"calls".padStart(6)}${"ms".padStart(8)}${"%".padStart(5)}${"KB".padStart(7)}`.padStart(cell)).join("")}   inside, ${last.label}: calls, ms with one in flight`,
  ];
  lines.push("-".repeat(lines[1]!.length + 30));
  const cellOf = (m: ModeSummary, msValue: number, bytes: number | undefined, calls: number | undefined): string => {
    const share = ((msValue * 1_000) / m.traced.latency.mean) * 100;
    const count = calls === undefined ? "" : num(calls, calls % 1 === 0 ? 0 : 1);
    return `${count.padStart(6)}${num(msValue, 2).padStart(8)}${`${num(share, 0)}%`.padStart(5)}${(bytes === undefined ? "" : num(bytes / 1_024, 1)).padStart(7)}`.padStart(cell);
  };
  for (const name of names) {
    const cells = modes.map((m) => {
      const c = m.traced.calls.find((x) => x.name === name);
      return c ? cellOf(m, c.ms, c.bytes, c.calls) : "-".padStart(cell);
    });
    const lastCall = last.traced.calls.find((x) => x.name === name);
    lines.push(`${name.padEnd(width)}${cells.join("")}   ${lastCall ? inside(lastCall) : ""}`);
  }
  lines.push(`${"controller's own work".padEnd(width)}${modes.map((m) => cellOf(m, m.traced.ownMs, undefined, undefined)).join("")}   waiting on no call: bookkeeping, encoding, event loop`);
  lines.push(`${"cycle (mean)".padEnd(width)}${modes.map((m) => cellOf(m, m.traced.latency.mean / 1_000, undefined, undefined)).join("")}   untraced mean: ${modes.map((m) => `${m.label} ${ms(m.latency.mean)}`).join(", ")} ms`);
  lines.push("", "CycleFinished.phase_ms, mean over the measured (untraced) cycles; whole ms per phase and cycle, so sub-ms phases read low:");
  const phases = [...new Set(modes.flatMap((m) => [...m.phaseMs.keys()]))];
  lines.push(`${"".padEnd(12)}${phases.map((p) => p.padStart(9)).join("")}${"sum".padStart(9)}${"duration".padStart(10)}`);
  for (const m of modes) {
    const values = phases.map((p) => m.phaseMs.get(p) ?? 0);
    lines.push(`${m.label.padEnd(12)}${values.map((v) => num(v, 2).padStart(9)).join("")}${num(values.reduce((a, b) => a + b, 0), 2).padStart(9)}${num(m.durationMs, 2).padStart(10)}`);
  }
  return lines.join("\n");
}

function inside(call: CallTime): string {
  return call.inside
    .slice(0, 4)
    .map((i) => `${i.name} ${num(i.calls, i.calls % 1 === 0 ? 0 : 1)}x ${num(i.ms, 2)}`)
    .join(", ");
}

/** The controller's calls in cycle order, then anything else by time. */
function orderCalls(calls: readonly CallTime[]): string[] {
  const order = ["Observe.Observe", "Orient.Orient", "Decide.GeneratePlan", "Decide.Decide", "Act.Act", "Memory.Remember", "Memory.RecordProvenance", "Orient.Mutate", "Memory.Consolidate", "Memory.SaveSession", "events"];
  const names = [...new Set(calls.map((c) => c.name))];
  const rank = (n: string): number => (order.includes(n) ? order.indexOf(n) : order.length - 1);
  return names.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * The round trips of one traced cycle in order: the controller's calls, the
 * calls their handlers made in brackets, concurrent ones joined with `|`,
 * events as `^kind`, calls that outlived their caller (not waited for) as
 * `~name`; the services' own NATS requests left out.
 */
export function formatSequence(ops: readonly Op[]): string {
  const ids = new Set(ops.map((o) => o.id));
  const byId = new Map(ops.map((o) => [o.id, o]));
  const render = (list: readonly Op[]): string =>
    waves(list.filter((o) => o.kind !== "nats"))
      .map((wave) =>
        wave
          .map((o) => {
            const inner = render(ops.filter((c) => c.parent === o.id));
            const caller = o.parent === undefined ? undefined : byId.get(o.parent);
            const mark = o.kind === "event" ? "^" : caller && outlived(o, caller.end) ? "~" : "";
            return `${mark}${o.name}${inner ? ` [${inner}]` : ""}`;
          })
          .join(" | "),
      )
      .join(" > ");
  return render(ops.filter((o) => o.parent === undefined || !ids.has(o.parent)));
}
