import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, type Facts } from "./fixtures/asked-graph.js";

// Mountain ranges and the countries each spans.
const RANGES: Facts = [
  ["alps", "spans", "france"],
  ["alps", "spans", "italy"],
  ["alps", "spans", "switzerland"],
  ["alps", "spans", "austria"],
  ["pyrenees", "spans", "france"],
  ["pyrenees", "spans", "spain"],
  ["france", "is_a", "country"],
  ["italy", "is_a", "country"],
  ["switzerland", "is_a", "country"],
  ["austria", "is_a", "country"],
  ["spain", "is_a", "country"],
];

describe("answering - a yes/no question of a count passing a bound ('Do the Alps span more than 3 countries?')", () => {
  it("is yes when the facts counted pass it, every fact counted its proof", async () => {
    const store = await graphWith(RANGES, "ranges.csv");
    // Unknown before: no one fact says a count.
    const yes = await ask(store, "Do the Alps span more than 3 countries?");
    expect(yes.kind).toBe(AnswerKind.YES);
    expect(yes.pattern).toBe("count ?x: alps spans ?x, ?x is_a country, count > 3");
    expect(yes.proof!.summary).toContain("alps spans austria (ranges.csv)");
    expect(yes.proof!.summary).toContain("alps spans switzerland (ranges.csv)");
    expect((await ask(store, "Do the Pyrenees span at least 2 countries?")).kind).toBe(AnswerKind.YES);
  });

  it("is never no: a count short of the bound, or an upper bound, stays unknown (the graph may not hold every one)", async () => {
    const store = await graphWith(RANGES, "ranges.csv");
    expect((await ask(store, "Do the Pyrenees span more than 2 countries?")).kind).toBe(AnswerKind.UNKNOWN);
    expect((await ask(store, "Do the Pyrenees span fewer than 5 countries?")).kind).toBe(AnswerKind.UNKNOWN);
  });
});
