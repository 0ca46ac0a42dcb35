import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, type Facts } from "./fixtures/asked-graph.js";

// Teams and the number of championships each holds, stated.
const TEAMS: Facts = [
  ...["lakers", "celtics", "bulls", "warriors"].map((t) => [t, "is_a", "team"] as const),
  ["lakers", "championships", "17"],
  ["celtics", "championships", "18"],
  ["bulls", "championships", "6"],
  ["warriors", "championships", "7"],
];

describe("answering - 'won' a number of championships is having them, where no fact is named by 'won'", () => {
  it("answers how many, more than, the most and the fewest from the stated numbers", async () => {
    const store = await graphWith(TEAMS, "teams.csv");
    // Each found nothing: "won" was left over as a word no fact took.
    expect(ids(await ask(store, "How many championships did the Celtics win?"))).toEqual(["18"]);
    expect(ids(await ask(store, "How many championships have the Lakers won?"))).toEqual(["17"]);
    expect(ids(await ask(store, "Which teams won more than 10 championships?"))).toEqual(["celtics", "lakers"]);
    expect(ids(await ask(store, "Which team won the most championships?"))).toEqual(["celtics"]);
    expect(ids(await ask(store, "Which team won the fewest championships?"))).toEqual(["bulls"]);
    expect((await ask(store, "Did the Lakers win more championships than the Celtics?")).kind).toBe(AnswerKind.NO);
  });

  it("reads 'won' as the fact it names when the graph has one", async () => {
    // Won and lost: "won" says which, and nothing answers from the championships lost.
    const store = await graphWith([["lakers", "championships_won", "17"], ["lakers", "championships_lost", "15"]], "teams.csv");
    expect(ids(await ask(store, "How many championships did the Lakers win?"))).toEqual(["17"]);
  });

  it("ranks a choice by the noun after 'more' or 'fewer'", async () => {
    const store = await graphWith(TEAMS, "teams.csv");
    // Nothing was ranked: "more championships" named no adjective's measure.
    const more = await ask(store, "Which team has more championships, the Bulls or the Warriors?");
    expect(ids(more)).toEqual(["warriors"]);
    expect(more.pattern).toBe("highest ?n: ?x championships ?n with ?x among bulls, warriors");
    expect(ids(await ask(store, "Which team has fewer championships, the Bulls or the Warriors?"))).toEqual(["bulls"]);
    expect(ids(await ask(store, "Which team won more championships, the Lakers or the Celtics?"))).toEqual(["celtics"]);
  });
});
