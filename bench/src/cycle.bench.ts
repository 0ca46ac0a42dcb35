/**
 * `pnpm bench:cycle`: cycles per second and cycle latency of a whole Boyd
 * (@boyd/stack) in embedded mode (in-process transport, file stores) and in
 * distributed mode (a nats-server this script starts, JetStream KV state and
 * events), against the floor of the same run: the hops a cycle makes times a
 * raw nats.js round trip on the same server. One agent per mode with a goal
 * that never converges, so every cycle does the full work. Latency is timed
 * from `cycle.started` to the acknowledged `cycle.finished`, untraced; hops
 * and the time split come from separate traced cycles. Exits 0 whatever the
 * numbers, non-zero only if something fails.
 *
 *   pnpm bench:cycle
 *   BENCH_CYCLES=150   measured cycles per mode, in BENCH_ROUNDS rounds (5) alternating the modes
 *   BENCH_WARMUP=40    cycles per mode before measuring
 *   BENCH_TRACED=40    traced cycles per mode (hops, time split)
 *   BENCH_RAW=2000     raw nats.js round trips, spread over the rounds
 *   BENCH_NEO4J=1      the distributed graph in Neo4j (started here) instead of the embedded store
 *   BENCH_WARM_AGENTS=4  agents each mode's process runs before the measured one (a process at work, not a new one)
 *   BENCH_BASELINE_RUNS=3   fresh processes of each code in that comparison, alternating
 *   BENCH_BASELINE=eedffc5  revision whose embedded cycle this code is compared with in this run (checked out
 *                      once under .cache/bench-baseline/ with its dependencies); "none" to skip
 */
import os from "node:os";
import { startNats, startNeo4j } from "@boyd/testkit";
import { split } from "./config.js";
import { AGENT_LIFE_CYCLES, cyclesPerRound, parseCycleConfig } from "./cycle/config.js";
import { RAW_PAYLOAD_BYTES, startRawEcho } from "./cycle/raw-echo.js";
import { baselineTree, runEmbedded } from "./cycle/baseline.js";
import { formatByTool, formatCpu, formatEmbeddedComparison, formatResults, formatSequence, formatTimeSplit, formatWorkload, type EmbeddedComparison } from "./cycle/report.js";
import { summarizeMode } from "./cycle/summary.js";
import { cpuSpent, CpuTally, natsServerPid, sampleCpu, type ChildProcessRef } from "./cycle/cpu.js";
import { CycleTracer, type CycleTrace } from "./cycle/tracer.js";
import { AGENT_CONFIG, GOAL, KNOWLEDGE_FILE, startMode, type Mode } from "./cycle/workload.js";
import { sequential } from "./measure.js";
import { summarize } from "./stats.js";

async function main(): Promise<void> {
  const config = parseCycleConfig(process.env);
  const began = Date.now();
  const say = (line: string): boolean => process.stdout.write(`${line}\n`);
  say(
    `@boyd/stack cycle benchmark: node ${process.version}, ${os.cpus().length} CPUs\n` +
      `per mode: ${config.warmup} warm-up, ${config.cycles} measured cycles in ${config.rounds} rounds alternating the modes, then ${config.traced} traced cycles (agent life ${AGENT_LIFE_CYCLES})\n` +
      `agent: goal "${GOAL.description}", success criteria "${GOAL.successCriteria}" (words absent from the graph: it never converges), ` +
      `max_backtrack_attempts ${AGENT_CONFIG.maxBacktrackAttempts} (one plan, then decide alone), reflection every 5 cycles, stall threshold ${GOAL.stallThreshold}\n` +
      `graph: ${KNOWLEDGE_FILE.pathname.split("/").slice(-2).join("/")} ingested through OrientService.Ingest; embedded store in embedded mode, ` +
      `${config.neo4j ? "Neo4j (its Bolt round trips are not counted as hops)" : "embedded store"} in distributed mode\n`,
  );

  const comparison = config.baseline ? await compareEmbedded(config.baseline, config.baselineRuns, config.warmAgents + 1, config.warmup, config.cycles, say) : undefined;

  const tracer = new CycleTracer();
  tracer.install();
  const cleanups: (() => Promise<unknown>)[] = [async () => tracer.uninstall()];
  try {
    const [nats, neo4j] = await Promise.all([startNats({ jetstream: true }), config.neo4j ? startNeo4j() : Promise.resolve(undefined)]);
    cleanups.push(() => nats.dispose());
    if (neo4j) cleanups.push(() => neo4j.dispose());
    const embedded = await startMode({ label: "embedded", tracer });
    cleanups.push(() => embedded.stop());
    const distributed = await startMode({ label: neo4j ? "distributed+neo4j" : "distributed", tracer, nats: nats.url, ...(neo4j ? { neo4j: neo4j.uri } : {}) });
    cleanups.push(() => distributed.stop());
    const raw = await startRawEcho(nats.url);
    cleanups.push(() => raw.close());
    const modes = [embedded, distributed] as const;
    say(`started in ${((Date.now() - began) / 1000).toFixed(1)} s; ${embedded.triples} triples in each graph\n`);

    for (const mode of modes) await mode.warmProcess(config.warmAgents, config.warmup + config.cycles);
    if (config.warmAgents > 0) say(`each mode's process ran ${config.warmAgents} agents of ${config.warmup + config.cycles} cycles before the measured one`);
    for (const mode of modes) await mode.run(config.warmup);
    await sequential(raw.call, 500, []);

    const rounds = new Map<Mode, CycleTrace[][]>(modes.map((m) => [m, []]));
    // CPU of every process a mode's cycles run in: this one (both stacks live here; the other one idles),
    // and for distributed mode the nats-server too.
    const natsChild: ChildProcessRef = { name: "nats-server", pid: natsServerPid(nats.dir) };
    const cpu = new Map<Mode, { tally: CpuTally; children: ChildProcessRef[] }>([
      [embedded, { tally: new CpuTally(), children: [] }],
      [distributed, { tally: new CpuTally(), children: [natsChild] }],
    ]);
    const rawSamples: number[] = [];
    const rawPerRound = split(config.raw, config.rounds);
    for (const [i, n] of cyclesPerRound(config).entries()) {
      // ABBA: drift in machine load lands on both modes alike.
      const order = i % 2 === 0 ? modes : ([...modes].reverse() as unknown as typeof modes);
      const p50s: string[] = [];
      for (const mode of order) {
        const { tally, children } = cpu.get(mode)!;
        const cpuBefore = sampleCpu(children);
        const traces = await mode.run(n);
        tally.add(cpuSpent(cpuBefore, sampleCpu(children)), n);
        rounds.get(mode)!.push(traces);
        p50s.push(`${mode.label} p50 ${(summarize(traces.map((t) => (t.end - t.start) * 1_000)).p50 / 1_000).toFixed(2)} ms`);
      }
      const before = rawSamples.length;
      await sequential(raw.call, rawPerRound[i]!, rawSamples);
      p50s.push(`raw p50 ${summarize(rawSamples.slice(before)).p50.toFixed(1)} µs`);
      say(`round ${i + 1}/${config.rounds}: ${n} cycles per mode; ${p50s.join(", ")}`);
    }

    tracer.trace(true);
    const traced = new Map<Mode, CycleTrace[]>();
    for (const mode of modes) traced.set(mode, await mode.run(config.traced));
    tracer.trace(false);

    const e = summarizeMode(embedded.label, rounds.get(embedded)!, traced.get(embedded)!, false);
    const d = summarizeMode(distributed.label, rounds.get(distributed)!, traced.get(distributed)!, true);
    const rawSummary = summarize(rawSamples);
    say("");
    say(formatResults(e, d, rawSummary));
    say(formatCpu(cpu.get(embedded)!.tally, cpu.get(distributed)!.tally));
    if (comparison) say(formatEmbeddedComparison(comparison, config.warmup, config.cycles));
    say(`(raw: ${RAW_PAYLOAD_BYTES} B request and reply, responder and requester on their own connections in this process; hops are the median traced cycle's round trips in sequence)`);
    say("");
    say(formatWorkload([e, d], config.cycles));
    say("");
    say(formatByTool([e, d]));
    say(`\nround trips of one traced ${distributed.label} cycle per tool (> in sequence, | at once, [made by the handler], ~ not waited for, ^event; KV and stream requests left out):`);
    const seen = new Set<string>();
    for (const t of traced.get(distributed)!) {
      const tool = t.finished.kind?.$case === "cycleFinished" ? t.finished.kind.value.toolName : "";
      if (seen.has(tool)) continue;
      seen.add(tool);
      say(`  ${tool || "(no tool)"}: ${formatSequence(t.ops)}`);
    }
    say("");
    say(formatTimeSplit([e, d]));
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
  say(`\ntotal ${((Date.now() - began) / 1000).toFixed(1)} s`);
}

/**
 * The embedded cycle of this code and of `baseline`, each run in fresh
 * processes alternating (baseline, this, baseline, this...; `runs` of each),
 * so drift in the machine's load lands on both.
 */
async function compareEmbedded(baseline: string, runCount: number, agents: number, warmup: number, cycles: number, say: (line: string) => boolean): Promise<EmbeddedComparison> {
  say(`preparing ${baseline} under .cache/bench-baseline/ (once: git archive, pnpm install)...`);
  const tree = await baselineTree(baseline);
  const here = new URL("../../", import.meta.url).pathname;
  const runs: EmbeddedComparison["runs"][number][] = [];
  const order = Array.from({ length: runCount }, () => ["baseline", "this"] as const).flat();
  for (const code of order) {
    const result = await runEmbedded(code === "this" ? here : tree, agents, warmup, cycles);
    runs.push({ code, result });
    say(`embedded, ${code === "this" ? "this code" : baseline}: p50 per agent ${result.agents.map((a) => (a.p50Us / 1_000).toFixed(2)).join(" ")} ms`);
  }
  return { baseline, runs };
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
