import { type Answer, AnswerKind, type Goal, type GoalAnswers, type GoalProgress, GoalStatus, LoopState, ProgressOutcome } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { GoalError } from "../src/goals/errors.js";
import { type GoalEvidence, criteriaTerms } from "../src/goals/evidence.js";
import { createGoal } from "../src/goals/goal-book.js";
import { DEFAULT_CONTROL_LOOP, controlStep, errorOf, evaluateProgress, goalTokens, resolveControlLoop } from "../src/goals/progress.js";

function answer(label: string): Answer {
  return { symbolId: label.toLowerCase().replace(/\s+/g, "_"), label, confidence: 1, proof: undefined };
}

/** The graph's answers to a goal, as orient would hand them over: entities with these labels. */
function found(...labels: string[]): GoalEvidence {
  const answers: GoalAnswers = { kind: AnswerKind.ENTITIES, pattern: "", subjectIds: [], answers: labels.map(answer), proof: undefined, predicates: [], unanswered: "" };
  return { answers };
}

function goal(description: string, successCriteria: string, extra: Partial<Goal> = {}): Goal {
  return { ...createGoal([], { symbolId: "g1", description, successCriteria }), ...extra };
}

/** Takes samples in sequence, feeding each back as the goal's previous sample. */
function run(g: Goal, evidences: GoalEvidence[]): GoalProgress[] {
  const out: GoalProgress[] = [];
  let cur = g;
  evidences.forEach((evidence, i) => {
    const p = evaluateProgress({ goal: cur, evidence, cycle: i + 1 });
    out.push(p);
    cur = { ...cur, progress: p, cyclesWorked: cur.cyclesWorked + 1 };
  });
  return out;
}

describe("progress - control law", () => {
  it("progress - defaults are the seed's constants", () => {
    expect(resolveControlLoop()).toEqual({
      convergenceThreshold: 0.25,
      kProportional: 1.0,
      kIntegral: 0.05,
      stallPatience: 3,
      integralMax: 100,
      gainMin: 0.1,
      gainMax: 10,
      maxIterations: 10,
    });
    expect(resolveControlLoop({ kIntegral: 0.2 }).kIntegral).toBe(0.2);
  });

  it("progress - one step matches hand-computed I, K, r", () => {
    // I = 0 + 0.8; K = 1 + 0.05 * 0.8 = 1.04; r = 0.2 * 1.04 = 0.208
    const s1 = controlStep(0.8, 0);
    expect(s1.integral).toBeCloseTo(0.8, 12);
    expect(s1.gain).toBeCloseTo(1.04, 12);
    expect(s1.reward).toBeCloseTo(0.208, 12);
    // I = 1.4; K = 1.07; r = 0.4 * 1.07 = 0.428
    const s2 = controlStep(0.6, s1.integral);
    expect(s2.integral).toBeCloseTo(1.4, 12);
    expect(s2.gain).toBeCloseTo(1.07, 12);
    expect(s2.reward).toBeCloseTo(0.428, 12);
    // I = 2.3; K = 1.115; r = 0.1 * 1.115 = 0.1115
    const s3 = controlStep(0.9, s2.integral);
    expect(s3.integral).toBeCloseTo(2.3, 12);
    expect(s3.gain).toBeCloseTo(1.115, 12);
    expect(s3.reward).toBeCloseTo(0.1115, 12);
  });

  it("progress - anti-windup clamps the integral to [0, integral_max]", () => {
    const high = controlStep(0.9, 99.5);
    expect(high.integral).toBe(100);
    expect(high.gain).toBeCloseTo(6, 12); // 1 + 0.05 * 100
    expect(high.reward).toBeCloseTo(0.6, 12); // 0.1 * 6
    expect(controlStep(1, 100).integral).toBe(100);
    // A corrupt negative integral is pulled back to 0, not carried.
    expect(controlStep(0.5, -5).integral).toBe(0);
    const tight = resolveControlLoop({ integralMax: 2 });
    expect(controlStep(1, 1.5, tight).integral).toBe(2);
  });

  it("progress - gain is clamped to [gain_min, gain_max]", () => {
    const steep = resolveControlLoop({ kIntegral: 0.2 });
    const s = controlStep(0.9, 100, steep); // 1 + 0.2 * 100 = 21 -> 10
    expect(s.gain).toBe(10);
    expect(s.reward).toBeCloseTo(1, 12);
    const negative = resolveControlLoop({ kProportional: -1, kIntegral: 0 });
    expect(controlStep(0.5, 0, negative).gain).toBe(0.1);
    expect(controlStep(0.5, 0, negative).reward).toBeCloseTo(0.05, 12);
  });

  it("progress - reward is never negative", () => {
    expect(controlStep(1, 0).reward).toBe(0);
    expect(controlStep(1.5, 0).reward).toBe(0);
  });

  it("progress - bad constants are rejected naming the field", () => {
    expect(() => resolveControlLoop({ gainMin: 2, gainMax: 1 })).toThrow(/control\.gainMax/);
    expect(() => resolveControlLoop({ stallPatience: 0 })).toThrow(/control\.stallPatience/);
    expect(() => resolveControlLoop({ maxIterations: 2.5 })).toThrow(/control\.maxIterations/);
    expect(() => resolveControlLoop({ convergenceThreshold: 1.5 })).toThrow(/control\.convergenceThreshold/);
    expect(() => resolveControlLoop({ kProportional: Number.NaN })).toThrow(/control\.kProportional/);
    expect(() => resolveControlLoop({ kIntegral: -0.1 })).toThrow(GoalError);
  });
});

describe("progress - error measure", () => {
  it("progress - jaccard and coverage on hand-made sets", () => {
    const c = new Set(["a", "b", "c"]);
    const e = new Set(["a", "b", "x", "y"]);
    expect(errorOf(c, e)).toBeCloseTo(1 - 2 / 5, 12);
    expect(errorOf(c, e, "coverage")).toBeCloseTo(1 - 2 / 3, 12);
    expect(errorOf(new Set(), e)).toBe(1);
    expect(errorOf(c, new Set())).toBe(1);
  });

  it("progress - jaccard punishes large evidence, coverage does not", () => {
    const c = new Set(["a", "b", "c"]);
    const big = new Set(["a", "b", "c", ...Array.from({ length: 27 }, (_, i) => `n${i}`)]);
    expect(errorOf(c, big)).toBeCloseTo(0.9, 12);
    expect(errorOf(c, big, "coverage")).toBe(0);
  });

  it("progress - tokens are stemmed content words with their first surface form", () => {
    expect([...goalTokens("Find the moons of Mars and Jupiter's moons")]).toEqual([
      ["find", "find"],
      ["moon", "moons"],
      ["mar", "mars"],
      ["jupit", "jupiter"],
    ]);
  });
});

describe("progress - evidence", () => {
  const moons = goal("Find the moons of Mars", "phobos, deimos");

  it("progress - criteria split into terms on , ; new lines and 'and'", () => {
    expect(criteriaTerms("phobos, deimos; subsurface water")).toEqual(["phobos", "deimos", "subsurface water"]);
    expect(criteriaTerms("Phobos and Deimos\nIo")).toEqual(["Phobos", "Deimos", "Io"]);
    expect(criteriaTerms(" , ; ")).toEqual([]);
    expect(criteriaTerms("")).toEqual([]);
  });

  it("progress - criteria are not defaulted to the description", () => {
    expect(createGoal([], { description: "Find the moons of Mars" }).successCriteria).toBe("");
    // Restating the goal is not evidence: the description's words in the
    // answers do not complete a goal without criteria unless they are answers.
    const g = goal("Find the moons of Mars", "");
    const p = evaluateProgress({ goal: g, evidence: { toolName: "file_io", toolOutput: "Find the moons of Mars" }, cycle: 1 });
    expect(p.outcome).toBe(ProgressOutcome.NO_CHANGE);
    expect(p.error).toBe(1);
    expect(p.reason).toContain("no answer with evidence yet");
  });

  it("progress - one of two terms entailed matches hand-computed values", () => {
    // e = 1 - 1/2; I = 0.5; K = 1 + 0.05 * 0.5 = 1.025; r = 0.5 * 1.025
    const p = evaluateProgress({ goal: moons, evidence: found("Phobos"), cycle: 7 });
    expect(p.goalId).toBe("g1");
    expect(p.cycle).toBe(7);
    expect(p.error).toBe(0.5);
    expect(p.integral).toBe(0.5);
    expect(p.gain).toBeCloseTo(1.025, 12);
    expect(p.reward).toBeCloseTo(0.5125, 12);
    expect(p.previousReward).toBe(0);
    expect(p.stallStreak).toBe(0);
    expect(p.loopState).toBe(LoopState.RUNNING);
    expect(p.outcome).toBe(ProgressOutcome.ADVANCED);
    expect(p.matchedTerms).toEqual(["phobos"]);
    expect(p.proof).toBeUndefined();
    expect(p.reason).toContain("entailed 1/2 criteria terms: phobos");
    expect(p.reason).toContain("advanced: error 1.000 -> 0.500");
  });

  it("progress - every term entailed completes, with the proof", () => {
    const p = evaluateProgress({ goal: moons, evidence: found("Phobos", "Deimos"), cycle: 3 });
    expect(p.error).toBe(0);
    expect(p.outcome).toBe(ProgressOutcome.COMPLETED);
    expect(p.loopState).toBe(LoopState.CONVERGED);
    expect(p.matchedTerms).toEqual(["phobos", "deimos"]);
    expect(p.proof).toMatchObject({ cycle: 3, toolName: "", excerpt: "" });
    expect(p.reason).toMatch(/^met: /);
    expect(p.reason).toContain("entailed 2/2 criteria terms: phobos, deimos");
  });

  it("progress - the error measure option no longer changes the error", () => {
    const jaccard = evaluateProgress({ goal: moons, evidence: found("Phobos", "Io", "Europa"), cycle: 1, measure: "jaccard" });
    const coverage = evaluateProgress({ goal: moons, evidence: found("Phobos", "Io", "Europa"), cycle: 1, measure: "coverage" });
    expect(jaccard.error).toBe(0.5);
    expect(coverage.error).toBe(0.5);
  });

  it("progress - answers that are not the criteria entail nothing", () => {
    const p = evaluateProgress({ goal: moons, evidence: found("Io", "Europa"), cycle: 1 });
    expect(p.error).toBe(1);
    expect(p.matchedTerms).toEqual([]);
    expect(p.outcome).toBe(ProgressOutcome.NO_CHANGE);
    expect(p.reason).toContain("entailed 0/2 criteria terms");
  });
});

describe("progress - loop states", () => {
  const g = goal("Name four greek letters", "alpha, beta, gamma, delta");

  it("progress - three of four terms (e = 0.25) do not complete", () => {
    const p = evaluateProgress({ goal: g, evidence: found("alpha", "beta", "gamma"), cycle: 1 });
    expect(p.error).toBe(0.25);
    expect(p.loopState).toBe(LoopState.RUNNING);
    expect(p.outcome).toBe(ProgressOutcome.ADVANCED);
  });

  it("progress - a missing term blocks completion whatever the convergence threshold", () => {
    const g5 = goal("Name five greek letters", "alpha, beta, gamma, delta, epsilon");
    const p = evaluateProgress({ goal: g5, evidence: found("alpha", "beta", "gamma", "delta"), cycle: 1 });
    expect(p.error).toBeCloseTo(0.2, 12);
    expect(p.loopState).toBe(LoopState.RUNNING);
    expect(p.outcome).toBe(ProgressOutcome.ADVANCED);
    const lax = evaluateProgress({ goal: g, evidence: found("alpha", "beta", "gamma"), cycle: 1, config: { convergenceThreshold: 0.9 } });
    expect(lax.outcome).toBe(ProgressOutcome.ADVANCED);
    expect(lax.proof).toBeUndefined();
    const all = evaluateProgress({ goal: g5, evidence: found("alpha", "beta", "gamma", "delta", "epsilon"), cycle: 1 });
    expect(all.outcome).toBe(ProgressOutcome.COMPLETED);
    expect(all.loopState).toBe(LoopState.CONVERGED);
  });

  it("progress - stalls after stall_patience falling rewards", () => {
    const samples = run(g, [
      found("alpha", "beta", "gamma"), // e .25: I .25, K 1.0125, r .759375
      found("alpha", "beta"), // e .5: I .75, K 1.0375, r .51875
      found("alpha"), // e .75: I 1.5, K 1.075, r .26875
      found(), // e 1: I 2.5, K 1.125, r 0
    ]);
    expect(samples.map((s) => s.reward)).toEqual([
      expect.closeTo(0.759375, 12),
      expect.closeTo(0.51875, 12),
      expect.closeTo(0.26875, 12),
      0,
    ]);
    expect(samples.map((s) => s.integral)).toEqual([0.25, 0.75, 1.5, 2.5]);
    expect(samples.map((s) => s.stallStreak)).toEqual([0, 1, 2, 3]);
    expect(samples.map((s) => s.loopState)).toEqual([LoopState.RUNNING, LoopState.RUNNING, LoopState.RUNNING, LoopState.STALLED]);
    expect(samples.map((s) => s.outcome)).toEqual([
      ProgressOutcome.ADVANCED,
      ProgressOutcome.NO_CHANGE,
      ProgressOutcome.NO_CHANGE,
      ProgressOutcome.NO_CHANGE,
    ]);
    expect(samples[3]!.previousReward).toBeCloseTo(0.26875, 12);
    expect(samples[3]!.reason).toContain("stalled: reward fell 3 samples in a row");
  });

  it("progress - a rise resets the stall streak", () => {
    const samples = run(g, [found("alpha", "beta"), found("alpha"), found("alpha", "beta", "gamma")]);
    expect(samples.map((s) => s.stallStreak)).toEqual([0, 1, 0]);
    expect(samples[2]!.outcome).toBe(ProgressOutcome.ADVANCED);
  });

  it("progress - a flat zero reward never counts as falling", () => {
    const samples = run(g, [{}, {}, {}, {}, {}]);
    expect(samples.every((s) => s.stallStreak === 0 && s.reward === 0)).toBe(true);
    expect(samples.every((s) => s.outcome === ProgressOutcome.NO_CHANGE)).toBe(true);
  });

  it("progress - capped at max_iterations, counted from cycles worked", () => {
    expect(evaluateProgress({ goal: { ...g, cyclesWorked: 8 }, evidence: {}, cycle: 9 }).loopState).toBe(LoopState.RUNNING);
    const p = evaluateProgress({ goal: { ...g, cyclesWorked: 9 }, evidence: {}, cycle: 10 });
    expect(p.loopState).toBe(LoopState.CAPPED);
    expect(p.reason).toContain("capped after 10 of 10 iterations");
    expect(evaluateProgress({ goal: g, evidence: {}, cycle: 3, iteration: 3, config: { maxIterations: 3 } }).loopState).toBe(LoopState.CAPPED);
    expect(() => evaluateProgress({ goal: g, evidence: {}, cycle: 1, iteration: 0 })).toThrow(/iteration/);
  });

  it("progress - convergence wins over the cap, the cap over nothing", () => {
    const p = evaluateProgress({ goal: { ...g, cyclesWorked: 20 }, evidence: found("alpha", "beta", "gamma", "delta"), cycle: 21 });
    expect(p.loopState).toBe(LoopState.CONVERGED);
  });

  it("progress - a failed tool makes a non-completed sample FAILED", () => {
    const failed = evaluateProgress({ goal: g, evidence: { ...found("alpha"), toolSucceeded: false }, cycle: 1 });
    expect(failed.outcome).toBe(ProgressOutcome.FAILED);
    expect(failed.reason).toMatch(/^tool failed/);
    // Answers that held before the action still complete the goal.
    const done = evaluateProgress({ goal: g, evidence: { ...found("alpha", "beta", "gamma", "delta"), toolSucceeded: false }, cycle: 1 });
    expect(done.outcome).toBe(ProgressOutcome.COMPLETED);
  });

  it("progress - default settings object is frozen", () => {
    expect(Object.isFrozen(DEFAULT_CONTROL_LOOP)).toBe(true);
    expect(g.status).toBe(GoalStatus.ACTIVE);
  });
});
