import { AnswerKind } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { ask, graphWith as graphFrom, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Films, their directors and years: a graph the reading rules were not written against.
const FILMS: Facts = [
  ...["jaws", "jurassic_park", "titanic", "avatar", "the_dark_knight", "inception", "dunkirk"].map((f) => [f, "is_a", "film"] as const),
  ["jaws", "directed_by", "steven_spielberg"],
  ["jurassic_park", "directed_by", "steven_spielberg"],
  ["titanic", "directed_by", "james_cameron"],
  ["avatar", "directed_by", "james_cameron"],
  ["the_dark_knight", "directed_by", "christopher_nolan"],
  ["inception", "directed_by", "christopher_nolan"],
  ["dunkirk", "directed_by", "christopher_nolan"],
  ["jaws", "release_year", "1975"],
  ["jurassic_park", "release_year", "1993"],
  ["titanic", "release_year", "1997"],
  ["avatar", "release_year", "2009"],
  ["the_dark_knight", "release_year", "2008"],
  ["inception", "release_year", "2010"],
  ["dunkirk", "release_year", "2017"],
  ["titanic", "box_office_million_usd", "2264"],
  ["avatar", "box_office_million_usd", "2923"],
  ["inception", "box_office_million_usd", "836"],
  ...["ana", "ben", "cleo"].map((p) => [p, "is_a", "employee"] as const),
  ["ana", "hired_year", "2010"],
  ["ben", "hired_year", "2012"],
  ["cleo", "hired_year", "2018"],
  ["ana", "salary_usd", "90000"],
  ["ben", "salary_usd", "120000"],
  ["cleo", "salary_usd", "150000"],
];

const graphWith = (triples: Facts) => graphFrom(triples, "films.csv");

describe("answering - compared with another thing's number", () => {
  it("'Which films were released after Titanic?' compares each film's year with Titanic's, whose fact is in every proof", async () => {
    const store = await graphWith(FILMS);
    const after = await ask(store, "Which films were released after Titanic?");
    expect(ids(after)).toEqual(["avatar", "dunkirk", "inception", "the_dark_knight"]);
    expect(after.pattern).toBe("?x release_year ?n, titanic release_year ?t, ?n > ?t, ?x is-a film");
    expect(proofOf(after, "avatar")).toContain("titanic release_year 1997 (films.csv)");
    expect(proofOf(after, "avatar")).toContain("avatar release_year 2009 (films.csv)");
    expect(ids(await ask(store, "Which employees were hired before Ben?"))).toEqual(["ana"]);
    expect(ids(await ask(store, "Which films made more money than Inception?"))).toEqual([]);
    expect(ids(await ask(store, "Which films have a box office greater than Inception?"))).toEqual(["avatar", "titanic"]);
  });

  it("'older than' a thing asks for the earlier year; a narrowed question keeps only its own answers", async () => {
    const store = await graphWith(FILMS);
    expect(ids(await ask(store, "Which films are older than Jurassic Park?"))).toEqual(["jaws"]);
    const nolan = await ask(store, "Which films directed by Christopher Nolan were released after The Dark Knight?");
    expect(ids(nolan)).toEqual(["dunkirk", "inception"]);
    expect(proofOf(nolan, "dunkirk")).toContain("dunkirk directed_by christopher_nolan");
  });

  it("'a higher salary than Ben', 'a lower salary than Ben': the noun between the comparative and 'than' names what is compared", async () => {
    const store = await graphWith(FILMS);
    const higher = await ask(store, "Which employees have a higher salary than Ben?");
    expect(ids(higher)).toEqual(["cleo"]);
    expect(higher.pattern).toBe("?x salary_usd ?n, ben salary_usd ?t, ?n > ?t, ?x is-a employee");
    expect(ids(await ask(store, "Which employees have a lower salary than Ben?"))).toEqual(["ana"]);
  });

  it("'the longest film' is never the newest: an adjective measures an amount, and a year is a point in time ('long' and 'year' share a concept)", async () => {
    const years = await graphWith(FILMS);
    const longest = await ask(years, "Which film is the longest?");
    expect(longest.pattern).not.toContain("release_year");
    expect(ids(longest)).toEqual([]);
    const minutes = [["jaws", 124], ["jurassic_park", 127], ["titanic", 194], ["avatar", 162], ["the_dark_knight", 152], ["inception", 148], ["dunkirk", 106]] as const;
    const timed = await graphWith([...FILMS, ...minutes.map(([f, m]) => [f, "duration_minutes", String(m)] as const)]);
    expect(ids(await ask(timed, "Which film is the longest?"))).toEqual(["titanic"]);
    expect(ids(await ask(timed, "Which films are longer than Avatar?"))).toEqual(["titanic"]);
    // A verb still names the year: "released before".
    expect(ids(await ask(timed, "Which films were released before Jurassic Park?"))).toEqual(["jaws"]);
  });

  it("'longer than the Elbe': an article before the name is passed over", async () => {
    const rivers = await graphWith([
      ...["danube", "rhine", "elbe", "seine"].map((r) => [r, "is_a", "river"] as const),
      ["danube", "length_km", "2850"],
      ["rhine", "length_km", "1230"],
      ["elbe", "length_km", "1094"],
      ["seine", "length_km", "777"],
    ]);
    expect(ids(await ask(rivers, "Which rivers are longer than the Elbe?"))).toEqual(["danube", "rhine"]);
    expect(ids(await ask(rivers, "Which rivers are shorter than the Rhine?"))).toEqual(["elbe", "seine"]);
  });

  it("no answer when the thing compared with has two different numbers, none, or is a class", async () => {
    const twice = await graphWith([...FILMS, ["titanic", "release_year", "1998"]]);
    expect(ids(await ask(twice, "Which films were released after Titanic?"))).toEqual([]);
    const none = await graphWith([...FILMS, ["heat", "is_a", "film"]]);
    expect(ids(await ask(none, "Which films were released after Heat?"))).toEqual([]);
    expect(ids(await ask(none, "Which employees were hired after film?"))).toEqual([]);
  });

  it("'after' a thing that no number compares with is read as no comparison: 'Who looks after the Billing Service?'", async () => {
    const store = await graphWith([...FILMS, ["billing_team", "looks_after", "billing_service"], ["billing_service", "is_a", "service"]]);
    expect(ids(await ask(store, "Who looks after the Billing Service?"))).toEqual(["billing_team"]);
  });

  it("'Was Titanic released before Avatar?' reads the verb as the year's predicate in any form", async () => {
    const store = await graphWith(FILMS);
    const before = await ask(store, "Was Titanic released before Avatar?");
    expect(before.kind).toBe(AnswerKind.YES);
    expect(before.pattern).toBe("titanic release_year ?a, avatar release_year ?b, ?a < ?b");
    expect((await ask(store, "Was Avatar released before Titanic?")).kind).toBe(AnswerKind.NO);
  });
});

describe("answering - a thing left out of the answers", () => {
  it("'Apart from Jaws, which films did Spielberg direct?' lists the others: read in parts, it answered Jaws too", async () => {
    const store = await graphWith(FILMS);
    const apart = await ask(store, "Apart from Jaws, which films did Steven Spielberg direct?");
    expect(ids(apart)).toEqual(["jurassic_park"]);
    expect(apart.pattern).toBe("?x directed_by steven_spielberg, ?x is_a film, ?x not jaws");
    expect(ids(await ask(store, "Which films did Christopher Nolan direct other than Inception?"))).toEqual(["dunkirk", "the_dark_knight"]);
    expect(ids(await ask(store, "Which films other than The Dark Knight did Christopher Nolan direct?"))).toEqual(["dunkirk", "inception"]);
  });

  it("a count or a yes is never narrowed, and 'but not' or a left-out thing not named is no answer", async () => {
    const store = await graphWith(FILMS);
    // The count of all three films is no count of the two left.
    expect(ids(await ask(store, "How many films other than The Dark Knight did Christopher Nolan direct?"))).toEqual(["2"]);
    expect((await ask(store, "Did anyone other than Christopher Nolan direct Inception?")).answers).toEqual([]);
    expect((await ask(store, "Did anyone other than Christopher Nolan direct Inception?")).kind).not.toBe(AnswerKind.YES);
    expect(ids(await ask(store, "Which films did Christopher Nolan direct but not Inception?"))).toEqual([]);
    expect(ids(await ask(store, "Which films did Christopher Nolan direct except the ones after 2009?"))).toEqual([]);
  });
});
