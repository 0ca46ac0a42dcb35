import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, type Facts } from "./fixtures/asked-graph.js";

// Games and their sales as plain counts; cities with populations in millions.
const FIGURES: Facts = [
  ...["tetris", "minecraft", "portal"].map((g) => [g, "is_a", "game"] as const),
  ["tetris", "copies_sold", "520000000"],
  ["minecraft", "copies_sold", "300000000"],
  ["portal", "copies_sold", "4000000"],
  ...["lagos", "lima", "perth"].map((c) => [c, "is_a", "city"] as const),
  ["lagos", "population_millions", "15.4"],
  ["lima", "population_millions", "10.9"],
  ["perth", "population_millions", "2.1"],
];

describe("answering - a number said with a word of scale ('5 million')", () => {
  it("'Which games sold more than 100 million copies?' compares with 100,000,000", async () => {
    const store = await graphWith(FIGURES, "figures.csv");
    const sold = await ask(store, "Which games sold more than 100 million copies?");
    expect(ids(sold)).toEqual(["minecraft", "tetris"]);
    expect(sold.pattern).toContain("?n > 100000000");
    expect(ids(await ask(store, "Which games sold fewer than 5 million copies?"))).toEqual(["portal"]);
    expect((await ask(store, "Did Portal sell more than 3 million copies?")).kind).toBe(AnswerKind.YES);
  });

  it("against a predicate named in millions, '12 million' is 12 in its scale; a number said bare is read in it as before", async () => {
    const store = await graphWith(FIGURES, "figures.csv");
    expect(ids(await ask(store, "Which cities have a population of more than 12 million?"))).toEqual(["lagos"]);
    expect(ids(await ask(store, "Which cities have a population of less than 2.5 million?"))).toEqual(["perth"]);
    expect(ids(await ask(store, "Which cities have a population of more than 10?"))).toEqual(["lagos", "lima"]);
  });
});
