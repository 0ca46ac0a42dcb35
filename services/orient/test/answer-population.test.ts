import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Two towns with a founding year, one with a population, and two people living in the other.
const TOWNS: Facts = [
  ["arica", "is_a", "town"],
  ["tacna", "is_a", "town"],
  ["arica", "founded", "1541"],
  ["tacna", "founded", "1572"],
  ["arica", "population", "222000"],
  ["ines", "is_a", "person"],
  ["raul", "is_a", "person"],
  ["ines", "lives_in", "tacna"],
  ["raul", "lives_in", "tacna"],
];

describe("answering - 'How many people live in Arica?' is its population, never its founding year", () => {
  it("the population a fact states answers, proven by it", async () => {
    const store = await graphWith(TOWNS, "towns.csv");
    // "live" met `founded` through the stem of "found" ("found in Mexico" is where a thing lives): 1541 answered.
    const arica = await ask(store, "How many people live in Arica?");
    expect(ids(arica)).toEqual(["222000"]);
    expect(proofOf(arica, "222000")).toBe("arica population 222000 (towns.csv)");
    expect(ids(await ask(store, "How many inhabitants live in Arica?"))).toEqual(["222000"]);
  });

  it("without a population, the people the graph says live there are counted; the founding year still answers 'when'", async () => {
    const store = await graphWith(TOWNS, "towns.csv");
    const tacna = await ask(store, "How many people live in Tacna?");
    expect(tacna.answers).toHaveLength(1);
    expect(tacna.answers[0]!.label).toMatch(/^2\b/);
    expect(ids(await ask(store, "When was Tacna founded?"))).toEqual(["1572"]);
    expect(ids(await ask(store, "Which town lives in 1541?"))).toEqual([]);
  });

  it("a population held in a scale (`population_thousands`) answers only when the question says that scale", async () => {
    const store = await graphWith([["iquique", "population_thousands", "191"]], "towns.csv");
    expect(ids(await ask(store, "How many people live in Iquique?"))).toEqual([]);
    expect(ids(await ask(store, "How many people live in Iquique, in thousands?"))).toEqual(["191"]);
  });
});
