import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, type Facts } from "./fixtures/asked-graph.js";

// A family: what each one works as, and the one named only by a nickname.
const FAMILY: Facts = [
  ["carol", "works_as", "doctor"],
  ["dave", "works_as", "teacher"],
  ["alice", "worked_as", "nurse"],
  ["bob", "known_as", "the_doctor"],
  ["carol", "is_a", "person"],
  ["dave", "is_a", "person"],
  ["alice", "is_a", "person"],
  ["bob", "is_a", "person"],
];

describe("answering - a verb 'as' in the present says what its subject is ('Is Carol a doctor?')", () => {
  it("is yes by `works_as`, with that fact as the proof", async () => {
    const store = await graphWith(FAMILY, "family.csv");
    const a = await ask(store, "Is Carol a doctor?");
    // Only is-a and kind nouns counted: `carol works_as doctor` left this unknown.
    expect(a.kind).toBe(AnswerKind.YES);
    expect(a.proof!.summary).toBe("carol works_as doctor (family.csv)");
  });

  it("never says yes for what another one works as, what she worked as, or a name she goes by", async () => {
    const store = await graphWith(FAMILY, "family.csv");
    expect((await ask(store, "Is Dave a doctor?")).kind).toBe(AnswerKind.UNKNOWN);
    // Past: a nurse once, perhaps not now.
    expect((await ask(store, "Is Alice a nurse?")).kind).toBe(AnswerKind.UNKNOWN);
    // A nickname is no trade.
    expect((await ask(store, "Is Bob the doctor?")).kind).not.toBe(AnswerKind.YES);
  });
});

// Airlines headquartered in cities, each city `in_country` a country.
const AIRLINES: Facts = [
  ["japan_airlines", "headquartered_in", "tokyo"],
  ["air_france", "headquartered_in", "paris"],
  ["emirates", "headquartered_in", "dubai"],
  ["tokyo", "in_country", "japan"],
  ["paris", "in_country", "france"],
  ["dubai", "in_country", "united_arab_emirates"],
  ["japan_airlines", "is_a", "airline"],
  ["air_france", "is_a", "airline"],
  ["emirates", "is_a", "airline"],
];

describe("answering - `in_country` and its like place a thing within a region ('Which airlines are headquartered in Japan?')", () => {
  it("follows the headquarters' city into its country", async () => {
    const store = await graphWith(AIRLINES, "airlines.csv");
    const a = await ask(store, "Which airlines are headquartered in Japan?");
    // `in_country` was no containment: the answer was empty.
    expect(ids(a)).toEqual(["japan_airlines"]);
    expect(a.answers[0]!.proof!.summary).toBe("tokyo in_country japan (airlines.csv); japan_airlines headquartered_in tokyo (airlines.csv); japan_airlines is_a airline (airlines.csv)");
    expect(ids(await ask(store, "Which airlines are based in France?"))).toEqual(["air_france"]);
  });

  it("says yes for a city within its country and nothing for another country", async () => {
    const store = await graphWith(AIRLINES, "airlines.csv");
    expect((await ask(store, "Is Tokyo in Japan?")).kind).toBe(AnswerKind.YES);
    expect((await ask(store, "Is Tokyo in France?")).kind).not.toBe(AnswerKind.YES);
    expect(ids(await ask(store, "Which airlines are headquartered in Germany?"))).toEqual([]);
  });
});

// Novels by genre, one genre a subgenre of another.
const NOVELS: Facts = [
  ["neuromancer", "genre", "cyberpunk"],
  ["dune", "genre", "science_fiction"],
  ["the_hobbit", "genre", "fantasy"],
  ["cyberpunk", "subgenre_of", "science_fiction"],
  ["neuromancer", "is_a", "novel"],
  ["dune", "is_a", "novel"],
  ["the_hobbit", "is_a", "novel"],
];

describe("answering - a subgenre is within its genre ('Is Neuromancer science fiction?')", () => {
  it("is yes through the novel's genre and the subgenre fact", async () => {
    const store = await graphWith(NOVELS, "novels.csv");
    const a = await ask(store, "Is Neuromancer science fiction?");
    // Only is-a chains were climbed from the genre: unknown.
    expect(a.kind).toBe(AnswerKind.YES);
    expect(a.proof!.summary).toBe("neuromancer genre cyberpunk (novels.csv); cyberpunk subgenre_of science_fiction (novels.csv)");
  });

  it("never climbs down, nor to another genre, and leaves a genre no class of novels", async () => {
    const store = await graphWith(NOVELS, "novels.csv");
    expect((await ask(store, "Is Dune cyberpunk?")).kind).not.toBe(AnswerKind.YES);
    expect((await ask(store, "Is the Hobbit science fiction?")).kind).not.toBe(AnswerKind.YES);
    expect(ids(await ask(store, "Which science fiction novels are there?"))).toEqual(["dune"]);
  });
});

describe("answering - 'husband' and 'wife' name a spouse ('Who is Carol's husband?')", () => {
  it("answers by `married_to`, and goes on from the spouse", async () => {
    const store = await graphWith([...FAMILY, ["carol", "married_to", "dave"], ["dave", "born_in", "cardiff"]], "family.csv");
    // No word named the marriage: nothing was found.
    const a = await ask(store, "Who is Carol's husband?");
    expect(ids(a)).toEqual(["dave"]);
    expect(a.pattern).toBe("carol married_to ?x");
    expect(ids(await ask(store, "Where was Carol's husband born?"))).toEqual(["cardiff"]);
    // Stated one way only, and declared symmetric nowhere: Dave's wife is not read back.
    expect(ids(await ask(store, "Who is Dave's wife?"))).toEqual([]);
  });
});
