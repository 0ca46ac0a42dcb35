import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Painters and the towns they come from, placed in countries.
const PAINTERS: Facts = [
  ...["sorolla", "goya", "zuloaga", "monet"].map((p) => [p, "is_a", "painter"] as const),
  ["sorolla", "from", "valencia"],
  ["goya", "from", "zaragoza"],
  ["zuloaga", "from", "eibar"],
  ["monet", "from", "paris"],
  ["zaragoza", "located_in", "spain"],
  ["valencia", "located_in", "spain"],
  ["eibar", "located_in", "spain"],
  ["paris", "located_in", "france"],
];

describe("answering - 'from' a place, through the places within it", () => {
  it("'Which painters are from Spain?' follows `from` and the places within Spain, each answer with its chain", async () => {
    const store = await graphWith(PAINTERS, "painters.csv");
    const spanish = await ask(store, "Which painters are from Spain?");
    expect(ids(spanish)).toEqual(["goya", "sorolla", "zuloaga"]);
    expect(proofOf(spanish, "goya")).toBe("zaragoza located_in spain (painters.csv); goya from zaragoza (painters.csv); goya is_a painter (painters.csv)");
    expect(ids(await ask(store, "Which painters are from Paris?"))).toEqual(["monet"]);
  });

  it("'Is Goya from Spain?' is yes by the chain; from France, unknown", async () => {
    const store = await graphWith(PAINTERS, "painters.csv");
    expect((await ask(store, "Is Goya from Spain?")).kind).toBe(AnswerKind.YES);
    expect((await ask(store, "Is Goya from France?")).kind).toBe(AnswerKind.UNKNOWN);
  });
});

// Bands, where each comes from by a fact of another name, and where a member lives.
const BANDS: Facts = [
  ...["queen", "radiohead", "abba", "the_beatles"].map((b) => [b, "is_a", "band"] as const),
  ["queen", "origin", "london"],
  ["radiohead", "hometown", "abingdon"],
  ["abba", "comes_from", "sweden"],
  ["the_beatles", "origin", "liverpool"],
  ["liverpool", "located_in", "england"],
  ["carol", "from", "madrid"],
  ["carol", "lives_in", "berlin"],
];

describe("answering - 'Where is Queen from?' asks where it comes from, 'Where is Carol?' where she is", () => {
  it("answers 'from' by any fact of where a thing comes from, whatever the graph calls it", async () => {
    const store = await graphWith(BANDS, "bands.csv");
    // "from" was no word of the question: nothing was read.
    expect(ids(await ask(store, "Where is Queen from?"))).toEqual(["london"]);
    expect(ids(await ask(store, "Where is Radiohead from?"))).toEqual(["abingdon"]);
    expect(ids(await ask(store, "Where is ABBA from?"))).toEqual(["sweden"]);
    expect(ids(await ask(store, "Where are the Beatles from?"))).toEqual(["liverpool"]);
    expect(ids(await ask(store, "Find where Carol is from"))).toEqual(["madrid"]);
    expect(ids(await ask(store, "Which bands are from England?"))).toEqual(["the_beatles"]);
  });

  it("never answers where a thing is by where it comes from", async () => {
    const store = await graphWith(BANDS, "bands.csv");
    // Carol comes from Madrid and lives in Berlin: "Where is Carol?" was answered Madrid.
    expect(ids(await ask(store, "Where is Carol?"))).toEqual(["berlin"]);
    expect((await ask(store, "Where is Queen?")).answers).toEqual([]);
  });
});
