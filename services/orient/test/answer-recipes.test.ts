import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Recipes, what they contain, their cuisine and numbers: a graph the reading rules were not written against.
const RECIPES: Facts = [
  ["pancakes", "is_a", "recipe"],
  ["omelette", "is_a", "recipe"],
  ["risotto", "is_a", "recipe"],
  ["tiramisu", "is_a", "recipe"],
  ["ramen", "is_a", "recipe"],
  ["pancakes", "contains", "egg"],
  ["omelette", "contains", "egg"],
  ["omelette", "contains", "cheese"],
  ["risotto", "contains", "cheese"],
  ["tiramisu", "contains", "egg"],
  ["ramen", "contains", "egg"],
  ["egg", "is_a", "ingredient"],
  ["cheese", "is_a", "ingredient"],
  ["pancakes", "cuisine", "american"],
  ["omelette", "cuisine", "french"],
  ["risotto", "cuisine", "italian"],
  ["tiramisu", "cuisine", "italian"],
  ["ramen", "cuisine", "japanese"],
  ["pancakes", "calories", "350"],
  ["omelette", "calories", "300"],
  ["risotto", "calories", "500"],
  ["tiramisu", "calories", "450"],
  ["pancakes", "prep_minutes", "20"],
  ["omelette", "prep_minutes", "10"],
  ["risotto", "prep_minutes", "40"],
  ["tiramisu", "prep_minutes", "30"],
  ["ramen", "prep_minutes", "25"],
];

describe("answering - a thing named before a class says which of its members", () => {
  it("'Which Italian recipes contain egg?' asks for the recipes tied to Italian that contain egg, each with both facts", async () => {
    const store = await graphWith(RECIPES, "recipes.csv");
    const a = await ask(store, "Which Italian recipes contain egg?");
    expect(ids(a)).toEqual(["tiramisu"]);
    expect(proofOf(a, "tiramisu")).toContain("tiramisu cuisine italian");
    expect(proofOf(a, "tiramisu")).toContain("tiramisu contains egg");
    expect(ids(await ask(store, "Which Italian recipes are there?"))).toEqual(["risotto", "tiramisu"]);
    expect(ids(await ask(store, "Which cheese recipes are there?"))).toEqual(["omelette", "risotto"]);
  });

  it("'Which Italian recipe has the most calories?' ranks only the Italian ones (ramen, with no number, is none of them)", async () => {
    const store = await graphWith(RECIPES, "recipes.csv");
    const most = await ask(store, "Which Italian recipe has the most calories?");
    expect(ids(most)).toEqual(["risotto"]);
    expect(proofOf(most, "risotto")).toContain("tiramisu calories 450");
    expect(proofOf(most, "risotto")).not.toContain("pancakes");
    expect(ids(await ask(store, "Which Italian recipe has the fewest calories?"))).toEqual(["tiramisu"]);
    // Over every recipe the ranking is refused: ramen has no number and could be the highest.
    expect(ids(await ask(store, "Which recipe has the most calories?"))).toEqual([]);
  });
});

describe("answering - the fewest of what each has, counted", () => {
  it("'Which recipe contains the fewest ingredients?': the four with one each, each label naming the others it ties with, in the singular", async () => {
    const fewest = await ask(await graphWith(RECIPES, "recipes.csv"), "Which recipe contains the fewest ingredients?");
    expect(ids(fewest)).toEqual(["pancakes", "ramen", "risotto", "tiramisu"]);
    expect(fewest.answers.find((a) => a.symbolId === "ramen")!.label).toBe("ramen: 1 ingredient counted in the graph, as many as pancakes, risotto, tiramisu; against omelette 2");
  });
});

describe("answering - a span of time compared", () => {
  it("'Which recipes take less than 25 minutes?': the one predicate of the class in a unit of time (`prep_minutes`) is compared; 'take' names no relation of its own", async () => {
    const store = await graphWith(RECIPES, "recipes.csv");
    const quick = await ask(store, "Which recipes take less than 25 minutes?");
    expect(ids(quick)).toEqual(["omelette", "pancakes"]);
    expect(quick.pattern).toBe("?x prep_minutes ?n, ?n < 25, ?x is-a recipe");
    expect(proofOf(quick, "omelette")).toContain("omelette prep_minutes 10");
    expect(ids(await ask(store, "Which recipes have less than 25 minutes?"))).toEqual(["omelette", "pancakes"]);
    expect(ids(await ask(store, "Which recipes take more than half an hour?"))).toEqual([]);
    expect(ids(await ask(store, "Which recipes take less than 1 hour?"))).toEqual(["omelette", "pancakes", "ramen", "risotto", "tiramisu"]);
    // Calories are no span of time: "take" still names no relation.
    expect(ids(await ask(store, "Which recipes take more than 300 calories?"))).toEqual([]);
  });

  it("two predicates of the class in units of time: the unit alone does not say which, so no answer", async () => {
    const store = await graphWith([...RECIPES, ["pancakes", "cook_minutes", "15"], ["risotto", "cook_minutes", "30"]], "recipes.csv");
    expect(ids(await ask(store, "Which recipes take less than 25 minutes?"))).toEqual([]);
    expect(ids(await ask(store, "Which recipes take less than 25 prep minutes?"))).toEqual(["omelette", "pancakes"]);
  });
});
