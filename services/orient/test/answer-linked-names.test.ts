import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, type Facts } from "./fixtures/asked-graph.js";

// Prizes whose symbols leave out the "in" people say, and a town whose symbol reads like a place in another.
const PRIZES: Facts = [
  ["curie", "won", "nobel_prize_physics"],
  ["curie", "won", "nobel_prize_chemistry"],
  ["bohr", "won", "nobel_prize_physics"],
  ["hahn", "won", "nobel_prize_chemistry"],
  ["meitner", "field", "physics"],
  ["bohr", "field", "physics"],
  ["nobel_prize_physics", "is_a", "award"],
  ["nobel_prize_chemistry", "is_a", "award"],
  ["paris_texas", "located_in", "texas"],
  ["lamar_county", "located_in", "texas"],
];

describe("answering - a name said with a joining word its symbol leaves out ('the Nobel Prize in Physics' for nobel_prize_physics)", () => {
  it("names the symbol in open, yes/no and counting questions, each proven by the fact", async () => {
    const store = await graphWith(PRIZES, "prizes.csv");
    const who = await ask(store, "Who won the Nobel Prize in Physics?");
    expect(ids(who)).toEqual(["bohr", "curie"]);
    expect(who.pattern).toBe("?x won nobel_prize_physics");
    const bohr = await ask(store, "Did Bohr win the Nobel Prize in Physics?");
    expect(bohr.kind).toBe(AnswerKind.YES);
    expect(bohr.proof!.summary).toBe("bohr won nobel_prize_physics (prizes.csv)");
    expect(ids(await ask(store, "Who won the Nobel Prize in Chemistry and the Nobel Prize in Physics?"))).toEqual(["curie"]);
  });

  it("never a yes by another fact of the word after the link: Meitner's field is physics, not a prize", async () => {
    const store = await graphWith(PRIZES, "prizes.csv");
    expect((await ask(store, "Did Meitner win the Nobel Prize in Physics?")).kind).not.toBe(AnswerKind.YES);
  });

  it("words before the link that name a thing of their own place it in the other ('Is Paris in Texas?'); so does a name not written as one", async () => {
    const store = await graphWith([...PRIZES, ["paris", "is_a", "city"], ["paris", "located_in", "france"]], "prizes.csv");
    const paris = await ask(store, "Is Paris in Texas?");
    expect(paris.kind).toBe(AnswerKind.UNKNOWN);
    expect(paris.pattern).toBe("paris within texas");
    expect(ids(await ask(store, "who won the nobel prize in physics?"))).toEqual([]);
  });
});
