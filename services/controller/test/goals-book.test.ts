import { type Answer, AnswerKind, type Goal, type GoalAnswers, type GoalProgress, GoalChangeKind, GoalJustification, GoalSource, GoalStatus, LoopState, ProgressOutcome } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { decomposeGoal, settleParents } from "../src/goals/decompose.js";
import { GoalError } from "../src/goals/errors.js";
import {
  DEFAULT_GOAL_PRIORITY,
  addGoal,
  allDone,
  childrenOf,
  createGoal,
  effectivePriority,
  focusGoal,
  getGoal,
  isBlocked,
  recordProgress,
  setPriority,
  setStatus,
  type NewGoalInput,
} from "../src/goals/goal-book.js";
import { evaluateProgress } from "../src/goals/progress.js";
import { detectStall } from "../src/goals/stall.js";

function add(goals: Goal[], input: NewGoalInput, nowUnixMs = 0): Goal[] {
  return addGoal(goals, input, { nowUnixMs }).goals;
}

function deepFreeze<T>(v: T): T {
  if (v !== null && typeof v === "object" && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}

function rejects(fn: () => unknown, field: string): GoalError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(GoalError);
    const err = e as GoalError;
    expect(err.field).toBe(field);
    expect(err.message).toContain(field);
    return err;
  }
  throw new Error(`expected a GoalError on ${field}`);
}

function sample(goalId: string, cycle: number, outcome: ProgressOutcome): GoalProgress {
  return {
    goalId,
    cycle,
    error: 0.5,
    integral: 0.5,
    gain: 1,
    reward: 0.5,
    previousReward: 0,
    stallStreak: 0,
    loopState: LoopState.RUNNING,
    outcome,
    matchedTerms: [],
    reason: `sample ${ProgressOutcome[outcome]}`,
    proof: outcome === ProgressOutcome.COMPLETED ? { steps: [], toolName: "file_io", excerpt: `done ${goalId}`, cycle, summary: `file_io output: "done ${goalId}"` } : undefined,
  };
}

/** The graph's answers to a goal, as orient hands them over: entities with these labels. */
function entities(...labels: string[]): GoalAnswers {
  const answers: Answer[] = labels.map((label) => ({ symbolId: label.toLowerCase().replace(/\s+/g, "_"), label, confidence: 1, proof: undefined }));
  return { kind: AnswerKind.ENTITIES, pattern: "", subjectIds: [], answers, proof: undefined, predicates: [], unanswered: "" };
}

describe("goal book - adding", () => {
  it("goal book - defaults: criteria, priority, threshold, source, justification", () => {
    const u = addGoal([], { description: "  find the moons of Mars  " }, { cycle: 12, nowUnixMs: 99 });
    expect(u.goal).toMatchObject({
      symbolId: "goal:find the moons of Mars",
      description: "find the moons of Mars",
      successCriteria: "",
      priority: DEFAULT_GOAL_PRIORITY,
      status: GoalStatus.ACTIVE,
      stallThreshold: 5,
      source: GoalSource.USER,
      justification: GoalJustification.USER_REQUESTED,
      lastProgressCycle: 12,
      createdAtUnixMs: 99,
      cyclesWorked: 0,
      progress: undefined,
      answers: undefined,
      proof: undefined,
    });
    expect(addGoal([], { description: "find the moons of Mars", successCriteria: " phobos, deimos " }).goal.successCriteria).toBe("phobos, deimos");
    expect(u.change).toMatchObject({ change: GoalChangeKind.CREATED, reason: "added" });
    expect(u.goals).toEqual([u.goal]);
  });

  it("goal book - stall threshold from the agent default or the effort", () => {
    expect(createGoal([], { description: "x goal" }, { agent: { defaultStallThreshold: 8 } }).stallThreshold).toBe(8);
    expect(createGoal([], { description: "x goal", estimatedEffortCycles: 6 }).stallThreshold).toBe(9);
    expect(createGoal([], { description: "x goal", stallThreshold: 3, estimatedEffortCycles: 6 }).stallThreshold).toBe(3);
    expect(createGoal([], { description: "x goal", source: GoalSource.GAP_DETECTION }).justification).toBe(GoalJustification.UNSPECIFIED);
  });

  it("goal book - derived ids are 40 characters and never collide", () => {
    const d = "an extremely long description of the thing we want done today";
    let goals = add([], { description: d });
    goals = add(goals, { description: d });
    goals = add(goals, { description: d });
    expect(goals.map((g) => g.symbolId)).toEqual([`goal:${d.slice(0, 40)}`, `goal:${d.slice(0, 40)}#2`, `goal:${d.slice(0, 40)}#3`]);
  });

  it("goal book - bad input is rejected naming the field", () => {
    rejects(() => createGoal([], { description: "" }), "description");
    rejects(() => createGoal([], { description: "   \n" }), "description");
    rejects(() => createGoal([], { description: "x".repeat(2001) }), "description");
    rejects(() => createGoal([], { description: undefined as unknown as string }), "description");
    rejects(() => createGoal([], { description: "ok goal", priority: 256 }), "priority");
    rejects(() => createGoal([], { description: "ok goal", priority: -1 }), "priority");
    rejects(() => createGoal([], { description: "ok goal", priority: 1.5 }), "priority");
    rejects(() => createGoal([], { description: "ok goal", stallThreshold: -2 }), "stallThreshold");
    rejects(() => createGoal([], { description: "ok goal", estimatedEffortCycles: 0.5 }), "estimatedEffortCycles");
    rejects(() => createGoal([], { description: "ok goal", symbolId: " " }), "symbolId");
    rejects(() => createGoal([], { description: "ok goal", parentId: "nope" }), "parentId");
    rejects(() => createGoal([], { description: "ok goal", blockedBy: ["nope"] }), "blockedBy");
    rejects(() => createGoal([], { description: "ok goal", status: GoalStatus.COMPLETED }), "status");
    const goals = add([], { symbolId: "a", description: "first goal" });
    const err = rejects(() => addGoal(goals, { symbolId: "a", description: "second goal" }), "symbolId");
    expect(err.code).toBe("ALREADY_EXISTS");
    expect(rejects(() => createGoal([], { description: "" }), "description").code).toBe("INVALID_ARGUMENT");
  });

  it("goal book - priority bounds 0 and 255 are accepted; 0 stall threshold means default", () => {
    expect(createGoal([], { description: "low goal", priority: 0 }).priority).toBe(0);
    expect(createGoal([], { description: "top goal", priority: 255 }).priority).toBe(255);
    expect(createGoal([], { description: "x goal", stallThreshold: 0 }).stallThreshold).toBe(5);
  });
});

describe("goal book - changes", () => {
  const base = deepFreeze(add(add([], { symbolId: "a", description: "goal a", priority: 100 }), { symbolId: "b", description: "goal b" }));

  it("goal book - setStatus returns a new book and the event; the input is untouched", () => {
    const u = setStatus(base, "a", GoalStatus.SUSPENDED, "waiting");
    expect(u.goal).toMatchObject({ status: GoalStatus.SUSPENDED, statusReason: "waiting" });
    expect(u.change).toMatchObject({ change: GoalChangeKind.STATUS, previousStatus: GoalStatus.ACTIVE, previousPriority: 100, reason: "waiting" });
    expect(getGoal(base, "a").status).toBe(GoalStatus.ACTIVE);
    expect(u.goals[1]).toBe(base[1]);
  });

  it("goal book - same status is no change; finished goals stay finished", () => {
    expect(setStatus(base, "a", GoalStatus.ACTIVE, "again").change).toBeUndefined();
    const done = setStatus(base, "a", GoalStatus.COMPLETED, "done").goals;
    const err = rejects(() => setStatus(done, "a", GoalStatus.ACTIVE, "reopen"), "status");
    expect(err.code).toBe("FAILED_PRECONDITION");
  });

  it("goal book - FAILED needs a reason; unknown goals are NOT_FOUND", () => {
    rejects(() => setStatus(base, "a", GoalStatus.FAILED, " "), "reason");
    rejects(() => setStatus(base, "a", GoalStatus.UNSPECIFIED, "x"), "status");
    expect(rejects(() => setStatus(base, "zz", GoalStatus.FAILED, "x"), "goalId").code).toBe("NOT_FOUND");
  });

  it("goal book - setPriority validates and drops a stale computed priority", () => {
    const withComputed = base.map((g) => (g.symbolId === "a" ? { ...g, computedPriority: 250 } : g));
    const u = setPriority(withComputed, "a", 120, "boost");
    expect(u.goal.priority).toBe(120);
    expect(u.goal.computedPriority).toBeUndefined();
    expect(u.change).toMatchObject({ change: GoalChangeKind.PRIORITY, previousPriority: 100 });
    rejects(() => setPriority(base, "a", 300, "x"), "priority");
  });

  it("goal book - recordProgress: ADVANCED restarts the stall clock", () => {
    const u = recordProgress(base, sample("a", 7, ProgressOutcome.ADVANCED));
    expect(u.goal).toMatchObject({ cyclesWorked: 1, lastProgressCycle: 7, status: GoalStatus.ACTIVE });
    expect(u.goal.progress?.outcome).toBe(ProgressOutcome.ADVANCED);
    expect(u.changes.map((c) => c.change)).toEqual([GoalChangeKind.PROGRESS]);
    const flat = recordProgress(u.goals, sample("a", 8, ProgressOutcome.NO_CHANGE));
    expect(flat.goal).toMatchObject({ cyclesWorked: 2, lastProgressCycle: 7 });
    // Only a completion leaves a proof on the goal.
    expect(flat.goal.proof).toBeUndefined();
  });

  it("goal book - recordProgress: COMPLETED completes, with a STATUS event and the proof", () => {
    const u = recordProgress(base, sample("a", 3, ProgressOutcome.COMPLETED));
    expect(u.goal).toMatchObject({ status: GoalStatus.COMPLETED, statusReason: "sample COMPLETED", lastProgressCycle: 3 });
    expect(u.goal.proof).toEqual({ steps: [], toolName: "file_io", excerpt: "done a", cycle: 3, summary: 'file_io output: "done a"' });
    expect(u.changes.map((c) => c.change)).toEqual([GoalChangeKind.PROGRESS, GoalChangeKind.STATUS]);
    expect(u.changes[1]!.previousStatus).toBe(GoalStatus.ACTIVE);
  });

  it("goal book - recordProgress: a FAILED sample fails the goal only when configured", () => {
    expect(recordProgress(base, sample("a", 3, ProgressOutcome.FAILED)).goal.status).toBe(GoalStatus.ACTIVE);
    expect(recordProgress(base, sample("a", 3, ProgressOutcome.FAILED), { toolFailureFailsGoal: true }).goal.status).toBe(GoalStatus.FAILED);
    const suspended = setStatus(base, "a", GoalStatus.SUSPENDED, "x").goals;
    expect(rejects(() => recordProgress(suspended, sample("a", 3, ProgressOutcome.ADVANCED)), "goalId").code).toBe("FAILED_PRECONDITION");
  });
});

describe("goal book - queries", () => {
  it("goal book - focus: highest priority ACTIVE, ties by creation time then order", () => {
    let goals = add([], { symbolId: "low", description: "low goal", priority: 10 }, 1);
    goals = add(goals, { symbolId: "late", description: "late goal", priority: 200 }, 50);
    goals = add(goals, { symbolId: "early", description: "early goal", priority: 200 }, 20);
    goals = add(goals, { symbolId: "same", description: "same goal", priority: 200 }, 20);
    expect(focusGoal(goals)?.symbolId).toBe("early");
    goals = setStatus(goals, "early", GoalStatus.SUSPENDED, "x").goals;
    expect(focusGoal(goals)?.symbolId).toBe("same");
    goals = goals.map((g) => (g.symbolId === "low" ? { ...g, computedPriority: 220 } : g));
    expect(effectivePriority(getGoal(goals, "low"))).toBe(220);
    expect(focusGoal(goals)?.symbolId).toBe("low");
  });

  it("goal book - focus: among equal priorities a goal getting nowhere gives way to the one worked least; one that progressed in the cycle before keeps the focus", () => {
    let goals = add([], { symbolId: "stuck", description: "stuck goal", priority: 100 }, 1);
    goals = add(goals, { symbolId: "fresh", description: "fresh goal", priority: 100 }, 2);
    expect(focusGoal(goals, 1)?.symbolId).toBe("stuck");
    // Cycle 1 worked "stuck" without progress: cycle 2 tries "fresh".
    goals = recordProgress(goals, sample("stuck", 1, ProgressOutcome.NO_CHANGE)).goals;
    expect(focusGoal(goals, 2)?.symbolId).toBe("fresh");
    // "fresh" advanced in cycle 2: it keeps the focus in cycle 3, though worked as often as "stuck".
    goals = recordProgress(goals, sample("fresh", 2, ProgressOutcome.ADVANCED)).goals;
    expect(focusGoal(goals, 3)?.symbolId).toBe("fresh");
    // Then no progress: the least worked (ties by creation) comes back.
    goals = recordProgress(goals, sample("fresh", 3, ProgressOutcome.NO_CHANGE)).goals;
    expect(focusGoal(goals, 4)?.symbolId).toBe("stuck");
    // A higher priority still goes first, however much it was worked.
    goals = goals.map((g) => (g.symbolId === "fresh" ? { ...g, priority: 101 } : g));
    expect(focusGoal(goals, 4)?.symbolId).toBe("fresh");
  });

  it("goal book - focus skips blocked goals until their blockers finish", () => {
    let goals = add([], { symbolId: "first", description: "first goal", priority: 10 });
    goals = add(goals, { symbolId: "second", description: "second goal", priority: 200, blockedBy: ["first"] });
    expect(isBlocked(getGoal(goals, "second"), goals)).toBe(true);
    expect(focusGoal(goals)?.symbolId).toBe("first");
    goals = setStatus(goals, "first", GoalStatus.FAILED, "no luck").goals;
    expect(focusGoal(goals)?.symbolId).toBe("second");
  });

  it("goal book - no eligible goal, no focus; allDone when nothing ACTIVE or PENDING", () => {
    expect(focusGoal([])).toBeUndefined();
    expect(allDone([])).toBe(true);
    let goals = add([], { symbolId: "a", description: "goal a" });
    goals = add(goals, { symbolId: "p", description: "goal p", status: GoalStatus.PENDING });
    expect(allDone(goals)).toBe(false);
    goals = setStatus(goals, "a", GoalStatus.COMPLETED, "done").goals;
    expect(allDone(goals)).toBe(false);
    expect(focusGoal(goals)).toBeUndefined();
    goals = setStatus(goals, "p", GoalStatus.SUSPENDED, "parked").goals;
    expect(allDone(goals)).toBe(true);
  });

  it("goal book - childrenOf lists childIds in order, then other goals naming the parent", () => {
    const r = decomposeGoal(add([], { symbolId: "g", description: "alpha item, beta item" }), "g");
    if (!r.ok) throw new Error(r.reason);
    const goals = add(r.goals, { symbolId: "extra", description: "gamma item", parentId: "g" });
    expect(childrenOf(goals, "g").map((g) => g.symbolId)).toEqual(["g/1", "g/2", "extra"]);
    expect(childrenOf(goals, "g/1")).toEqual([]);
  });
});

describe("goal book - one goal through the loop", () => {
  it("goal book - stall, decompose, children converge, parent resumes and completes", () => {
    const agentCycle = { n: 0 };
    let goals = addGoal([], { symbolId: "g", description: "find the moons of Mars, the moons of Jupiter and the rings of Saturn" }).goals;
    // Five cycles with nothing found: reward flat at 0, so only the
    // no-progress rule can call it stalled.
    for (let i = 0; i < 5; i++) {
      agentCycle.n++;
      const p = evaluateProgress({ goal: getGoal(goals, "g"), evidence: { toolOutput: "nothing relevant" }, cycle: agentCycle.n });
      goals = recordProgress(goals, p).goals;
    }
    const verdict = detectStall(getGoal(goals, "g"), agentCycle.n);
    expect(verdict).toMatchObject({ stalled: true, causes: ["NO_PROGRESS"] });

    const d = decomposeGoal(goals, "g", { cycle: agentCycle.n, reason: verdict.reason });
    if (!d.ok) throw new Error(d.reason);
    goals = d.goals;
    expect(focusGoal(goals)?.symbolId).toBe("g/1");

    // Decomposing a goal without criteria gives children whose criteria are
    // the description's parts; orient's answers name them, so they complete.
    expect(childrenOf(goals, "g").map((c) => c.successCriteria)).toEqual(["the moons of Mars", "the moons of Jupiter", "the rings of Saturn"]);
    const found: Record<string, GoalAnswers> = {
      "g/1": entities("the moons of Mars"),
      "g/2": entities("the moons of Jupiter"),
      "g/3": entities("the rings of Saturn"),
    };
    let worked = 0;
    for (let focus = focusGoal(goals); focus !== undefined && focus.parentId === "g"; focus = focusGoal(goals)) {
      if (++worked > 10) throw new Error(`children did not converge; ${focus.symbolId} is still active`);
      agentCycle.n++;
      const p = evaluateProgress({ goal: focus, evidence: { answers: found[focus.symbolId] }, cycle: agentCycle.n });
      goals = recordProgress(goals, p).goals;
    }
    // One cycle each: the answers entail the child's criteria at once.
    expect(worked).toBe(3);
    const children = childrenOf(goals, "g");
    expect(children.map((c) => c.status)).toEqual([GoalStatus.COMPLETED, GoalStatus.COMPLETED, GoalStatus.COMPLETED]);
    expect(children.every((c) => c.proof !== undefined && c.progress?.matchedTerms.length === 1)).toBe(true);

    goals = settleParents(goals, { cycle: agentCycle.n }).goals;
    const parent = getGoal(goals, "g");
    expect(parent.status).toBe(GoalStatus.ACTIVE);
    expect(focusGoal(goals)?.symbolId).toBe("g");
    // A tool merely restating the goal does not complete it (no criteria, no answers)...
    const restated = evaluateProgress({
      goal: parent,
      evidence: { toolName: "file_io", toolOutput: "Found the moons of Mars and Jupiter and the rings of Saturn." },
      cycle: agentCycle.n + 1,
    });
    expect(restated.outcome).not.toBe(ProgressOutcome.COMPLETED);
    // ...the graph's answers to it do.
    const p = evaluateProgress({ goal: parent, evidence: { answers: entities("Phobos", "Io", "Saturn's rings") }, cycle: ++agentCycle.n });
    goals = recordProgress(goals, p).goals;
    expect(getGoal(goals, "g").proof?.summary).toBe("Phobos; Io; Saturn's rings");
    expect(getGoal(goals, "g").status).toBe(GoalStatus.COMPLETED);
    expect(allDone(goals)).toBe(true);
  });
});
