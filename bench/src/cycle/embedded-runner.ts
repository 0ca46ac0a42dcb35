/**
 * One embedded-mode measurement in a fresh process, run by bench:cycle
 * for the code under test and for a baseline revision alike (a copy of
 * this file is run inside the baseline's tree, so it uses only what both
 * have: startMode, the tracer, summarize). Fresh agents, one after
 * another in this one process, each runs WARMUP + CYCLES cycles of the
 * bench's workload; printed, as one JSON line, are each agent's p50 over
 * its last CYCLES cycles and its CPU per cycle. The first agent is what a
 * new process gives; the last, what a process that has run agents for a
 * while gives (its JIT and heap settled).
 *
 *   node --import tsx bench/src/cycle/embedded-runner.ts <agents> <warmup> <cycles>
 */
import { CycleTracer } from "./tracer.js";
import { AGENT_CONFIG, GOAL, startMode } from "./workload.js";
import { summarize } from "../stats.js";

/** What the runner prints: per agent, in the order they ran. */
export interface RunnerResult {
  readonly agents: readonly { readonly p50Us: number; readonly cpuMsPerCycle: number }[];
}

const [agents, warmup, cycles] = process.argv.slice(2).map(Number) as [number, number, number];
const tracer = new CycleTracer();
tracer.install();
const mode = await startMode({ label: "embedded", tracer });
const result: { p50Us: number; cpuMsPerCycle: number }[] = [];
try {
  for (let k = 0; k < agents; k++) {
    const agentId = `bench-runner-${k}`;
    await mode.stack.agents.createAgent({ agentId, config: AGENT_CONFIG, goals: [GOAL] });
    const times: number[] = [];
    tracer.collect((t) => times.push((t.end - t.start) * 1_000));
    await mode.stack.agents.run({ agentId, maxCycles: warmup });
    times.length = 0;
    const cpu = process.cpuUsage();
    const { report } = await mode.stack.agents.run({ agentId, maxCycles: cycles });
    const spent = process.cpuUsage(cpu);
    tracer.collect(undefined);
    if (Number(report?.cyclesRun) !== cycles || times.length !== cycles) throw new Error(`agent ${agentId} ran ${report?.cyclesRun} of ${cycles} cycles (${times.length} seen)`);
    result.push({ p50Us: summarize(times).p50, cpuMsPerCycle: (spent.user + spent.system) / 1_000 / cycles });
  }
} finally {
  await mode.stop();
  tracer.uninstall();
}
process.stdout.write(`${JSON.stringify({ agents: result } satisfies RunnerResult)}\n`);
