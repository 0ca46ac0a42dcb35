import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Cities, where they are, which is a capital, how high: a graph the reading rules were not written against.
const CITIES: Facts = [
  ["lima", "is_a", "city"],
  ["cusco", "is_a", "city"],
  ["oslo", "is_a", "city"],
  ["bergen", "is_a", "city"],
  ["lima", "capital_of", "peru"],
  ["oslo", "capital_of", "norway"],
  ["lima", "located_in", "peru"],
  ["cusco", "located_in", "peru"],
  ["oslo", "located_in", "norway"],
  ["bergen", "located_in", "norway"],
  ["lima", "elevation_m", "154"],
  ["cusco", "elevation_m", "3399"],
  ["oslo", "elevation_m", "23"],
  ["bergen", "elevation_m", "12"],
];

describe("answering - 'in' a place, with no other word of a relation", () => {
  it("'Which cities are in Peru?' are those a fact places in Peru, not the one that is its capital (which was the whole answer)", async () => {
    const store = await graphWith(CITIES, "cities.csv");
    const inPeru = await ask(store, "Which cities are in Peru?");
    expect(ids(inPeru)).toEqual(["cusco", "lima"]);
    expect(inPeru.pattern).toBe("?x located_in peru, ?x is_a city");
    expect(proofOf(inPeru, "lima")).toContain("lima located_in peru");
    const high = await ask(store, "Which cities in Peru are higher than 1000 m?");
    expect(ids(high)).toEqual(["cusco"]);
    expect(ids(await ask(store, "Which cities in Norway are higher than 20 m?"))).toEqual(["oslo"]);
    // A word of the relation still says which: the capital is asked for.
    expect(ids(await ask(store, "Which city is the capital of Peru?"))).toEqual(["lima"]);
  });
});
