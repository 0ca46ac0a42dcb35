import { GoalStatus, type Goal } from "@boyd/proto";

/** The priority a goal competes with: the reprioritised one when set, else the plain one. */
export function effectivePriority(goal: Goal): number {
  return goal.computedPriority ?? goal.priority;
}

/**
 * The ACTIVE goals, highest effective priority first; equal priorities by
 * creation time (older first), then in the order given: goals typed
 * together share a creation time, and the person listed them in the order
 * they want them worked (sorting by id ran them alphabetically).
 */
export function activeGoals(goals: readonly Goal[]): Goal[] {
  return goals
    .filter((g) => g.status === GoalStatus.ACTIVE)
    .sort((a, b) => effectivePriority(b) - effectivePriority(a) || a.createdAtUnixMs - b.createdAtUnixMs);
}

/** The text episodes are recalled by: each active goal's description and success criteria. */
export function recallQuery(active: readonly Goal[]): string {
  return active
    .flatMap((g) => [g.description, g.successCriteria])
    .map((s) => s.trim())
    .filter(Boolean)
    .join(". ");
}
