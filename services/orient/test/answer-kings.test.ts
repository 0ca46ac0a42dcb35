import { AnswerKind } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { ask, graphWith as graphFrom, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Monarchs, where they were born and what they were monarchs of: a graph the reading rules were not written against.
const KINGS: Facts = [
  ...["william_i", "henry_ii", "richard_i", "henry_viii", "elizabeth_i", "victoria"].map((m) => [m, "instance_of", "monarch"] as const),
  ...["william_i", "henry_ii", "richard_i", "henry_viii", "elizabeth_i"].map((m) => [m, "monarch_of", "england"] as const),
  ["victoria", "monarch_of", "united_kingdom"],
  ["william_i", "born_in", "falaise"],
  ["henry_ii", "born_in", "le_mans"],
  ["richard_i", "born_in", "oxford"],
  ["henry_viii", "born_in", "greenwich"],
  ["elizabeth_i", "born_in", "greenwich"],
  ["victoria", "born_in", "london"],
  ["falaise", "located_in", "france"],
  ["le_mans", "located_in", "france"],
  ["oxford", "located_in", "england"],
  ["greenwich", "located_in", "london"],
  ["london", "located_in", "england"],
  ["henry_viii", "spouse", "anne_boleyn"],
  ["henry_viii", "spouse", "catherine_of_aragon"],
];


const graphWith = (triples: Facts) => graphFrom(triples, "kings.csv");

describe("answering - born in a place, through the places within it", () => {
  it("'Which monarchs were born in England?' never answers a monarch of England born in France (`monarch_of england` with any `born_in`); it finds those born in places within England, however deep, each with the chain in its proof", async () => {
    const store = await graphWith(KINGS);
    const a = await ask(store, "Which monarchs were born in England?");
    expect(ids(a)).not.toContain("william_i");
    expect(ids(a)).not.toContain("henry_ii");
    expect(ids(a)).toEqual(["elizabeth_i", "henry_viii", "richard_i", "victoria"]);
    expect(proofOf(a, "henry_viii")).toBe("london located_in england (kings.csv); greenwich located_in london (kings.csv); henry_viii born_in greenwich (kings.csv); henry_viii instance_of monarch (kings.csv)");
    expect(ids(await ask(store, "Which monarchs were born in France?"))).toEqual(["henry_ii", "william_i"]);
    expect(ids(await ask(store, "Which monarchs were born in London?"))).toEqual(["elizabeth_i", "henry_viii", "victoria"]);
  });
});

describe("answering - marriage", () => {
  it("'Who did Henry VIII marry?' and 'Was Henry VIII married to Anne Boleyn?' read `spouse`", async () => {
    const store = await graphWith(KINGS);
    expect(ids(await ask(store, "Who did Henry VIII marry?"))).toEqual(["anne_boleyn", "catherine_of_aragon"]);
    expect((await ask(store, "Was Henry VIII married to Anne Boleyn?")).proof?.summary).toBe("henry_viii spouse anne_boleyn (kings.csv)");
  });
});

describe("answering - yes or no, born in a place within another", () => {
  it("'Was Henry VIII born in England?' is yes through Greenwich and London, every fact in the proof; born in France, or living in England, is not yes", async () => {
    const store = await graphWith(KINGS);
    const yes = await ask(store, "Was Henry VIII born in England?");
    expect(yes.kind).toBe(AnswerKind.YES);
    expect(yes.pattern).toBe("henry_viii born_in ?p, ?p within england");
    expect(yes.proof?.summary).toBe("henry_viii born_in greenwich (kings.csv); greenwich located_in london (kings.csv); london located_in england (kings.csv)");
    expect((await ask(store, "Was Henry VIII born in France?")).kind).not.toBe(AnswerKind.YES);
    expect((await ask(store, "Does Henry VIII live in England?")).kind).not.toBe(AnswerKind.YES);
    expect((await ask(store, "Was William I born in England?")).kind).not.toBe(AnswerKind.YES);
  });
});
