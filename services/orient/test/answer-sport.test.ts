import { AnswerKind } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { ask, graphWith as graphFrom, ids, type Facts } from "./fixtures/asked-graph.js";

// Players, teams, titles and points: a graph the reading rules were not written against.
const LEAGUE: Facts = [
  ...["durant", "curry", "james", "doncic"].map((p) => [p, "is_a", "player"] as const),
  ...["lakers", "warriors", "suns", "mavericks"].map((t) => [t, "is_a", "team"] as const),
  ["durant", "plays_for", "suns"],
  ["curry", "plays_for", "warriors"],
  ["james", "plays_for", "lakers"],
  ["doncic", "plays_for", "mavericks"],
  ["durant", "formerly_played_for", "warriors"],
  ["james", "formerly_played_for", "heat"],
  ["lakers", "championships", "17"],
  ["warriors", "championships", "7"],
  ["suns", "championships", "0"],
  ["mavericks", "championships", "1"],
  ["durant", "points_per_game", "27.3"],
  ["curry", "points_per_game", "24.8"],
  ["james", "points_per_game", "27.1"],
  ["doncic", "points_per_game", "28.7"],
];

const graphWith = (triples: Facts) => graphFrom(triples, "league.csv");

describe("answering - a number stated is read, never counted as things", () => {
  it("'Which team has won the most championships?' never counts each team's one championships fact (every team tied at 1)", async () => {
    const store = await graphWith(LEAGUE);
    const won = await ask(store, "Which team has won the most championships?");
    expect(won.pattern).not.toContain("count");
    expect(ids(won)).not.toEqual(["lakers", "mavericks", "suns", "warriors"]);
    expect(ids(await ask(store, "Which player scores the most points per game?"))).not.toEqual(["curry", "doncic", "durant", "james"]);
    // The stated numbers rank.
    expect(ids(await ask(store, "Which team has the most championships?"))).toEqual(["lakers"]);
  });
});

describe("answering - a fact that no longer holds answers only a question about the past", () => {
  it("'Does Durant play for the Warriors?' is no yes by formerly_played_for; 'Did Durant play for the Warriors?' is", async () => {
    const store = await graphWith(LEAGUE);
    expect((await ask(store, "Does Durant play for the Warriors?")).kind).not.toBe(AnswerKind.YES);
    expect((await ask(store, "Is Durant a Warriors player?")).kind).not.toBe(AnswerKind.YES);
    const did = await ask(store, "Did Durant play for the Warriors?");
    expect(did.kind).toBe(AnswerKind.YES);
    expect(did.proof?.summary).toContain("durant formerly_played_for warriors");
    expect(ids(await ask(store, "Who plays for the Heat?"))).toEqual([]);
    expect(ids(await ask(store, "Who played for the Heat?"))).toEqual(["james"]);
    expect(ids(await ask(store, "Which players play for the Warriors?"))).toEqual(["curry"]);
  });
});
