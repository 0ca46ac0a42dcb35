import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Papers citing papers: one relation, said twice in two forms ("cite ... cites").
const CITATIONS: Facts = [
  ...["shannon48", "hamming50", "reed60", "viterbi67", "berrou93"].map((p) => [p, "is_a", "paper"] as const),
  ["hamming50", "cites", "shannon48"],
  ["reed60", "cites", "hamming50"],
  ["viterbi67", "cites", "hamming50"],
  ["berrou93", "cites", "viterbi67"],
  ["shannon48", "published_in", "bell_labs_journal"],
];

describe("answering - one relation said twice in two forms ('Which papers cite a paper that cites Shannon48?')", () => {
  it("follows the relation twice, the form nearest the thing named taking the fact at it", async () => {
    const store = await graphWith(CITATIONS, "citations.csv");
    // Hamming50 cites Shannon48 itself: the papers asked for cite Hamming50.
    const second = await ask(store, "Which papers cite a paper that cites Shannon48?");
    expect(ids(second)).toEqual(["reed60", "viterbi67"]);
    expect(proofOf(second, "reed60")).toContain("hamming50 cites shannon48 (citations.csv)");
    expect(proofOf(second, "reed60")).toContain("reed60 cites hamming50 (citations.csv)");
    expect(ids(await ask(store, "Which papers cite the paper which cites Shannon48?"))).toEqual(["reed60", "viterbi67"]);
  });

  it("never answers with the one fact a second form of the word would skip", async () => {
    const store = await graphWith(CITATIONS, "citations.csv");
    // Nothing cites Berrou93, so nothing cites a paper that does; one fact (berrou93 cites viterbi67) answered Berrou93.
    expect(ids(await ask(store, "Which paper cites a paper that cited Berrou93?"))).toEqual([]);
    expect(ids(await ask(store, "Which papers cite a paper that cites Reed60?"))).toEqual([]);
    // Said once, it is one fact, as before.
    expect(ids(await ask(store, "Which papers cite Hamming50?"))).toEqual(["reed60", "viterbi67"]);
  });

  it("reads each fact the way its verb says: a paper that cites Viterbi67 is no paper Viterbi67 cites", async () => {
    const store = await graphWith(CITATIONS, "citations.csv");
    // Berrou93 cites Viterbi67 and nothing cites Berrou93. The clause was tied by `viterbi67 cites hamming50` read backwards.
    expect(ids(await ask(store, "Which papers cite a paper that cites Viterbi67?"))).toEqual([]);
    // The paper Viterbi67 cites is Hamming50; what Hamming50 cites (Shannon48) does not cite it.
    expect(ids(await ask(store, "Which paper cites a paper that Viterbi67 cites?"))).not.toContain("shannon48");
    expect(ids(await ask(store, "Which papers cite a paper that Berrou93 cites?"))).not.toContain("hamming50");
  });
});
