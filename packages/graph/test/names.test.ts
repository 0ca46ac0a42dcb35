import { describe, expect, it } from "vitest";
import { canonicalPredicate, capitalized, containsPhrase, nameTokens, predicateTokens, singulars } from "../src/index.js";

describe("canonicalPredicate", () => {
  it("one form for every spelling of a predicate, the same when asked again", () => {
    const spellings = ["is_a", "is-a", "Is A", "IS   a", "is_a"];
    expect(spellings.map(canonicalPredicate)).toEqual(["is_a", "is_a", "is_a", "is_a", "is_a"]);
    expect(canonicalPredicate("Côte d'Ivoire borders")).toBe("cote_d_ivoire_borders");
    expect(canonicalPredicate("Côte d'Ivoire borders")).toBe("cote_d_ivoire_borders");
  });

  it("takes camelCase apart, acronyms whole: hasCapital is has_capital, joinedEU joined_eu, isA is_a", () => {
    expect(["hasCapital", "populationMillions", "joinedEU", "isA", "HTTPServer", "rdfs:subClassOf", "owl:FunctionalProperty"].map(canonicalPredicate)).toEqual([
      "has_capital",
      "population_millions",
      "joined_eu",
      "is_a",
      "http_server",
      "rdfs_sub_class_of",
      "owl_functional_property",
    ]);
    expect(predicateTokens("officialLanguage")).toEqual(["official", "language"]);
    expect(predicateTokens("reports_to")).toEqual(["reports", "to"]);
    // Names are not predicates: "DeepMind" stays one word.
    expect(nameTokens("DeepMind")).toEqual(["deepmind"]);
  });

  it("keeps a number's minus sign, and a hyphen between a word or number and a number as a joint", () => {
    expect(nameTokens("Which towns are below -5 degrees?")).toEqual(["which", "towns", "are", "below", "-5", "degrees"]);
    expect(nameTokens("-38.6")).toEqual(["-38.6"]);
    expect(nameTokens("covid-19 from 1990-2000 on 2024-02-10")).toEqual(["covid", "19", "from", "1990", "2000", "on", "2024", "02", "10"]);
  });

  it("keeps the marks of 'C++' and 'C#' with their letter, so neither is 'C'; a mark apart from a word is dropped", () => {
    expect(nameTokens("Is MySQL written in C++ or C#?")).toEqual(["is", "mysql", "written", "in", "c++", "or", "c#"]);
    expect(nameTokens("Written in C, issue #5, a+b")).toEqual(["written", "in", "c", "issue", "5", "a", "b"]);
    expect(capitalized("Is it C++ or F#?")).toEqual([true, false, true, false, true]);
  });

  it("stays right past the bound of remembered forms", () => {
    for (let i = 0; i < 10_050; i++) expect(canonicalPredicate(`Has Part ${i}`)).toBe(`has_part_${i}`);
    expect(canonicalPredicate("Has Part 3")).toBe("has_part_3");
  });
});

describe("capitalized", () => {
  it("says which of the tokens nameTokens gives were written with a capital, one flag per token", () => {
    const text = "Where was Vincent van Gogh's Élan painted, in 1,889 or 'Côte d'Ivoire'?";
    const flags = capitalized(text);
    expect(flags).toHaveLength(nameTokens(text).length);
    const named = nameTokens(text).filter((_, i) => flags[i]);
    expect(named).toEqual(["where", "vincent", "gogh", "elan", "cote", "ivoire"]);
  });
});

describe("singulars", () => {
  it("regular endings, then irregular plurals and the -ves, -ses, -ices forms", () => {
    expect(singulars("moons")).toEqual(["moon"]);
    expect(singulars("countries")).toEqual(["country"]);
    expect(singulars("mice")).toEqual(["mouse"]);
    expect(singulars("children")).toEqual(["child"]);
    expect(singulars("criteria")).toEqual(["criterion"]);
    expect(singulars("wolves")).toContain("wolf");
    expect(singulars("knives")).toContain("knife");
    expect(singulars("analyses")).toContain("analysis");
    expect(singulars("indices")).toContain("index");
    expect(singulars("status")).toEqual([]);
  });

  it("a name ending in an irregular plural matches its singular ('house mice' holds 'house mouse')", () => {
    expect(containsPhrase(["house", "mice"], ["house", "mouse"])).toBe(true);
    expect(containsPhrase(["house", "mice"], ["house", "cat"])).toBe(false);
  });
});
