import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, type Facts } from "./fixtures/asked-graph.js";

// Rivers, the seas they flow into (of no kind the graph knows) and the lands they flow through.
const RIVERS: Facts = [
  ["danube", "flows_into", "black_sea"],
  ["thames", "flows_into", "north_sea"],
  ["danube", "flows_through", "germany"],
  ["danube", "flows_through", "hungary"],
  ["danube", "length_km", "2850"],
  ["germany", "is_a", "country"],
];

describe("answering - 'Where does the Danube flow into?': the preposition said after the verb names where", () => {
  it("answers by the fact ending in that preposition, though nothing says its end is a place", async () => {
    const store = await graphWith(RIVERS, "rivers.csv");
    // Nothing was found: the Black Sea is of no kind, and `flows_into` is no fact of "in" or "at".
    expect(ids(await ask(store, "Where does the Danube flow into?"))).toEqual(["black_sea"]);
    expect(ids(await ask(store, "Where does the Thames flow into?"))).toEqual(["north_sea"]);
    expect(ids(await ask(store, "Where does the Danube flow through?"))).toEqual(["germany", "hungary"]);
  });

  it("still answers 'where' by places only when the question says no such preposition", async () => {
    const store = await graphWith(RIVERS, "rivers.csv");
    // Hungary is of no kind: without "through", only what is known to be a place answers.
    expect(ids(await ask(store, "Where does the Danube flow?"))).toEqual(["germany"]);
  });
});
