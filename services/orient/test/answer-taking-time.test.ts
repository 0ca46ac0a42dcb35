import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, type Facts } from "./fixtures/asked-graph.js";

// Dishes with the minutes they take; boats with a length and a crossing in minutes.
const KITCHEN: Facts = [
  ...[["crepes", "20"], ["frittata", "10"], ["salsa", "15"], ["risotto", "35"]].flatMap(([dish, minutes]): [string, string, string][] => [
    [dish!, "is_a", "dish"],
    [dish!, "prep_minutes", minutes!],
  ]),
  ...[["ferry_a", "120", "95"], ["ferry_b", "85", "200"]].flatMap(([ferry, length, crossing]): [string, string, string][] => [
    [ferry!, "is_a", "ferry"],
    [ferry!, "length_m", length!],
    [ferry!, "crossing_minutes", crossing!],
  ]),
];

describe("answering - how long a thing takes is its number in a unit of time ('How long do crepes take?', 'the quickest to make')", () => {
  it("'how long ... take' and 'to make' read the minutes", async () => {
    const store = await graphWith(KITCHEN, "kitchen.csv");
    const crepes = await ask(store, "How long do crepes take?");
    expect(ids(crepes)).toEqual(["20"]);
    expect(crepes.pattern).toBe("crepes prep_minutes ?x");
    expect(ids(await ask(store, "How long does the frittata take to make?"))).toEqual(["10"]);
    expect(ids(await ask(store, "How long does it take to cook risotto?"))).toEqual(["35"]);
    expect(ids(await ask(store, "How long does Ferry B take?"))).toEqual(["200"]);
  });

  it("'takes the longest', 'the quickest' and 'take longer than' rank and compare by the minutes", async () => {
    const store = await graphWith(KITCHEN, "kitchen.csv");
    expect(ids(await ask(store, "Which dish takes the longest?"))).toEqual(["risotto"]);
    expect(ids(await ask(store, "Which dish is quickest to make?"))).toEqual(["frittata"]);
    expect(ids(await ask(store, "Which dishes take longer than crepes?"))).toEqual(["risotto"]);
    expect(ids(await ask(store, "Which is quicker, crepes or salsa?"))).toEqual(["salsa"]);
    expect((await ask(store, "Does the frittata take longer than salsa?")).kind).toBe(AnswerKind.NO);
    expect(ids(await ask(store, "Which ferries take longer than 2 hours?"))).toEqual(["ferry_b"]);
  });

  it("without a verb of taking, 'long' is still a length: never the crossing's minutes", async () => {
    const store = await graphWith(KITCHEN, "kitchen.csv");
    expect(ids(await ask(store, "How long is Ferry A?"))).toEqual(["120"]);
    expect(ids(await ask(store, "Which is the longest ferry?"))).toEqual(["ferry_a"]);
    expect(ids(await ask(store, "Which ferries are longer than 2 hours?"))).toEqual([]);
  });
});
