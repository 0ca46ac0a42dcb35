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

// Lines typed only through their subclasses: nothing is stated to be a "line" itself.
const TRANSIT: Facts = [
  ["red_line", "is_a", "metro_line"],
  ["blue_line", "is_a", "metro_line"],
  ["green_line", "is_a", "tram_line"],
  ["metro_line", "subclass_of", "line"],
  ["tram_line", "subclass_of", "line"],
];

// A subclass whose name says its superclass ("nonfiction book").
const SHELF: Facts = [
  ["cosmos", "is_a", "nonfiction_book"],
  ["dune", "is_a", "novel"],
  ["novel", "subclass_of", "book"],
  ["nonfiction_book", "subclass_of", "book"],
];

// One spelling for both: a class with members of its own is a kind of what it is_a.
const MENU: Facts = [
  ["carbonara", "is_a", "dish"],
  ["dessert", "is_a", "dish"],
  ["tiramisu", "is_a", "dessert"],
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

  it("a subclass is a kind of its class, not a member: 'How many lines are there?' counts lines, not kinds of line", async () => {
    const store = await graphWith(TRANSIT, "transit.csv");
    const counted = await ask(store, "How many lines are there?");
    expect(counted.answers[0]!.label).toMatch(/^3\b/);
    expect(ids(await ask(store, "List the lines."))).toEqual(["blue_line", "green_line", "red_line"]);
    expect(ids(await ask(store, "What kinds of lines are there?"))).toEqual(["metro_line", "tram_line"]);
    const shelf = await graphWith(SHELF, "shelf.csv");
    const books = await ask(shelf, "List the books.");
    expect(ids(books)).toEqual(["cosmos", "dune"]);
    // The pattern is what every answer was asked: not the first one's own class, whose name has "book" in it.
    expect(books.pattern).toBe("?x is_a book");
    const menu = await graphWith(MENU, "menu.csv");
    expect(ids(await ask(menu, "List the dishes."))).toEqual(["carbonara", "tiramisu"]);
  });

  it("a class's own instance_of is not its members': the ships of a class are not ship classes", async () => {
    const store = await graphWith(FLEET, "fleet.csv");
    expect(ids(await ask(store, "List the carriers."))).toEqual(["enterprise", "nimitz"]);
    expect(ids(await ask(store, "List the ship classes."))).toEqual(["carrier", "frigate"]);
    expect((await ask(store, "Is enterprise a ship class?")).kind).not.toBe(AnswerKind.YES);
  });
});
