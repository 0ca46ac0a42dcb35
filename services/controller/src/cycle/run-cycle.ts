import {
  ActionOutcome,
  ApprovalVerdict,
  DerivationKind,
  GoalSource,
  GoalStatus,
  PlanChangeKind,
  PlanStatus,
  StepStatus,
  StopReason,
  WorkingMemoryKind,
  type ActionResult,
  type CycleReport,
  type Decision,
  type EpisodicEntry,
  type Triple,
  type Goal,
  type GoalChanged,
  type GoalProgress,
  type Observation,
  type Orientation,
  type Plan,
  type PlanChanged,
  type SessionState,
  type ToolDescriptor,
  type WorkingMemoryEntry,
} from "@boyd/proto";
import { inSpan, traceCycle, type SpanHandle } from "@boyd/telemetry";
import { addGoal, allDone, decomposeGoal, detectStall, evaluateProgress, focusGoal, getGoal, recordProgress, setStatus, settleParents } from "../goals/index.js";
import { resolveAgentConfig, type ResolvedAgentConfig } from "./agent-config.js";
import { dueJobs, jobFromResult } from "./jobs.js";
import { Narrator } from "./narrator.js";
import { planOf, recordStepResult, usedTools, withPlan } from "./plans.js";
import type { CyclePorts } from "./ports.js";
import { workingEntry } from "./working-entry.js";
import { classifyResult, retryInput, withRecovery, type RetryPolicy } from "./recovery.js";
import { reflectNow } from "./reflection.js";

/** An agent's durable state with the version it was read at. */
export interface AgentSession {
  readonly state: SessionState;
  readonly version: number;
}

/** Options of one cycle. */
export interface CycleOptions {
  /** The act service's catalog (budgets, psyche evolution, decide's candidates). */
  readonly catalog: readonly ToolDescriptor[];
  /** Time allowed to each service call of a phase, ms. @default 30000 */
  readonly phaseTimeoutMs?: number;
  /** W3C trace id shared by the cycle's events. @default the cycle's own trace */
  readonly traceId?: string;
  /** Cycles left in the current run (1 = this is the run's last). */
  readonly cyclesLeftInRun?: number;
}

/** What a cycle produced. */
export interface CycleOutcome {
  readonly session: AgentSession;
  readonly report: CycleReport;
}


/**
 * Runs one cycle of an agent: fire due jobs, settle parents, observe,
 * orient, plan, decide, act (with recovery per error class), evaluate
 * progress, update the plan (fallback, backtrack), detect stalls and
 * decompose, reflect every N cycles, remember, persist, and narrate every
 * phase as an event. The session is saved with optimistic concurrency: a
 * controller that lost the agent to another gets ABORTED and saves nothing.
 *
 * Each cycle is its own trace: a root span `cycle` with a child span per
 * phase, under which every service call nests; its events carry the trace
 * id (and, on the wire, the traceparent).
 */
export async function runCycle(session: AgentSession, ports: CyclePorts, options: CycleOptions): Promise<CycleOutcome> {
  return traceCycle(session.state.agentId, Number(session.state.cycleCount) + 1, async (span) => {
    const outcome = await cycleBody(span, session, ports, options);
    span.setAttribute("boyd.stop_reason", StopReason[outcome.report.stopReason] ?? String(outcome.report.stopReason));
    if (outcome.report.result) span.setAttribute("boyd.tool", outcome.report.result.toolName);
    return outcome;
  });
}

/** The cycle itself, run inside its span. */
async function cycleBody(span: SpanHandle, session: AgentSession, ports: CyclePorts, options: CycleOptions): Promise<CycleOutcome> {
  const started = ports.now();
  const cfg = resolveAgentConfig(session.state.config);
  const agentId = session.state.agentId;
  const cycle = Number(session.state.cycleCount) + 1;
  const warnings: string[] = [];
  const phaseMs: Record<string, number> = {};
  const traceId = options.traceId ?? span.traceId;
  const narrator = new Narrator(ports, agentId, cycle, traceId, (m) => warnings.push(m));
  const phaseTimeout = options.phaseTimeoutMs ?? 30_000;
  // Three attempts fit in a phase: one lost with a killed service, one to its replacement, one spare.
  const policy = (): RetryPolicy => ({ deadline: ports.now() + phaseTimeout, attemptMs: phaseTimeout / 3, onRetry: (m) => warnings.push(m) });
  // Each phase is timed for the cycle report and traced as a span of the cycle.
  const timed = <T>(phase: string, work: () => Promise<T>): Promise<T> =>
    inSpan(phase, async () => {
      const t = ports.now();
      try {
        return await work();
      } finally {
        phaseMs[phase] = (phaseMs[phase] ?? 0) + (ports.now() - t);
      }
    }, PHASE_ATTRIBUTES[phase]);

  let state: SessionState = { ...session.state, cycleCount: cycle };
  let goals = [...state.goals];
  let plans = [...state.plans];
  const goalEvents: GoalChanged[] = [];
  const planEvents: PlanChanged[] = [];
  const now = ports.now();

  // Scheduled jobs whose time has come become goals.
  const jobs = dueJobs(state.jobs, now);
  for (const job of jobs.due) {
    const update = addGoal(goals, { description: job.goalDescription, successCriteria: job.successCriteria || undefined, priority: job.priority || undefined, source: GoalSource.USER, symbolId: `goal:job:${job.id}:${cycle}` }, { cycle, nowUnixMs: now, agent: state.config });
    goals = update.goals;
    if (update.change) goalEvents.push({ ...update.change, reason: `scheduled job ${job.id} fired` });
  }
  state = { ...state, jobs: jobs.jobs };
  // Parents whose children have finished resume (or fail).
  const settled = settleParents(goals, { cycle });
  goals = settled.goals;
  goalEvents.push(...settled.changes);

  await narrator.emit({ $case: "cycleStarted", value: { activeGoalIds: goals.filter((g) => g.status === GoalStatus.ACTIVE).map((g) => g.symbolId), maxCycles: cfg.maxCycles } });
  for (const c of goalEvents.splice(0)) await narrator.emit({ $case: "goalChanged", value: c });

  // Observe.
  const observation: Observation = await timed("observe", async () => {
    const { observation } = await withRecovery("observe", policy(), (deadline) =>
      ports.observe.observe({ agentId, cycle, goals, recentLimit: 20, episodeTopK: cfg.episodeRecallTopK }, { deadline, agentId }),
    );
    if (!observation) throw new Error("observe returned no observation");
    return observation;
  });
  await narrator.emit({ $case: "observed", value: { observation } });

  // Orient.
  const orientation: Orientation = await timed("orient", async () => {
    const { orientation } = await withRecovery("orient", policy(), (deadline) =>
      ports.orient.orient({ agentId, observation, activation: { maxDepth: cfg.activationMaxDepth, topK: cfg.activationTopK } }, { deadline, agentId }),
    );
    if (!orientation) throw new Error("orient returned no orientation");
    return orientation;
  });
  await narrator.emit({ $case: "oriented", value: { orientation } });

  const focus = focusGoal(goals);
  let decision: Decision | undefined;
  let result: ActionResult | undefined;
  let plan: Plan | undefined;
  const progress: GoalProgress[] = [];

  if (focus) {
    // Plan: the goal's active plan, or a new one (the next attempt after a finished one).
    plan = await timed("plan", async () => {
      const current = planOf(plans, focus.symbolId);
      if (current && current.status === PlanStatus.ACTIVE) return current;
      const attempt = current ? current.attempt + 1 : 0;
      if (attempt >= cfg.maxBacktrackAttempts) return current;
      const { plan: fresh } = await withRecovery("plan", policy(), (deadline) =>
        ports.decide.generatePlan({ agentId, goal: focus, attempt, orientation, usedTools: usedTools(current), tools: [...options.catalog] }, { deadline, agentId }),
      );
      if (!fresh) return current;
      planEvents.push({ plan: fresh, change: PlanChangeKind.CREATED });
      return fresh;
    });
    if (plan && plan.status === PlanStatus.ACTIVE && cfg.confirmSideEffectPlans && !plan.confirmed && plan.steps.some((s) => s.hasSideEffects && s.status === StepStatus.PENDING)) {
      plan = await timed("plan", () => confirmPlan(agentId, plan!, focus, cycle, ports, cfg, planEvents, warnings));
    }
    if (plan) plans = withPlan(plans, plan);
    for (const c of planEvents.splice(0)) await narrator.emit({ $case: "planChanged", value: c });

    // Decide, over the catalog minus the tools whose budget is spent.
    const { tools, exhausted } = withinBudget(options.catalog, state, cfg, warnings);
    decision = await timed("decide", async () => {
      const { decision } = await withRecovery("decide", policy(), (deadline) =>
        ports.decide.decide(
          { agentId, orientation, history: observation.recentEntries, plan: plan?.status === PlanStatus.ACTIVE ? plan : undefined, psyche: state.psyche, tools },
          { deadline, agentId },
        ),
      );
      return decision;
    });
    if (decision) await narrator.emit({ $case: "decided", value: { decision } });
    if (exhausted.length) warnings.push(`tool budget spent: ${exhausted.join(", ")}`);

    // Act, with recovery per error class.
    if (decision?.call?.toolName) {
      result = await timed("act", () => actWithRecovery(decision!, state, ports, cfg, options.catalog, warnings));
      await narrator.emit({ $case: "acted", value: { result } });
      state = countCall(state, result, decision.goalId, cfg, warnings);
      const job = jobFromResult(result);
      if (job && !state.jobs.some((j) => j.id === job.id)) state = { ...state, jobs: [...state.jobs, job] };
      const key = result.approval?.verdict === ApprovalVerdict.APPROVE_ALL_SIMILAR ? result.approvalRequest?.similarityKey : undefined;
      if (key && !state.approvedSimilarityKeys.includes(key)) state = { ...state, approvedSimilarityKeys: [...state.approvedSimilarityKeys, key] };
    }

    // Evaluate progress on the goal worked on.
    const worked = decision?.goalId ? (goals.find((g) => g.symbolId === decision!.goalId) ?? focus) : focus;
    if (worked.status === GoalStatus.ACTIVE) {
      const context = orientation.goals.find((c) => c.goalId === worked.symbolId);
      const ran = result ? classifyResult(result) : "ok";
      const sample = evaluateProgress({
        goal: worked,
        cycle,
        measure: cfg.measure,
        config: state.config?.control,
        evidence: {
          triples: context?.triples ?? [],
          toolOutput: result?.output?.success ? result.output.content : "",
          symbols: result?.output?.symbolsInvolved ?? [],
          toolSucceeded: result ? ran === "ok" : true,
        },
      });
      progress.push(sample);
      const update = recordProgress(goals, sample, { toolFailureFailsGoal: cfg.toolFailureFailsGoal });
      goals = update.goals;
      goalEvents.push(...update.changes);

      // The plan step the call served.
      if (plan && result && decision?.planStepIndex !== undefined && plan.status === PlanStatus.ACTIVE) {
        const ok = ran === "ok";
        const step = recordStepResult(plan, decision.planStepIndex, ok, ok ? "" : reasonOf(result));
        plan = step.plan;
        planEvents.push(...step.changes);
        if (step.verdict === "failed" && getGoal(goals, worked.symbolId).status === GoalStatus.ACTIVE) {
          // Backtrack: a new plan next cycle (attempt + 1) unless the attempts are spent.
          if (plan.attempt + 1 >= cfg.maxBacktrackAttempts) {
            const failed = setStatus(goals, worked.symbolId, GoalStatus.FAILED, `plan failed on attempt ${plan.attempt + 1} of ${cfg.maxBacktrackAttempts}: ${plan.failureReason}`);
            goals = failed.goals;
            if (failed.change) goalEvents.push(failed.change);
          } else {
            warnings.push(`backtracking on ${worked.symbolId}: ${plan.failureReason}; attempt ${plan.attempt + 2} next`);
          }
        }
        plans = withPlan(plans, plan);
      }
    }

    // Stalled goals are split into sub-goals.
    const current = goals.find((g) => g.symbolId === worked.symbolId);
    if (current?.status === GoalStatus.ACTIVE) {
      const verdict = detectStall(current, cycle, { agent: state.config });
      if (verdict.stalled) {
        const split = decomposeGoal(goals, current.symbolId, { cycle, nowUnixMs: ports.now(), reason: verdict.reason });
        if (split.ok) {
          goals = split.goals;
          goalEvents.push(...split.changes);
          await linkGoals(ports, agentId, split.links, warnings);
        } else if (split.code === "ALREADY_DECOMPOSED" || split.code === "MAX_DEPTH" || split.code === "SINGLE_PART" || split.code === "REPEATS_ANCESTOR") {
          const failed = setStatus(goals, current.symbolId, GoalStatus.FAILED, `${verdict.reason}; cannot decompose: ${split.reason}`);
          goals = failed.goals;
          if (failed.change) goalEvents.push(failed.change);
        }
      }
    }
  }
  // Parents whose last child just finished settle now, so a run that ends here ends settled.
  const after = settleParents(goals, { cycle });
  goals = after.goals;
  goalEvents.push(...after.changes);
  for (const c of planEvents.splice(0)) await narrator.emit({ $case: "planChanged", value: c });
  for (const c of goalEvents.splice(0)) await narrator.emit({ $case: "goalChanged", value: c });

  // Remember what the cycle saw and did.
  const remembered = await timed("record", () => remember(ports, agentId, cycle, observation, orientation, decision, result, cfg, warnings));
  if (decision?.call) await inSpan("record", () => recordProvenance(ports, agentId, cycle, decision!, warnings), PHASE_ATTRIBUTES["record"]);
  state = { ...state, goals, plans };

  // Reflection every N cycles.
  const reflection = await timed("reflect", () => reflectNow(state, ports, options.catalog, remembered.pressure, cycle, warnings));
  if (reflection) {
    state = reflection.state;
    for (const c of reflection.goalChanges) await narrator.emit({ $case: "goalChanged", value: c });
    await narrator.emit({ $case: "reflected", value: { report: reflection.report } });
  }

  // Stop conditions, then persist.
  const stopReason = stopReasonOf(state, cfg, options.cyclesLeftInRun);
  state = { ...state, lastStopReason: stopReason || state.lastStopReason, updatedAtUnixMs: ports.now() };
  const saved = await timed("persist", () =>
    withRecovery("save session", policy(), (deadline) => ports.memory.saveSession({ state, expectedVersion: session.version }, { deadline, agentId })),
  );
  const duration = ports.now() - started;
  const changedGoals = state.goals.filter((g) => !session.state.goals.some((b) => b.symbolId === g.symbolId && b.status === g.status && b.priority === g.priority));
  const consolidated = [...(remembered.consolidated ?? []), ...(reflection?.consolidated ?? [])];
  await narrator.emit({
    $case: "cycleFinished",
    value: {
      toolName: result?.toolName ?? "",
      outcome: result?.outcome ?? ActionOutcome.UNSPECIFIED,
      progress,
      workingMemorySize: remembered.size,
      memoryPressure: remembered.pressure,
      sessionVersion: saved.version,
      durationMs: duration,
      stopReason,
      warnings,
      phaseMs,
    },
  });
  const report: CycleReport = {
    cycle,
    decision,
    result,
    progress,
    changedGoals,
    reflection: reflection?.report,
    consolidated,
    stopReason,
    durationMs: duration,
    warnings,
    phaseMs,
    plan: focus ? planOf(state.plans, decision?.goalId || focus.symbolId) : undefined,
  };
  return { session: { state, version: Number(saved.version) }, report };
}

// One attribute object per phase, made once: spans of every cycle share them.
const PHASE_ATTRIBUTES: Readonly<Record<string, { "boyd.phase": string }>> = Object.fromEntries(
  ["observe", "orient", "plan", "decide", "act", "record", "reflect", "persist"].map((p) => [p, { "boyd.phase": p }]),
);

/** Why a run stops after this cycle; UNSPECIFIED to go on. */
export function stopReasonOf(state: SessionState, cfg: ResolvedAgentConfig, cyclesLeftInRun: number | undefined): StopReason {
  if (allDone(state.goals) && !state.jobs.some((j) => j.enabled)) return StopReason.ALL_GOALS_DONE;
  if (Number(state.cycleCount) >= cfg.maxCycles) return StopReason.MAX_CYCLES;
  if (state.iterationCount >= cfg.iterationBudget) return StopReason.ITERATION_BUDGET;
  if (cyclesLeftInRun !== undefined && cyclesLeftInRun <= 1) return StopReason.MAX_CYCLES;
  return StopReason.UNSPECIFIED;
}

function reasonOf(result: ActionResult): string {
  return result.output?.error?.message || ActionOutcome[result.outcome] || "failed";
}

/** The catalog without tools whose per-run budget is spent; warns at the threshold. */
function withinBudget(catalog: readonly ToolDescriptor[], state: SessionState, cfg: ResolvedAgentConfig, warnings: string[]): { tools: ToolDescriptor[]; exhausted: string[] } {
  const exhausted: string[] = [];
  const tools = catalog.filter((t) => {
    const budget = cfg.toolCallBudgets[t.name] ?? t.callBudget;
    if (!budget) return true;
    const used = state.toolCallsUsed[t.name] ?? 0;
    if (used >= budget) {
      exhausted.push(t.name);
      return false;
    }
    return true;
  });
  if (tools.length === 0) warnings.push("every tool's budget is spent");
  return { tools: tools.length ? tools : [...catalog], exhausted };
}

/** Most tool runs the session keeps for reflection. */
const KEPT_TOOL_RUNS = 200;

function countCall(state: SessionState, result: ActionResult, goalId: string, cfg: ResolvedAgentConfig, warnings: string[]): SessionState {
  const tool = result.toolName;
  const run = { toolName: tool, success: classifyResult(result) === "ok", cycle: result.cycle, goalId, outcome: result.outcome };
  const shadow = result.shadow ? (result.shadow.vetoed ? 1 : 0) + result.shadow.biasPatterns.length : 0;
  const used = (state.toolCallsUsed[tool] ?? 0) + 1;
  const iterations = state.iterationCount + 1;
  const budget = cfg.toolCallBudgets[tool];
  if (budget && used === Math.ceil(budget * cfg.warnAt) && used < budget) warnings.push(`${tool} has used ${used} of its ${budget} calls this run`);
  if (iterations === Math.ceil(cfg.iterationBudget * cfg.warnAt) && iterations < cfg.iterationBudget) {
    warnings.push(`${iterations} of ${cfg.iterationBudget} tool calls of the run's budget used`);
  }
  return {
    ...state,
    toolCallsUsed: { ...state.toolCallsUsed, [tool]: used },
    iterationCount: iterations,
    toolRuns: [...state.toolRuns, run].slice(-KEPT_TOOL_RUNS),
    shadowEncounters: state.shadowEncounters + shadow,
  };
}

/**
 * Runs the decision through act. Transport faults are retried by
 * `withRecovery`; then, by the result's class: a timeout is retried once
 * with backoff and a doubled time limit, a tool error or a rejected input
 * once with adjusted input, and denials are reported (act has recorded the
 * correction) and never retried. Each retry uses its own idempotency step,
 * so act runs it instead of replaying the failure.
 */
async function actWithRecovery(
  decision: Decision,
  state: SessionState,
  ports: CyclePorts,
  cfg: ResolvedAgentConfig,
  catalog: readonly ToolDescriptor[],
  warnings: string[],
): Promise<ActionResult> {
  const agentId = state.agentId;
  const call = decision.call!;
  const attempt = async (inputJson: string, step: number, timeoutMs: number): Promise<ActionResult> => {
    const d: Decision = { ...decision, call: { ...call, inputJson, idempotencyKey: { agentId, cycle: decision.cycle, step } } };
    // An attempt may take the tool's whole time plus a person's approval. A
    // second attempt reaches a restarted act, whose idempotency ledger answers
    // "interrupted" for a call its predecessor took (never running it twice).
    const attemptMs = timeoutMs + cfg.approvalTimeoutMs + 10_000;
    const { result } = await withRecovery("act", { deadline: ports.now() + 2 * attemptMs + 10_000, attemptMs, onRetry: (m) => warnings.push(m) }, (deadline) =>
      ports.act.act(
        { agentId, decision: d, psyche: state.psyche, approvalMode: cfg.approvalMode, approvalTimeoutMs: cfg.approvalTimeoutMs, timeoutMs, approvedSimilarityKeys: state.approvedSimilarityKeys },
        { deadline, agentId },
      ),
    );
    if (!result) throw new Error("act returned no result");
    return result;
  };
  let result = await attempt(call.inputJson, 0, cfg.toolTimeoutMs);
  const kind = classifyResult(result);
  if (kind === "timeout") {
    warnings.push(`${call.toolName} timed out; retrying once with twice the time`);
    await new Promise((r) => setTimeout(r, 200));
    result = await attempt(call.inputJson, 1, Math.min(cfg.toolTimeoutMs * 2, 3_600_000));
  } else if (kind === "tool_error" || kind === "rejected") {
    const input = retryInput(decision, result, catalog.find((t) => t.name === call.toolName)?.requiredParams ?? []);
    if (input === undefined) {
      warnings.push(`${call.toolName} failed (${reasonOf(result)}); no adjusted input to retry with`);
    } else {
      warnings.push(`${call.toolName} failed (${reasonOf(result)}); retrying once${input === call.inputJson ? "" : ` with input ${input}`}`);
      result = await attempt(input, 1, cfg.toolTimeoutMs);
    }
  } else if (kind === "denied") {
    warnings.push(`${call.toolName} ${ActionOutcome[result.outcome]?.toLowerCase().replaceAll("_", " ")}: ${reasonOf(result)}`);
  } else if (kind === "unknown") {
    warnings.push(`${call.toolName}: unexpected outcome ${ActionOutcome[result.outcome] ?? result.outcome}`);
  }
  return result;
}

/**
 * Asks a person to confirm a plan with side effects (a user_interact
 * question through act's approval flow). Refused or unanswered: the
 * side-effect steps are skipped and the rest of the plan goes on.
 */
async function confirmPlan(agentId: string, plan: Plan, goal: Goal, cycle: number, ports: CyclePorts, cfg: ResolvedAgentConfig, events: PlanChanged[], warnings: string[]): Promise<Plan> {
  const risky = plan.steps.filter((s) => s.hasSideEffects);
  const question = `Confirm the plan for "${goal.description}"? Steps with side effects: ${risky.map((s) => `${s.index}. ${s.toolName} ${s.toolInputJson}`).join("; ")}`;
  let confirmed = false;
  try {
    const { result } = await ports.act.act(
      {
        agentId,
        decision: { agentId, cycle, goalId: goal.symbolId, call: { toolName: "user_interact", inputJson: JSON.stringify({ question, options: ["confirm", "reject"] }), idempotencyKey: { agentId, cycle, step: 100 + plan.attempt } } },
        approvalMode: cfg.approvalMode,
        approvalTimeoutMs: cfg.approvalTimeoutMs,
      },
      { timeoutMs: cfg.approvalTimeoutMs + 10_000, agentId },
    );
    confirmed = !!result?.output?.success && result.output.content.trim().toLowerCase() === "confirm";
  } catch (err) {
    warnings.push(`plan confirmation failed: ${(err as Error).message}`);
  }
  if (confirmed) {
    const next = { ...plan, confirmed: true };
    events.push({ plan: next, change: PlanChangeKind.CONFIRMED });
    return next;
  }
  const next: Plan = { ...plan, steps: plan.steps.map((s) => (s.hasSideEffects && s.status === StepStatus.PENDING ? { ...s, status: StepStatus.SKIPPED, statusReason: "side effects not confirmed" } : s)) };
  warnings.push(`plan for ${goal.symbolId} not confirmed: its side-effect steps are skipped`);
  events.push({ plan: next, change: PlanChangeKind.STEP_UPDATED });
  return next;
}

async function linkGoals(ports: CyclePorts, agentId: string, links: readonly Triple[], warnings: string[]): Promise<void> {
  try {
    await ports.orient.mutate({ agentId, add: [...links] }, { timeoutMs: 10_000, agentId });
  } catch (err) {
    warnings.push(`goal links not stored in the graph: ${(err as Error).message}`);
  }
}

interface Remembered {
  size: number;
  pressure: number;
  consolidated?: EpisodicEntry[];
}

async function remember(
  ports: CyclePorts,
  agentId: string,
  cycle: number,
  observation: Observation,
  orientation: Orientation,
  decision: Decision | undefined,
  result: ActionResult | undefined,
  cfg: ResolvedAgentConfig,
  warnings: string[],
): Promise<Remembered> {
  const goal = decision?.goalId ? [decision.goalId] : [];
  const entry = (kind: WorkingMemoryKind, content: string, relevance: number, extra: Partial<WorkingMemoryEntry> = {}): WorkingMemoryEntry =>
    workingEntry(kind, content, relevance, cycle, ports.now(), { symbols: goal, ...extra });
  const entries: WorkingMemoryEntry[] = [];
  if (observation.summary) entries.push(entry(WorkingMemoryKind.OBSERVATION, observation.summary, 0.3));
  if (orientation.summary) entries.push(entry(WorkingMemoryKind.INFERENCE, orientation.summary, 0.4));
  if (decision?.call) entries.push(entry(WorkingMemoryKind.DECISION, decision.explanation?.reasoning || `chose ${decision.call.toolName}`, 0.6, { toolName: decision.call.toolName }));
  if (result) {
    const ok = result.output?.success;
    const text = ok ? result.output!.content : `${ActionOutcome[result.outcome]}: ${reasonOf(result)}`;
    entries.push(entry(WorkingMemoryKind.TOOL_RESULT, text.slice(0, 5_000), ok ? 0.7 : 0.5, { toolName: result.toolName, symbols: [...goal, ...(result.output?.symbolsInvolved ?? []).slice(0, 20)] }));
  }
  try {
    const r = await withRecovery("remember", { deadline: ports.now() + 30_000, attemptMs: 10_000, onRetry: (m) => warnings.push(m) }, (deadline) =>
      ports.memory.remember({ agentId, cycle, entries, capacity: cfg.workingMemoryCapacity }, { deadline, agentId }),
    );
    return { size: r.size, pressure: r.pressure, consolidated: r.consolidation?.episodes ?? [] };
  } catch (err) {
    warnings.push(`working memory not updated: ${(err as Error).message}`);
    return { size: observation.workingMemorySize, pressure: orientation.memoryPressure };
  }
}

async function recordProvenance(ports: CyclePorts, agentId: string, cycle: number, decision: Decision, warnings: string[]): Promise<void> {
  try {
    await ports.memory.recordProvenance(
      {
        agentId,
        records: [
          {
            agentId,
            derivedId: `decision:${agentId}:${cycle}`,
            kind: DerivationKind.AGENT_DECISION,
            sourceIds: decision.goalId ? [decision.goalId] : [],
            cycle,
            confidence: Math.max(0, Math.min(1, decision.explanation?.confidence ?? 0)),
            toolName: decision.call?.toolName ?? "",
            detail: decision.explanation?.reasoning ?? "",
            scoreBreakdown: decision.score?.breakdown ?? "",
          },
        ],
      },
      { timeoutMs: 10_000, agentId },
    );
  } catch (err) {
    warnings.push(`provenance not recorded: ${(err as Error).message}`);
  }
}
