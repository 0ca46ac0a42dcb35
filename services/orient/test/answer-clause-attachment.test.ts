import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Alpine regions: which border which, and which country each is in.
const ALPS: Facts = [
  ...["tyrol", "south_tyrol", "carinthia", "friuli", "salzburg"].map((r) => [r, "is_a", "region"] as const),
  ["south_tyrol", "borders", "tyrol"],
  ["carinthia", "borders", "tyrol"],
  ["carinthia", "borders", "friuli"],
  ["carinthia", "borders", "salzburg"],
  ["salzburg", "borders", "tyrol"],
  ["tyrol", "located_in", "austria"],
  ["carinthia", "located_in", "austria"],
  ["salzburg", "located_in", "austria"],
  ["south_tyrol", "located_in", "italy"],
  ["friuli", "located_in", "italy"],
];

// Recipes, who wrote each, and what each contains (a recipe may contain another's).
const KITCHEN: Facts = [
  ...["lasagna", "pesto", "pizza", "ragu"].map((r) => [r, "is_a", "recipe"] as const),
  ["lasagna", "written_by", "ava"],
  ["pesto", "written_by", "ava"],
  ["pizza", "written_by", "bo"],
  ["ragu", "written_by", "bo"],
  ["lasagna", "contains", "ragu"],
  ["pizza", "contains", "pesto"],
  ["pesto", "contains", "basil"],
];

describe("answering - what a clause on the noun asked for describes", () => {
  it("'Which region that borders Tyrol is located in Italy?': the verb after the clause says what the answers are", async () => {
    const store = await graphWith(ALPS, "alps.csv");
    // Carinthia borders Tyrol and borders Friuli (in Italy), but is in Austria.
    const italian = await ask(store, "Which region that borders Tyrol is located in Italy?");
    expect(ids(italian)).toEqual(["south_tyrol"]);
    expect(proofOf(italian, "south_tyrol")).toContain("south_tyrol located_in italy (alps.csv)");
    expect(ids(await ask(store, "Which regions that border Tyrol are located in Austria?"))).toEqual(["carinthia", "salzburg"]);
    // No region bordering Salzburg is in Italy. Read from Italy, Carinthia borders Friuli there, and Salzburg was any fact of it.
    expect(ids(await ask(store, "Which region that borders Salzburg is located in Italy?"))).toEqual([]);
  });

  it("'What do Ava's recipes contain?' is what her recipes contain, never a recipe of hers some other recipe contains", async () => {
    const store = await graphWith(KITCHEN, "kitchen.csv");
    // Pesto is Ava's and in Bo's pizza; her lasagna contains ragu, her pesto basil.
    const contained = await ask(store, "What do Ava's recipes contain?");
    expect(ids(contained)).toEqual(["basil", "ragu"]);
    expect(proofOf(contained, "ragu")).toContain("lasagna written_by ava (kitchen.csv)");
    expect(ids(await ask(store, "What do the recipes of Ava contain?"))).toEqual(["basil", "ragu"]);
  });

  it("'Whose recipes contain pesto?' asks for an owner: never answered by the recipes themselves", async () => {
    const store = await graphWith(KITCHEN, "kitchen.csv");
    expect(ids(await ask(store, "Whose recipes contain pesto?"))).not.toContain("pizza");
    expect(ids(await ask(store, "Which recipes contain pesto?"))).toEqual(["pizza"]);
    // A noun after "whose" that is no class names the relation, and the owner answers.
    const parent = await graphWith([["luca", "child_of", "marco"], ["marco", "is_a", "chef"]], "family.csv");
    expect(ids(await ask(parent, "Whose child is Luca?"))).toEqual(["marco"]);
  });
});
