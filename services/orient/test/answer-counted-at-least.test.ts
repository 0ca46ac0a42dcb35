import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Novels and who wrote them: no fact states how many any author wrote.
const SHELF: Facts = [
  ...["dune", "dune_messiah", "foundation", "neuromancer", "earthsea", "the_dispossessed"].map((n) => [n, "is_a", "novel"] as const),
  ...["frank_herbert", "isaac_asimov", "william_gibson", "ursula_le_guin"].map((a) => [a, "is_a", "author"] as const),
  ["dune", "written_by", "frank_herbert"],
  ["dune_messiah", "written_by", "frank_herbert"],
  ["foundation", "written_by", "isaac_asimov"],
  ["neuromancer", "written_by", "william_gibson"],
  ["earthsea", "written_by", "ursula_le_guin"],
  ["the_dispossessed", "written_by", "ursula_le_guin"],
  ["the_dispossessed", "pages", "387"],
];

describe("answering - more than a number of things counted, where no fact states the number", () => {
  it("'Which authors wrote more than one novel?' counts each author's novels, every one in the proof", async () => {
    const store = await graphWith(SHELF, "shelf.csv");
    const prolific = await ask(store, "Which authors wrote more than one novel?");
    expect(ids(prolific)).toEqual(["frank_herbert", "ursula_le_guin"]);
    expect(prolific.pattern).toBe("count ?x: ?x written_by ?m, ?x is_a novel, ?m is-a author, count > 1");
    expect(prolific.answers[0]!.label).toMatch(/: 2 counted in the graph$/);
    expect(proofOf(prolific, "frank_herbert")).toBe(
      "frank_herbert is_a author (shelf.csv); dune written_by frank_herbert (shelf.csv); dune is_a novel (shelf.csv); dune_messiah written_by frank_herbert (shelf.csv); dune_messiah is_a novel (shelf.csv)",
    );
    expect(ids(await ask(store, "Which authors wrote at least 2 novels?"))).toEqual(["frank_herbert", "ursula_le_guin"]);
    expect(ids(await ask(store, "Which authors wrote more than 2 novels?"))).toEqual([]);
  });

  it("a count below a number is not answered: the graph may not hold every novel an author wrote", async () => {
    const store = await graphWith(SHELF, "shelf.csv");
    expect(ids(await ask(store, "Which authors wrote fewer than 2 novels?"))).toEqual([]);
    expect(ids(await ask(store, "Which authors wrote at most one novel?"))).toEqual([]);
  });

  it("a number stated is compared as before ('more than 300 pages')", async () => {
    const store = await graphWith(SHELF, "shelf.csv");
    expect(ids(await ask(store, "Which novels have more than 300 pages?"))).toEqual(["the_dispossessed"]);
  });
});
