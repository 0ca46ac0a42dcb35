import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, type Facts } from "./fixtures/asked-graph.js";

// Predicates made of a participle and "in": the thing named second does the verb to the first.
const WORLD: Facts = [
  ["canada", "is_a", "country"],
  ["belgium", "is_a", "country"],
  ["japan", "is_a", "country"],
  ["french", "is_a", "language"],
  ["dutch", "is_a", "language"],
  ["french", "spoken_in", "canada"],
  ["french", "spoken_in", "belgium"],
  ["dutch", "spoken_in", "belgium"],
  ["sunflowers", "held_in", "van_gogh_museum"],
  ["van_gogh_museum", "is_a", "museum"],
  ["sunflowers", "is_a", "painting"],
  ["meryl_streep", "starred_in", "the_hours"],
  ["the_hours", "is_a", "film"],
];

describe("answering - a participle predicate asked with the active verb ('Does Belgium speak Dutch?' over `dutch spoken_in belgium`)", () => {
  it("yes/no questions keep the roles the active verb gives, never the word order of the fact", async () => {
    const store = await graphWith(WORLD, "world.csv");
    expect((await ask(store, "Does Belgium speak Dutch?")).kind).toBe(AnswerKind.YES);
    // Said the wrong way round, the stated fact is no yes.
    expect((await ask(store, "Does Dutch speak Belgium?")).kind).not.toBe(AnswerKind.YES);
    expect((await ask(store, "Does the Van Gogh Museum hold Sunflowers?")).kind).toBe(AnswerKind.YES);
    expect((await ask(store, "Does Sunflowers hold the Van Gogh Museum?")).kind).not.toBe(AnswerKind.YES);
    // The participle says it as stored.
    expect((await ask(store, "Is Dutch spoken in Belgium?")).kind).toBe(AnswerKind.YES);
  });

  it("open questions follow the active verb too, and the participle as stored", async () => {
    const store = await graphWith(WORLD, "world.csv");
    expect(ids(await ask(store, "Which countries speak French?"))).toEqual(["belgium", "canada"]);
    expect(ids(await ask(store, "Which languages does Belgium speak?"))).toEqual(["dutch", "french"]);
    expect(ids(await ask(store, "Which languages are spoken in Belgium?"))).toEqual(["dutch", "french"]);
  });

  it("an intransitive verb's past (`starred_in`) is said the same way round by its active verb", async () => {
    const store = await graphWith(WORLD, "world.csv");
    expect((await ask(store, "Did Meryl Streep star in The Hours?")).kind).toBe(AnswerKind.YES);
    expect((await ask(store, "Did The Hours star in Meryl Streep?")).kind).not.toBe(AnswerKind.YES);
  });
});

// Speakers at forums (`spoke_at`, the simple past) beside languages spoken in countries (`spoken_in`, the participle).
const FORUMS: Facts = [
  ["ruiz", "is_a", "speaker"],
  ["okafor", "is_a", "speaker"],
  ["ruiz", "spoke_at", "davos"],
  ["okafor", "spoke_at", "aspen_forum"],
  ["quechua", "spoken_in", "peru"],
  ["quechua", "is_a", "language"],
];

describe("answering - a predicate in the simple past ('spoke_at') is active, unlike a participle ('spoken_in')", () => {
  it("'Did Ruiz speak at Davos?' is yes by `ruiz spoke_at davos`, never read backwards", async () => {
    const store = await graphWith(FORUMS, "forums.csv");
    const spoke = await ask(store, "Did Ruiz speak at Davos?");
    expect(spoke.kind).toBe(AnswerKind.YES);
    expect(spoke.proof!.summary).toBe("ruiz spoke_at davos (forums.csv)");
    const other = await ask(store, "Did Ruiz speak at the Aspen Forum?");
    expect(other.kind).toBe(AnswerKind.UNKNOWN);
    expect(other.pattern).toBe("ruiz spoke_at aspen_forum");
    expect(ids(await ask(store, "Which speakers spoke at Davos?"))).toEqual(["ruiz"]);
    // The participle still reads as stored, and its active verb backwards.
    expect(ids(await ask(store, "Which languages are spoken in Peru?"))).toEqual(["quechua"]);
    expect((await ask(store, "Does Peru speak Quechua?")).kind).toBe(AnswerKind.YES);
  });
});
