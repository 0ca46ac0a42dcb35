import { type Goal, type GoalProgress, GoalStatus, LoopState, ProgressOutcome } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { createGoal } from "../src/goals/goal-book.js";
import {
  DEFAULT_STALL_THRESHOLD,
  defaultStallThreshold,
  detectStall,
  stallThresholdOf,
  stalledGoals,
  thresholdFromEffort,
} from "../src/goals/stall.js";

function goal(extra: Partial<Goal> = {}): Goal {
  return { ...createGoal([], { symbolId: "g", description: "find the moons of Mars" }), ...extra };
}

function sample(stallStreak: number, loopState = LoopState.RUNNING): GoalProgress {
  return {
    goalId: "g",
    cycle: 1,
    error: 1,
    integral: 1,
    gain: 1,
    reward: 0,
    previousReward: 0,
    stallStreak,
    loopState,
    outcome: ProgressOutcome.NO_CHANGE,
    matchedTerms: [],
    reason: "",
    proof: undefined,
  };
}

describe("stall - thresholds", () => {
  it("stall - the goal's own threshold wins", () => {
    expect(stallThresholdOf({ stallThreshold: 7, estimatedEffortCycles: 10 })).toBe(7);
  });

  it("stall - effort gives max(ceil(1.5 * effort), default)", () => {
    expect(thresholdFromEffort(4, 5)).toBe(6);
    expect(thresholdFromEffort(2, 5)).toBe(5);
    expect(thresholdFromEffort(0, 5)).toBe(5);
    expect(stallThresholdOf({ stallThreshold: 0, estimatedEffortCycles: 10 }, { defaultStallThreshold: 3 })).toBe(15);
  });

  it("stall - AgentConfig.default_stall_threshold, else 5", () => {
    expect(DEFAULT_STALL_THRESHOLD).toBe(5);
    expect(stallThresholdOf({ stallThreshold: 0, estimatedEffortCycles: 0 })).toBe(5);
    expect(stallThresholdOf({ stallThreshold: 0, estimatedEffortCycles: 0 }, { defaultStallThreshold: 8 })).toBe(8);
    expect(() => defaultStallThreshold({ defaultStallThreshold: 0 })).toThrow(/defaultStallThreshold/);
  });
});

describe("stall - detection", () => {
  it("stall - stalled after the threshold of cycles without progress", () => {
    const g = goal({ cyclesWorked: 5, lastProgressCycle: 10 });
    expect(detectStall(g, 14).stalled).toBe(false);
    const v = detectStall(g, 15);
    expect(v).toMatchObject({ stalled: true, causes: ["NO_PROGRESS"], idleCycles: 5, threshold: 5 });
    expect(v.reason).toContain("no progress for 5 cycles");
  });

  it("stall - a goal not worked enough is not stalled however old", () => {
    const g = goal({ cyclesWorked: 4, lastProgressCycle: 0 });
    expect(detectStall(g, 100).stalled).toBe(false);
  });

  it("stall - the agent default threshold applies to goals without one", () => {
    const g = goal({ stallThreshold: 0, cyclesWorked: 6, lastProgressCycle: 0 });
    expect(detectStall(g, 6, { agent: { defaultStallThreshold: 7, control: undefined } }).stalled).toBe(false);
    expect(detectStall(g, 6).stalled).toBe(true);
  });

  it("stall - stalled after stall_patience declining rewards", () => {
    const g = goal({ cyclesWorked: 3, lastProgressCycle: 2, progress: sample(3) });
    const v = detectStall(g, 4);
    expect(v).toMatchObject({ stalled: true, causes: ["DECLINING_REWARD"], stallStreak: 3 });
    expect(v.reason).toContain("reward fell 3 samples in a row (patience 3)");
    expect(detectStall({ ...g, progress: sample(2) }, 4).stalled).toBe(false);
  });

  it("stall - patience comes from AgentConfig.control", () => {
    const g = goal({ cyclesWorked: 3, lastProgressCycle: 2, progress: sample(3) });
    const agent = { defaultStallThreshold: 5, control: { stallPatience: 4 } };
    expect(detectStall(g, 4, { agent }).stalled).toBe(false);
    // A sample that already said STALLED is trusted.
    expect(detectStall({ ...g, progress: sample(3, LoopState.STALLED) }, 4, { agent }).stalled).toBe(true);
  });

  it("stall - both causes reported together", () => {
    const g = goal({ cyclesWorked: 9, lastProgressCycle: 1, progress: sample(3) });
    expect(detectStall(g, 9).causes).toEqual(["NO_PROGRESS", "DECLINING_REWARD"]);
  });

  it("stall - only ACTIVE goals stall", () => {
    const g = goal({ status: GoalStatus.SUSPENDED, cyclesWorked: 9, lastProgressCycle: 0, progress: sample(5) });
    expect(detectStall(g, 50)).toMatchObject({ stalled: false, reason: "not active" });
  });

  it("stall - stalledGoals lists the stalled ones in order", () => {
    const goals = [
      goal({ symbolId: "a", cyclesWorked: 5, lastProgressCycle: 0 }),
      goal({ symbolId: "b", cyclesWorked: 1, lastProgressCycle: 0 }),
      goal({ symbolId: "c", progress: sample(3) }),
    ];
    expect(stalledGoals(goals, 10).map((s) => s.goal.symbolId)).toEqual(["a", "c"]);
  });
});
