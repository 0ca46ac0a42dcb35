import { describe, expect, it } from "vitest";
import { readUserAnswer } from "../src/cycle/user-answers.js";
import { readPlanAnswer } from "../src/cycle/plan-confirmation.js";
import { splitGoalText, termsAlreadyMet } from "../src/goals/decompose.js";
import { actionTarget, criteriaTerms } from "../src/goals/evidence.js";

// Issue 17: goal text and a person's answers are user input. Each input is
// the shape recheck found for the pattern it names; before the rewrite each
// took seconds to a minute here (quadratic in its 50-100 KB). A linear read
// takes a few milliseconds, so the bound is generous, not a benchmark.
const BOUND_MS = 1_000;

function timed<T>(read: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = read();
  return { value, ms: performance.now() - start };
}

describe("controller - hostile text is read in linear time", () => {
  it("answers and plan confirmations that end in 50,000 '!' after a stray character", () => {
    const plan = timed(() => readPlanAnswer(`${"!".repeat(50_000)}\u0000!`));
    expect(plan.value).toBe("unclear");
    expect(plan.ms).toBeLessThan(BOUND_MS);
    expect(readPlanAnswer(`yes${"!".repeat(50_000)}`)).toBe("confirm");
    const note = timed(() => readUserAnswer(`${"!".repeat(50_000)}\u0000!`));
    expect(note.value).toEqual({ kind: "note" });
    expect(note.ms).toBeLessThan(BOUND_MS);
    expect(readUserAnswer(`skip${"!".repeat(50_000)}`)).toEqual({ kind: "skip" });
  });

  it("criteria with 50,000 tabs before a comma still split into their terms", () => {
    const terms = timed(() => criteriaTerms(`phobos${"\t".repeat(50_000)}x, deimos and water`));
    expect(terms.value.map((t) => t.trim())).toEqual(["phobos" + "\t".repeat(50_000) + "x", "deimos", "water"]);
    expect(terms.ms).toBeLessThan(BOUND_MS);
    const met = timed(() => termsAlreadyMet(`phobos${"\t".repeat(50_000)}x; deimos`, ["phobos"]));
    expect(met.ms).toBeLessThan(BOUND_MS);
  });

  it("a goal ending in 50,000 blank lines after its bullets, and a URL ending in 50,000 ')' and a stray character", () => {
    const parts = timed(() => splitGoalText(`- find the moons of Mars\n- find the moons of Jupiter${"\n".repeat(50_000)}`));
    expect(parts.value.map((p) => p.description)).toEqual(["find the moons of Mars", "find the moons of Jupiter"]);
    expect(parts.ms).toBeLessThan(BOUND_MS);
    const url = timed(() => actionTarget(`Read https://example.com/rates${")".repeat(50_000)}x)`));
    expect(url.value).toBe(`https://example.com/rates${")".repeat(50_000)}x`);
    expect(actionTarget("Read https://example.com/rates).")).toBe("https://example.com/rates");
    expect(url.ms).toBeLessThan(BOUND_MS);
  });
});
