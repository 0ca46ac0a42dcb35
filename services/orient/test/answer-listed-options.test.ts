import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// What a zoo's animals eat, and how heavy they are: three foods, three animals.
const ZOO: Facts = [
  ...["otter", "heron", "meerkat", "lemur", "tortoise"].map((a) => [a, "is_a", "animal"] as const),
  ...["fish", "insects", "fruit", "grass"].map((f) => [f, "is_a", "food"] as const),
  ["otter", "eats", "fish"],
  ["heron", "eats", "fish"],
  ["meerkat", "eats", "insects"],
  ["lemur", "eats", "fruit"],
  ["tortoise", "eats", "grass"],
  ["otter", "weight_kg", "11"],
  ["heron", "weight_kg", "2"],
  ["meerkat", "weight_kg", "0.7"],
];

describe("answering - three things listed with 'or' ('Which animals eat fish, insects or fruit?')", () => {
  it("is asked of each thing listed, every answer with its own proof", async () => {
    const store = await graphWith(ZOO, "zoo.csv");
    const any = await ask(store, "Which animals eat fish, insects or fruit?");
    expect(ids(any)).toEqual(["heron", "lemur", "meerkat", "otter"]);
    expect(proofOf(any, "lemur")).toContain("lemur eats fruit (zoo.csv)");
    expect(ids(await ask(store, "Which animals eat either grass, insects or fruit?"))).toEqual(["lemur", "meerkat", "tortoise"]);
  });

  it("a yes/no question is yes when one of the three holds, and not yes when none does", async () => {
    const store = await graphWith(ZOO, "zoo.csv");
    const yes = await ask(store, "Does the otter eat grass, insects or fish?");
    expect(yes.kind).toBe(AnswerKind.YES);
    expect(yes.proof!.summary).toBe("otter eats fish (zoo.csv)");
    expect((await ask(store, "Does the otter eat grass, insects or fruit?")).kind).not.toBe(AnswerKind.YES);
  });

  it("a choice offered after a question still answers among the things offered only", async () => {
    const store = await graphWith(ZOO, "zoo.csv");
    // Fish is a food, the herons and otters animals: "fish" ends the question, it is not listed with them.
    expect(ids(await ask(store, "Which eats fish, the heron or the meerkat?"))).toEqual(["heron"]);
    expect(ids(await ask(store, "Which is heavier, the otter or the heron?"))).toEqual(["otter"]);
  });
});
