import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Game studios, their games, and the staff of each.
const STUDIOS: Facts = [
  ...["zelda", "metroid", "halo"].map((g) => [g, "is_a", "game"] as const),
  ["nintendo", "is_a", "studio"],
  ["bungie", "is_a", "studio"],
  ["zelda", "developed_by", "nintendo"],
  ["metroid", "developed_by", "nintendo"],
  ["halo", "developed_by", "bungie"],
  ["zelda", "copies_sold", "31000000"],
  ["metroid", "copies_sold", "3000000"],
  ["miyamoto", "works_at", "nintendo"],
];

describe("answering - a thing's possessive before a class noun ('Nintendo's games')", () => {
  it("'What are Nintendo's games?' answers as 'the games of Nintendo' does, each with its fact", async () => {
    const store = await graphWith(STUDIOS, "studios.csv");
    const games = await ask(store, "What are Nintendo's games?");
    expect(ids(games)).toEqual(["metroid", "zelda"]);
    expect(proofOf(games, "zelda")).toContain("zelda developed_by nintendo (studios.csv)");
    expect(ids(await ask(store, "Which of Nintendo's games sold more than 10 million copies?"))).toEqual(["zelda"]);
    expect(ids(await ask(store, "List Bungie’s games"))).toEqual(["halo"]);
  });

  it("a possessive before a noun that names no class is refused as before: 'What are Nintendo's consoles?'", async () => {
    const store = await graphWith(STUDIOS, "studios.csv");
    expect(ids(await ask(store, "What are Nintendo's consoles?"))).toEqual([]);
  });
});
