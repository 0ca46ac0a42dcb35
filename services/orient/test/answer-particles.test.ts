import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Migrating birds: where each flies through on the way, and where it flies to.
const MIGRATION: Facts = [
  ...["swallow", "stork", "cuckoo"].map((b) => [b, "is_a", "bird"] as const),
  ...["spain", "morocco", "israel", "kenya", "chad"].map((c) => [c, "is_a", "country"] as const),
  ["swallow", "travels_through", "spain"],
  ["swallow", "travels_through", "morocco"],
  ["swallow", "travels_to", "chad"],
  ["stork", "travels_through", "spain"],
  ["stork", "travels_through", "israel"],
  ["stork", "travels_to", "kenya"],
  ["cuckoo", "travels_to", "spain"],
];

describe("answering - the preposition after a verb picks which of its predicates is meant ('travel to', 'travel through')", () => {
  it("open questions take the predicate ending in the preposition said", async () => {
    const store = await graphWith(MIGRATION, "migration.csv");
    // Only the cuckoo flies to Spain; the swallow and the stork travel through it.
    const to = await ask(store, "Which birds travel to Spain?");
    expect(ids(to)).toEqual(["cuckoo"]);
    expect(proofOf(to, "cuckoo")).toContain("cuckoo travels_to spain (migration.csv)");
    expect(ids(await ask(store, "Which birds travel through Spain?"))).toEqual(["stork", "swallow"]);
    expect(ids(await ask(store, "Which birds travel into Kenya?"))).toEqual(["stork"]);
    expect(ids(await ask(store, "Which birds travel through Kenya?"))).toEqual([]);
  });

  it("a yes/no question is not yes by the other predicate", async () => {
    const store = await graphWith(MIGRATION, "migration.csv");
    const through = await ask(store, "Does the stork travel through Kenya?");
    expect(through.kind).not.toBe(AnswerKind.YES);
    expect(through.pattern).toBe("stork travels_through kenya");
    expect((await ask(store, "Does the stork travel to Kenya?")).kind).toBe(AnswerKind.YES);
    // The stork travels through Spain, not to it: `stork travels_through spain` said yes.
    const to = await ask(store, "Does the stork travel to Spain?");
    expect(to.kind).not.toBe(AnswerKind.YES);
    expect(to.pattern).toBe("stork travels_to spain");
  });

  it("a tie to another thing named takes the preposition's predicate too", async () => {
    const store = await graphWith(MIGRATION, "migration.csv");
    expect(ids(await ask(store, "Which birds that travel through Spain travel to Kenya?"))).toEqual(["stork"]);
    expect(ids(await ask(store, "Which birds that travel to Spain travel through Morocco?"))).toEqual([]);
    const swallow = await ask(store, "Which birds that travel to Chad travel through Spain?");
    expect(ids(swallow)).toEqual(["swallow"]);
    expect(proofOf(swallow, "swallow")).toContain("swallow travels_to chad (migration.csv)");
  });

  it("two names listed with articles before the verb share it ('do the swallow and the stork both travel through')", async () => {
    const store = await graphWith(MIGRATION, "migration.csv");
    expect(ids(await ask(store, "Which countries do the swallow and the stork both travel through?"))).toEqual(["spain"]);
  });
});

describe("answering - a short verb in '-y' names its predicate ('fly' and `flies_to`)", () => {
  it("'Which birds fly to Spain?' is asked of `flies_to`, as 'flew' already was", async () => {
    const store = await graphWith([["cuckoo", "is_a", "bird"], ["cuckoo", "flies_to", "spain"], ["stork", "is_a", "bird"], ["stork", "tries", "fishing"]], "flight.csv");
    expect(ids(await ask(store, "Which birds fly to Spain?"))).toEqual(["cuckoo"]);
    expect(ids(await ask(store, "Which birds flew to Spain?"))).toEqual(["cuckoo"]);
    expect(ids(await ask(store, "Which birds try fishing?"))).toEqual(["stork"]);
  });
});
