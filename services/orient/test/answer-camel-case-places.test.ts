import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, type Facts } from "./fixtures/asked-graph.js";

// Composers as DBpedia writes them: camelCase predicates, capitalised ids, `type` for the class.
const COMPOSERS: Facts = [
  ["Jean_Sibelius", "birthPlace", "Hameenlinna"],
  ["Jean_Sibelius", "deathPlace", "Jarvenpaa"],
  ["Edvard_Grieg", "birthPlace", "Bergen"],
  ["Edvard_Grieg", "deathPlace", "Bergen"],
  ["Arvo_Part", "birthPlace", "Paide"],
  ["Arvo_Part", "award", "Polar_Music_Prize"],
  ["Jean_Sibelius", "award", "Wihuri_Sibelius_Prize"],
  ["Hameenlinna", "country", "Finland"],
  ["Paide", "country", "Estonia"],
  ["Jean_Sibelius", "type", "Composer"],
  ["Edvard_Grieg", "type", "Composer"],
  ["Arvo_Part", "type", "Composer"],
  ["Arvo_Part", "status", "Living"],
];

describe("answering - where a thing was born, died or is, by a predicate naming a place ('birthPlace', 'country')", () => {
  it("answers 'where' from a predicate whose name ends in a place noun, and climbs to the country asked", async () => {
    const store = await graphWith(COMPOSERS, "composers.csv");
    // No fact said its object was a place ("in", "at", "from"), and none of these places has a kind: refused.
    const born = await ask(store, "Where was Jean Sibelius born?");
    expect(ids(born)).toEqual(["Hameenlinna"]);
    expect(born.pattern).toBe("Jean_Sibelius birthPlace ?x");
    expect(ids(await ask(store, "Where did Edvard Grieg die?"))).toEqual(["Bergen"]);
    expect(ids(await ask(store, "Where is Paide?"))).toEqual(["Estonia"]);
    expect(ids(await ask(store, "In which country was Arvo Part born?"))).toEqual(["Estonia"]);
  });

  it("never answers 'where is' with a state, or with where a thing was born or died", async () => {
    const store = await graphWith(COMPOSERS, "composers.csv");
    // Paide, his birthplace, is not where he is.
    expect(ids(await ask(store, "Where is Arvo Part?"))).toEqual([]);
    const people = await graphWith([["ada", "born_in", "london"], ["ada", "died_in", "marylebone"], ["bob", "lives_in", "leeds"]], "people.csv");
    expect(ids(await ask(people, "Where is Ada?"))).toEqual([]);
    expect(ids(await ask(people, "Where is Bob?"))).toEqual(["leeds"]);
    expect(ids(await ask(people, "Where did Ada die?"))).toEqual(["marylebone"]);
  });
});

describe("answering - 'won' and 'died' meet `award` and `deathPlace`", () => {
  it("answers who won a prize, and who died where", async () => {
    const store = await graphWith(COMPOSERS, "composers.csv");
    const won = await ask(store, "Which composers won the Polar Music Prize?");
    expect(ids(won)).toEqual(["Arvo_Part"]);
    expect(won.pattern).toBe("?x award Polar_Music_Prize, ?x type Composer");
    expect(ids(await ask(store, "Which prizes did Jean Sibelius receive?"))).toEqual(["Wihuri_Sibelius_Prize"]);
    expect(ids(await ask(store, "Who died in Jarvenpaa?"))).toEqual(["Jean_Sibelius"]);
  });
});

// Writers as Wikidata writes them: numbered ids with labels, "place of birth" with its head noun first.
const WRITERS: Facts = [
  ["Q42", "label", "Douglas Adams"],
  ["Q42", "place_of_birth", "Q350"],
  ["Q350", "label", "Cambridge"],
  ["Q1", "label", "Terry Pratchett"],
  ["Q1", "place_of_birth", "Q2"],
  ["Q2", "label", "Beaconsfield"],
  ["Q3", "label", "Good Omens"],
  ["Q3", "author", "Q1"],
  ["Q10", "label", "Wembley Stadium"],
  ["Q10", "location_of", "Q11"],
  ["Q11", "label", "Live Aid"],
];

describe("answering - 'Where was Douglas Adams born?' over `place_of_birth`", () => {
  it("answers where from a place noun before 'of', as from one at the end", async () => {
    const store = await graphWith(WRITERS, "writers.csv");
    // Only a place noun ending the predicate counted: refused.
    const born = await ask(store, "Where was Douglas Adams born?");
    expect(ids(born)).toEqual(["Q350"]);
    expect(born.pattern).toBe("Q42 place_of_birth ?x");
    expect(ids(await ask(store, "Where was Terry Pratchett born?"))).toEqual(["Q2"]);
  });

  it("never answers where a place is by what it is the location of", async () => {
    const store = await graphWith(WRITERS, "writers.csv");
    // "where" named `location_of` read from its subject: Wembley was where Live Aid is.
    expect(ids(await ask(store, "Where is Wembley Stadium?"))).toEqual([]);
    expect(ids(await ask(store, "Where was Live Aid?"))).toEqual(["Q10"]);
  });
});

// A district of a city, with its kind.
const DISTRICTS: Facts = [
  ["westminster", "is_a", "district"],
  ["westminster", "part_of", "london"],
  ["camden", "is_a", "district"],
];

describe("answering - 'Where is Westminster?' is where it is, never what it is", () => {
  it("answers the city it is part of, and nothing for a district placed nowhere", async () => {
    const store = await graphWith(DISTRICTS, "districts.csv");
    // `westminster is_a district` answered: "district" is a place word, so the class passed for a place.
    const a = await ask(store, "Where is Westminster?");
    expect(ids(a)).toEqual(["london"]);
    expect(a.pattern).toBe("westminster part_of ?x");
    expect(ids(await ask(store, "Where is Camden?"))).toEqual([]);
  });
});
