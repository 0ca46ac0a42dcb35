import { AdjustmentKind, GoalStatus, type Adjustment, type Goal, type ReflectionReport } from "@boyd/proto";
import { MAX_PRIORITY } from "./config.js";

/** One change made to a goal, with its state before and after. */
export interface AppliedChange {
  /** The adjustment, marked applied. */
  readonly adjustment: Adjustment;
  readonly goalId: string;
  readonly before: { readonly priority: number; readonly status: GoalStatus };
  readonly after: { readonly priority: number; readonly status: GoalStatus };
}

/** An adjustment of a kind applyAdjustments handles that it could not apply. */
export interface SkippedAdjustment {
  readonly adjustment: Adjustment;
  /** Why, e.g. "goal g7 not found". */
  readonly reason: string;
}

/** Result of {@link applyAdjustments}. */
export interface ApplyResult {
  /** All goals, in input order; changed ones are new objects. */
  readonly goals: Goal[];
  /** The report with `applied` set on the adjustments that were applied. */
  readonly report: ReflectionReport;
  /** Changes made, in adjustment order. */
  readonly applied: AppliedChange[];
  /**
   * Adjustments that need another module (decomposition, consolidation,
   * a new goal): the controller carries them out and marks them applied.
   */
  readonly deferred: Adjustment[];
  /** Boost, demote or abandon adjustments that did not apply. */
  readonly skipped: SkippedAdjustment[];
}

const GOAL_LOCAL = new Set<AdjustmentKind>([AdjustmentKind.BOOST_PRIORITY, AdjustmentKind.DEMOTE_PRIORITY, AdjustmentKind.SUGGEST_ABANDON]);

/**
 * Applies the adjustments that only change a goal: BOOST_PRIORITY and
 * DEMOTE_PRIORITY shift the priority by `priorityDelta` (clamped to
 * 0..255 against the goal's priority now, which may have moved since the
 * report), SUGGEST_ABANDON fails the goal with a status reason. The reference
 * computed demotions and dropped them; here every adjustment ends up
 * applied, deferred to the controller, or skipped with a reason.
 *
 * A computed (argumentation) priority is shifted by the same delta, since
 * selection reads it in preference to the plain priority and would
 * otherwise ignore the change until the next reprioritisation.
 *
 * Only ACTIVE goals are changed. Adjustments already marked applied are
 * left alone, so applying the same report twice changes nothing more.
 * Neither input is modified.
 */
export function applyAdjustments(goals: readonly Goal[], report: ReflectionReport): ApplyResult {
  const out = [...goals];
  const index = new Map(out.map((g, i) => [g.symbolId, i]));
  const applied: AppliedChange[] = [];
  const deferred: Adjustment[] = [];
  const skipped: SkippedAdjustment[] = [];

  const adjustments = report.adjustments.map((adj): Adjustment => {
    if (adj.applied) return adj;
    if (!GOAL_LOCAL.has(adj.kind)) {
      deferred.push(adj);
      return adj;
    }
    const i = index.get(adj.goalId);
    const goal = i === undefined ? undefined : out[i];
    if (i === undefined || goal === undefined) {
      skipped.push({ adjustment: adj, reason: `goal ${adj.goalId || "(none)"} not found` });
      return adj;
    }
    if (goal.status !== GoalStatus.ACTIVE) {
      skipped.push({ adjustment: adj, reason: `goal ${goal.symbolId} is no longer active` });
      return adj;
    }
    const next = change(goal, adj);
    if (next.priority === goal.priority && next.status === goal.status) {
      skipped.push({ adjustment: adj, reason: `goal ${goal.symbolId} is already at priority ${goal.priority}` });
      return adj;
    }
    out[i] = next;
    const done = { ...adj, applied: true };
    applied.push({
      adjustment: done,
      goalId: goal.symbolId,
      before: { priority: goal.priority, status: goal.status },
      after: { priority: next.priority, status: next.status },
    });
    return done;
  });

  return { goals: out, report: { ...report, adjustments }, applied, deferred, skipped };
}

function change(goal: Goal, adj: Adjustment): Goal {
  if (adj.kind === AdjustmentKind.SUGGEST_ABANDON) {
    return { ...goal, status: GoalStatus.FAILED, statusReason: `abandoned by reflection: ${adj.description}` };
  }
  const next: Goal = { ...goal, priority: clampPriority(goal.priority + adj.priorityDelta) };
  if (goal.computedPriority !== undefined) next.computedPriority = clampPriority(goal.computedPriority + adj.priorityDelta);
  return next;
}

function clampPriority(p: number): number {
  return Math.max(0, Math.min(MAX_PRIORITY, Math.round(p)));
}
