import { AnswerKind } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { ask, graphWith as graphFrom, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Cars by kind and what some of them have: a graph the reading rules were not written against.
const CARS: Facts = [
  ["sedan", "is_a", "car"],
  ["hatchback", "is_a", "car"],
  ["car", "subclass_of", "vehicle"],
  ["model_a", "is_a", "sedan"],
  ["model_b", "is_a", "sedan"],
  ["model_c", "is_a", "hatchback"],
  ["model_a", "is_a", "car"],
  ["model_b", "is_a", "car"],
  ["model_c", "is_a", "car"],
  ["model_a", "has_sunroof", "panoramic_sunroof"],
  ["model_c", "has_sunroof", "tilt_sunroof"],
  ["model_b", "has_tow_hitch", "class_ii_hitch"],
  ["model_b", "has_sunroof", "false"],
  ["model_c", "has_tow_hitch", "none"],
];

const graphWith = (triples: Facts) => graphFrom(triples, "cars.csv");

// Recipes saying yes, no, nothing either way, both, or nothing at all (stew) of being vegan.
const RECIPES: Facts = [
  ["ramen", "is_a", "recipe"],
  ["guacamole", "is_a", "recipe"],
  ["pesto", "is_a", "recipe"],
  ["curry", "is_a", "recipe"],
  ["stew", "is_a", "recipe"],
  ["ramen", "vegan", "false"],
  ["guacamole", "vegan", "true"],
  ["pesto", "vegan", "unknown"],
  ["curry", "vegan", "true"],
  ["curry", "vegan", "no"],
];

describe("answering - what the members of a class have", () => {
  it("'Which cars have a sunroof?' lists the cars with a has_sunroof fact, whatever sunroof it is, each with that fact and its is-a", async () => {
    const store = await graphWith(CARS);
    const roofs = await ask(store, "Which cars have a sunroof?");
    expect(ids(roofs)).toEqual(["model_a", "model_c"]);
    expect(roofs.pattern).toBe("?x has_sunroof ?y, ?x is-a car");
    expect(proofOf(roofs, "model_a")).toContain("model_a has_sunroof panoramic_sunroof");
    // "has_sunroof false", "has_tow_hitch none" say the car has none.
    expect(ids(await ask(store, "Which cars have a tow hitch?"))).toEqual(["model_b"]);
    // No relation the words name: no answer, never every car.
    expect(ids(await ask(store, "Which cars have a spoiler?"))).toEqual([]);
  });

  it("'Does model A have a sunroof?' is yes by its fact, no by a fact saying none; one without is unknown, never no", async () => {
    const store = await graphWith(CARS);
    const yes = await ask(store, "Does Model A have a sunroof?");
    expect(yes.kind).toBe(AnswerKind.YES);
    expect(yes.proof?.summary).toContain("model_a has_sunroof panoramic_sunroof");
    const no = await ask(store, "Does Model B have a sunroof?");
    expect(AnswerKind[no.kind]).toBe("NO");
    expect(no.proof?.summary).toBe("model_b has_sunroof false (cars.csv)");
    expect(AnswerKind[(await ask(store, "Does Model A have a tow hitch?")).kind]).toBe("UNKNOWN");
  });

  it("'Is ramen vegan?': a fact whose object says no is the proof of no; one that says nothing either way, or a graph saying both, is unknown", async () => {
    const store = await graphWith(RECIPES);
    const no = await ask(store, "Is ramen vegan?");
    expect(AnswerKind[no.kind]).toBe("NO");
    expect(no.proof?.summary).toBe("ramen vegan false (cars.csv)");
    const yes = await ask(store, "Is guacamole vegan?");
    expect(AnswerKind[yes.kind]).toBe("YES");
    expect(yes.proof?.summary).toBe("guacamole vegan true (cars.csv)");
    expect(AnswerKind[(await ask(store, "Is pesto vegan?")).kind]).toBe("UNKNOWN");
    expect(AnswerKind[(await ask(store, "Is curry vegan?")).kind]).toBe("UNKNOWN");
    expect(ids(await ask(store, "Which recipes are vegan?"))).toEqual(["guacamole"]);
    // Asked with "not", the facts say the opposite: never answered as if "not" were not there.
    expect(AnswerKind[(await ask(store, "Is guacamole not vegan?")).kind]).not.toBe("YES");
    expect(AnswerKind[(await ask(store, "Is ramen not vegan?")).kind]).not.toBe("NO");
  });

  it("'Which recipes are not vegan?' lists those whose fact says none, that fact the proof; never one the graph says nothing of, or both of", async () => {
    const store = await graphWith(RECIPES);
    const not = await ask(store, "Which recipes are not vegan?");
    expect(ids(not)).toEqual(["ramen"]);
    expect(proofOf(not, "ramen")).toBe("ramen vegan false (cars.csv); ramen is_a recipe (cars.csv)");
    // The cars: "has_tow_hitch none" says model C has none; model A says nothing of a hitch.
    expect(ids(await ask(await graphWith(CARS), "Which cars have no tow hitch?"))).toEqual(["model_c"]);
    expect(ids(await ask(await graphWith(CARS), "Which cars do not have a sunroof?"))).toEqual(["model_b"]);
    // Twice negated is read as nothing.
    expect(ids(await ask(store, "Which recipes are not no vegan?"))).toEqual([]);
  });
});
