import { GoalStatus, PlanStatus, type ActionResult, type Decision, type Goal, type GoalChanged, type GoalProgress, type Observation, type Orientation, type Plan, type PlanChanged, type SessionState } from "@boyd/proto";
import { decomposeGoal, detectStall, evaluateProgress, getGoal, recordProgress, refutation, setStatus, toldNow } from "../goals/index.js";
import { reasonOf } from "./act-phase.js";
import type { CycleFrame } from "./frame.js";
import { recordStepResult } from "./plans.js";
import { classifyResult } from "./recovery.js";
import { linkGoals } from "./remember.js";

/** The goal book after a step of the cycle, with the changes to narrate. */
export interface GoalsAfter {
  readonly goals: Goal[];
  readonly changes: GoalChanged[];
}

/**
 * Gives each active goal the answers orient found for it this cycle, so
 * `agent goals`, GetAgent and the events show what the agent knows now.
 */
export function withAnswers(goals: readonly Goal[], orientation: Orientation): Goal[] {
  const byGoal = new Map(orientation.goals.map((c) => [c.goalId, c.answers]));
  return goals.map((g) => (byGoal.has(g.symbolId) && g.status === GoalStatus.ACTIVE ? { ...g, answers: byGoal.get(g.symbolId) } : g));
}

/** What `evaluateWorkedGoal` needs: the goal acted for and what the cycle learnt. */
export interface Worked {
  readonly goal: Goal;
  /** This cycle's observation: what the agent was told (its percepts and those working memory holds). */
  readonly observation: Observation;
  readonly orientation: Orientation;
  readonly decision: Decision | undefined;
  readonly result: ActionResult | undefined;
}

/**
 * One closed-loop sample for the goal worked on. The evidence is the
 * graph's answers as orient found them before the action, the output of
 * the action when it succeeded, and what the agent was told (percepts, this
 * cycle's and those still in working memory); a failed action adds nothing, so
 * a cycle whose action failed completes a goal only if the evidence held
 * before it.
 */
export function evaluateWorkedGoal(frame: CycleFrame, goals: readonly Goal[], state: SessionState, worked: Worked): GoalsAfter & { sample: GoalProgress } {
  const { goal, orientation, decision, result } = worked;
  const context = orientation.goals.find((c) => c.goalId === goal.symbolId);
  const ok = result ? classifyResult(result) === "ok" : true;
  const sample = evaluateProgress({
    goal,
    cycle: frame.cycle,
    measure: frame.cfg.measure,
    config: state.config?.control,
    evidence: {
      answers: context?.answers,
      toolName: result?.toolName,
      toolInput: decision?.call?.inputJson,
      toolOutput: ok && result?.output?.success ? result.output.content : undefined,
      toolSucceeded: ok,
      told: toldNow(worked.observation.percepts, worked.observation.recentEntries),
    },
  });
  const update = recordProgress(goals, sample, { toolFailureFailsGoal: frame.cfg.toolFailureFailsGoal });
  // A yes/no goal whose answer is proven the other way cannot be met: it fails now, with that proof, not once it stalls.
  const refuted = update.goal.status === GoalStatus.ACTIVE ? refutation(goal, context?.answers) : undefined;
  if (!refuted) return { goals: update.goals, changes: update.changes, sample };
  const failed = setStatus(update.goals, goal.symbolId, GoalStatus.FAILED, refuted);
  return { goals: failed.goals, changes: [...update.changes, ...(failed.change ? [failed.change] : [])], sample };
}

/**
 * Records the plan step the call served; a failed step that may not fail
 * backtracks (a new plan next cycle) or, with the attempts spent, fails the
 * goal.
 */
export function recordPlanStep(frame: CycleFrame, goals: readonly Goal[], plan: Plan, worked: Worked): GoalsAfter & { plan: Plan; planChanges: PlanChanged[] } {
  const { decision, result, goal } = worked;
  if (!result || decision?.planStepIndex === undefined || plan.status !== PlanStatus.ACTIVE) return { goals: [...goals], changes: [], plan, planChanges: [] };
  const ok = classifyResult(result) === "ok";
  const step = recordStepResult(plan, decision.planStepIndex, ok, ok ? "" : reasonOf(result));
  const changes: GoalChanged[] = [];
  let book = [...goals];
  if (step.verdict === "failed" && getGoal(book, goal.symbolId).status === GoalStatus.ACTIVE) {
    const attempts = frame.cfg.maxBacktrackAttempts;
    if (step.plan.attempt + 1 >= attempts) {
      const failed = setStatus(book, goal.symbolId, GoalStatus.FAILED, `plan failed on attempt ${step.plan.attempt + 1} of ${attempts}: ${step.plan.failureReason}`);
      book = failed.goals;
      if (failed.change) changes.push(failed.change);
    } else {
      frame.warn(`backtracking on ${goal.symbolId}: ${step.plan.failureReason}; attempt ${step.plan.attempt + 2} next`);
    }
  }
  return { goals: book, changes, plan: step.plan, planChanges: step.changes };
}

/** A stalled goal is split into sub-goals; one that cannot be split fails. */
export async function decomposeIfStalled(frame: CycleFrame, goals: readonly Goal[], goalId: string, state: SessionState): Promise<GoalsAfter> {
  const current = goals.find((g) => g.symbolId === goalId);
  if (current?.status !== GoalStatus.ACTIVE) return { goals: [...goals], changes: [] };
  const verdict = detectStall(current, frame.cycle, { agent: state.config });
  if (!verdict.stalled) return { goals: [...goals], changes: [] };
  const split = decomposeGoal(goals, current.symbolId, { cycle: frame.cycle, nowUnixMs: frame.ports.now(), reason: verdict.reason });
  if (split.ok) {
    await linkGoals(frame.ports, frame.agentId, split.links, frame.warnings);
    return { goals: split.goals, changes: split.changes };
  }
  if (split.code === "ALREADY_DECOMPOSED" || split.code === "MAX_DEPTH" || split.code === "SINGLE_PART" || split.code === "REPEATS_ANCESTOR") {
    const failed = setStatus(goals, current.symbolId, GoalStatus.FAILED, `${verdict.reason}; cannot decompose: ${split.reason}`);
    return { goals: failed.goals, changes: failed.change ? [failed.change] : [] };
  }
  return { goals: [...goals], changes: [] };
}
