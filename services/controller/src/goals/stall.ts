/**
 * Stall detection. A goal is stalled when either
 *
 * - it has gone `T` cycles without progress: `cyclesWorked >= T` and
 *   `cycle - lastProgressCycle >= T` (akh-medu `Goal::is_stalled`), where
 *   `T` is the goal's stall threshold; or
 * - its closed-loop reward fell `stall_patience` samples in a row (seed 002).
 *
 * The two catch different failures: a flat signal (nothing ever matches,
 * reward stays 0 and never *falls*) is caught only by the first; a goal
 * whose evidence keeps drifting away from its criteria, by the second.
 */
import { type AgentConfig, type Goal, GoalStatus, LoopState } from "@boyd/proto";
import { invalidGoalInput } from "./errors.js";
import { resolveControlLoop } from "./progress.js";

/** AgentConfig.default_stall_threshold's default (akh-medu DEFAULT_STALL_THRESHOLD). */
export const DEFAULT_STALL_THRESHOLD = 5;

/** The agent-wide fallback threshold; rejects 0 and non-integers. */
export function defaultStallThreshold(agent?: Pick<AgentConfig, "defaultStallThreshold"> | undefined): number {
  const t = agent?.defaultStallThreshold ?? DEFAULT_STALL_THRESHOLD;
  if (!Number.isInteger(t) || t < 1) throw invalidGoalInput("defaultStallThreshold", `must be an integer >= 1, got ${t}`);
  return t;
}

/**
 * Threshold for a goal that sets none: from its effort estimate when it has
 * one, `max(ceil(1.5 * effort), fallback)` (akh-medu `dynamic_stall_threshold`,
 * so a goal expected to take long is not called stalled early), otherwise
 * the agent default.
 */
export function thresholdFromEffort(estimatedEffortCycles: number, fallback: number): number {
  return estimatedEffortCycles > 0 ? Math.max(Math.ceil(1.5 * estimatedEffortCycles), fallback) : fallback;
}

/** The goal's own stall threshold, or the one derived from its effort or the agent default. */
export function stallThresholdOf(
  goal: Pick<Goal, "stallThreshold" | "estimatedEffortCycles">,
  agent?: Pick<AgentConfig, "defaultStallThreshold"> | undefined,
): number {
  return goal.stallThreshold > 0 ? goal.stallThreshold : thresholdFromEffort(goal.estimatedEffortCycles, defaultStallThreshold(agent));
}

/** Why a goal counts as stalled. */
export type StallCause = "NO_PROGRESS" | "DECLINING_REWARD";

/** Result of `detectStall`. */
export interface StallVerdict {
  /** Whether the goal is stalled. */
  readonly stalled: boolean;
  /** Which rules fired (both may). Empty when not stalled. */
  readonly causes: readonly StallCause[];
  /** Cycles since the goal last progressed: `cycle - lastProgressCycle`. */
  readonly idleCycles: number;
  /** The threshold T used. */
  readonly threshold: number;
  /** Falling-reward streak of the latest sample (0 without one). */
  readonly stallStreak: number;
  /** Human-readable explanation, for GoalChanged.reason and logs. */
  readonly reason: string;
}

/** Options of `detectStall`. */
export interface StallOptions {
  /** Supplies default_stall_threshold and control.stall_patience. */
  readonly agent?: Pick<AgentConfig, "defaultStallThreshold" | "control"> | undefined;
}

/**
 * Whether `goal` is stalled at `cycle`. Only ACTIVE goals can stall: a
 * suspended parent is waiting for its children, not failing. The
 * `cyclesWorked >= T` guard keeps a goal that was simply not chosen (or was
 * added late, with `lastProgressCycle` still 0) from counting as stalled.
 */
export function detectStall(goal: Goal, cycle: number, options: StallOptions = {}): StallVerdict {
  const threshold = stallThresholdOf(goal, options.agent);
  const patience = resolveControlLoop(options.agent?.control).stallPatience;
  const idleCycles = Math.max(0, cycle - goal.lastProgressCycle);
  const stallStreak = goal.progress?.stallStreak ?? 0;
  if (goal.status !== GoalStatus.ACTIVE) {
    return { stalled: false, causes: [], idleCycles, threshold, stallStreak, reason: "not active" };
  }
  const causes: StallCause[] = [];
  const notes: string[] = [];
  if (goal.cyclesWorked >= threshold && idleCycles >= threshold) {
    causes.push("NO_PROGRESS");
    notes.push(`no progress for ${idleCycles} cycles (threshold ${threshold}, worked ${goal.cyclesWorked})`);
  }
  // The sample's own loop state is trusted too, in case it was taken with a
  // different patience than the one configured now.
  if (stallStreak >= patience || goal.progress?.loopState === LoopState.STALLED) {
    causes.push("DECLINING_REWARD");
    notes.push(`reward fell ${stallStreak} samples in a row (patience ${patience})`);
  }
  return {
    stalled: causes.length > 0,
    causes,
    idleCycles,
    threshold,
    stallStreak,
    reason: causes.length > 0 ? `stalled: ${notes.join("; ")}` : "progressing",
  };
}

/** The ACTIVE goals that are stalled at `cycle`, in input order, with their verdicts. */
export function stalledGoals(
  goals: readonly Goal[],
  cycle: number,
  options: StallOptions = {},
): Array<{ readonly goal: Goal; readonly verdict: StallVerdict }> {
  const out: Array<{ goal: Goal; verdict: StallVerdict }> = [];
  for (const goal of goals) {
    const verdict = detectStall(goal, cycle, options);
    if (verdict.stalled) out.push({ goal, verdict });
  }
  return out;
}
