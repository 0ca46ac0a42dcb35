import { GoalStatus } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { activeGoals, recallQuery, summarize } from "../src/index.js";
import { goal } from "./fixtures/harness.js";

describe("summary", () => {
  const facts = { cycle: 4, active: [], workingMemorySize: 12, workingMemoryCapacity: 100, episodes: 0, percepts: 0, droppedPercepts: 0, waitingPercepts: 0 };

  it("summary - one line with counts in the singular or plural, the top goal quoted and clipped", () => {
    expect(summarize({ ...facts, active: [goal("g1", { description: "learn about the sun" }), goal("g2")], episodes: 1, percepts: 3 })).toBe(
      'cycle 4: 2 active goals (top: "learn about the sun"), WM 12/100, 1 episode recalled, 3 percepts',
    );
    expect(summarize({ ...facts, active: [goal("g1", { description: `a\n ${"very ".repeat(20)}long goal` })], percepts: 1 })).toBe(
      `cycle 4: 1 active goal (top: "a ${"very ".repeat(11)}ve…"), WM 12/100, 0 episodes recalled, 1 percept`,
    );
    expect(summarize({ ...facts, active: [goal("g:no-words", { description: "" })] })).toMatch(/\(top: "g:no-words"\)/);
    expect(summarize({ ...facts, percepts: 2, droppedPercepts: 4 })).toBe("cycle 4: 0 active goals, WM 12/100, 0 episodes recalled, 2 percepts (4 dropped)");
  });

  it("goals - recall text joins each active goal's description and criteria", () => {
    const active = activeGoals([goal("b", { description: "second", successCriteria: "criteria b", priority: 1 }), goal("a", { description: " first ", priority: 9 }), goal("c", { status: GoalStatus.DORMANT })]);
    expect(active.map((g) => g.symbolId)).toEqual(["a", "b"]);
    expect(recallQuery(active)).toBe("first. second. criteria b");
  });
});
