import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Novels and their page counts: a graph the reading rules were not written against.
const NOVELS: Facts = [
  ["dune", "is_a", "novel"],
  ["foundation", "is_a", "novel"],
  ["neuromancer", "is_a", "novel"],
  ["hyperion", "is_a", "novel"],
  ["dune", "pages", "412"],
  ["foundation", "pages", "255"],
  ["neuromancer", "pages", "271"],
  ["hyperion", "pages", "482"],
  ["dune", "published", "1965"],
  ["foundation", "published", "1951"],
  ["neuromancer", "published", "1984"],
  ["hyperion", "published", "1989"],
];

describe("answering - a comparative with a noun after its number", () => {
  it("'Which novels are longer than 400 pages?': the noun names what is compared, the adjective which way", async () => {
    const store = await graphWith(NOVELS, "novels.csv");
    const longer = await ask(store, "Which novels are longer than 400 pages?");
    expect(ids(longer)).toEqual(["dune", "hyperion"]);
    expect(proofOf(longer, "dune")).toContain("dune pages 412");
    expect(ids(await ask(store, "Which novels are shorter than 300 pages?"))).toEqual(["foundation", "neuromancer"]);
  });

  it("without a noun, or of an age ('older than 50 years'), nothing is compared: no predicate is taken for it", async () => {
    const store = await graphWith(NOVELS, "novels.csv");
    expect(ids(await ask(store, "Which novels are longer than 400?"))).toEqual([]);
    expect(ids(await ask(store, "Which novels are older than 50 years?"))).toEqual([]);
  });
});
