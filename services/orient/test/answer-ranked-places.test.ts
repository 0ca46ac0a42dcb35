import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, type Facts } from "./fixtures/asked-graph.js";

// Mountains, their heights and where each is.
const MOUNTAINS: Facts = [
  ["everest", "height_m", "8849"],
  ["k2", "height_m", "8611"],
  ["kangchenjunga", "height_m", "8586"],
  ["kilimanjaro", "height_m", "5895"],
  ["everest", "located_in", "nepal"],
  ["k2", "located_in", "pakistan"],
  ["kangchenjunga", "located_in", "nepal"],
  ["kilimanjaro", "located_in", "tanzania"],
  ["everest", "is_a", "mountain"],
  ["k2", "is_a", "mountain"],
  ["kangchenjunga", "is_a", "mountain"],
  ["kilimanjaro", "is_a", "mountain"],
];

describe("answering - 'the second tallest' asks for a place in the ranking", () => {
  it("answers the one with as many above it as places before, with every height compared in the proof", async () => {
    const store = await graphWith(MOUNTAINS, "mountains.csv");
    // "second" was a word no fact took: nothing was found.
    const a = await ask(store, "What is the second tallest mountain?");
    expect(ids(a)).toEqual(["k2"]);
    expect(a.pattern).toBe("2nd highest ?n: ?x height_m ?n, ?x is-a mountain");
    expect(a.answers[0]!.proof!.summary).toContain("everest height_m 8849");
    expect(ids(await ask(store, "What is the third highest mountain?"))).toEqual(["kangchenjunga"]);
    expect(ids(await ask(store, "What is the second shortest mountain?"))).toEqual(["kangchenjunga"]);
    expect(ids(await ask(store, "Which mountain in Nepal is the second tallest?"))).toEqual(["kangchenjunga"]);
  });

  it("answers no place that a tie leaves empty, and ranks no offered choice by place", async () => {
    const store = await graphWith([...MOUNTAINS, ["lhotse", "height_m", "8849"], ["lhotse", "is_a", "mountain"]], "mountains.csv");
    // Everest and Lhotse share the top: no mountain has exactly one above it.
    expect(ids(await ask(store, "What is the second tallest mountain?"))).toEqual([]);
    expect(ids(await ask(store, "What is the third tallest mountain?"))).toEqual(["k2"]);
    expect((await ask(store, "Which is the second tallest, Everest or K2?")).answers).toEqual([]);
  });
});

describe("answering - 'Where is the tallest mountain?' asks about the mountain ranked, not for it", () => {
  it("answers where it is and how tall it is, through the one ranked first", async () => {
    const store = await graphWith(MOUNTAINS, "mountains.csv");
    // The ranking answered for itself: Everest, for where and for how tall.
    const where = await ask(store, "Where is the tallest mountain?");
    expect(ids(where)).toEqual(["nepal"]);
    expect(where.pattern).toBe("everest located_in ?x with everest = highest ?n: ?x height_m ?n, ?x is-a mountain");
    expect(ids(await ask(store, "How tall is the tallest mountain?"))).toEqual(["8849"]);
    expect(ids(await ask(store, "Where is the second tallest mountain?"))).toEqual(["pakistan"]);
    // As a goal says it: the question word after a request.
    expect(ids(await ask(store, "Find where the tallest mountain is"))).toEqual(["nepal"]);
  });

  it("still answers the mountain itself when the question asks for it", async () => {
    const store = await graphWith(MOUNTAINS, "mountains.csv");
    expect(ids(await ask(store, "What is the tallest mountain?"))).toEqual(["everest"]);
    expect((await ask(store, "Is Everest taller than K2?")).kind).toBe(AnswerKind.YES);
  });
});
