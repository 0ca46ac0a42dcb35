import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { createClient } from "@boyd/bus";
import { AnswerKind, ApprovalMode, GoalStatus, IngestFormat, OrientServiceDefinition, type Goal } from "@boyd/proto";
import { startStack } from "@boyd/stack";
import type { LabelledGoal, Suite } from "./suite.js";

/** What one goal's run came to. */
export interface GoalOutcome {
  readonly goal: LabelledGoal;
  readonly completed: boolean;
  /** The agent's best answer: a symbol id, or yes/no/unknown; "" when it has none. */
  readonly top: string;
  readonly cycles: number;
  /** Cycles up to the one that completed the goal (0 when it did not). */
  readonly cyclesToAnswer: number;
  /** Facts the agent wrote into the graph during the run. */
  readonly fabricated: readonly string[];
  readonly proof: string;
  readonly ms: number;
}

/**
 * Settings of every suite agent: a few cycles (a lookup needs one), a
 * stall threshold that lets the agent try several tools before it gives
 * up, and cautious approvals, so a write the agent chose would really
 * happen and be counted as fabricated rather than wait for a person.
 * Nobody answers the agent's questions here, so a tool may take 2 s at
 * most (a question to the user would otherwise wait two minutes).
 */
export const SUITE_AGENT_CONFIG = {
  maxCycles: 8,
  defaultStallThreshold: 4,
  confirmSideEffectPlans: false,
  approvalMode: ApprovalMode.CAUTIOUS,
  approvalTimeoutMs: 500,
  toolTimeoutMs: 2_000,
};

/**
 * Runs every goal of a suite, each on a fresh agent, on one embedded stack
 * whose graph holds the suite's knowledge (ingested once).
 */
export async function runSuite(suite: Suite, onGoal: (o: GoalOutcome) => void = () => {}): Promise<GoalOutcome[]> {
  const dataDir = await mkdtemp(join(tmpdir(), "boyd-bench-agent-"));
  const stack = await startStack({ dataDir, onError: () => {} });
  try {
    const orient = createClient(stack.transport, OrientServiceDefinition, { timeoutMs: 60_000 });
    const source = relative(process.cwd(), suite.kbPath);
    const ingested = await orient.ingest({ agentId: "bench", format: IngestFormat.CSV, source: { $case: "content", value: await readFile(suite.kbPath) }, sourceLabel: source });
    if (ingested.errors.length > 0) throw new Error(`${suite.kbPath}: ${ingested.errors.map((e) => `line ${e.line}: ${e.message}`).join("; ")}`);
    const out: GoalOutcome[] = [];
    for (const goal of suite.goals) {
      const outcome = await runGoal(stack, orient, goal);
      out.push(outcome);
      onGoal(outcome);
    }
    return out;
  } finally {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

type Stack = Awaited<ReturnType<typeof startStack>>;
type Orient = ReturnType<typeof createClient<typeof OrientServiceDefinition>>;

async function runGoal(stack: Stack, orient: Orient, goal: LabelledGoal): Promise<GoalOutcome> {
  const agentId = `suite-${goal.id}`;
  const started = Date.now();
  await stack.agents.createAgent({ agentId, fresh: true, config: SUITE_AGENT_CONFIG, goals: [{ description: goal.goal, successCriteria: goal.criteria, blockedBy: [] }] });
  const { report } = await stack.agents.run({ agentId, maxCycles: SUITE_AGENT_CONFIG.maxCycles });
  const ms = Date.now() - started;
  const root = report?.goals.find((g) => !g.parentId) ?? report?.goals[0];
  const completed = root?.status === GoalStatus.COMPLETED;
  const written = await orient.query({ agentId: "bench", subject: "", predicate: "", object: "", termsAreLabels: false, minConfidence: 0, limit: 10_000, pageToken: "" });
  const fabricated = written.triples.filter((t) => t.source.startsWith(`agent:${agentId}:`) || t.source === `mutate:${agentId}`).map((t) => `${t.subject} ${t.predicate} ${t.object}`);
  return {
    goal,
    completed,
    top: topAnswer(root),
    cycles: Number(report?.cyclesRun ?? 0),
    cyclesToAnswer: completed ? Number(root?.progress?.cycle ?? report?.finalCycle ?? 0) : 0,
    fabricated,
    proof: root?.proof?.summary ?? "",
    ms,
  };
}

function topAnswer(goal: Goal | undefined): string {
  const a = goal?.answers;
  if (!a) return "";
  if (a.kind === AnswerKind.YES) return "yes";
  if (a.kind === AnswerKind.NO) return "no";
  if (a.kind === AnswerKind.UNKNOWN) return "unknown";
  return a.answers[0]?.symbolId ?? "";
}
