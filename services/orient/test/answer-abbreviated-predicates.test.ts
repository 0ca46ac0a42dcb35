import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, type Facts } from "./fixtures/asked-graph.js";

// Ski resorts, their numbers under shortened names, and a height the word "highest" could wrongly rank by.
const RESORTS: Facts = [
  ...["zermatt", "aspen", "niseko"].map((r) => [r, "is_a", "resort"] as const),
  ["zermatt", "avg_jan_temp_c", "-7.5"],
  ["aspen", "avg_jan_temp_c", "-9"],
  ["niseko", "avg_jan_temp_c", "-4"],
  ["zermatt", "elevation_m", "1620"],
  ["aspen", "elevation_m", "2438"],
  ["niseko", "elevation_m", "300"],
  ["zermatt", "num_lifts", "52"],
  ["aspen", "num_lifts", "40"],
  ["niseko", "num_lifts", "38"],
];

describe("answering - predicates with shortened words (`avg_jan_temp_c`, `num_lifts`)", () => {
  it("are named by the words in full", async () => {
    const store = await graphWith(RESORTS, "resorts.csv");
    expect(ids(await ask(store, "What is the average January temperature in Aspen?"))).toEqual(["-9"]);
    expect(ids(await ask(store, "Which resorts have an average January temperature below -5?"))).toEqual(["aspen", "zermatt"]);
    expect(ids(await ask(store, "What is the number of lifts at Niseko?"))).toEqual(["38"]);
  });

  it("'the highest average January temperature' ranks that temperature, never the elevation 'highest' alone would", async () => {
    const store = await graphWith(RESORTS, "resorts.csv");
    expect(ids(await ask(store, "Which resort has the highest average January temperature?"))).toEqual(["niseko"]);
    expect(ids(await ask(store, "Which resort has the lowest average temperature in January?"))).toEqual(["aspen"]);
    // Said alone, "highest" is the elevation.
    expect(ids(await ask(store, "Which resort is the highest?"))).toEqual(["aspen"]);
  });

  it("a number the question says is never dropped: its sign is kept, and a number nothing has is no yes", async () => {
    const store = await graphWith(RESORTS, "resorts.csv");
    expect(ids(await ask(store, "Which resorts have an average January temperature below -5?"))).toEqual(["aspen", "zermatt"]);
    expect(ids(await ask(store, "Which resorts have an average January temperature above -5?"))).toEqual(["niseko"]);
    // Read without its sign, 9 was Aspen's -9; read without the number, every resort with a temperature.
    expect(ids(await ask(store, "Which resorts have an average January temperature of 9?"))).toEqual([]);
    expect(ids(await ask(store, "Which resorts have an average January temperature of -9?"))).toEqual(["aspen"]);
    expect((await ask(store, "Does Aspen have 9 lifts?")).kind).not.toBe(AnswerKind.YES);
    expect((await ask(store, "Does Aspen have 40 lifts?")).kind).toBe(AnswerKind.YES);
  });

});

describe("answering - an amount asked with 'how' ('How long is it?')", () => {
  it("'how long' and 'how old' are never answered by a year, though 'long' and 'years' share a concept", async () => {
    const songs: Facts = [
      ["bohemian_rhapsody", "is_a", "song"],
      ["bohemian_rhapsody", "release_year", "1975"],
      ["hey_jude", "is_a", "song"],
      ["hey_jude", "release_year", "1968"],
      ["hey_jude", "duration_seconds", "431"],
    ];
    const store = await graphWith(songs, "songs.csv");
    // Bohemian Rhapsody has no length stated: its release year is no answer.
    expect(ids(await ask(store, "How long is Bohemian Rhapsody?"))).toEqual([]);
    expect(ids(await ask(store, "How old is Bohemian Rhapsody?"))).toEqual([]);
    expect(ids(await ask(store, "How long is Hey Jude?"))).toEqual(["431"]);
    expect(ids(await ask(store, "When was Bohemian Rhapsody released?"))).toEqual(["1975"]);
  });
});
