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

// Ships and what they carry.
const HARBOUR: Facts = [
  ["tanker", "is_a", "ship"],
  ["ferry", "is_a", "ship"],
  ["trawler", "is_a", "ship"],
  ["ferry", "carries", "passengers"],
  ["tanker", "carries", "oil"],
  ["tanker", "length_m", "330"],
  ["ferry", "length_m", "180"],
];

describe("answering - a yes/no question of things named with their articles ('Is the tanker or the ferry ...?')", () => {
  it("is yes when one of them is, by its own fact", async () => {
    const store = await graphWith(HARBOUR, "harbour.csv");
    // Read before as a question of the tanker alone: unknown.
    const either = await ask(store, "Does the tanker or the ferry carry passengers?");
    expect(either.kind).toBe(AnswerKind.YES);
    expect(either.proof?.summary).toBe("ferry carries passengers (harbour.csv)");
    expect((await ask(store, "Does either the trawler or the ferry carry passengers?")).kind).toBe(AnswerKind.YES);
    expect((await ask(store, "Does the trawler, the tanker or the ferry carry oil?")).kind).toBe(AnswerKind.YES);
  });

  it("is not yes when none of them is, and an open question with articles still offers a choice", async () => {
    const store = await graphWith(HARBOUR, "harbour.csv");
    expect((await ask(store, "Does the trawler or the ferry carry oil?")).kind).not.toBe(AnswerKind.YES);
    expect(ids(await ask(store, "Which ship is longer, the tanker or the ferry?"))).toEqual(["tanker"]);
  });
});

// Nothing here has a kind: where people were born, and what circles what.
const UNTYPED: Facts = [
  ["ada", "born_in", "leeds"],
  ["ben", "born_in", "york"],
  ["cy", "born_in", "hull"],
  ["dee", "born_in", "bath"],
  ["leeds", "located_in", "england"],
  ["io", "orbits", "jupiter"],
  ["titan", "orbits", "saturn"],
  ["europa", "orbits", "jupiter"],
];

describe("answering - things listed with 'or' in a graph with no kinds ('Who was born in Leeds, York or Hull?')", () => {
  it("are listed when each has a fact of the same predicate, the same way round, as the thing before them", async () => {
    const store = await graphWith(UNTYPED, "untyped.csv");
    // Read as a choice among York and Hull of who was born in Leeds, it answered no one.
    const born = await ask(store, "Who was born in Leeds, York or Hull?");
    expect(ids(born)).toEqual(["ada", "ben", "cy"]);
    expect(proofOf(born, "cy")).toBe("cy born_in hull (untyped.csv)");
  });

  it("are offered as a choice when they stand to the thing before them otherwise: what orbits, after what is orbited", async () => {
    const store = await graphWith(UNTYPED, "untyped.csv");
    expect(ids(await ask(store, "Which orbits Saturn, Europa or Titan?"))).toEqual(["titan"]);
    expect(ids(await ask(store, "Who was born in Leeds, Ada or Ben?"))).toEqual(["ada"]);
  });
});
