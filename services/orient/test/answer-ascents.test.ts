import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, type Facts } from "./fixtures/asked-graph.js";

// Mountains and the year each was first climbed.
const MOUNTAINS: Facts = [
  ["everest", "first_ascent", "1953"],
  ["k2", "first_ascent", "1954"],
  ["mont_blanc", "first_ascent", "1786"],
  ["everest", "first_climbed_by", "edmund_hillary"],
  ["everest", "is_a", "mountain"],
  ["k2", "is_a", "mountain"],
  ["mont_blanc", "is_a", "mountain"],
];

describe("answering - 'climbed' names an ascent ('When was Everest first climbed?')", () => {
  it("answers the year of the first ascent, ranks and compares by it", async () => {
    const store = await graphWith(MOUNTAINS, "mountains.csv");
    // "climbed" met `first_ascent` by no word: nothing was found.
    const a = await ask(store, "When was Everest first climbed?");
    expect(ids(a)).toEqual(["1953"]);
    expect(a.pattern).toBe("everest first_ascent ?x");
    expect(ids(await ask(store, "Which mountain was climbed first?"))).toEqual(["mont_blanc"]);
    expect(ids(await ask(store, "Which mountains were first climbed after 1900?"))).toEqual(["everest", "k2"]);
  });

  it("still answers who climbed it by the climber's fact", async () => {
    const store = await graphWith(MOUNTAINS, "mountains.csv");
    expect(ids(await ask(store, "Who first climbed Everest?"))).toEqual(["edmund_hillary"]);
  });
});
