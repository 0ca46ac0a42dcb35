import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Drugs and the companies that manufacture them.
const DRUGS: Facts = [
  ...["aspirin", "metformin", "warfarin"].map((d) => [d, "is_a", "drug"] as const),
  ["aspirin", "manufactured_by", "bayer"],
  ["metformin", "manufactured_by", "merck"],
  ["warfarin", "manufactured_by", "bristol_myers_squibb"],
  ["bayer", "headquartered_in", "germany"],
  ["merck", "headquartered_in", "usa"],
];

describe("answering - 'make' and 'maker' name `manufactured_by`", () => {
  it("'Who makes aspirin?', 'Which drugs are made by Bayer?', 'What does Merck make?' each read the fact the right way round", async () => {
    const store = await graphWith(DRUGS, "drugs.csv");
    const maker = await ask(store, "Who makes aspirin?");
    expect(ids(maker)).toEqual(["bayer"]);
    expect(proofOf(maker, "bayer")).toBe("aspirin manufactured_by bayer (drugs.csv)");
    expect(ids(await ask(store, "Which drugs are made by Bayer?"))).toEqual(["aspirin"]);
    expect(ids(await ask(store, "What does Merck make?"))).toEqual(["metformin"]);
    expect(ids(await ask(store, "Where is the maker of metformin headquartered?"))).toEqual(["usa"]);
  });

  it("'Does Merck make metformin?' is yes; asked the other way round it is unknown, and its pattern says what was asked", async () => {
    const store = await graphWith(DRUGS, "drugs.csv");
    expect((await ask(store, "Does Merck make metformin?")).kind).toBe(AnswerKind.YES);
    const backwards = await ask(store, "Does metformin make Merck?");
    expect(backwards.kind).toBe(AnswerKind.UNKNOWN);
    // Not `metformin manufactured_by merck`, a fact the graph holds: an unknown beside it would read as a contradiction.
    expect(backwards.pattern).toBe("merck manufactured_by metformin");
    const other = await ask(store, "Does Bayer make metformin?");
    expect(other.kind).toBe(AnswerKind.UNKNOWN);
    expect(other.pattern).toBe("metformin manufactured_by bayer");
  });
});

describe("answering - 'score' names the `goals` a player has", () => {
  const SQUAD: Facts = [
    ...["marsh", "reed", "diaz"].map((p) => [p, "is_a", "player"] as const),
    ["marsh", "goals", "21"],
    ["reed", "goals", "0"],
    ["diaz", "goals", "17"],
  ];

  it("'Which player scored the most goals?', 'more than 10 goals', 'How many goals did Diaz score?'", async () => {
    const store = await graphWith(SQUAD, "squad.csv");
    const top = await ask(store, "Which player scored the most goals?");
    expect(ids(top)).toEqual(["marsh"]);
    expect(proofOf(top, "marsh")).toContain("marsh goals 21 (squad.csv)");
    expect(ids(await ask(store, "Which players scored more than 10 goals?"))).toEqual(["diaz", "marsh"]);
    expect(ids(await ask(store, "How many goals did Diaz score?"))).toEqual(["17"]);
    expect((await ask(store, "Did Diaz score more goals than Marsh?")).kind).toBe(AnswerKind.NO);
  });
});
