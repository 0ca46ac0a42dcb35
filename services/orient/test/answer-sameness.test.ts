import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Players, their clubs and home towns: a graph the reading rules were not written against.
const PLAYERS: Facts = [
  ...["ana", "ben", "cleo", "dev", "eli"].map((p) => [p, "is_a", "player"] as const),
  ["coach_kim", "is_a", "coach"],
  ["ana", "plays_for", "riverside_fc"],
  ["ben", "plays_for", "riverside_fc"],
  ["coach_kim", "plays_for", "riverside_fc"],
  ["cleo", "plays_for", "hillside_united"],
  ["dev", "plays_for", "hillside_united"],
  ["eli", "plays_for", "hillside_united"],
  ["riverside_fc", "is_a", "club"],
  ["hillside_united", "is_a", "club"],
  ["ana", "born_in", "porto"],
  ["cleo", "born_in", "porto"],
  ["ben", "born_in", "lyon"],
  ["dev", "trained_at", "north_academy"],
  ["eli", "trained_at", "north_academy"],
];

describe("answering - things the same as another in one respect", () => {
  it("'Who plays for the same club as Ana?': whatever shares Ana's fact, each with both facts and the shared thing's kind", async () => {
    const store = await graphWith(PLAYERS, "players.csv");
    const same = await ask(store, "Who plays for the same club as Ana?");
    expect(ids(same)).toEqual(["ben", "coach_kim"]);
    expect(same.pattern).toBe("?x plays_for ?o, ana plays_for ?o");
    expect(proofOf(same, "ben")).toBe("ben plays_for riverside_fc (players.csv); ana plays_for riverside_fc (players.csv); riverside_fc is_a club (players.csv)");
    // A class asked for narrows them; another relation named is another sameness.
    expect(ids(await ask(store, "Which players play for the same club as Ana?"))).toEqual(["ben"]);
    // No word names the relation: the one fact that reaches a club is shared. A relation named is never traded for another.
    expect(ids(await ask(store, "Who is in the same club as Cleo?"))).toEqual(["dev", "eli"]);
    expect(ids(await ask(store, "Who was born in the same club as Cleo?"))).toEqual([]);
    // Nothing says porto is a city: the noun is not met, so nothing answers, until the graph says so.
    expect(ids(await ask(store, "Who was born in the same city as Cleo?"))).toEqual([]);
    const cities = await graphWith([...PLAYERS, ["porto", "is_a", "city"], ["lyon", "is_a", "city"]], "players.csv");
    expect(ids(await ask(cities, "Who was born in the same city as Cleo?"))).toEqual(["ana"]);
  });

  it("a noun the shared thing is not, by class or by name, answers nothing; so does a relation two ways of which are named alike", async () => {
    const store = await graphWith(PLAYERS, "players.csv");
    // north_academy is no club.
    expect(ids(await ask(store, "Who trained at the same club as Dev?"))).toEqual([]);
    expect(ids(await ask(store, "Who trained at the same academy as Dev?"))).toEqual(["eli"]);
  });

  it("'Do Ana and Ben play for the same club?' is yes by both facts; two clubs is unknown, never no (one may play for two)", async () => {
    const store = await graphWith(PLAYERS, "players.csv");
    const yes = await ask(store, "Do Ana and Ben play for the same club?");
    expect(yes.kind).toBe(AnswerKind.YES);
    expect(yes.proof?.summary).toBe("ana plays_for riverside_fc (players.csv); ben plays_for riverside_fc (players.csv); riverside_fc is_a club (players.csv)");
    expect((await ask(store, "Do Ana and Cleo play for the same club?")).kind).toBe(AnswerKind.UNKNOWN);
  });
});

describe("answering - 'the same year as': a year is a number, whatever else the verb names", () => {
  // "published" names `published_in` and `published_by` alike: the noun says which is shared.
  const NOVELS: Facts = [
    ...["dune", "dune_messiah", "the_left_hand_of_darkness", "earthsea"].map((n) => [n, "is_a", "novel"] as const),
    ["dune", "published_in", "1965"],
    ["dune_messiah", "published_in", "1969"],
    ["the_left_hand_of_darkness", "published_in", "1969"],
    ["earthsea", "published_in", "1968"],
    ["dune", "published_by", "chilton_books"],
    ["dune_messiah", "published_by", "putnam"],
    ["earthsea", "published_by", "putnam"],
  ];

  it("'Which novels were published in the same year as Dune Messiah?' shares the year, not the publisher", async () => {
    const store = await graphWith(NOVELS, "novels.csv");
    const same = await ask(store, "Which novels were published in the same year as Dune Messiah?");
    expect(ids(same)).toEqual(["the_left_hand_of_darkness"]);
    expect(proofOf(same, "the_left_hand_of_darkness")).toBe(
      "the_left_hand_of_darkness published_in 1969 (novels.csv); dune_messiah published_in 1969 (novels.csv); the_left_hand_of_darkness is_a novel (novels.csv)",
    );
    expect(ids(await ask(store, "Which novels were published by the same publisher as Dune Messiah?"))).toEqual(["earthsea"]);
    expect((await ask(store, "Were Dune Messiah and The Left Hand of Darkness published in the same year?")).kind).toBe(AnswerKind.YES);
  });
});

describe("answering - 'born in the same country as': the places each was born in, up to a country", () => {
  const WRITERS: Facts = [
    ...["herbert", "gibson", "le_guin", "asimov", "atwood"].map((w) => [w, "is_a", "author"] as const),
    ["herbert", "born_in", "tacoma"],
    ["gibson", "born_in", "conway"],
    ["le_guin", "born_in", "berkeley"],
    ["asimov", "born_in", "petrovichi"],
    ["atwood", "lives_in", "tacoma"],
    ["tacoma", "located_in", "washington"],
    ["washington", "located_in", "usa"],
    ["conway", "located_in", "usa"],
    ["berkeley", "located_in", "usa"],
    ["petrovichi", "located_in", "russia"],
    ["usa", "is_a", "country"],
    ["russia", "is_a", "country"],
  ];

  it("'Which authors were born in the same country as Herbert?' climbs each birthplace to its country, both climbs in the proof", async () => {
    const store = await graphWith(WRITERS, "writers.csv");
    const same = await ask(store, "Which authors were born in the same country as Herbert?");
    expect(ids(same)).toEqual(["gibson", "le_guin"]);
    expect(proofOf(same, "gibson")).toBe(
      "gibson born_in conway (writers.csv); conway located_in usa (writers.csv); usa is_a country (writers.csv); herbert born_in tacoma (writers.csv); tacoma located_in washington (writers.csv); washington located_in usa (writers.csv); gibson is_a author (writers.csv)",
    );
    // Atwood lives in Tacoma: another relation, so no answer. Asimov's country is another.
    expect(ids(await ask(store, "Which authors were born in the same country as Asimov?"))).toEqual([]);
  });
});
