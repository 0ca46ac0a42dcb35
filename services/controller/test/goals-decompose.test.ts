import { type Goal, GoalChangeKind, GoalJustification, GoalSource, GoalStatus, ProgressOutcome } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import {
  CHILD_GOAL_PREDICATE,
  PARENT_GOAL_PREDICATE,
  decomposeGoal,
  goalDepth,
  settleParents,
  splitGoalText,
  type Decomposition,
} from "../src/goals/decompose.js";
import { GoalError } from "../src/goals/errors.js";
import { addGoal, setStatus } from "../src/goals/goal-book.js";

const MARS = "find the moons of Mars, the moons of Jupiter and the rings of Saturn";

function book(description = MARS, extra: { successCriteria?: string } = {}): Goal[] {
  return addGoal([], { symbolId: "g", description, priority: 150, ...extra }, { cycle: 1 }).goals;
}

function decomposed(goals: Goal[], id = "g", cycle = 9): Decomposition {
  const r = decomposeGoal(goals, id, { cycle, nowUnixMs: 1000 });
  if (!r.ok) throw new Error(`refused: ${r.reason}`);
  return r;
}

function finish(goals: Goal[], ids: string[], status: GoalStatus): Goal[] {
  return ids.reduce((gs, id) => setStatus(gs, id, status, status === GoalStatus.FAILED ? "gave up" : "done").goals, goals);
}

describe("decompose - splitting", () => {
  it("decompose - commas and 'and' split; a leading verb is shared", () => {
    expect(splitGoalText(MARS)).toEqual([
      { description: "find the moons of Mars", criteria: "the moons of Mars" },
      { description: "find the moons of Jupiter", criteria: "the moons of Jupiter" },
      { description: "find the rings of Saturn", criteria: "the rings of Saturn" },
    ]);
  });

  it("decompose - semicolons, ampersands, bullets and numbered lists split", () => {
    expect(splitGoalText("list stars; list planets & list comets").map((p) => p.description)).toEqual([
      "list stars",
      "list planets",
      "list comets",
    ]);
    expect(splitGoalText("- survey the field\n* pick a topic\n• write a summary").map((p) => p.description)).toEqual([
      "survey the field",
      "pick a topic",
      "write a summary",
    ]);
    expect(splitGoalText("1. collect data\n2) clean data.").map((p) => p.description)).toEqual(["collect data", "clean data"]);
  });

  it("decompose - 'and' inside words does not split; empty and repeated parts are dropped", () => {
    expect(splitGoalText("explore Andromeda and Sandy Island").map((p) => p.description)).toEqual(["explore Andromeda", "Sandy Island"]);
    expect(splitGoalText("moons of Mars, , and the, Mars moons").map((p) => p.description)).toEqual(["moons of Mars"]);
  });

  it("decompose - no shared verb when later parts are not bare noun phrases", () => {
    expect(splitGoalText("find the moons of Mars, count craters")).toEqual([
      { description: "find the moons of Mars", criteria: "find the moons of Mars" },
      { description: "count craters", criteria: "count craters" },
    ]);
  });
});

describe("decompose - decomposeGoal", () => {
  it("decompose - the Mars goal becomes 3 children at 200/190/180", () => {
    const r = decomposed(book());
    expect(r.children.map((c) => c.priority)).toEqual([200, 190, 180]);
    expect(r.children.map((c) => c.symbolId)).toEqual(["g/1", "g/2", "g/3"]);
    expect(r.children.map((c) => c.description)).toEqual([
      "find the moons of Mars",
      "find the moons of Jupiter",
      "find the rings of Saturn",
    ]);
    expect(r.children.map((c) => c.successCriteria)).toEqual(["the moons of Mars", "the moons of Jupiter", "the rings of Saturn"]);
    for (const c of r.children) {
      expect(c).toMatchObject({
        status: GoalStatus.ACTIVE,
        parentId: "g",
        source: GoalSource.DECOMPOSITION,
        justification: GoalJustification.DECOMPOSED_FROM,
        stallThreshold: 5,
        cyclesWorked: 0,
        lastProgressCycle: 9,
        createdAtUnixMs: 1000,
      });
    }
  });

  it("decompose - the parent is suspended and lists its children", () => {
    const goals = book();
    const r = decomposed(goals);
    expect(r.parent.status).toBe(GoalStatus.SUSPENDED);
    expect(r.parent.childIds).toEqual(["g/1", "g/2", "g/3"]);
    expect(r.parent.statusReason).toMatch(/^decomposed \(stalled\) into 3 sub-goals/);
    expect(r.goals.map((g) => g.symbolId)).toEqual(["g", "g/1", "g/2", "g/3"]);
    // The input book is untouched.
    expect(goals[0]!.status).toBe(GoalStatus.ACTIVE);
    expect(goals).toHaveLength(1);
  });

  it("decompose - links and events to record", () => {
    const r = decomposed(book());
    expect(r.links.map((t) => [t.subject, t.predicate, t.object])).toEqual([
      ["g", CHILD_GOAL_PREDICATE, "g/1"],
      ["g/1", PARENT_GOAL_PREDICATE, "g"],
      ["g", CHILD_GOAL_PREDICATE, "g/2"],
      ["g/2", PARENT_GOAL_PREDICATE, "g"],
      ["g", CHILD_GOAL_PREDICATE, "g/3"],
      ["g/3", PARENT_GOAL_PREDICATE, "g"],
    ]);
    expect(CHILD_GOAL_PREDICATE).toBe("agent:child_goal");
    expect(PARENT_GOAL_PREDICATE).toBe("agent:parent_goal");
    expect(r.links[0]).toMatchObject({ confidence: 1, source: "controller:decomposition", createdAtUnixMs: 1000 });
    expect(r.changes.map((c) => c.change)).toEqual([
      GoalChangeKind.DECOMPOSED,
      GoalChangeKind.CREATED,
      GoalChangeKind.CREATED,
      GoalChangeKind.CREATED,
    ]);
    expect(r.changes[0]).toMatchObject({ previousStatus: GoalStatus.ACTIVE, previousPriority: 150 });
  });

  it("decompose - criteria are split before the description", () => {
    const r = decomposed(book("study the outer planets", { successCriteria: "Jupiter moons, Saturn rings" }));
    expect(r.children.map((c) => c.successCriteria)).toEqual(["Jupiter moons", "Saturn rings"]);
  });

  it("decompose - a single criterion is refused, with why", () => {
    const r = decomposeGoal(book("find the moons of Mars"), "g");
    expect(r).toEqual({ ok: false, code: "SINGLE_PART", reason: expect.stringContaining("single part") });
  });

  it("decompose - a child is never split into its own single criterion again", () => {
    const r = decomposed(book());
    expect(decomposeGoal(r.goals, "g/1")).toMatchObject({ ok: false, code: "SINGLE_PART" });
  });

  it("decompose - a part restating the goal or an ancestor is refused", () => {
    const r = decomposed(book("moons of Mars, rings of Saturn"));
    // Its criteria are one part, so the description is split, and one of
    // its parts is the child's own criterion again.
    const child = { ...r.children[0]!, description: "moons of Mars and their orbits" };
    expect(child.successCriteria).toBe("moons of Mars");
    const goals = r.goals.map((g) => (g.symbolId === child.symbolId ? child : g));
    const refused = decomposeGoal(goals, child.symbolId);
    expect(refused).toMatchObject({ ok: false, code: "REPEATS_ANCESTOR" });
    expect(refused.ok === false && refused.reason).toBe('part "moons of Mars" restates goal g/1');
    // Same for a part equal to the parent's criteria (split from its description).
    const p = decomposed(book("moons of Mars and rings of Saturn", { successCriteria: "planetary satellites" }));
    const echo = { ...p.children[1]!, successCriteria: "Saturn craters, planetary satellites" };
    const withEcho = p.goals.map((g) => (g.symbolId === echo.symbolId ? echo : g));
    expect(decomposeGoal(withEcho, echo.symbolId)).toMatchObject({ ok: false, code: "REPEATS_ANCESTOR", reason: expect.stringContaining("goal g") });
  });

  it("decompose - depth is bounded", () => {
    let goals = book("a1 thing, b1 thing");
    let id = "g";
    for (let depth = 0; depth < 3; depth++) {
      const r = decomposed(goals, id);
      // Give the first child a splittable text to go one level deeper.
      const child = { ...r.children[0]!, successCriteria: `a${depth + 2} thing, b${depth + 2} thing` };
      goals = r.goals.map((g) => (g.symbolId === child.symbolId ? child : g));
      id = child.symbolId;
    }
    expect(goalDepth(goals, id)).toBe(3);
    expect(decomposeGoal(goals, id)).toMatchObject({ ok: false, code: "MAX_DEPTH" });
    expect(decomposeGoal(goals, id, { maxDepth: 4 }).ok).toBe(true);
  });

  it("decompose - not twice, not when inactive, unknown goal throws", () => {
    const r = decomposed(book());
    expect(decomposeGoal(r.goals, "g")).toMatchObject({ ok: false, code: "NOT_ACTIVE" });
    const resumed = r.goals.map((g) => (g.symbolId === "g" ? { ...g, status: GoalStatus.ACTIVE } : g));
    expect(decomposeGoal(resumed, "g")).toMatchObject({ ok: false, code: "ALREADY_DECOMPOSED" });
    expect(() => decomposeGoal(r.goals, "nope")).toThrow(GoalError);
  });

  it("decompose - custom child ids; a taken id throws", () => {
    const goals = book();
    const r = decomposeGoal(goals, "g", { childId: (_p, i) => `sub-${i}` });
    expect(r.ok && r.children.map((c) => c.symbolId)).toEqual(["sub-0", "sub-1", "sub-2"]);
    expect(() => decomposeGoal(goals, "g", { childId: () => "g" })).toThrow(/already exists/);
  });

  it("decompose - priorities floor at 0 for long lists", () => {
    const text = Array.from({ length: 23 }, (_, i) => `topic${i} item`).join(", ");
    const r = decomposed(book(text));
    expect(r.children.at(-3)!.priority).toBe(0);
    expect(r.children.at(-1)!.priority).toBe(0);
    expect(r.children[19]!.priority).toBe(10);
  });
});

describe("decompose - settling parents", () => {
  it("decompose - all children completed resumes the parent with a fresh loop", () => {
    const r = decomposed(book());
    let goals = r.goals.map((g) =>
      g.symbolId === "g"
        ? { ...g, cyclesWorked: 6, progress: { goalId: "g", outcome: ProgressOutcome.NO_CHANGE } as Goal["progress"] }
        : g,
    );
    goals = finish(goals, ["g/1", "g/2"], GoalStatus.COMPLETED);
    expect(settleParents(goals, { cycle: 20 }).changes).toEqual([]);
    goals = finish(goals, ["g/3"], GoalStatus.COMPLETED);
    const s = settleParents(goals, { cycle: 20 });
    const parent = s.goals.find((g) => g.symbolId === "g")!;
    expect(parent).toMatchObject({ status: GoalStatus.ACTIVE, cyclesWorked: 0, lastProgressCycle: 20, progress: undefined });
    expect(parent.statusReason).toBe("resumed: 3/3 sub-goals completed");
    expect(s.changes).toHaveLength(1);
    expect(s.changes[0]).toMatchObject({ change: GoalChangeKind.STATUS, previousStatus: GoalStatus.SUSPENDED });
    // Resumed, it gets no second split.
    expect(decomposeGoal(s.goals, "g")).toMatchObject({ ok: false, code: "ALREADY_DECOMPOSED" });
  });

  it("decompose - some children failed: the parent resumes and says which", () => {
    let goals = decomposed(book()).goals;
    goals = finish(goals, ["g/1", "g/3"], GoalStatus.COMPLETED);
    goals = finish(goals, ["g/2"], GoalStatus.FAILED);
    const parent = settleParents(goals).goals.find((g) => g.symbolId === "g")!;
    expect(parent.status).toBe(GoalStatus.ACTIVE);
    expect(parent.statusReason).toBe("resumed: 2/3 sub-goals completed; failed: g/2");
  });

  it("decompose - every child failed: the parent fails", () => {
    let goals = decomposed(book()).goals;
    goals = finish(goals, ["g/1", "g/2", "g/3"], GoalStatus.FAILED);
    const s = settleParents(goals);
    expect(s.goals[0]).toMatchObject({ status: GoalStatus.FAILED, statusReason: "all 3 sub-goals failed" });
    expect(s.changes[0]!.previousStatus).toBe(GoalStatus.SUSPENDED);
  });

  it("decompose - a reformulated child counts as its replacement", () => {
    let goals = decomposed(book("alpha item, beta item")).goals;
    goals = addGoal(goals, { symbolId: "r", description: "alpha item reworded" }).goals;
    goals = goals.map((g) => (g.symbolId === "g/1" ? { ...g, status: GoalStatus.REFORMULATED, replacementGoalId: "r" } : g));
    goals = finish(goals, ["g/2"], GoalStatus.COMPLETED);
    expect(settleParents(goals).changes).toEqual([]);
    goals = finish(goals, ["r"], GoalStatus.COMPLETED);
    expect(settleParents(goals).goals[0]!.status).toBe(GoalStatus.ACTIVE);
  });
});
