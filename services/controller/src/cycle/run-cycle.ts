import {
  ActionOutcome,
  ApprovalVerdict,
  GoalSource,
  GoalStatus,
  PlanChangeKind,
  PlanStatus,
  StopReason,
  type ActionResult,
  type CycleReport,
  type Decision,
  type Goal,
  type GoalChanged,
  type GoalProgress,
  type Observation,
  type Orientation,
  type Plan,
  type PlanChanged,
  type SaveSessionRequest,
  type ScoreRule,
  type SessionState,
} from "@boyd/proto";
import { traceCycle, type SpanHandle } from "@boyd/telemetry";
import { activeGoalIds, addGoal, allDone, focusGoal, setStatus, settleParents } from "../goals/index.js";
import { actWithRecovery, countCall, withinBudget } from "./act-phase.js";
import type { ResolvedAgentConfig } from "./agent-config.js";
import { decideOverCatalog } from "./decide-catalog.js";
import { decideHistory } from "./decide-history.js";
import { decomposeIfStalled, evaluateWorkedGoal, recordPlanStep, withAnswers } from "./evaluate.js";
import { CycleFrame, type CycleOptions } from "./frame.js";
import { dueJobs, jobFromResult } from "./jobs.js";
import { cycleScoreRules } from "./learned-rules.js";
import { blockedByRejection, confirmPlan, hasRejectedSteps, needsConfirmation, toolsAfterRejection } from "./plan-confirmation.js";
import { planOf, usedTools, withPlan } from "./plans.js";
import { answerEntryText, applyUserAnswer, questionOf, readUserAnswer, rememberAnswer, type AnswerEffect } from "./user-answers.js";
import type { CyclePorts } from "./ports.js";
import { withRecovery } from "./recovery.js";
import { reflectNow, reflectsThisCycle } from "./reflection.js";
import { retryContext } from "./retry-context.js";
import { sessionToSave } from "./slim-session.js";
import { decisionProvenance, provenanceId, remember, type Remembered } from "./remember.js";

export type { CycleOptions } from "./frame.js";

/** An agent's durable state with the version it was read at. */
export interface AgentSession {
  readonly state: SessionState;
  readonly version: number;
}

/** What a cycle produced. */
export interface CycleOutcome {
  readonly session: AgentSession;
  readonly report: CycleReport;
  /**
   * Whether the cycle's cycle.finished is stored, once its publish is
   * acknowledged or given up on (it is not waited for: the next cycle runs
   * meanwhile). Undefined when the cycle published none.
   */
  readonly finishPublished?: Promise<boolean>;
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

/** The cycle as a sequence of phases, each with its inputs and outputs named. */
async function cycleBody(span: SpanHandle, session: AgentSession, ports: CyclePorts, options: CycleOptions): Promise<CycleOutcome> {
  const frame = new CycleFrame(ports, options, session.state, span);
  try {
    return await cyclePhases(frame, session, ports, options);
  } finally {
    // A cycle that failed half-way still has its events acknowledged (or reported lost) before it returns.
    await frame.narrator.settle();
  }
}

async function cyclePhases(frame: CycleFrame, session: AgentSession, ports: CyclePorts, options: CycleOptions): Promise<CycleOutcome> {
  const opening = openCycle(frame, { ...session.state, cycleCount: frame.cycle });
  await narrateOpening(frame, opening);

  // Learned rules depend on nothing this cycle does before decide: the last Remember's, or read while observe and orient run.
  const rules = frame.traced("plan", () => cycleScoreRules(frame.ports, frame.agentId, frame.policy().deadline, (m) => frame.warn(m)));
  const observation = await observePhase(frame, opening.goals);
  const orientation = await orientPhase(frame, observation);
  let state: SessionState = { ...opening.state, goals: withAnswers(opening.goals, orientation) };

  const focus = focusGoal(state.goals, frame.cycle);
  const work = focus ? await workOnGoal(frame, state, focus, observation, orientation, rules) : undefined;
  if (work) state = work.state;
  state = await closeGoals(frame, state, work);
  // Without a reflection, nothing after Remember changes the state: the
  // session is saved by the same call (one round trip, not two).
  const early = reflectsThisCycle(state, frame.cycle) ? undefined : commitOf(frame, session, state);
  const remembered = await recordPhase(frame, session.state, observation, orientation, work, early?.request);
  if (early && remembered.savedVersion !== undefined) {
    return finishCycle(frame, session, { state: early.state, version: remembered.savedVersion }, early.stopReason, { work, remembered, reflection: undefined, focus });
  }

  const reflection = await frame.timed("reflect", () => reflectNow(state, ports, options.catalog, remembered.pressure, frame.cycle, frame.warnings));
  if (reflection) {
    state = reflection.state;
    for (const c of reflection.goalChanges) await frame.narrator.emit({ $case: "goalChanged", value: c });
    await frame.narrator.emit({ $case: "reflected", value: { report: reflection.report } });
  }

  // Saved on its own: after a reflection, or when the save sent with Remember was not made.
  const commit = early ?? commitOf(frame, session, state);
  const version = await persistPhase(frame, commit.request);
  return finishCycle(frame, session, { state: commit.state, version }, commit.stopReason, { work, remembered, reflection, focus });
}

// ---------------------------------------------------------------------------
// Opening: due jobs and settled parents

interface Opening {
  readonly state: SessionState;
  readonly goals: Goal[];
  readonly changes: GoalChanged[];
}

/** Scheduled jobs whose time has come become goals; parents whose children finished resume (or fail). */
function openCycle(frame: CycleFrame, state: SessionState): Opening {
  const now = frame.ports.now();
  let goals = [...state.goals];
  const changes: GoalChanged[] = [];
  const jobs = dueJobs(state.jobs, now);
  for (const job of jobs.due) {
    const update = addGoal(
      goals,
      { description: job.goalDescription, successCriteria: job.successCriteria || undefined, priority: job.priority || undefined, source: GoalSource.USER, symbolId: `goal:job:${job.id}:${frame.cycle}` },
      { cycle: frame.cycle, nowUnixMs: now, agent: state.config },
    );
    goals = update.goals;
    if (update.change) changes.push({ ...update.change, reason: `scheduled job ${job.id} fired` });
  }
  const settled = settleParents(goals, { cycle: frame.cycle });
  return { state: { ...state, jobs: jobs.jobs }, goals: settled.goals, changes: [...changes, ...settled.changes] };
}

async function narrateOpening(frame: CycleFrame, opening: Opening): Promise<void> {
  const active = activeGoalIds(opening.goals);
  await frame.narrator.emit({ $case: "cycleStarted", value: { activeGoalIds: active, maxCycles: frame.cfg.maxCycles } });
  for (const c of opening.changes) await frame.narrator.emit({ $case: "goalChanged", value: c });
}

// ---------------------------------------------------------------------------
// Observe and orient

async function observePhase(frame: CycleFrame, goals: readonly Goal[]): Promise<Observation> {
  const { agentId, cycle, cfg } = frame;
  const observation = await frame.timed("observe", async () => {
    const r = await withRecovery("observe", frame.policy(), (deadline) =>
      frame.ports.observe.observe({ agentId, cycle, goals: [...goals], recentLimit: 20, episodeTopK: cfg.episodeRecallTopK }, { deadline, agentId }),
    );
    if (!r.observation) throw new Error("observe returned no observation");
    return r.observation;
  });
  await frame.narrator.emit({ $case: "observed", value: { observation } });
  return observation;
}

async function orientPhase(frame: CycleFrame, observation: Observation): Promise<Orientation> {
  const { agentId, cfg } = frame;
  // Orient reads neither the recent entries nor, here, what it echoes back
  // of the observation: it gets the observation without them (a third of a
  // cycle's request bytes), and the orientation carries the one observed.
  const sent = observation.recentEntries.length ? { ...observation, recentEntries: [] } : observation;
  const orientation = await frame.timed("orient", async () => {
    const r = await withRecovery("orient", frame.policy(), (deadline) =>
      frame.ports.orient.orient({ agentId, observation: sent, activation: { maxDepth: cfg.activationMaxDepth, topK: cfg.activationTopK } }, { deadline, agentId }),
    );
    if (!r.orientation) throw new Error("orient returned no orientation");
    return { ...r.orientation, observation };
  });
  // The observation it embeds was the "observed" event just before: not sent twice.
  await frame.narrator.emit({ $case: "oriented", value: { orientation: { ...orientation, observation: undefined } } });
  return orientation;
}

// ---------------------------------------------------------------------------
// Working on the focus goal: plan, decide, act, evaluate

/** What working on the focus goal produced. */
interface Work {
  readonly state: SessionState;
  readonly focus: Goal;
  readonly plan: Plan | undefined;
  readonly decision: Decision | undefined;
  readonly result: ActionResult | undefined;
  readonly progress: GoalProgress[];
  readonly goalChanges: GoalChanged[];
  readonly planChanges: PlanChanged[];
}

async function workOnGoal(frame: CycleFrame, start: SessionState, focus: Goal, observation: Observation, orientation: Orientation, learned: Promise<ScoreRule[]>): Promise<Work> {
  let state = start;
  const rules = await frame.timed("plan", () => learned);
  const planned = await planPhase(frame, state, focus, orientation, rules);
  let plan = planned.plan;
  if (plan) state = { ...state, plans: withPlan(state.plans, plan) };
  for (const c of planned.changes) await frame.narrator.emit({ $case: "planChanged", value: c });
  if (plan?.status === PlanStatus.FAILED && hasRejectedSteps(plan)) return rejectedGoal(state, focus, plan);

  const decision = await decidePhase(frame, state, focus, observation, orientation, plan, rules);
  let result: ActionResult | undefined;
  if (decision?.call?.toolName && !stoppedByRejection(frame, state, decision)) ({ state, result } = await actPhase(frame, state, decision, observation));

  const goalChanges: GoalChanged[] = [];
  const planChanges: PlanChanged[] = [];
  const progress: GoalProgress[] = [];
  let goals = state.goals;
  const worked = decision?.goalId ? (goals.find((g) => g.symbolId === decision.goalId) ?? focus) : focus;
  if (worked.status === GoalStatus.ACTIVE) {
    const w = { goal: worked, observation, orientation, decision, result };
    const evaluated = evaluateWorkedGoal(frame, goals, state, w);
    progress.push(evaluated.sample);
    goalChanges.push(...evaluated.changes);
    goals = evaluated.goals;
    if (plan) {
      const step = recordPlanStep(frame, goals, plan, w);
      ({ goals, plan } = step);
      goalChanges.push(...step.changes);
      planChanges.push(...step.planChanges);
      state = { ...state, plans: withPlan(state.plans, plan) };
    }
  }
  if (decision && result && isAnswer(result)) {
    const heard = await takeAnswer(frame, goals, plan, decision, result, state.config);
    goals = heard.goals;
    goalChanges.push(...heard.goalChanges);
    planChanges.push(...heard.planChanges);
    if (heard.plan && heard.plan !== plan) {
      plan = heard.plan;
      state = { ...state, plans: withPlan(state.plans, plan) };
    }
  }
  const stalled = await decomposeIfStalled(frame, goals, worked.symbolId, state);
  goalChanges.push(...stalled.changes);
  state = { ...state, goals: stalled.goals };
  return { state, focus, plan, decision, result, progress, goalChanges, planChanges };
}

/** The goal's active plan, or a new one (the next attempt after a finished one), confirmed when it has side effects. */
async function planPhase(frame: CycleFrame, state: SessionState, focus: Goal, orientation: Orientation, rules: ScoreRule[]): Promise<{ plan: Plan | undefined; changes: PlanChanged[] }> {
  const { agentId, cfg, options } = frame;
  const changes: PlanChanged[] = [];
  let plan = await frame.timed("plan", async () => {
    const current = planOf(state.plans, focus.symbolId);
    if (current && current.status === PlanStatus.ACTIVE) return current;
    const attempt = current ? current.attempt + 1 : 0;
    if (attempt >= cfg.maxBacktrackAttempts) return current;
    const { plan: fresh } = await withRecovery("plan", frame.policy(), (deadline) =>
      frame.ports.decide.generatePlan({ agentId, goal: focus, attempt, maxAttempts: cfg.maxBacktrackAttempts, orientation, usedTools: usedTools(current), tools: [...options.catalog], rules }, { deadline, agentId }),
    );
    if (!fresh) return current;
    changes.push({ plan: fresh, change: PlanChangeKind.CREATED });
    return fresh;
  });
  if (needsConfirmation(plan, cfg)) {
    const asked = plan;
    plan = await frame.timed("plan", () => confirmPlan(state, asked, focus, frame.cycle, frame.ports, cfg, changes, frame.warnings));
  }
  return { plan, changes };
}

/** A question the agent put to a person, answered. */
function isAnswer(result: ActionResult): boolean {
  return result.toolName === "user_interact" && result.outcome === ActionOutcome.EXECUTED && !!result.output?.success;
}

/** The person's answer reaches the agent: working memory always, the goals or the plan where the answer says so. */
async function takeAnswer(frame: CycleFrame, goals: Goal[], plan: Plan | undefined, decision: Decision, result: ActionResult, agent: SessionState["config"]): Promise<AnswerEffect> {
  const answer = result.output!.content.trim();
  const { question, about } = questionOf(decision.call!.inputJson);
  const goalPlan = plan?.goalId === decision.goalId ? plan : undefined;
  const effect = applyUserAnswer(readUserAnswer(answer), {
    answer,
    goals,
    goalId: decision.goalId,
    plan: goalPlan,
    stepIndex: decision.planStepIndex,
    about,
    cycle: frame.cycle,
    now: frame.ports.now(),
    agent,
  });
  frame.warn(`answer ${JSON.stringify(answer)}: ${effect.said}`);
  await rememberAnswer(frame.ports, frame.agentId, frame.cycle, decision.goalId, answerEntryText(question, answer, effect.said), frame.cfg, frame.warnings);
  return { ...effect, plan: effect.plan ?? plan };
}

/** A person rejected steps the goal needs: the goal fails here, with nothing run for it, rather than look met. */
function rejectedGoal(state: SessionState, focus: Goal, plan: Plan): Work {
  const failed = setStatus(state.goals, focus.symbolId, GoalStatus.FAILED, `plan rejected: ${plan.failureReason}`);
  const next = { ...state, goals: failed.goals };
  return { state: next, focus, plan, decision: undefined, result: undefined, progress: [], goalChanges: failed.change ? [failed.change] : [], planChanges: [] };
}

/** A call that would change something for a goal whose plan's changes a person rejected is not run. */
function stoppedByRejection(frame: CycleFrame, state: SessionState, decision: Decision): boolean {
  const call = decision.call!;
  const tool = frame.options.catalog.find((t) => t.name === call.toolName);
  if (!blockedByRejection(planOf(state.plans, decision.goalId), tool, call.inputJson)) return false;
  frame.warn(`${call.toolName} not run: a person rejected the side effects of the plan for ${decision.goalId}`);
  return true;
}

/** Decide over the catalog minus the tools whose budget is spent, with the rules learned from people. */
async function decidePhase(frame: CycleFrame, state: SessionState, focus: Goal, observation: Observation, orientation: Orientation, plan: Plan | undefined, rules: ScoreRule[]): Promise<Decision | undefined> {
  const { agentId, cfg } = frame;
  const budgeted = withinBudget(frame.options.catalog, state, cfg, frame.warnings);
  const { exhausted } = budgeted;
  const tools = toolsAfterRejection(budgeted.tools, plan);
  const decision = await frame.timed("decide", async () => {
    const r = await withRecovery("decide", frame.policy(), (deadline) =>
      decideOverCatalog(
        frame.ports.decide,
        { agentId, orientation: forDecide(orientation, focus.symbolId), history: decideHistory(observation.recentEntries), plan: plan?.status === PlanStatus.ACTIVE ? plan : undefined, psyche: state.psyche, rules },
        frame.options.catalog,
        tools,
        { deadline, agentId },
      ),
    );
    return r.decision;
  });
  if (decision) await frame.narrator.emit({ $case: "decided", value: { decision } });
  if (exhausted.length) frame.warn(`tool budget spent: ${exhausted.join(", ")}`);
  return decision;
}

/**
 * The orientation as decide needs it: its observation's recent entries are
 * the request's `history` already (decide reads them there), so they are
 * not sent twice; the goal this cycle works on leads its active goals, as
 * decide serves the first one it may (the controller chooses, focusGoal).
 */
function forDecide(orientation: Orientation, focusId: string): Orientation {
  const observation = orientation.observation;
  if (!observation) return orientation;
  const active = observation.activeGoalIds;
  const activeGoalIds = active.includes(focusId) && active[0] !== focusId ? [focusId, ...active.filter((id) => id !== focusId)] : active;
  if (activeGoalIds === active && observation.recentEntries.length === 0) return orientation;
  return { ...orientation, observation: { ...observation, recentEntries: [], activeGoalIds } };
}

/** Act, with recovery per error class; counts the call, keeps a created job and an "approve all similar". */
async function actPhase(frame: CycleFrame, start: SessionState, decision: Decision, observation: Observation): Promise<{ state: SessionState; result: ActionResult }> {
  const { cfg, options } = frame;
  const retry = retryContext(start, decision, observation, frame.ports, cfg);
  const result = await frame.timed("act", () => actWithRecovery(decision, start, frame.ports, cfg, options.catalog, frame.warnings, retry));
  await frame.narrator.emit({ $case: "acted", value: { result } });
  let state = countCall(start, result, decision.goalId, cfg, frame.warnings);
  const job = jobFromResult(result);
  if (job && !state.jobs.some((j) => j.id === job.id)) state = { ...state, jobs: [...state.jobs, job] };
  const key = result.approval?.verdict === ApprovalVerdict.APPROVE_ALL_SIMILAR ? result.approvalRequest?.similarityKey : undefined;
  if (key && !state.approvedSimilarityKeys.includes(key)) state = { ...state, approvedSimilarityKeys: [...state.approvedSimilarityKeys, key] };
  return { state, result };
}

// ---------------------------------------------------------------------------
// Closing: settle, remember, persist, report

/** Parents whose last child just finished settle now, so a run that ends here ends settled; then the cycle's plan and goal events. */
async function closeGoals(frame: CycleFrame, state: SessionState, work: Work | undefined): Promise<SessionState> {
  const after = settleParents(state.goals, { cycle: frame.cycle });
  for (const c of work?.planChanges ?? []) await frame.narrator.emit({ $case: "planChanged", value: c });
  for (const c of [...(work?.goalChanges ?? []), ...after.changes]) await frame.narrator.emit({ $case: "goalChanged", value: c });
  return { ...state, goals: after.goals };
}

/** Working memory and provenance of what the cycle saw and did; with `save`, the session's save too. */
async function recordPhase(frame: CycleFrame, saved: SessionState, observation: Observation, orientation: Orientation, work: Work | undefined, save?: SaveSessionRequest): Promise<Remembered> {
  const { ports, agentId, cycle, cfg } = frame;
  const decision = work?.decision;
  // The decision's provenance goes with Remember (one call, not two).
  const provenance = decision?.call ? [decisionProvenance(agentId, cycle, decision, provenanceId(ports.now()))] : [];
  return frame.timed("record", () => remember(ports, agentId, cycle, { observation, orientation, decision, result: work?.result, cfg, saved, provenance, ...(save ? { save } : {}) }, frame.warnings));
}

/** The cycle's commit: the state as it ends (stop conditions applied), and the versioned save of it. */
interface Commit {
  readonly state: SessionState;
  readonly stopReason: StopReason;
  readonly request: SaveSessionRequest;
}

function commitOf(frame: CycleFrame, session: AgentSession, before: SessionState): Commit {
  const stopReason = stopReasonOf(before, frame.cfg, frame.options.cyclesLeftInRun);
  const state = { ...before, lastStopReason: stopReason || before.lastStopReason, updatedAtUnixMs: frame.ports.now() };
  return { state, stopReason, request: { state: sessionToSave(state), expectedVersion: session.version } };
}

/** The versioned save on its own (SaveSession); the version it made. */
async function persistPhase(frame: CycleFrame, request: SaveSessionRequest): Promise<number> {
  const { ports, agentId } = frame;
  const r = await frame.timed("persist", () => withRecovery("save session", frame.policy(), (deadline) => ports.memory.saveSession(request, { deadline, agentId })));
  return Number(r.version);
}

interface Finished {
  readonly work: Work | undefined;
  readonly remembered: Remembered;
  readonly reflection: Awaited<ReturnType<typeof reflectNow>>;
  readonly focus: Goal | undefined;
}

/** The cycle.finished event and the report. */
async function finishCycle(frame: CycleFrame, session: AgentSession, saved: { state: SessionState; version: number }, stopReason: StopReason, f: Finished): Promise<CycleOutcome> {
  const { state } = saved;
  const duration = frame.ports.now() - frame.started;
  const consolidated = [...(f.remembered.consolidated ?? []), ...(f.reflection?.consolidated ?? [])];
  const result = f.work?.result;
  const decision = f.work?.decision;
  const progress = f.work?.progress ?? [];
  // Every earlier event acknowledged first, so the warnings below name any that were lost.
  await frame.narrator.settle();
  const finished = await frame.narrator.emit({
    $case: "cycleFinished",
    value: {
      toolName: result?.toolName ?? "",
      outcome: result?.outcome ?? ActionOutcome.UNSPECIFIED,
      progress,
      workingMemorySize: f.remembered.size,
      memoryPressure: f.remembered.pressure,
      sessionVersion: saved.version,
      durationMs: duration,
      stopReason,
      warnings: frame.warnings,
      phaseMs: frame.phaseMs,
      consolidated,
    },
  });
  const changedGoals = state.goals.filter((g) => !session.state.goals.some((b) => b.symbolId === g.symbolId && b.status === g.status && b.priority === g.priority));
  const report: CycleReport = {
    cycle: frame.cycle,
    decision,
    result,
    progress,
    changedGoals,
    reflection: f.reflection?.report,
    consolidated,
    stopReason,
    durationMs: duration,
    warnings: frame.warnings,
    phaseMs: frame.phaseMs,
    plan: f.focus ? planOf(state.plans, decision?.goalId || f.focus.symbolId) : undefined,
  };
  return { session: { state, version: saved.version }, report, finishPublished: frame.narrator.delivered(finished) };
}

/** Why a run stops after this cycle; UNSPECIFIED to go on. */
export function stopReasonOf(state: SessionState, cfg: ResolvedAgentConfig, cyclesLeftInRun: number | undefined): StopReason {
  if (allDone(state.goals) && !state.jobs.some((j) => j.enabled)) return StopReason.ALL_GOALS_DONE;
  if (Number(state.cycleCount) >= cfg.maxCycles) return StopReason.MAX_CYCLES;
  // The run's cycle limit first: a budget nobody set equals it, and the run then stopped for its cycles.
  if (cyclesLeftInRun !== undefined && cyclesLeftInRun <= 1) return StopReason.MAX_CYCLES;
  if (state.iterationCount >= cfg.iterationBudget) return StopReason.ITERATION_BUDGET;
  return StopReason.UNSPECIFIED;
}
