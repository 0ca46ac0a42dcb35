import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, type Facts } from "./fixtures/asked-graph.js";

// An orchestra's instruments, and where its halls are.
const ORCHESTRA: Facts = [
  ["string_instrument", "is_a", "instrument"],
  ["brass_instrument", "is_a", "instrument"],
  ["violin", "is_a", "string_instrument"],
  ["cello", "is_a", "string_instrument"],
  ["trumpet", "is_a", "brass_instrument"],
  ["gasteig", "is_a", "concert_hall"],
  ["gasteig", "located_in", "munich"],
  ["munich", "located_in", "bavaria"],
  ["bavaria", "located_in", "germany"],
];

describe("answering - a yes/no question of kind or place keeps its roles ('Is an instrument a violin?')", () => {
  it("the thing named first is the member, never the class: a class is not yes of its own members", async () => {
    const store = await graphWith(ORCHESTRA, "orchestra.csv");
    // `string_instrument is_a instrument` said yes, read the other way round.
    const backwards = await ask(store, "Is an instrument a string instrument?");
    expect(backwards.kind).not.toBe(AnswerKind.YES);
    expect(backwards.pattern).toBe("instrument is_a string_instrument");
    expect((await ask(store, "Is the instrument a violin?")).kind).not.toBe(AnswerKind.YES);
    expect((await ask(store, "Is a brass instrument a trumpet?")).kind).not.toBe(AnswerKind.YES);
  });

  it("the description read on the side ('find the violin') does not say yes by the class's own kinds", async () => {
    const store = await graphWith(ORCHESTRA, "orchestra.csv");
    // "find the string instrument" reads as what a string instrument is: `string_instrument is_a instrument`.
    const described = await ask(store, "Is the instrument a string instrument?");
    expect(described.kind).not.toBe(AnswerKind.YES);
    expect(described.proof?.summary ?? "").toBe("");
  });

  it("a place is not within what it holds", async () => {
    const store = await graphWith(ORCHESTRA, "orchestra.csv");
    // `munich located_in bavaria` said Bavaria is in Munich.
    const inside = await ask(store, "Is Bavaria in Munich?");
    expect(inside.kind).not.toBe(AnswerKind.YES);
    expect((await ask(store, "Is Germany in the Gasteig?")).kind).not.toBe(AnswerKind.YES);
  });

  it("the questions asked the right way round still say yes, with their facts", async () => {
    const store = await graphWith(ORCHESTRA, "orchestra.csv");
    const violin = await ask(store, "Is the violin an instrument?");
    expect(violin.kind).toBe(AnswerKind.YES);
    expect(violin.proof?.summary).toContain("string_instrument is_a instrument (orchestra.csv)");
    expect((await ask(store, "Is a cello a string instrument?")).kind).toBe(AnswerKind.YES);
    const place = await ask(store, "Is the Gasteig in Germany?");
    expect(place.kind).toBe(AnswerKind.YES);
    expect(place.proof?.summary).toContain("bavaria located_in germany (orchestra.csv)");
    expect((await ask(store, "Is Munich in Bavaria?")).kind).toBe(AnswerKind.YES);
  });
});
