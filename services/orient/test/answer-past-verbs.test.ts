import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Painters who taught or inspired one another, and firms that bought others: each predicate a bare verb in the past.
const STUDIOS: Facts = [
  ...["verrocchio", "leonardo", "perugino", "raphael"].map((p) => [p, "is_a", "painter"] as const),
  ["verrocchio", "trained", "leonardo"],
  ["perugino", "trained", "raphael"],
  ["leonardo", "inspired", "raphael"],
  ...["northwind", "contoso", "fabrikam"].map((c) => [c, "is_a", "firm"] as const),
  ["northwind", "bought", "contoso"],
  ["contoso", "bought", "fabrikam"],
];

describe("answering - a predicate that is a bare verb in the past keeps who did it to whom", () => {
  it("'Did Raphael inspire Leonardo?' is not yes over `leonardo inspired raphael`; the right way round it is", async () => {
    const store = await graphWith(STUDIOS, "studios.csv");
    const backwards = await ask(store, "Did Raphael inspire Leonardo?");
    expect(backwards.kind).toBe(AnswerKind.UNKNOWN);
    expect(backwards.pattern).toBe("raphael inspired leonardo");
    const right = await ask(store, "Did Leonardo inspire Raphael?");
    expect(right.kind).toBe(AnswerKind.YES);
    expect(right.proof!.summary).toBe("leonardo inspired raphael (studios.csv)");
    expect((await ask(store, "Was Leonardo trained by Raphael?")).kind).toBe(AnswerKind.UNKNOWN);
    expect((await ask(store, "Was Leonardo trained by Verrocchio?")).kind).toBe(AnswerKind.YES);
    expect((await ask(store, "Did Contoso buy Northwind?")).kind).toBe(AnswerKind.UNKNOWN);
    expect((await ask(store, "Did Northwind buy Contoso?")).kind).toBe(AnswerKind.YES);
  });

  it("'Who did Raphael inspire?' finds no one, where it named Leonardo; 'Who inspired Raphael?' names him", async () => {
    const store = await graphWith(STUDIOS, "studios.csv");
    expect(ids(await ask(store, "Who did Raphael inspire?"))).toEqual([]);
    expect(ids(await ask(store, "Who inspired Leonardo?"))).toEqual([]);
    const inspired = await ask(store, "Who inspired Raphael?");
    expect(ids(inspired)).toEqual(["leonardo"]);
    expect(proofOf(inspired, "leonardo")).toBe("leonardo inspired raphael (studios.csv)");
    expect(ids(await ask(store, "Which firm did Contoso buy?"))).toEqual(["fabrikam"]);
    expect(ids(await ask(store, "Which firm bought Contoso?"))).toEqual(["northwind"]);
    expect(ids(await ask(store, "Who was trained by Perugino?"))).toEqual(["raphael"]);
  });
});

// Bouts won: `beat` is its own past, and "beaten" its participle.
const BOUTS: Facts = [
  ...["marlow", "quinn", "sato"].map((b) => [b, "is_a", "boxer"] as const),
  ["marlow", "beat", "quinn"],
  ["quinn", "beat", "sato"],
];

describe("answering - an irregular participle ('beaten by') is its verb in the passive", () => {
  it("'Which boxers were beaten by Marlow?' is Quinn, by `marlow beat quinn`; 'Was Marlow beaten by Quinn?' is not yes", async () => {
    const store = await graphWith(BOUTS, "bouts.csv");
    const beaten = await ask(store, "Which boxers were beaten by Marlow?");
    expect(ids(beaten)).toEqual(["quinn"]);
    expect(proofOf(beaten, "quinn")).toContain("marlow beat quinn (bouts.csv)");
    expect((await ask(store, "Was Sato beaten by Quinn?")).kind).toBe(AnswerKind.YES);
    expect((await ask(store, "Was Marlow beaten by Quinn?")).kind).toBe(AnswerKind.UNKNOWN);
  });
});
