import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, type Facts } from "./fixtures/asked-graph.js";

// Where and when two chemists were born.
const CHEMISTS: Facts = [
  ["hodgkin", "born_in", "cairo"],
  ["franklin", "born_in", "london"],
  ["london", "located_in", "england"],
  ["hodgkin", "birth_year", "1910"],
  ["franklin", "birth_year", "1920"],
];

describe("answering - a statement put up to be checked ('Is it true that Franklin was born in London?')", () => {
  it("is yes by the facts that show it, as 'whether' asks", async () => {
    const store = await graphWith(CHEMISTS, "chemists.csv");
    // "true" was read as a relation word nothing names: unknown.
    const born = await ask(store, "Is it true that Franklin was born in London?");
    expect(born.kind).toBe(AnswerKind.YES);
    expect(born.proof!.summary).toBe("franklin born_in london (chemists.csv)");
    expect((await ask(store, "Verify that Franklin was born in England")).kind).toBe(AnswerKind.YES);
    expect((await ask(store, "Confirm that Hodgkin was born before Franklin.")).kind).toBe(AnswerKind.YES);
  });

  it("is never yes when no fact shows it, and no when the numbers say otherwise", async () => {
    const store = await graphWith(CHEMISTS, "chemists.csv");
    expect((await ask(store, "Is it true that Hodgkin was born in London?")).kind).toBe(AnswerKind.UNKNOWN);
    expect((await ask(store, "Is it the case that Franklin was born before Hodgkin?")).kind).toBe(AnswerKind.NO);
  });
});
