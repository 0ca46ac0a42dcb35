import { BusError } from "@boyd/bus";
import { AdjustmentKind, Archetype, Goal, GoalProgress, GoalStatus, ProgressOutcome, type Adjustment, type ReflectionReport } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { DEFAULT_REFLECTION, resolveReflectionConfig } from "../src/reflection/config.js";
import { defaultPsyche } from "../src/reflection/psyche.js";
import { assessGoal, reflect, shouldReflect, type ReflectInput } from "../src/reflection/reflect.js";
import type { ToolExecution } from "../src/reflection/tool-stats.js";

function goal(symbolId: string, p: Partial<Goal> = {}): Goal {
  return Goal.create({ symbolId, description: `goal ${symbolId}`, priority: 128, status: GoalStatus.ACTIVE, ...p });
}

function calls(toolName: string, outcomes: readonly boolean[], startCycle = 1): ToolExecution[] {
  return outcomes.map((success, i) => ({ toolName, success, cycle: startCycle + i, goalId: "g1" }));
}

function run(p: Partial<ReflectInput>): ReflectionReport {
  return reflect({ cycle: 20, goals: [], toolHistory: [], memoryPressure: 0.2, lastReflectionCycle: 15, ...p });
}

function kinds(adjs: readonly Adjustment[]): AdjustmentKind[] {
  return adjs.map((a) => a.kind);
}

const cfg = resolveReflectionConfig();

/** A goal's latest sample after its error fell from 1 to 0.4. */
const FOUND = { progress: GoalProgress.create({ error: 0.4, outcome: ProgressOutcome.ADVANCED }) };

describe("reflection - shouldReflect", () => {
  it("shouldReflect - due every 5 cycles by default, counted from the last reflection", () => {
    expect(shouldReflect(4, undefined)).toBe(false);
    expect(shouldReflect(5, undefined)).toBe(true);
    expect(shouldReflect(9, 5)).toBe(false);
    expect(shouldReflect(10, 5)).toBe(true);
    // A manual reflection at 7 moves the rhythm: next at 12, not 10.
    expect(shouldReflect(10, 7)).toBe(false);
    expect(shouldReflect(12, 7)).toBe(true);
  });

  it("shouldReflect - never at cycle 0, never twice in one cycle, never backwards", () => {
    expect(shouldReflect(0, undefined, { reflectEveryNCycles: 1 })).toBe(false);
    expect(shouldReflect(6, 6, { reflectEveryNCycles: 1 })).toBe(false);
    expect(shouldReflect(3, 9)).toBe(false);
  });

  it("shouldReflect - the interval is configurable and 0 turns it off", () => {
    expect(shouldReflect(3, 0, { reflectEveryNCycles: 3 })).toBe(true);
    expect(shouldReflect(1000, 0, { reflectEveryNCycles: 0 })).toBe(false);
  });

  it("shouldReflect - a bad interval is INVALID_ARGUMENT", () => {
    expect(() => shouldReflect(5, 0, { reflectEveryNCycles: -1 })).toThrow(BusError);
  });
});

describe("reflection - goal assessment", () => {
  it("assessment - counts cycles since progress and whether it advanced after the last reflection", () => {
    const a = assessGoal(goal("g", { cyclesWorked: 6, lastProgressCycle: 17 , ...FOUND }), 20, 15, cfg);
    expect(a).toEqual({ goalId: "g", cyclesWorked: 6, cyclesSinceProgress: 3, advanced: true, stagnant: false });
    expect(assessGoal(goal("g", { cyclesWorked: 6, lastProgressCycle: 15 }), 20, 15, cfg).advanced).toBe(false);
  });

  it("assessment - a goal that never progressed has not advanced, even before any reflection", () => {
    expect(assessGoal(goal("g", { cyclesWorked: 4, lastProgressCycle: 0 }), 4, 0, cfg).advanced).toBe(false);
    expect(assessGoal(goal("g", { cyclesWorked: 4, lastProgressCycle: 0, ...FOUND }), 4, 0, cfg).advanced).toBe(false);
  });

  it("assessment - stagnant exactly at the threshold on both counts, not one below", () => {
    // threshold 8: worked 8 cycles and 8 cycles without progress.
    expect(assessGoal(goal("g", { cyclesWorked: 8, lastProgressCycle: 12 }), 20, 15, cfg).stagnant).toBe(true);
    expect(assessGoal(goal("g", { cyclesWorked: 7, lastProgressCycle: 0 }), 20, 15, cfg).stagnant).toBe(false);
    expect(assessGoal(goal("g", { cyclesWorked: 12, lastProgressCycle: 13 }), 20, 15, cfg).stagnant).toBe(false);
  });

  it("assessment - a progress cycle after the reflection cycle does not go negative", () => {
    expect(assessGoal(goal("g", { cyclesWorked: 3, lastProgressCycle: 25 }), 20, 15, cfg).cyclesSinceProgress).toBe(0);
  });

  it("reflect - only active goals are assessed", () => {
    const r = run({
      goals: [goal("a"), goal("s", { status: GoalStatus.SUSPENDED }), goal("c", { status: GoalStatus.COMPLETED }), goal("f", { status: GoalStatus.FAILED })],
    });
    expect(r.goals.map((g) => g.goalId)).toEqual(["a"]);
  });
});

describe("reflection - adjustments", () => {
  it("boost - a goal that advanced since the last reflection gets +20", () => {
    const r = run({ goals: [goal("g", { priority: 100, cyclesWorked: 5, lastProgressCycle: 18 , ...FOUND })] });
    expect(r.adjustments).toEqual([expect.objectContaining({ kind: AdjustmentKind.BOOST_PRIORITY, goalId: "g", priorityDelta: 20, applied: false })]);
    expect(r.adjustments[0]!.description).toBe('Boost "goal g" from 100 to 120: it advanced at cycle 18 (error now 0.400)');
  });

  it("boost - a goal added after the last reflection whose error never fell is not boosted (advanced at error 1.000)", () => {
    // Adding a goal starts its stall clock: lastProgressCycle is the cycle it was added.
    const stuck = GoalProgress.create({ error: 1, outcome: ProgressOutcome.NO_CHANGE, cycle: 20 });
    const r = run({ goals: [goal("g", { priority: 128, cyclesWorked: 4, lastProgressCycle: 16, progress: stuck })] });
    expect(r.goals[0]!.advanced).toBe(false);
    expect(r.adjustments).toEqual([]);
    expect(r.summary).toContain("none advanced or stagnant");
    // Not even before a first sample.
    expect(run({ goals: [goal("g", { cyclesWorked: 4, lastProgressCycle: 16 })] }).adjustments).toEqual([]);
  });

  it("boost - a busy goal that did not advance is not boosted (unlike the reference)", () => {
    const r = run({ goals: [goal("g", { priority: 100, cyclesWorked: 5, lastProgressCycle: 14 })] });
    expect(r.adjustments).toEqual([]);
  });

  it("boost - capped at 255: the delta shrinks near the cap and vanishes at it", () => {
    const near = run({ goals: [goal("g", { priority: 245, cyclesWorked: 5, lastProgressCycle: 18 , ...FOUND })] });
    expect(near.adjustments[0]?.priorityDelta).toBe(10);
    const at = run({ goals: [goal("g", { priority: 255, cyclesWorked: 5, lastProgressCycle: 18 , ...FOUND })] });
    expect(at.adjustments).toEqual([]);
  });

  it("min cycles worked - a goal is judged at exactly 3 cycles worked, not at 2", () => {
    expect(kinds(run({ goals: [goal("g", { cyclesWorked: 3, lastProgressCycle: 19 , ...FOUND })] }).adjustments)).toEqual([AdjustmentKind.BOOST_PRIORITY]);
    expect(run({ goals: [goal("g", { cyclesWorked: 2, lastProgressCycle: 19 })] }).adjustments).toEqual([]);
  });

  it("demote - a stagnant goal loses 30 and is suggested for decomposition", () => {
    const r = run({ goals: [goal("g", { priority: 128, cyclesWorked: 10, lastProgressCycle: 4 })] });
    expect(kinds(r.adjustments)).toEqual([AdjustmentKind.DEMOTE_PRIORITY, AdjustmentKind.SUGGEST_DECOMPOSITION]);
    expect(r.adjustments[0]?.priorityDelta).toBe(-30);
    expect(r.adjustments[1]).toMatchObject({ goalId: "g", priorityDelta: 0 });
  });

  it("demote - floored at 0: the delta shrinks near 0 and vanishes at 0", () => {
    const near = run({ goals: [goal("g", { priority: 12, cyclesWorked: 10, lastProgressCycle: 4 })] });
    expect(near.adjustments.find((a) => a.kind === AdjustmentKind.DEMOTE_PRIORITY)?.priorityDelta).toBe(-12);
    const zero = run({ goals: [goal("g", { priority: 0, cyclesWorked: 10, lastProgressCycle: 4 })] });
    expect(kinds(zero.adjustments)).toEqual([AdjustmentKind.SUGGEST_DECOMPOSITION]);
  });

  it("decomposition - not suggested again for a goal that already has children", () => {
    const r = run({ goals: [goal("g", { cyclesWorked: 10, lastProgressCycle: 4, childIds: ["g.1"] })] });
    expect(kinds(r.adjustments)).toEqual([AdjustmentKind.DEMOTE_PRIORITY]);
  });

  it("stagnation threshold - exactly 8 cycles demotes, 7 does not", () => {
    const at = run({ goals: [goal("g", { cyclesWorked: 8, lastProgressCycle: 12 })] });
    expect(kinds(at.adjustments)).toContain(AdjustmentKind.DEMOTE_PRIORITY);
    const below = run({ goals: [goal("g", { cyclesWorked: 8, lastProgressCycle: 13 })] });
    expect(kinds(below.adjustments)).not.toContain(AdjustmentKind.DEMOTE_PRIORITY);
  });

  it("abandon - a goal stagnant after exactly 16 cycles worked is abandoned, and only that", () => {
    const at = run({ goals: [goal("g", { cyclesWorked: 16, lastProgressCycle: 2 })] });
    expect(kinds(at.adjustments)).toEqual([AdjustmentKind.SUGGEST_ABANDON]);
    expect(at.adjustments[0]?.description).toMatch(/no progress for 18 cycles after 16 cycles of work/);
    const below = run({ goals: [goal("g", { cyclesWorked: 15, lastProgressCycle: 2 })] });
    expect(kinds(below.adjustments)).toEqual([AdjustmentKind.DEMOTE_PRIORITY, AdjustmentKind.SUGGEST_DECOMPOSITION]);
  });

  it("abandon - a goal worked 16+ cycles that is still moving is not abandoned", () => {
    const r = run({ goals: [goal("g", { cyclesWorked: 30, lastProgressCycle: 19 , ...FOUND })] });
    expect(kinds(r.adjustments)).toEqual([AdjustmentKind.BOOST_PRIORITY]);
  });

  it("consolidation - triggered at pressure 0.8 exactly and above, not below", () => {
    expect(kinds(run({ memoryPressure: 0.8 }).adjustments)).toEqual([AdjustmentKind.TRIGGER_CONSOLIDATION]);
    expect(kinds(run({ memoryPressure: 1 }).adjustments)).toEqual([AdjustmentKind.TRIGGER_CONSOLIDATION]);
    expect(run({ memoryPressure: 0.79 }).adjustments).toEqual([]);
    expect(run({ memoryPressure: 0.79 }).memoryPressure).toBe(0.79);
  });

  it("consolidation - the pressure threshold is configurable", () => {
    expect(kinds(run({ memoryPressure: 0.6, config: { consolidationPressure: 0.6 } }).adjustments)).toEqual([AdjustmentKind.TRIGGER_CONSOLIDATION]);
    expect(run({ memoryPressure: 0.85, config: { consolidationPressure: 0.9 } }).adjustments).toEqual([]);
  });

  it("tools - low-success tools are flagged in the report", () => {
    const r = run({ toolHistory: [...calls("shell_exec", [false, false, true, false]), ...calls("kg_query", [true, true])] });
    expect(r.tools.find((t) => t.toolName === "shell_exec")).toMatchObject({ flagged: true, successRate: 0.25 });
    expect(r.tools.find((t) => t.toolName === "kg_query")?.flagged).toBe(false);
    // One healthy tool left: no call for a new strategy.
    expect(r.adjustments).toEqual([]);
  });

  it("tools - when every judged tool is failing, a new strategy is suggested", () => {
    const r = run({ toolHistory: [...calls("shell_exec", [false, false]), ...calls("http_fetch", [false, false, false]), ...calls("reason", [true])] });
    // reason has one call only, so it is not judged either way.
    expect(r.adjustments).toEqual([
      expect.objectContaining({ kind: AdjustmentKind.SUGGEST_NEW_GOAL, goalId: "", description: expect.stringContaining("http_fetch, shell_exec") }),
    ]);
  });

  it("config - boost, demote and thresholds follow the config", () => {
    const config = { boostAmount: 5, demoteAmount: 7, stagnationThreshold: 4, abandonAfterCycles: 100, minCyclesWorked: 1 };
    const r = run({
      config,
      goals: [goal("up", { priority: 50, cyclesWorked: 1, lastProgressCycle: 20 , ...FOUND }), goal("down", { priority: 50, cyclesWorked: 4, lastProgressCycle: 16 })],
    });
    expect(r.adjustments.map((a) => [a.goalId, a.kind, a.priorityDelta])).toEqual([
      ["up", AdjustmentKind.BOOST_PRIORITY, 5],
      ["down", AdjustmentKind.DEMOTE_PRIORITY, -7],
      ["down", AdjustmentKind.SUGGEST_DECOMPOSITION, 0],
    ]);
  });

  it("reflect - defaults are the contract's", () => {
    expect(DEFAULT_REFLECTION).toMatchObject({
      reflectEveryNCycles: 5,
      minCyclesWorked: 3,
      minToolSuccessRate: 0.3,
      stagnationThreshold: 8,
      abandonAfterCycles: 16,
      boostAmount: 20,
      demoteAmount: 30,
      consolidationPressure: 0.8,
    });
  });

  it("reflect - bad inputs are INVALID_ARGUMENT", () => {
    expect(() => run({ memoryPressure: Number.NaN })).toThrow(/memory pressure/);
    expect(() => run({ memoryPressure: -0.1 })).toThrow(BusError);
    expect(() => run({ cycle: -1 })).toThrow(/cycle/);
    expect(() => run({ config: { minToolSuccessRate: 1.5 } })).toThrow(/minToolSuccessRate/);
  });

  it("reflect - inputs are not modified", () => {
    const goals = [goal("g", { priority: 100, cyclesWorked: 10, lastProgressCycle: 1 })];
    const snapshot = structuredClone(goals);
    run({ goals });
    expect(goals).toEqual(snapshot);
  });
});

describe("reflection - summary", () => {
  it("summary - names advanced and stagnant goals, flagged tools, pressure and adjustments", () => {
    const r = run({
      goals: [
        goal("a", { description: "Map the solar system", priority: 100, cyclesWorked: 5, lastProgressCycle: 19 , ...FOUND }),
        goal("b", { description: "Classify exoplanets", priority: 90, cyclesWorked: 9, lastProgressCycle: 3 }),
      ],
      toolHistory: [...calls("shell_exec", [false, false, false]), ...calls("kg_query", [true, true])],
      memoryPressure: 0.85,
    });
    expect(r.summary).toContain("cycle 20");
    expect(r.summary).toContain("2 active goals");
    expect(r.summary).toContain('advanced: "Map the solar system"');
    expect(r.summary).toContain('stagnant: "Classify exoplanets"');
    expect(r.summary).toContain("shell_exec (0/3 succeeded, 0%)");
    expect(r.summary).toContain("Memory pressure 85%");
    expect(r.summary).toMatch(/Boost "Map the solar system" from 100 to 120/);
    expect(r.summary).toMatch(/Demote "Classify exoplanets" from 90 to 60/);
    expect(r.summary).toMatch(/Decompose "Classify exoplanets"/);
    expect(r.summary).toMatch(/Consolidate working memory/);
  });

  it("summary - a quiet reflection says so", () => {
    const r = run({ goals: [goal("a", { cyclesWorked: 1 })] });
    expect(r.summary).toContain("1 active goal assessed; none advanced or stagnant");
    expect(r.summary).toContain("No adjustments.");
  });

  it("summary - long descriptions are shortened", () => {
    const r = run({ goals: [goal("a", { description: "x".repeat(200), cyclesWorked: 5, lastProgressCycle: 19 , ...FOUND })] });
    expect(r.summary).toContain(`"${"x".repeat(57)}..."`);
    expect(r.summary).not.toContain("x".repeat(58));
  });
});

describe("reflection - psyche", () => {
  it("psyche - absent unless configured", () => {
    expect(run({}).psyche).toBeUndefined();
  });

  it("psyche - evolved from the calls since the last reflection only", () => {
    const catalog = [
      { name: "kg_query", archetype: Archetype.SAGE },
      { name: "shell_exec", archetype: Archetype.EXPLORER },
    ];
    // Failing shell calls happened before the last reflection (15): already counted then.
    const history = [...calls("shell_exec", [false, false, false], 10), ...calls("kg_query", [true, true, true], 16)];
    const r = run({ psyche: defaultPsyche(), catalog, toolHistory: history, shadowEncounters: 2 });
    expect(r.psyche?.archetypes?.sage).toBeCloseTo(0.52);
    expect(r.psyche?.archetypes?.explorer).toBeCloseTo(0.5);
    expect(r.psyche?.integration?.individuation).toBeCloseTo(0.12);
    // The report's tool view still covers the whole history.
    expect(r.tools.find((t) => t.toolName === "shell_exec")?.flagged).toBe(true);
    expect(r.summary).toContain("Psyche: dominant sage, individuation 0.12");
  });
});
