import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Who taught whom: one relation, followed twice by a question that says it twice.
const LINEAGE: Facts = [
  ...["feynman", "wheeler", "breit", "gell_mann"].map((p) => [p, "is_a", "physicist"] as const),
  ["feynman", "mentored_by", "wheeler"],
  ["wheeler", "mentored_by", "breit"],
  ["gell_mann", "mentored_by", "weisskopf"],
  ["weisskopf", "is_a", "teacher"],
  ["feynman", "worked_on", "qed"],
];

describe("answering - a relation the question says twice ('Who mentored the physicist who mentored Feynman?')", () => {
  it("follows the relation twice, each fact for one saying of it", async () => {
    const store = await graphWith(LINEAGE, "lineage.csv");
    const answer = await ask(store, "Who mentored the physicist who mentored Feynman?");
    expect(ids(answer)).toEqual(["breit"]);
    expect(proofOf(answer, "breit")).toContain("feynman mentored_by wheeler (lineage.csv)");
    expect(proofOf(answer, "breit")).toContain("wheeler mentored_by breit (lineage.csv)");
    expect(ids(await ask(store, "Who mentored the physicist that mentored Feynman?"))).toEqual(["breit"]);
    // Said once, it is one fact, as before.
    expect(ids(await ask(store, "Who mentored Feynman?"))).toEqual(["wheeler"]);
  });

  it("never answers with the one fact the second saying would skip, when the second fact is not there", async () => {
    const store = await graphWith(LINEAGE, "lineage.csv");
    // Wheeler's mentor is Breit, who has none: Breit is not the answer, and neither is anyone else.
    expect(ids(await ask(store, "Who mentored the physicist who mentored Wheeler?"))).toEqual([]);
    expect(ids(await ask(store, "Who mentored the physicist who mentored Gell-Mann?"))).toEqual([]);
  });
});
