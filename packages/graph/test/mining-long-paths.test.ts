import { describe, expect, it } from "vitest";
import { FactIndex, formatRule, mineRules, toRules, type Rule } from "../src/index.js";

/**
 * A parent chain where the length-4 rule and its figures are known by hand:
 * great_grandparent_of(X, Y) :- parent_of(X, Z), parent_of(Z, W), parent_of(W, Y).
 * Three parent steps lead a -> d, a -> h and b -> e (bodyCount 3); two of
 * them are stated (a -> d, b -> e), and x -> y is a fact no body predicts.
 * Support 2, head coverage 2/3, standard confidence 2/3, PCA 2/3 (a and b
 * both have head facts), smoothed 2 / (3 + 5).
 */
const CHAIN: ReadonlyArray<[string, string, string]> = [
  ["a", "parent_of", "b"],
  ["b", "parent_of", "c"],
  ["c", "parent_of", "d"],
  ["d", "parent_of", "e"],
  ["a", "parent_of", "f"],
  ["f", "parent_of", "g"],
  ["g", "parent_of", "h"],
  ["a", "great_grandparent_of", "d"],
  ["b", "great_grandparent_of", "e"],
  ["x", "great_grandparent_of", "y"],
];

const GREAT = "great_grandparent_of(X, Y) :- parent_of(X, Z), parent_of(Z, W), parent_of(W, Y).";

const facts = () => new FactIndex(CHAIN.map(([subject, predicate, object]) => ({ subject, predicate, object })));
const texts = (rules: readonly Rule[]) => rules.map((r) => formatRule({ ...r, confidence: 1 }));

describe("mining closed path rules of length 4 (three body atoms)", () => {
  it("finds the three-step rule with support, head coverage, standard and PCA confidence as computed by hand", () => {
    const kb = facts();
    const mined = mineRules(kb, { maxLength: 4, minSupport: 2, minConfidence: 0, constants: false });
    expect(mined.truncated).toBe(false);
    const rules = toRules(kb, mined.rules, { source: "test", when: 0 });
    const rule = rules.find((r) => formatRule({ ...r, confidence: 1 }) === GREAT);
    expect(rule, texts(rules).join("\n")).toBeDefined();
    expect(rule!.body).toHaveLength(3);
    expect(rule!.provenance.figures).toMatchObject({ support: 2, bodyCount: 3 });
    expect(rule!.provenance.figures!["headCoverage"]).toBeCloseTo(2 / 3, 6);
    expect(rule!.provenance.figures!["stdConfidence"]).toBeCloseTo(2 / 3, 6);
    expect(rule!.provenance.figures!["pcaConfidence"]).toBeCloseTo(2 / 3, 6);
    expect(rule!.confidence).toBeCloseTo(2 / 8, 4);
  });

  it("mirrors it for questions about the object: great_grandparent_of(?, e) is answered through parent_of backwards", () => {
    const kb = facts();
    const mined = mineRules(kb, { maxLength: 4, minSupport: 2, minConfidence: 0, constants: false });
    const inverseHead = kb.predicateId("great_grandparent_of")! + kb.predicates.length;
    const parentBack = kb.predicateId("parent_of")! + kb.predicates.length;
    const mirrored = mined.rules.find((r) => r.head === inverseHead && r.form.kind === "path" && r.form.body.join() === [parentBack, parentBack, parentBack].join());
    expect(mirrored?.support).toBe(2);
  });

  it("finds no body of three atoms at length 3, and refuses length 5 with a clear error", () => {
    const kb = facts();
    const mined = mineRules(kb, { maxLength: 3, minSupport: 1, minConfidence: 0, constants: false });
    expect(mined.rules.every((r) => r.form.kind !== "path" || r.form.body.length <= 2)).toBe(true);
    expect(() => mineRules(kb, { maxLength: 5 })).toThrow(/max length must be 2, 3 or 4/);
  });
});
