import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type NatsTransport } from "@boyd/bus";
import { ApprovalMode, IngestFormat, OrientServiceDefinition, StopReason } from "@boyd/proto";
import { startStack, type Stack } from "@boyd/stack";
import type { CycleTrace, CycleTracer } from "./tracer.js";

/** The agent every mode runs. */
export const AGENT_ID = "bench-cycle";

/** The example knowledge, ingested into each stack's graph through OrientService.Ingest. */
export const KNOWLEDGE_FILE = new URL("../../../examples/solar-system.csv", import.meta.url);

/**
 * A goal about the example graph whose success criteria name words the graph
 * does not hold, so progress stays at zero and the goal never completes:
 * every cycle observes, orients, decides, acts and records.
 */
export const GOAL = { description: "Identify the moons that orbit jupiter", successCriteria: "zorbium quasar flux", stallThreshold: 1_000 };

/**
 * Settings that keep the cycles in a steady state without stopping anything
 * the loop does. One plan (max_backtrack_attempts 1): the first plan's steps
 * run during the warm-up, then decide picks freely every cycle and no
 * GeneratePlan is made. Stall threshold 1000: the goal is not split into
 * sub-goals. Reflection stays on (every 5 cycles, the default), with
 * stagnation and abandonment pushed out of reach so it does not demote,
 * split or drop the goal. Cautious approvals: reads and reversible writes run
 * without asking (kg_mutate would otherwise wait for a person). Side-effect
 * plans are not confirmed: the confirmation is a question to a person.
 */
export const AGENT_CONFIG = {
  maxCycles: 1_000,
  iterationBudget: 100_000,
  defaultStallThreshold: 1_000,
  maxBacktrackAttempts: 1,
  confirmSideEffectPlans: false,
  approvalMode: ApprovalMode.CAUTIOUS,
  reflection: { stagnationThreshold: 1_000, abandonAfterCycles: 1_000 },
};

/** One running stack with the benchmark's agent. */
export interface Mode {
  readonly label: string;
  readonly stack: Stack;
  /** Triples the example added to this stack's graph. */
  readonly triples: number;
  /** Runs `cycles` cycles in one AgentService.Run and returns them as the tracer saw them. */
  run(cycles: number): Promise<CycleTrace[]>;
  /** Makes `agents` other agents with the same goal and runs `cycles` cycles of each, one after another: a process that has been at work. */
  warmProcess(agents: number, cycles: number): Promise<void>;
  stop(): Promise<void>;
}

/** Options of {@link startMode}. */
export interface ModeOptions {
  readonly label: string;
  readonly tracer: CycleTracer;
  /** NATS server: distributed mode; else embedded. */
  readonly nats?: string;
  readonly neo4j?: string;
}

/**
 * Starts a stack (embedded, or distributed when `nats` is given), attaches
 * the tracer to its event channel and NATS connection, loads the example
 * knowledge and creates the agent.
 */
export async function startMode(options: ModeOptions): Promise<Mode> {
  const { label, tracer } = options;
  const dataDir = await mkdtemp(join(tmpdir(), "boyd-bench-cycle-"));
  const stack = await startStack({
    dataDir,
    ...(options.nats ? { nats: options.nats } : {}),
    ...(options.neo4j ? { neo4j: { uri: options.neo4j } } : {}),
    onError: (err, where) => process.stderr.write(`${label} stack, ${where}: ${err instanceof Error ? err.message : String(err)}\n`),
  });
  const stop = async (): Promise<void> => {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  let triples: number;
  try {
    tracer.attachEvents(stack.events);
    if (options.nats) tracer.attachConnection((stack.transport as NatsTransport).connection);
    const orient = createClient(stack.transport, OrientServiceDefinition, { timeoutMs: 60_000 });
    const ingested = await orient.ingest({ agentId: AGENT_ID, format: IngestFormat.CSV, source: { $case: "content", value: await readFile(KNOWLEDGE_FILE) } });
    if (!ingested.committed || ingested.errors.length > 0) throw new Error(`${label}: ingest of ${KNOWLEDGE_FILE.pathname} failed: ${JSON.stringify(ingested.errors.slice(0, 3))}`);
    triples = ingested.triplesAdded;
    await stack.agents.createAgent({ agentId: AGENT_ID, config: AGENT_CONFIG, goals: [GOAL] });
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    label,
    stack,
    triples,
    async run(cycles) {
      const traces: CycleTrace[] = [];
      tracer.collect((t) => traces.push(t));
      try {
        const { report } = await stack.agents.run({ agentId: AGENT_ID, maxCycles: cycles });
        // The goal must not finish or fail: a run that stops early benchmarks something else.
        if (!report || report.cyclesRun !== cycles || report.stopReason !== StopReason.MAX_CYCLES) {
          throw new Error(`${label}: the run stopped after ${report?.cyclesRun ?? 0} of ${cycles} cycles: ${StopReason[report?.stopReason ?? 0]} ${report?.message ?? ""}`);
        }
      } finally {
        tracer.collect(undefined);
      }
      if (traces.length !== cycles) throw new Error(`${label}: saw ${traces.length} cycle.finished events for ${cycles} cycles`);
      return traces;
    },
    async warmProcess(agents, cycles) {
      for (let k = 0; k < agents; k++) {
        const agentId = `${AGENT_ID}-warm-${k}`;
        await stack.agents.createAgent({ agentId, config: AGENT_CONFIG, goals: [GOAL] });
        const { report } = await stack.agents.run({ agentId, maxCycles: cycles });
        if (Number(report?.cyclesRun) !== cycles) throw new Error(`${label}: warm-up agent ${agentId} ran ${report?.cyclesRun ?? 0} of ${cycles} cycles`);
      }
    },
    stop,
  };
}
