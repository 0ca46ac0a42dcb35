import { type Goal, type GoalProgress, GoalStatus, LoopState, ProgressOutcome, type Triple } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { GoalError } from "../src/goals/errors.js";
import { createGoal } from "../src/goals/goal-book.js";
import {
  DEFAULT_CONTROL_LOOP,
  controlStep,
  errorOf,
  evaluateProgress,
  evidenceTexts,
  evidenceTokens,
  goalTokens,
  isMetadataTriple,
  resolveControlLoop,
  type GoalEvidence,
} from "../src/goals/progress.js";

function tr(subject: string, predicate: string, object: string): Triple {
  return {
    subject,
    predicate,
    object,
    confidence: 1,
    source: "test",
    createdAtUnixMs: 0,
    temporal: undefined,
    subjectLabel: subject,
    predicateLabel: predicate,
    objectLabel: object,
  };
}

function goal(criteria: string, extra: Partial<Goal> = {}): Goal {
  return { ...createGoal([], { symbolId: "g1", description: criteria }), ...extra };
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
  it("progress - metadata triples and the goal's own node are not evidence", () => {
    const g = goal("moons of Mars", { symbolId: "goal:moons of Mars" });
    const triples = [
      tr("goal:moons of Mars", "has_criteria", "criteria:moons of Mars"),
      tr("goal:moons of Mars", "agent:has_description", "desc:moons of Mars"),
      tr("goal:moons of Mars", "has_status", "status:active"),
      tr("goal:moons of Mars", "related_to", "desc:moons of Mars"),
      tr("goal:moons of Mars", "found", "Phobos"),
    ];
    expect(isMetadataTriple(triples[0]!)).toBe(true);
    expect(isMetadataTriple(triples[4]!)).toBe(false);
    expect(evidenceTexts(g, { triples })).toEqual(["related_to", "found", "Phobos"]);
    const p = evaluateProgress({ goal: g, evidence: { triples }, cycle: 1 });
    expect(p.error).toBe(1);
    expect(p.matchedTerms).toEqual([]);
  });

  it("progress - symbols, tool output and unlabelled triples are read", () => {
    const g = goal("moons");
    const t: Triple = { ...tr("s1", "p1", "o1"), subjectLabel: "", objectLabel: "Deimos" };
    const tokens = evidenceTokens(g, { triples: [t], symbols: ["g1", "Phobos", "goal:other"], toolOutput: "Two moons." });
    expect([...tokens].sort()).toEqual(["deimo", "moon", "p1", "phobo", "s1", "two"]);
  });

  it("progress - sample against the graph matches hand-computed values", () => {
    // criteria {moon, mar}; evidence {mar, moon, phobo}: J = 2/3, e = 1/3
    // I = 1/3; K = 1 + 0.05/3; r = (2/3) * K
    const g = goal("moons of Mars");
    const p = evaluateProgress({ goal: g, evidence: { triples: [tr("Mars", "has_moon", "Phobos")] }, cycle: 7 });
    expect(p.goalId).toBe("g1");
    expect(p.cycle).toBe(7);
    expect(p.error).toBeCloseTo(1 / 3, 12);
    expect(p.integral).toBeCloseTo(1 / 3, 12);
    expect(p.gain).toBeCloseTo(1.0166666666666666, 12);
    expect(p.reward).toBeCloseTo(0.6777777777777778, 12);
    expect(p.previousReward).toBe(0);
    expect(p.stallStreak).toBe(0);
    expect(p.loopState).toBe(LoopState.RUNNING);
    expect(p.outcome).toBe(ProgressOutcome.ADVANCED);
    expect(p.matchedTerms).toEqual(["moons", "mars"]);
    expect(p.reason).toContain("matched 2/2 criteria terms: moons, mars");
    expect(p.reason).toContain("advanced: error 1.000 -> 0.333");
  });

  it("progress - coverage measure converges where jaccard does not", () => {
    const g = goal("moons of Mars");
    const evidence = { triples: [tr("Mars", "has_moon", "Phobos")] };
    const p = evaluateProgress({ goal: g, evidence, cycle: 1, measure: "coverage" });
    expect(p.error).toBe(0);
    expect(p.outcome).toBe(ProgressOutcome.COMPLETED);
    expect(p.loopState).toBe(LoopState.CONVERGED);
  });

  it("progress - criteria fall back to the description; no content words keep e = 1", () => {
    const g = goal("moons", { successCriteria: "the of and" });
    expect(evaluateProgress({ goal: g, evidence: { symbols: ["moon"] }, cycle: 1 }).error).toBe(0);
    const empty = goal("x", { description: "the", successCriteria: "" });
    const p = evaluateProgress({ goal: empty, evidence: { symbols: ["moon"] }, cycle: 1 });
    expect(p.error).toBe(1);
    expect(p.reason).toContain("no content words");
  });
});

describe("progress - loop states", () => {
  const g = goal("alpha beta gamma delta");

  it("progress - error exactly at the threshold does not converge", () => {
    // J = 3/4, e = 0.25, not < 0.25
    const p = evaluateProgress({ goal: g, evidence: { symbols: ["alpha", "beta", "gamma"] }, cycle: 1 });
    expect(p.error).toBe(0.25);
    expect(p.loopState).toBe(LoopState.RUNNING);
    expect(p.outcome).toBe(ProgressOutcome.ADVANCED);
  });

  it("progress - error just below the threshold converges", () => {
    const g5 = goal("alpha beta gamma delta epsilon");
    const p = evaluateProgress({ goal: g5, evidence: { symbols: ["alpha", "beta", "gamma", "delta"] }, cycle: 1 });
    expect(p.error).toBeCloseTo(0.2, 12);
    expect(p.loopState).toBe(LoopState.CONVERGED);
    expect(p.outcome).toBe(ProgressOutcome.COMPLETED);
    expect(p.reason).toMatch(/^criteria met: error 0\.200 < 0\.25/);
    const custom = evaluateProgress({ goal: g, evidence: { symbols: ["alpha", "beta", "gamma"] }, cycle: 1, config: { convergenceThreshold: 0.26 } });
    expect(custom.outcome).toBe(ProgressOutcome.COMPLETED);
  });

  it("progress - stalls after stall_patience falling rewards", () => {
    const samples = run(g, [
      { symbols: ["alpha", "beta", "gamma"] }, // e .25: I .25, K 1.0125, r .759375
      { symbols: ["alpha", "beta"] }, // e .5: I .75, K 1.0375, r .51875
      { symbols: ["alpha"] }, // e .75: I 1.5, K 1.075, r .26875
      { symbols: [] }, // e 1: I 2.5, K 1.125, r 0
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
    const samples = run(g, [{ symbols: ["alpha", "beta"] }, { symbols: ["alpha"] }, { symbols: ["alpha", "beta", "gamma"] }]);
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
    const p = evaluateProgress({ goal: { ...g, cyclesWorked: 20 }, evidence: { symbols: ["alpha", "beta", "gamma", "delta"] }, cycle: 21 });
    expect(p.loopState).toBe(LoopState.CONVERGED);
  });

  it("progress - a failed tool makes a non-converged sample FAILED", () => {
    const failed = evaluateProgress({ goal: g, evidence: { symbols: ["alpha"], toolSucceeded: false }, cycle: 1 });
    expect(failed.outcome).toBe(ProgressOutcome.FAILED);
    expect(failed.reason).toMatch(/^tool failed/);
    const done = evaluateProgress({ goal: g, evidence: { symbols: ["alpha", "beta", "gamma", "delta"], toolSucceeded: false }, cycle: 1 });
    expect(done.outcome).toBe(ProgressOutcome.COMPLETED);
  });

  it("progress - default settings object is frozen", () => {
    expect(Object.isFrozen(DEFAULT_CONTROL_LOOP)).toBe(true);
    expect(g.status).toBe(GoalStatus.ACTIVE);
  });
});
