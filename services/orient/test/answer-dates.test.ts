import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Treaties and the day each was signed, written as ISO 8601 dates.
const TREATIES: Facts = [
  ...["westphalia", "utrecht", "paris_1763", "vienna_1815"].map((t) => [t, "is_a", "treaty"] as const),
  ["westphalia", "signed_on", "1648-10-24"],
  ["utrecht", "signed_on", "1713-04-11"],
  ["paris_1763", "signed_on", "1763-02-10"],
  ["vienna_1815", "signed_on", "1815-06-09"],
  ["westphalia", "signed_in", "munster"],
];

describe("answering - dates written as ISO 8601 are values, as numbers are", () => {
  it("'When was the treaty of Utrecht signed?' answers its date, with the fact", async () => {
    const store = await graphWith(TREATIES, "treaties.csv");
    const when = await ask(store, "When was Utrecht signed?");
    expect(ids(when)).toEqual(["1713-04-11"]);
    expect(proofOf(when, "1713-04-11")).toBe("utrecht signed_on 1713-04-11 (treaties.csv)");
  });

  it("rankings and comparisons order dates: the first signed, those after a year, those before another treaty", async () => {
    const store = await graphWith(TREATIES, "treaties.csv");
    const first = await ask(store, "Which treaty was signed first?");
    expect(ids(first)).toEqual(["westphalia"]);
    expect(proofOf(first, "westphalia")).toContain("utrecht signed_on 1713-04-11 (treaties.csv)");
    expect(ids(await ask(store, "Which treaty was signed last?"))).toEqual(["vienna_1815"]);
    expect(ids(await ask(store, "Which treaty was signed earliest?"))).toEqual(["westphalia"]);
    expect(ids(await ask(store, "Which treaty was signed latest?"))).toEqual(["vienna_1815"]);
    expect(ids(await ask(store, "Which treaties were signed after 1700?"))).toEqual(["paris_1763", "utrecht", "vienna_1815"]);
    expect(ids(await ask(store, "Which treaties were signed before Paris 1763?"))).toEqual(["utrecht", "westphalia"]);
    expect(ids(await ask(store, "Which treaties were signed in the 1700s?"))).toEqual(["paris_1763", "utrecht"]);
    expect((await ask(store, "Was Utrecht signed before Westphalia?")).kind).toBe(AnswerKind.NO);
  });

  it("a date compares with a year by its year: signed in 1713 is neither after nor before 1713, and is in it", async () => {
    const store = await graphWith(TREATIES, "treaties.csv");
    expect(ids(await ask(store, "Which treaties were signed after 1713?"))).toEqual(["paris_1763", "vienna_1815"]);
    expect(ids(await ask(store, "Which treaties were signed before 1713?"))).toEqual(["westphalia"]);
    expect(ids(await ask(store, "Which treaties were signed in 1713?"))).toEqual(["utrecht"]);
    const during = await ask(store, "Was Utrecht signed in 1713?");
    expect(during.kind).toBe(AnswerKind.YES);
    expect(during.proof!.summary).toContain("utrecht signed_on 1713-04-11 (treaties.csv)");
    expect((await ask(store, "Was Utrecht signed after 1713?")).kind).toBe(AnswerKind.NO);
  });

  it("a ranking over dates and bare years together is refused: a year could fall either side of a day in it", async () => {
    const store = await graphWith([...TREATIES, ["nystad", "is_a", "treaty"], ["nystad", "signed_on", "1648"]], "treaties.csv");
    expect(ids(await ask(store, "Which treaty was signed first?"))).toEqual([]);
  });
});

// Deliveries and the day each shipped.
const SHIPMENTS: Facts = [
  ...["order_7", "order_8", "order_9"].map((o) => [o, "is_a", "order"] as const),
  ["order_7", "shipped_on", "2025-12-30"],
  ["order_8", "shipped_on", "2026-01-15"],
  ["order_9", "shipped_on", "2026-02-02"],
];

describe("answering - a day or a month said in the question", () => {
  it("'after 2026-01-01', 'before January 20, 2026', 'after January 2026' bound by the day, or by the month's last or first day", async () => {
    const store = await graphWith(SHIPMENTS, "orders.csv");
    const after = await ask(store, "Which orders shipped after 2026-01-01?");
    expect(ids(after)).toEqual(["order_8", "order_9"]);
    expect(after.pattern).toContain("?n > 2026-01-01");
    expect(ids(await ask(store, "Which orders shipped before January 20, 2026?"))).toEqual(["order_7", "order_8"]);
    expect(ids(await ask(store, "Which orders shipped after January 2026?"))).toEqual(["order_9"]);
    expect(ids(await ask(store, "Which orders shipped before 15 January 2026?"))).toEqual(["order_7"]);
    expect((await ask(store, "Did order_8 ship before 2026-01-16?")).kind).toBe(AnswerKind.YES);
  });

  it("'in January 2026' is the days of that month; 'in May' with no year is refused, never every order", async () => {
    const store = await graphWith(SHIPMENTS, "orders.csv");
    const january = await ask(store, "Which orders shipped in January 2026?");
    expect(ids(january)).toEqual(["order_8"]);
    expect(proofOf(january, "order_8")).toContain("order_8 shipped_on 2026-01-15 (orders.csv)");
    expect(ids(await ask(store, "Which orders shipped in May?"))).toEqual([]);
    expect(ids(await ask(store, "Which orders shipped in 2026?"))).toEqual(["order_8", "order_9"]);
  });

  it("'since' counts from the day or year said, 'until' and 'up to' to it, both included", async () => {
    const store = await graphWith(SHIPMENTS, "orders.csv");
    expect(ids(await ask(store, "Which orders shipped since January 2026?"))).toEqual(["order_8", "order_9"]);
    expect(ids(await ask(store, "Which orders shipped until 2026-01-15?"))).toEqual(["order_7", "order_8"]);
    expect(ids(await ask(store, "Which orders shipped up to January 2026?"))).toEqual(["order_7", "order_8"]);
    expect(ids(await ask(store, "Which orders shipped since 2026?"))).toEqual(["order_8", "order_9"]);
  });
});
