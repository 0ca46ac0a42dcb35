import { describe, expect, it } from "vitest";
import { canonicalPredicate } from "../src/index.js";

describe("canonicalPredicate", () => {
  it("one form for every spelling of a predicate, the same when asked again", () => {
    const spellings = ["is_a", "is-a", "Is A", "IS   a", "is_a"];
    expect(spellings.map(canonicalPredicate)).toEqual(["is_a", "is_a", "is_a", "is_a", "is_a"]);
    expect(canonicalPredicate("Côte d'Ivoire borders")).toBe("cote_d_ivoire_borders");
    expect(canonicalPredicate("Côte d'Ivoire borders")).toBe("cote_d_ivoire_borders");
  });

  it("stays right past the bound of remembered forms", () => {
    for (let i = 0; i < 10_050; i++) expect(canonicalPredicate(`Has Part ${i}`)).toBe(`has_part_${i}`);
    expect(canonicalPredicate("Has Part 3")).toBe("has_part_3");
  });
});
