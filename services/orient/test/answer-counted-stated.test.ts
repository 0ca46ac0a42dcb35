import { describe, expect, it } from "vitest";
import { ask, graphWith, type Facts } from "./fixtures/asked-graph.js";

// Bicycle parts, each with a number of its own that is no count of anything.
const WORKSHOP: Facts = [
  ...["chain", "saddle", "brake", "bell"].map((p) => [p, "is_a", "part"] as const),
  ["shimano", "supplies", "chain"],
  ["shimano", "supplies", "brake"],
  ["brooks", "supplies", "saddle"],
  ["chain", "unit_cost", "25"],
  ["brake", "unit_cost", "40"],
  ["saddle", "unit_cost", "90"],
  ["bell", "unit_cost", "5"],
  ["brooks", "employees", "120"],
];

const label = (a: { answers: readonly { label: string }[] }): string[] => a.answers.map((x) => x.label);

describe("answering - 'how many' is a count, or one number a fact states of it", () => {
  it("never answers a number of each thing on the way: 'How many parts are supplied by Shimano?' counts them", async () => {
    const store = await graphWith(WORKSHOP, "workshop.csv");
    // Each part's unit_cost (a "part" is a "unit" to the lexicon) is no count of parts.
    const counted = await ask(store, "How many parts are supplied by Shimano?");
    expect(label(counted)).toEqual(["2, counted in the graph: brake, chain"]);
    expect(label(await ask(store, "How many parts does Brooks supply?"))).toEqual(["1, counted in the graph: saddle"]);
  });

  it("a fact stating the number still answers, when its predicate names what is counted", async () => {
    const store = await graphWith(WORKSHOP, "workshop.csv");
    expect(label(await ask(store, "How many employees does Brooks have?"))).toEqual(["120"]);
  });
});
