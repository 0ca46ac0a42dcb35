import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Dishes typed as Wikidata-style data types them: a thing is_a its class, and a class subclass_of a broader one.
const KITCHEN: Facts = [
  ["carbonara", "is_a", "dish"],
  ["tiramisu", "is_a", "dessert"],
  ["margherita", "is_a", "pizza"],
  ["pesto", "is_a", "sauce"],
  ["dessert", "subclass_of", "dish"],
  ["pizza", "subclass_of", "dish"],
  ["carbonara", "contains", "egg"],
  ["tiramisu", "contains", "egg"],
  ["pesto", "contains", "basil"],
  ["margherita", "contains", "basil"],
  ["tiramisu", "calories", "450"],
  ["margherita", "calories", "800"],
  ["pesto", "calories", "300"],
];

// A metaclass: each ship class is an instance of "ship class", which its ships are not.
const FLEET: Facts = [
  ["enterprise", "instance_of", "carrier"],
  ["nimitz", "instance_of", "carrier"],
  ["carrier", "instance_of", "ship_class"],
  ["frigate", "instance_of", "ship_class"],
];

describe("answering - class membership spelled differently along one chain (is_a, then subclass_of)", () => {
  it("an instance of a subclass is an instance of its superclass, the proof naming both facts", async () => {
    const store = await graphWith(KITCHEN, "kitchen.csv");
    const withEgg = await ask(store, "Which dishes contain egg?");
    expect(ids(withEgg)).toEqual(["carbonara", "tiramisu"]);
    expect(proofOf(withEgg, "tiramisu")).toContain("tiramisu is_a dessert (kitchen.csv)");
    expect(proofOf(withEgg, "tiramisu")).toContain("dessert subclass_of dish (kitchen.csv)");
    expect(ids(await ask(store, "Which dishes contain basil?"))).toEqual(["margherita"]);
    expect(ids(await ask(store, "Which dishes have fewer than 500 calories?"))).toEqual(["tiramisu"]);
    expect(ids(await ask(store, "List the dishes."))).toEqual(["carbonara", "margherita", "tiramisu"]);
    expect((await ask(store, "Is tiramisu a dish?")).kind).toBe(AnswerKind.YES);
  });

  it("a class's own instance_of is not its members': the ships of a class are not ship classes", async () => {
    const store = await graphWith(FLEET, "fleet.csv");
    expect(ids(await ask(store, "List the carriers."))).toEqual(["enterprise", "nimitz"]);
    expect(ids(await ask(store, "List the ship classes."))).toEqual(["carrier", "frigate"]);
    expect((await ask(store, "Is enterprise a ship class?")).kind).not.toBe(AnswerKind.YES);
  });
});
