import { AdjustmentKind, Goal, GoalProgress, GoalStatus, ProgressOutcome, type Adjustment, type ReflectionReport } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { applyAdjustments } from "../src/reflection/apply.js";
import { reflect } from "../src/reflection/reflect.js";

function goal(symbolId: string, p: Partial<Goal> = {}): Goal {
  return Goal.create({ symbolId, description: `goal ${symbolId}`, priority: 128, status: GoalStatus.ACTIVE, ...p });
}

function adj(kind: AdjustmentKind, goalId: string, priorityDelta = 0, description = "why"): Adjustment {
  return { kind, goalId, priorityDelta, description, applied: false };
}

function report(adjustments: Adjustment[]): ReflectionReport {
  return { cycle: 10, tools: [], goals: [], adjustments, memoryPressure: 0, psyche: undefined, summary: "" };
}

describe("reflection - applyAdjustments", () => {
  it("apply - boost and demote change priority and are recorded with before and after", () => {
    const goals = [goal("a", { priority: 100 }), goal("b", { priority: 100 })];
    const r = applyAdjustments(goals, report([adj(AdjustmentKind.BOOST_PRIORITY, "a", 20), adj(AdjustmentKind.DEMOTE_PRIORITY, "b", -30)]));
    expect(r.goals.map((g) => g.priority)).toEqual([120, 70]);
    expect(r.applied.map((c) => [c.goalId, c.before.priority, c.after.priority])).toEqual([
      ["a", 100, 120],
      ["b", 100, 70],
    ]);
    expect(r.report.adjustments.every((a) => a.applied)).toBe(true);
    expect(r.applied.every((c) => c.adjustment.applied)).toBe(true);
  });

  it("apply - priority is clamped to 0..255 against the goal's current priority", () => {
    // The report was computed when the goals stood elsewhere.
    const goals = [goal("hi", { priority: 250 }), goal("lo", { priority: 10 })];
    const r = applyAdjustments(goals, report([adj(AdjustmentKind.BOOST_PRIORITY, "hi", 20), adj(AdjustmentKind.DEMOTE_PRIORITY, "lo", -30)]));
    expect(r.goals.map((g) => g.priority)).toEqual([255, 0]);
  });

  it("apply - a computed priority moves with the plain one", () => {
    const r = applyAdjustments([goal("a", { priority: 100, computedPriority: 140 })], report([adj(AdjustmentKind.DEMOTE_PRIORITY, "a", -30)]));
    expect(r.goals[0]).toMatchObject({ priority: 70, computedPriority: 110 });
    const none = applyAdjustments([goal("b", { priority: 100 })], report([adj(AdjustmentKind.BOOST_PRIORITY, "b", 20)]));
    expect(none.goals[0]?.computedPriority).toBeUndefined();
  });

  it("apply - abandon fails the goal with a reason", () => {
    const r = applyAdjustments([goal("a")], report([adj(AdjustmentKind.SUGGEST_ABANDON, "a", 0, "Abandon it: stuck")]));
    expect(r.goals[0]).toMatchObject({ status: GoalStatus.FAILED, statusReason: "abandoned by reflection: Abandon it: stuck", priority: 128 });
    expect(r.applied[0]).toMatchObject({ before: { status: GoalStatus.ACTIVE }, after: { status: GoalStatus.FAILED } });
  });

  it("apply - decomposition, consolidation and new goals are deferred to the controller", () => {
    const adjs = [adj(AdjustmentKind.SUGGEST_DECOMPOSITION, "a"), adj(AdjustmentKind.TRIGGER_CONSOLIDATION, ""), adj(AdjustmentKind.SUGGEST_NEW_GOAL, "")];
    const r = applyAdjustments([goal("a")], report(adjs));
    expect(r.deferred).toEqual(adjs);
    expect(r.applied).toEqual([]);
    expect(r.goals[0]).toEqual(goal("a"));
    expect(r.report.adjustments.some((a) => a.applied)).toBe(false);
  });

  it("apply - unknown, inactive and already-at-bound goals are skipped with a reason", () => {
    const goals = [goal("done", { status: GoalStatus.COMPLETED }), goal("top", { priority: 255 })];
    const r = applyAdjustments(goals, report([adj(AdjustmentKind.BOOST_PRIORITY, "ghost", 20), adj(AdjustmentKind.DEMOTE_PRIORITY, "done", -30), adj(AdjustmentKind.BOOST_PRIORITY, "top", 20)]));
    expect(r.skipped.map((s) => s.reason)).toEqual(["goal ghost not found", "goal done is no longer active", "goal top is already at priority 255"]);
    expect(r.goals).toEqual(goals);
    expect(r.applied).toEqual([]);
  });

  it("apply - applying the same report twice changes nothing more", () => {
    const once = applyAdjustments([goal("a", { priority: 100 })], report([adj(AdjustmentKind.BOOST_PRIORITY, "a", 20)]));
    const twice = applyAdjustments(once.goals, once.report);
    expect(twice.goals[0]?.priority).toBe(120);
    expect(twice.applied).toEqual([]);
  });

  it("apply - inputs are not modified and unchanged goals keep their identity", () => {
    const goals = [goal("a", { priority: 100 }), goal("b")];
    const rep = report([adj(AdjustmentKind.BOOST_PRIORITY, "a", 20)]);
    const snapshot = structuredClone({ goals, rep });
    const r = applyAdjustments(goals, rep);
    expect({ goals, rep }).toEqual(snapshot);
    expect(r.goals[1]).toBe(goals[1]);
    expect(r.goals[0]).not.toBe(goals[0]);
  });

  it("apply - end to end: reflect then apply demotes a stagnant goal (the reference dropped this)", () => {
    const goals = [goal("stuck", { priority: 128, cyclesWorked: 9, lastProgressCycle: 2 }), goal("moving", { priority: 128, cyclesWorked: 4, lastProgressCycle: 19, progress: GoalProgress.create({ error: 0.5, outcome: ProgressOutcome.ADVANCED }) })];
    const rep = reflect({ cycle: 20, goals, toolHistory: [], memoryPressure: 0.9, lastReflectionCycle: 15 });
    const r = applyAdjustments(goals, rep);
    expect(r.goals.map((g) => [g.symbolId, g.priority])).toEqual([
      ["stuck", 98],
      ["moving", 148],
    ]);
    expect(r.deferred.map((a) => a.kind)).toEqual([AdjustmentKind.SUGGEST_DECOMPOSITION, AdjustmentKind.TRIGGER_CONSOLIDATION]);
    expect(r.report.adjustments.filter((a) => a.applied).map((a) => a.kind)).toEqual([AdjustmentKind.DEMOTE_PRIORITY, AdjustmentKind.BOOST_PRIORITY]);
  });
});
