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
