import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Novels, their genres, who wrote them.
const SHELF: Facts = [
  ...["dune", "foundation", "neuromancer", "earthsea"].map((n) => [n, "is_a", "novel"] as const),
  ...["frank_herbert", "isaac_asimov", "william_gibson", "ursula_le_guin"].map((a) => [a, "is_a", "author"] as const),
  ["dune", "written_by", "frank_herbert"],
  ["foundation", "written_by", "isaac_asimov"],
  ["neuromancer", "written_by", "william_gibson"],
  ["earthsea", "written_by", "ursula_le_guin"],
  ["dune", "genre", "science_fiction"],
  ["foundation", "genre", "science_fiction"],
  ["neuromancer", "genre", "cyberpunk"],
  ["earthsea", "genre", "fantasy"],
  ["romance", "is_a", "genre_name"],
];

describe("answering - a thing named before a class the path passes through ('a science fiction novel')", () => {
  it("'Who wrote a science fiction novel?' is read as 'a novel that is science fiction', its tie in each proof", async () => {
    const store = await graphWith(SHELF, "shelf.csv");
    const writers = await ask(store, "Who wrote a science fiction novel?");
    expect(ids(writers)).toEqual(["frank_herbert", "isaac_asimov"]);
    expect(proofOf(writers, "frank_herbert")).toBe("dune is_a novel (shelf.csv); dune written_by frank_herbert (shelf.csv); dune genre science_fiction (shelf.csv)");
    expect(ids(await ask(store, "Which authors wrote a fantasy novel?"))).toEqual(["ursula_le_guin"]);
  });

  it("nothing tied to the thing named is no answer: no novel is romance", async () => {
    const store = await graphWith(SHELF, "shelf.csv");
    expect(ids(await ask(store, "Who wrote a romance novel?"))).toEqual([]);
  });
});
