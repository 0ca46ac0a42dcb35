import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Phone plans and what each costs a month.
const PLANS: Facts = [
  ...["basic", "plus", "pro"].map((p) => [p, "is_a", "plan"] as const),
  ["basic", "monthly_cost_usd", "9"],
  ["plus", "monthly_cost_usd", "19"],
  ["pro", "monthly_cost_usd", "39"],
  ["basic", "data_gb", "5"],
  ["pro", "data_gb", "100"],
];

describe("answering - 'cheap' and 'expensive' rank and compare by what a thing costs", () => {
  it("'the cheapest', 'the most expensive' rank by the cost, the lowest or the highest", async () => {
    const store = await graphWith(PLANS, "plans.csv");
    // "cheapest" named no measure: refused.
    const cheapest = await ask(store, "Which is the cheapest plan?");
    expect(ids(cheapest)).toEqual(["basic"]);
    expect(proofOf(cheapest, "basic")).toContain("basic monthly_cost_usd 9 (plans.csv)");
    expect(ids(await ask(store, "Which is the most expensive plan?"))).toEqual(["pro"]);
  });

  it("'cheaper' chooses between two and says yes or no of one against another", async () => {
    const store = await graphWith(PLANS, "plans.csv");
    expect(ids(await ask(store, "Which plan is cheaper, Plus or Pro?"))).toEqual(["plus"]);
    const yes = await ask(store, "Is Basic cheaper than Plus?");
    expect(yes.kind).toBe(AnswerKind.YES);
    expect(yes.proof?.summary).toBe("basic monthly_cost_usd 9 (plans.csv); plus monthly_cost_usd 19 (plans.csv)");
    expect((await ask(store, "Is Pro cheaper than Plus?")).kind).toBe(AnswerKind.NO);
  });
});
