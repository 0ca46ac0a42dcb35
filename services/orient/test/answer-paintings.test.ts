import { AnswerKind } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Paintings with a bare `year`, painters with a `birth_year`: a graph the reading rules were not written against.
const PAINTINGS: Facts = [
  ["water_lilies", "is_a", "painting"],
  ["starry_night", "is_a", "painting"],
  ["guernica", "is_a", "painting"],
  ["persistence_of_memory", "is_a", "painting"],
  ["luncheon_of_the_boating_party", "is_a", "painting"],
  ["water_lilies", "painted_by", "monet"],
  ["starry_night", "painted_by", "van_gogh"],
  ["guernica", "painted_by", "picasso"],
  ["persistence_of_memory", "painted_by", "dali"],
  ["luncheon_of_the_boating_party", "painted_by", "renoir"],
  ["water_lilies", "year", "1926"],
  ["starry_night", "year", "1889"],
  ["guernica", "year", "1937"],
  ["persistence_of_memory", "year", "1931"],
  ["luncheon_of_the_boating_party", "year", "1881"],
  ["monet", "is_a", "painter"],
  ["van_gogh", "is_a", "painter"],
  ["picasso", "is_a", "painter"],
  ["dali", "is_a", "painter"],
  ["renoir", "is_a", "painter"],
  ["rodin", "is_a", "sculptor"],
  ["monet", "birth_year", "1840"],
  ["van_gogh", "birth_year", "1853"],
  ["picasso", "birth_year", "1881"],
  ["dali", "birth_year", "1904"],
  ["renoir", "birth_year", "1841"],
  ["rodin", "birth_year", "1840"],
  ["picasso", "born_in", "malaga"],
];

describe("answering - a thing's bare year is the year it came to be", () => {
  it("'When was Guernica painted?' and 'What year ...': its one year, by that fact", async () => {
    const store = await graphWith(PAINTINGS, "paintings.csv");
    for (const question of ["When was Guernica painted?", "What year was Guernica painted?", "Find when Guernica was painted"]) {
      const a = await ask(store, question);
      expect(ids(a), question).toEqual(["1937"]);
      expect(proofOf(a, "1937")).toContain("guernica year 1937");
    }
    // A verb of no making asks for something else: no year is taken for it.
    expect(ids(await ask(store, "When was Guernica moved?"))).toEqual([]);
  });

  it("'Which painting is the oldest?' ranks by the year: the lowest is the oldest, the highest the newest", async () => {
    const store = await graphWith(PAINTINGS, "paintings.csv");
    const oldest = await ask(store, "Which painting is the oldest?");
    expect(ids(oldest)).toEqual(["luncheon_of_the_boating_party"]);
    expect(proofOf(oldest, "luncheon_of_the_boating_party")).toContain("luncheon_of_the_boating_party year 1881");
    expect(ids(await ask(store, "Which painting is the newest?"))).toEqual(["guernica"]);
    expect(ids(await ask(store, "Which paintings are older than Guernica?"))).toEqual(["luncheon_of_the_boating_party", "persistence_of_memory", "starry_night", "water_lilies"]);
  });

  it("'Which paintings were painted before 1900?' compares the year each was made; 'painters who painted before 1900' is not when they were born", async () => {
    const store = await graphWith(PAINTINGS, "paintings.csv");
    const before = await ask(store, "Which paintings were painted before 1900?");
    expect(ids(before)).toEqual(["luncheon_of_the_boating_party", "starry_night"]);
    expect(proofOf(before, "starry_night")).toContain("starry_night year 1889");
    expect(ids(await ask(store, "Which paintings were made after 1930?"))).toEqual(["guernica", "persistence_of_memory"]);
    // The painters did the painting: the year each was born says nothing of when they painted.
    expect(ids(await ask(store, "Which painters painted before 1900?"))).toEqual([]);
    // Asked of one painting: yes by its year, no by its year.
    expect((await ask(store, "Was Starry Night painted before 1900?")).kind).toBe(AnswerKind.YES);
    const guernica = await ask(store, "Was Guernica painted before 1900?");
    expect(guernica.kind).toBe(AnswerKind.NO);
    expect(guernica.proof!.summary).toContain("guernica year 1937");
  });
});

describe("answering - a year named is reached by the predicate that holds years", () => {
  it("'Which painter was born in 1881?': `born_in` leads to no year, `birth_year` does", async () => {
    const store = await graphWith(PAINTINGS, "paintings.csv");
    const a = await ask(store, "Which painter was born in 1881?");
    expect(ids(a)).toEqual(["picasso"]);
    expect(proofOf(a, "picasso")).toContain("picasso birth_year 1881");
    expect(ids(await ask(store, "Who was born in 1840?"))).toEqual(["monet", "rodin"]);
    expect(ids(await ask(store, "Which painters were born in 1840?"))).toEqual(["monet"]);
  });
});
