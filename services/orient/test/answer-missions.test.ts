import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, type Facts } from "./fixtures/asked-graph.js";

// Space missions: where each went and how it ended.
const MISSIONS: Facts = [
  ["apollo_11", "destination", "moon"],
  ["apollo_13", "destination", "moon"],
  ["curiosity", "destination", "mars"],
  ["perseverance", "destination", "mars"],
  ["apollo_11", "outcome", "success"],
  ["apollo_13", "outcome", "aborted"],
  ["apollo_11", "is_a", "mission"],
  ["apollo_13", "is_a", "mission"],
  ["curiosity", "is_a", "rover"],
  ["perseverance", "is_a", "rover"],
  ["apollo_11", "launched_in", "1969"],
  ["apollo_13", "launched_in", "1970"],
  ["curiosity", "launched_in", "2011"],
  ["perseverance", "launched_in", "2020"],
];

describe("answering - 'went to' names a destination ('Which rovers went to Mars?')", () => {
  it("lists by `destination` and says yes for where one went", async () => {
    const store = await graphWith(MISSIONS, "missions.csv");
    // No word of the question named `destination`: nothing was found.
    const a = await ask(store, "Which rovers went to Mars?");
    expect(ids(a)).toEqual(["curiosity", "perseverance"]);
    expect(a.pattern).toBe("?x destination mars, ?x is_a rover");
    expect(ids(await ask(store, "Which missions went to the Moon?"))).toEqual(["apollo_11", "apollo_13"]);
    expect((await ask(store, "Did Curiosity go to Mars?")).kind).toBe(AnswerKind.YES);
    expect((await ask(store, "Did Apollo 11 go to Mars?")).kind).not.toBe(AnswerKind.YES);
  });
});

describe("answering - a value after an article ('Was Apollo 11 a success?')", () => {
  it("is yes by the fact giving the mission that value, and never by another one's", async () => {
    const store = await graphWith(MISSIONS, "missions.csv");
    // Only a bare value right after the name counted ("Is order 1004 shipped?"): unknown.
    const a = await ask(store, "Was Apollo 11 a success?");
    expect(a.kind).toBe(AnswerKind.YES);
    expect(a.proof!.summary).toBe("apollo_11 outcome success (missions.csv)");
    expect((await ask(store, "Was Apollo 13 a success?")).kind).not.toBe(AnswerKind.YES);
    expect((await ask(store, "Is Apollo 13 aborted?")).kind).toBe(AnswerKind.YES);
  });
});

describe("answering - 'the first' before the noun asked for ('What was the first mission launched?')", () => {
  it("ranks by the verb ending the question, as 'launched first' does", async () => {
    const store = await graphWith(MISSIONS, "missions.csv");
    // "first" ranked only at the end of a question: nothing was found.
    const a = await ask(store, "What was the first mission launched?");
    expect(ids(a)).toEqual(["apollo_11"]);
    expect(a.pattern).toBe("lowest ?n: ?x launched_in ?n, ?x is-a mission");
    expect(ids(await ask(store, "What was the last rover launched?"))).toEqual(["perseverance"]);
    expect(ids(await ask(store, "Which mission was launched first?"))).toEqual(["apollo_11"]);
  });

  it("ranks nothing where no verb ends the question", async () => {
    const store = await graphWith(MISSIONS, "missions.csv");
    expect(ids(await ask(store, "What was the first mission to the Moon?"))).toEqual([]);
  });
});

// Spacecraft of three kinds.
const CRAFT: Facts = [
  ["hubble", "is_a", "telescope"],
  ["cassini", "is_a", "probe"],
  ["curiosity", "is_a", "rover"],
];

describe("answering - 'Is Hubble a telescope or a probe?' offers two kinds, not three things", () => {
  it("is yes when one of the kinds offered holds, and unknown when neither is stated", async () => {
    const store = await graphWith(CRAFT, "craft.csv");
    // The article before "telescope" made Hubble the first of three things offered: unknown.
    const a = await ask(store, "Is Hubble a telescope or a probe?");
    expect(a.kind).toBe(AnswerKind.YES);
    expect(a.proof!.summary).toBe("hubble is_a telescope (craft.csv)");
    expect((await ask(store, "Is Cassini a rover or a probe?")).kind).toBe(AnswerKind.YES);
    expect((await ask(store, "Is Hubble a rover or a probe?")).kind).toBe(AnswerKind.UNKNOWN);
  });

  it("still reads a list of things, with or without their articles", async () => {
    const store = await graphWith(CRAFT, "craft.csv");
    expect((await ask(store, "Is Hubble, Cassini or Curiosity a rover?")).proof!.summary).toBe("curiosity is_a rover (craft.csv)");
    expect((await ask(store, "Is the Hubble, the Cassini or the Curiosity a rover?")).kind).toBe(AnswerKind.YES);
    expect((await ask(store, "Is Hubble or Cassini a rover?")).kind).toBe(AnswerKind.UNKNOWN);
  });
});
