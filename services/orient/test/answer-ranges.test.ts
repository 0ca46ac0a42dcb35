import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Albums, their years, sales and lengths: a graph the reading rules were not written against.
const ALBUMS: Facts = [
  ...["pablo_honey", "the_bends", "ok_computer", "kid_a", "in_rainbows", "a_moon_shaped_pool"].map((a) => [a, "is_a", "album"] as const),
  ["pablo_honey", "released", "1993"],
  ["the_bends", "released", "1995"],
  ["ok_computer", "released", "1997"],
  ["kid_a", "released", "2000"],
  ["in_rainbows", "released", "2007"],
  ["a_moon_shaped_pool", "released", "2016"],
  ["pablo_honey", "copies_sold", "2000000"],
  ["the_bends", "copies_sold", "4000000"],
  ["ok_computer", "copies_sold", "7800000"],
  ["kid_a", "copies_sold", "3000000"],
  ["the_bends", "length_minutes", "48"],
  ["ok_computer", "length_minutes", "53"],
  ["kid_a", "length_minutes", "50"],
  ["in_rainbows", "length_minutes", "42"],
];

describe("answering - a number bounded on both sides", () => {
  it("'between 1995 and 2000' counts both ends; 'after 1996 and before 2010' neither; each answer's number is its proof", async () => {
    const store = await graphWith(ALBUMS, "albums.csv");
    const between = await ask(store, "Which albums were released between 1995 and 2000?");
    expect(ids(between)).toEqual(["kid_a", "ok_computer", "the_bends"]);
    expect(between.pattern).toBe("?x released ?n, ?n >= 1995, ?x is-a album, ?n <= 2000");
    expect(proofOf(between, "the_bends")).toContain("the_bends released 1995 (albums.csv)");
    expect(ids(await ask(store, "Which albums were released after 1996 and before 2010?"))).toEqual(["in_rainbows", "kid_a", "ok_computer"]);
    // The ends may come either way round, and a unit may follow the range.
    expect(ids(await ask(store, "Which albums were released between 2000 and 1995?"))).toEqual(["kid_a", "ok_computer", "the_bends"]);
    expect(ids(await ask(store, "Which albums are between 45 and 55 minutes long?"))).toEqual(["kid_a", "ok_computer", "the_bends"]);
    // A decade is the range it names; a century too.
    expect(ids(await ask(store, "Which albums were released in the 1990s?"))).toEqual(["ok_computer", "pablo_honey", "the_bends"]);
    expect((await ask(store, "Was Kid A released in the 1990s?")).kind).toBe(AnswerKind.NO);
    expect(ids(await ask(store, "Which albums were released in the 1900s?"))).toEqual(["ok_computer", "pablo_honey", "the_bends"]);
  });

  it("a count of them, and a yes or no: no when the number is outside either bound, by its fact", async () => {
    const store = await graphWith(ALBUMS, "albums.csv");
    expect((await ask(store, "How many albums were released between 1990 and 2000?")).answers.map((a) => a.symbolId)).toEqual(["4"]);
    const no = await ask(store, "Was Kid A released between 1990 and 1999?");
    expect(no.kind).toBe(AnswerKind.NO);
    expect(no.proof?.summary).toContain("kid_a released 2000");
    expect((await ask(store, "Was OK Computer released between 1990 and 1999?")).kind).toBe(AnswerKind.YES);
  });
});

describe("answering - comparisons and rankings worded with more words", () => {
  it("'the most recent', 'released most recently': the newest", async () => {
    const store = await graphWith(ALBUMS, "albums.csv");
    expect(ids(await ask(store, "Which album is the most recent?"))).toEqual(["a_moon_shaped_pool"]);
    expect(ids(await ask(store, "Which album was released most recently?"))).toEqual(["a_moon_shaped_pool"]);
  });

  it("a comparative whose noun has a word before it ('more weekly downloads than') compares by the noun", async () => {
    const store = await graphWith([...ALBUMS, ["ok_computer", "weekly_streams", "900000"], ["kid_a", "weekly_streams", "400000"], ["the_bends", "weekly_streams", "500000"]], "albums.csv");
    expect(ids(await ask(store, "Which albums have more weekly streams than Kid A?"))).toEqual(["ok_computer", "the_bends"]);
    expect(ids(await ask(store, "Which albums have fewer weekly streams than The Bends?"))).toEqual(["kid_a"]);
    expect((await ask(store, "Does Kid A have more weekly streams than The Bends?")).kind).toBe(AnswerKind.NO);
  });

  it("with no class named, whatever has the number compares, each by its fact; a ranking is still refused (a thing without a number could be the highest)", async () => {
    const store = await graphWith([...ALBUMS, ["thom", "salary_eur", "90000"], ["jonny", "salary_eur", "52000"], ["ed", "salary_eur", "48000"]], "albums.csv");
    const after = await ask(store, "What was released after 2005?");
    expect(ids(after)).toEqual(["a_moon_shaped_pool", "in_rainbows"]);
    expect(after.pattern).toBe("?x released ?n, ?n > 2005");
    expect(proofOf(after, "in_rainbows")).toBe("in_rainbows released 2007 (albums.csv)");
    expect(ids(await ask(store, "Who earns more than 50000 euros?"))).toEqual(["jonny", "thom"]);
    expect(ids(await ask(store, "What was released between 1995 and 1999?"))).toEqual(["ok_computer", "the_bends"]);
    expect(ids(await ask(store, "What sold the most copies?"))).toEqual([]);
    expect(ids(await ask(store, "Who earns the most?"))).toEqual([]);
  });
});
