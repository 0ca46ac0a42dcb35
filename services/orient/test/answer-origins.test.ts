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
