import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Films and what each grossed; apps and how often each was downloaded.
const BOX_OFFICE: Facts = [
  ...["arrival", "sicario", "dune_part_one"].map((f) => [f, "is_a", "film"] as const),
  ["arrival", "grossed", "203000000"],
  ["sicario", "grossed", "85000000"],
  ["dune_part_one", "grossed", "434000000"],
  ["arrival", "directed_by", "villeneuve"],
  ...["notewise", "tallyho"].map((a) => [a, "is_a", "app"] as const),
  ["notewise", "downloaded", "120000"],
  ["tallyho", "downloaded", "9000"],
  ...["raine", "okafor"].map((p) => [p, "is_a", "director"] as const),
  ["raine", "directed", "arrival"],
];

describe("answering - 'the most' after a verb ranks by the verb's own numbers", () => {
  it("'Which film grossed the most?' and 'the least' rank the films by `grossed`, every figure compared in the proof", async () => {
    const store = await graphWith(BOX_OFFICE, "box.csv");
    const most = await ask(store, "Which film grossed the most?");
    expect(ids(most)).toEqual(["dune_part_one"]);
    expect(proofOf(most, "dune_part_one")).toContain("dune_part_one grossed 434000000 (box.csv)");
    expect(proofOf(most, "dune_part_one")).toContain("sicario grossed 85000000 (box.csv)");
    expect(ids(await ask(store, "Which film grossed the least?"))).toEqual(["sicario"]);
    expect(ids(await ask(store, "Which app was downloaded the most times?"))).toEqual(["notewise"]);
    expect(ids(await ask(store, "Which app was downloaded the fewest times?"))).toEqual(["tallyho"]);
  });

  it("a verb whose facts hold no numbers ranks nothing: 'Which director directed the most?' is refused", async () => {
    const store = await graphWith(BOX_OFFICE, "box.csv");
    expect(ids(await ask(store, "Which director directed the most?"))).toEqual([]);
  });

  it("'Which grossed more, Arrival or Sicario?' and 'less' choose by the verb's numbers, each compared in the proof", async () => {
    const store = await graphWith(BOX_OFFICE, "box.csv");
    const more = await ask(store, "Which grossed more, Arrival or Sicario?");
    expect(ids(more)).toEqual(["arrival"]);
    expect(proofOf(more, "arrival")).toBe("arrival grossed 203000000 (box.csv); sicario grossed 85000000 (box.csv)");
    expect(ids(await ask(store, "Which grossed less, Arrival or Sicario?"))).toEqual(["sicario"]);
  });
});
