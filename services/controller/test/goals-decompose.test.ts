import { type Goal, GoalChangeKind, GoalJustification, type GoalProgress, GoalSource, GoalStatus, LoopState, type Proof, ProgressOutcome } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import {
  CHILD_GOAL_PREDICATE,
  PARENT_GOAL_PREDICATE,
  childPriority,
  decomposeGoal,
  goalDepth,
  goalParts,
  settleParents,
  splitGoalText,
  termsAlreadyMet,
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

  it("decompose - a question offering a choice is one question: its commas separate the things offered", () => {
    expect(splitGoalText("Who was born first, Einstein or Bohr?")).toEqual([]);
    expect(splitGoalText("Which is the oldest: Vienna, Graz or Linz?")).toEqual([]);
    expect(goalParts({ description: "Which river is longer, the Rhine or the Elbe?", successCriteria: "rhine" })).toEqual([]);
    // A request is still split at its commas.
    expect(splitGoalText("find the moons of Mars, the rings of Saturn").map((p) => p.criteria)).toEqual(["the moons of Mars", "the rings of Saturn"]);
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
    expect(splitGoalText("explore Andromeda and map the sandy island").map((p) => p.description)).toEqual([
      "explore Andromeda",
      "map the sandy island",
    ]);
    // Changed: "Andromeda and Sandy" sits between two capitalised words, which never splits.
    expect(splitGoalText("explore Andromeda and Sandy Island").map((p) => p.description)).toEqual(["explore Andromeda and Sandy Island"]);
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
  it("decompose - the Mars goal (priority 150) becomes 3 children at 150/149/148", () => {
    const r = decomposed(book());
    expect(r.children.map((c) => c.priority)).toEqual([150, 149, 148]);
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
    expect(r.children.map((c) => c.description)).toEqual(["study the outer planets", "study the outer planets"]);
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
    const goals = addGoal([], { symbolId: "g", description: text, priority: 20 }, { cycle: 1 }).goals;
    const r = decomposed(goals);
    expect(r.children[0]!.priority).toBe(20);
    expect(r.children[10]!.priority).toBe(10);
    expect(r.children[20]!.priority).toBe(0);
    expect(r.children.at(-1)!.priority).toBe(0);
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

const WHALE = "Find out whether a whale is a living thing and can fly";

/** The book with goal "g" whose latest progress sample matched `matchedTerms`. */
function withProgress(goals: Goal[], matchedTerms: string[], proof: Proof | undefined): Goal[] {
  const progress: GoalProgress = {
    goalId: "g",
    cycle: 8,
    error: 0.6,
    integral: 3,
    gain: 1.15,
    reward: 0.4,
    previousReward: 0.5,
    stallStreak: 3,
    loopState: LoopState.STALLED,
    outcome: ProgressOutcome.NO_CHANGE,
    matchedTerms,
    reason: "no change",
    proof,
  };
  return goals.map((g) => (g.symbolId === "g" ? { ...g, progress } : g));
}

const PROOF: Proof = { steps: [], toolName: "kb_query", excerpt: "whale is-a mammal; mammal is-a living thing", cycle: 8, summary: "whale is-a living thing (examples/animals.csv:12)" };

describe("decompose - each part keeps its subject", () => {
  it("decompose - 'whether X is A and can B' restates the subject in each part", () => {
    expect(splitGoalText(WHALE)).toEqual([
      { description: "Find out whether a whale is a living thing", criteria: "living thing" },
      { description: "Find out whether a whale can fly", criteria: "fly" },
    ]);
    expect(splitGoalText("Find out whether a whale is a living thing and a fish")).toEqual([
      { description: "Find out whether a whale is a living thing", criteria: "living thing" },
      { description: "Find out whether a whale is a fish", criteria: "fish" },
    ]);
    // The examples' wordings: a second clause keeps its own subject.
    expect(splitGoalText("Find out whether a whale is a living thing, and find out whether a whale can fly")).toEqual([
      { description: "Find out whether a whale is a living thing", criteria: "living thing" },
      { description: "find out whether a whale can fly", criteria: "fly" },
    ]);
    expect(splitGoalText("Find out whether a whale is a living thing, and whether a bee is one too").map((p) => p.description)).toEqual([
      "Find out whether a whale is a living thing",
      "Find out whether a bee is one too",
    ]);
    expect(splitGoalText("check that the server is running and the disk has space").map((p) => p.description)).toEqual([
      "check that the server is running",
      "check that the disk has space",
    ]);
    expect(splitGoalText("Find out if Mars has moons and two rings").map((p) => p.description)).toEqual([
      "Find out if Mars has moons",
      "Find out if Mars has two rings",
    ]);
  });

  it("decompose - an object shared at the end goes to every part", () => {
    expect(splitGoalText("Find the capital and the currency of Kenya")).toEqual([
      { description: "Find the capital of Kenya", criteria: "the capital of Kenya" },
      { description: "Find the currency of Kenya", criteria: "the currency of Kenya" },
    ]);
    expect(splitGoalText("Find the moons of Mars and the moons of Jupiter")).toEqual([
      { description: "Find the moons of Mars", criteria: "the moons of Mars" },
      { description: "Find the moons of Jupiter", criteria: "the moons of Jupiter" },
    ]);
    // A bare name after a comma takes the head it continues.
    expect(splitGoalText("visit the museum in Paris, London").map((p) => p.description)).toEqual([
      "visit the museum in Paris",
      "visit the museum in London",
    ]);
  });

  it("decompose - multi-word names and fragments are not split on 'and'", () => {
    for (const text of [
      "Find the capital of Bosnia and Herzegovina",
      "Find the capital of Trinidad and Tobago",
      "Study research and development",
      "Find the research and development budget",
      "Find the budget of Procter & Gamble",
      "Find out whether a whale is big and heavy",
    ]) {
      expect(splitGoalText(text), text).toHaveLength(1);
    }
    // Only the "and" between two full parts splits.
    expect(splitGoalText("Find the capital of Trinidad and Tobago and the currency of Kenya").map((p) => p.description)).toEqual([
      "Find the capital of Trinidad and Tobago",
      "Find the currency of Kenya",
    ]);
    // The last "and" of a comma list of 3+ items splits single words too.
    expect(splitGoalText("find lions, tigers and bears").map((p) => p.criteria)).toEqual(["find lions", "tigers", "bears"]);
    expect(decomposeGoal(book("Find the capital of Bosnia and Herzegovina"), "g")).toMatchObject({ ok: false, code: "SINGLE_PART" });
  });

  it("decompose - the README whale goal gives sub-goals about the whale", () => {
    const r = decomposed(book(WHALE));
    expect(r.children.map((c) => [c.description, c.successCriteria])).toEqual([
      ["Find out whether a whale is a living thing", "living thing"],
      ["Find out whether a whale can fly", "fly"],
    ]);
  });

  it("decompose - split criteria pair with the description's parts, never dropping the subject", () => {
    const r = decomposed(book(WHALE, { successCriteria: "living thing, flight" }));
    expect(r.children.map((c) => [c.description, c.successCriteria])).toEqual([
      ["Find out whether a whale is a living thing", "living thing"],
      ["Find out whether a whale can fly", "flight"],
    ]);
    // examples/README.md's unfinishable goal.
    const e = decomposed(book("Find out whether a whale is a living thing, and find out whether a whale can fly", { successCriteria: "living thing, flight" }));
    expect(e.children.map((c) => [c.description, c.successCriteria])).toEqual([
      ["Find out whether a whale is a living thing", "living thing"],
      ["find out whether a whale can fly", "flight"],
    ]);
  });

  it("decompose - only the criteria split: the description stays whole", () => {
    const r = decomposed(book("Find the moons of Mars", { successCriteria: "phobos, deimos" }));
    expect(r.children.map((c) => `${c.description} => ${c.successCriteria}`)).toEqual([
      "Find the moons of Mars => phobos",
      "Find the moons of Mars => deimos",
    ]);
    expect(r.parent.statusReason).toContain("Find the moons of Mars => phobos; Find the moons of Mars => deimos");
    // Parts that do not line up (the first criterion is about the second part) are not paired.
    expect(splitGoalText("study the outer planets and their moons").map((p) => p.criteria)).toEqual(["the outer planets", "their moons"]);
    const m = decomposed(book("study the outer planets and their moons", { successCriteria: "Jupiter moons, Saturn rings" }));
    expect(m.children.map((c) => c.description)).toEqual(["study the outer planets and their moons", "study the outer planets and their moons"]);
  });
});

describe("decompose - child priorities", () => {
  it("decompose - children never outrank their parent, and keep their order", () => {
    const goals = addGoal([], { symbolId: "g", description: MARS, priority: 148 }, { cycle: 1 }).goals;
    const r = decomposed(goals);
    expect(r.children.map((c) => c.priority)).toEqual([148, 147, 146]);
    for (const c of r.children) expect(c.priority).toBeLessThanOrEqual(148);
  });

  it("decompose - a lowered computed priority bounds the children too; 0 stays 0", () => {
    expect(childPriority({ priority: 148, computedPriority: 90 }, 0)).toBe(90);
    expect(childPriority({ priority: 148, computedPriority: 200 }, 1)).toBe(147);
    expect(childPriority({ priority: 0 }, 0)).toBe(0);
    expect(childPriority({ priority: 0 }, 5)).toBe(0);
  });
});

describe("decompose - parts the parent already met", () => {
  it("decompose - a child whose terms the parent matched is created COMPLETED with the parent's proof", () => {
    const goals = withProgress(book(WHALE), ["whale", "living", "thing"], PROOF);
    const r = decomposed(goals);
    const [met, open] = r.children;
    expect(met).toMatchObject({
      status: GoalStatus.COMPLETED,
      statusReason: "already met by the parent goal (living, thing)",
      proof: PROOF,
    });
    expect(open).toMatchObject({ status: GoalStatus.ACTIVE, statusReason: "", proof: undefined });
    expect(r.changes.map((c) => [c.change, c.goal!.symbolId, c.goal!.status])).toEqual([
      [GoalChangeKind.DECOMPOSED, "g", GoalStatus.SUSPENDED],
      [GoalChangeKind.CREATED, "g/1", GoalStatus.COMPLETED],
      [GoalChangeKind.CREATED, "g/2", GoalStatus.ACTIVE],
    ]);
    expect(r.changes[1]!.reason).toBe("sub-goal of g; already met by the parent goal (living, thing)");
    // One child still open: the parent waits.
    expect(r.parent.status).toBe(GoalStatus.SUSPENDED);
    expect(settleParents(r.goals).changes).toEqual([]);
  });

  it("decompose - terms compare case-insensitively and as whole words; no proof, none copied", () => {
    const r = decomposed(withProgress(book(WHALE), ["Living", "THING", "butterfly"], undefined));
    expect(r.children.map((c) => c.status)).toEqual([GoalStatus.COMPLETED, GoalStatus.ACTIVE]);
    expect(r.children[0]!.proof).toBeUndefined();
    expect(termsAlreadyMet("fly", ["butterfly"])).toBeUndefined();
    expect(termsAlreadyMet("living thing", ["living"])).toBeUndefined();
    // Matched phrases (criteria terms) compare whole, not word by word.
    expect(termsAlreadyMet("living thing", ["Living  Thing", "flight"])).toEqual(["living thing"]);
    expect(termsAlreadyMet("thing", ["living thing"])).toBeUndefined();
    expect(termsAlreadyMet("the moons of Mars", ["moons of mars"])).toEqual(["the moons of Mars"]);
    expect(termsAlreadyMet("the moons of Mars", ["Mars", "moons"])).toEqual(["moons", "mars"]);
    expect(termsAlreadyMet("the moons of Mars", ["Mars", "moon"])).toBeUndefined();
    // Without a progress sample nothing is met.
    expect(decomposed(book(WHALE)).children.every((c) => c.status === GoalStatus.ACTIVE)).toBe(true);
  });

  it("decompose - every child already met: the parent settles at once, as settleParents does", () => {
    // Matched terms as the criteria's phrases ("living thing"), as evidence lists them.
    const goals = withProgress(book(WHALE, { successCriteria: "living thing, flight" }), ["living thing", "flight"], PROOF);
    const r = decomposed(goals, "g", 9);
    expect(r.children.map((c) => c.status)).toEqual([GoalStatus.COMPLETED, GoalStatus.COMPLETED]);
    expect(r.children.map((c) => c.proof)).toEqual([PROOF, PROOF]);
    expect(r.children.map((c) => c.statusReason)).toEqual([
      "already met by the parent goal (living thing)",
      "already met by the parent goal (flight)",
    ]);
    expect(r.parent).toMatchObject({
      status: GoalStatus.ACTIVE,
      statusReason: "resumed: 2/2 sub-goals completed",
      progress: undefined,
      cyclesWorked: 0,
      lastProgressCycle: 9,
      childIds: ["g/1", "g/2"],
    });
    expect(r.goals.find((g) => g.symbolId === "g")).toEqual(r.parent);
    expect(r.changes.map((c) => c.change)).toEqual([
      GoalChangeKind.DECOMPOSED,
      GoalChangeKind.CREATED,
      GoalChangeKind.CREATED,
      GoalChangeKind.STATUS,
    ]);
    expect(r.changes.at(-1)).toMatchObject({ previousStatus: GoalStatus.SUSPENDED, reason: "resumed: 2/2 sub-goals completed" });
    // Same result as settling afterwards; nothing left for the next pass.
    expect(settleParents(r.goals, { cycle: 9 }).changes).toEqual([]);
    expect(decomposeGoal(r.goals, "g")).toMatchObject({ ok: false, code: "ALREADY_DECOMPOSED" });
  });
});
