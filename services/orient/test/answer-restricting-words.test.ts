import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, type Facts } from "./fixtures/asked-graph.js";

// Chefs and the cuisines they cook.
const KITCHEN: Facts = [
  ...["amara", "bruno", "chen"].map((c) => [c, "is_a", "chef"] as const),
  ...["thai", "italian", "french"].map((c) => [c, "is_a", "cuisine"] as const),
  ["amara", "cooks", "thai"],
  ["bruno", "cooks", "italian"],
  ["bruno", "cooks", "french"],
  ["chen", "cooks", "thai"],
  ["chen", "cooks", "italian"],
  ["chen", "cooks", "french"],
];

describe("answering - words that restrict or quantify are never dropped", () => {
  it("'Which chefs cook just Italian?' and 'exactly one cuisine' are refused, not answered with every chef who cooks it", async () => {
    const store = await graphWith(KITCHEN, "kitchen.csv");
    // Read without "just", Bruno and Chen (who cook more) were answers.
    expect(ids(await ask(store, "Which chefs cook just Italian?"))).toEqual([]);
    expect(ids(await ask(store, "Which chefs cook exactly one cuisine?"))).toEqual([]);
    // As filler, before more filler, the word is still dropped.
    expect(ids(await ask(store, "Just tell me which chefs cook Italian"))).toEqual(["bruno", "chen"]);
  });

  it("'Which chef cooks all cuisines?', 'Does Bruno cook every cuisine?' are refused; 'List all chefs who cook Thai' is read as before", async () => {
    const store = await graphWith(KITCHEN, "kitchen.csv");
    expect(ids(await ask(store, "Which chef cooks all cuisines?"))).toEqual([]);
    expect((await ask(store, "Does Bruno cook every cuisine?")).kind).toBe(AnswerKind.UNKNOWN);
    expect(ids(await ask(store, "List all chefs who cook Thai"))).toEqual(["amara", "chen"]);
  });

  it("'How was Chen trained?' asks in what way: refused, where the year he trained answered it; 'How many cuisines does Chen cook?' counts", async () => {
    const store = await graphWith([...KITCHEN, ["chen", "trained_in", "1998"]], "kitchen.csv");
    expect(ids(await ask(store, "How was Chen trained?"))).toEqual([]);
    expect(ids(await ask(store, "When was Chen trained?"))).toEqual(["1998"]);
    expect((await ask(store, "How many cuisines does Chen cook?")).answers[0]!.label).toBe("3, counted in the graph: french, italian, thai");
  });

  it("a particle after a verb ('sold out') makes another verb: refused, not every flight with seats sold", async () => {
    const flights: Facts = [
      ...["ba1", "ba2", "lh3"].map((f) => [f, "is_a", "flight"] as const),
      ["ba1", "seats_sold", "180"],
      ["ba2", "seats_sold", "95"],
      ["lh3", "seats_sold", "210"],
    ];
    const store = await graphWith(flights, "flights.csv");
    expect(ids(await ask(store, "Which flights sold out?"))).toEqual([]);
    expect(ids(await ask(store, "Which flights sold more than 150 seats?"))).toEqual(["ba1", "lh3"]);
    // "about 95" is no 95: refused, as "roughly 95" is; "about" before no number is filler.
    expect(ids(await ask(store, "Which flights sold about 95 seats?"))).toEqual([]);
    expect(ids(await ask(store, "Tell me about the flights that sold 95 seats"))).toEqual(["ba2"]);
    // After a request verb, the particle is filler still.
    expect(ids(await ask(store, "Find out which flights sold more than 200 seats"))).toEqual(["lh3"]);
  });

  it("a one-digit number or 'many' is a word too: 'Which chefs cook 2 cuisines?' is refused, not every chef who cooks one", async () => {
    const store = await graphWith(KITCHEN, "kitchen.csv");
    expect(ids(await ask(store, "Which chefs cook 2 cuisines?"))).toEqual([]);
    expect(ids(await ask(store, "Which chefs cook many cuisines?"))).toEqual([]);
    expect(ids(await ask(store, "Which chefs cook cuisines?"))).toEqual(["amara", "bruno", "chen"]);
  });
});
