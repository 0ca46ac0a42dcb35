import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, type Facts } from "./fixtures/asked-graph.js";

// Rivers and the lands they flow through. Only some lands are said to be
// countries: sudan, uganda, hungary, peru, switzerland and the netherlands
// are of no kind the graph knows, so each may be a country.
const RIVERS: Facts = [
  ["nile", "flows_through", "egypt"],
  ["nile", "flows_through", "sudan"],
  ["nile", "flows_through", "uganda"],
  ["danube", "flows_through", "germany"],
  ["danube", "flows_through", "austria"],
  ["danube", "flows_through", "hungary"],
  ["rhine", "flows_through", "germany"],
  ["rhine", "flows_through", "switzerland"],
  ["rhine", "flows_through", "netherlands"],
  ["amazon", "flows_through", "brazil"],
  ["amazon", "flows_through", "peru"],
  ["nile", "length_km", "6650"],
  ["amazon", "length_km", "6400"],
  ["danube", "length_km", "2850"],
  ["rhine", "length_km", "1230"],
  ...["nile", "amazon", "danube", "rhine"].map((r) => [r, "is_a", "river"] as const),
  ...["egypt", "germany", "austria", "brazil"].map((c) => [c, "is_a", "country"] as const),
  ["cairo", "is_a", "city"],
];

describe("answering - things of unknown kind leave a count or a ranking open", () => {
  it("gives no count while untyped things the facts reach may be of the class counted, and says the range", async () => {
    const store = await graphWith(RIVERS, "rivers.csv");
    // The count was 1: sudan and uganda left out as if they were known not to be countries.
    const nile = await ask(store, "How many countries does the nile flow through?");
    expect(nile.answers).toEqual([]);
    expect(nile.unanswered).toBe("the graph gives sudan, uganda no kind, so each may be a country: the count is 1 to 3");
    expect((await ask(store, "How many countries does the danube flow through?")).unanswered).toContain("the count is 2 to 3");
    // Every thing reached has a kind: counted as before.
    expect(ids(await ask(store, "How many rivers flow through germany?"))).toEqual(["2"]);
  });

  it("still lists what is proven", async () => {
    const store = await graphWith(RIVERS, "rivers.csv");
    expect(ids(await ask(store, "Which countries does the nile flow through?"))).toEqual(["egypt"]);
  });

  it("counts a thing with none proven among the ones that could come first", async () => {
    // The thames's one land is of no kind: none counted, and yet it may be a country, as the rhine's three may be.
    const thames: Facts = [["thames", "is_a", "river"], ["thames", "flows_through", "england"], ["thames", "flows_through", "wales"], ["thames", "flows_through", "scotland"], ["thames", "flows_through", "cornwall"]];
    const typed = ["sudan", "uganda", "hungary", "peru", "switzerland", "netherlands"].map((c) => [c, "is_a", "country"] as const);
    const store = await graphWith([...RIVERS, ...typed, ...thames], "rivers.csv");
    expect((await ask(store, "Which river flows through the most countries?")).unanswered).toBe("thames: the graph gives cornwall, england, scotland, wales no kind, so each may be a country; the ranking could change");
    // A list of none says nothing of them: it may be a reading that does not fit.
    const none = await ask(store, "Which countries does the thames flow through?");
    expect(none.answers).toEqual([]);
    expect(none.unanswered).toBe("");
  });

  it("answers 'at least' from what is proven: a lower bound holds whatever the others are", async () => {
    const store = await graphWith(RIVERS, "rivers.csv");
    const atLeast = await ask(store, "Does the danube flow through at least 2 countries?");
    expect(atLeast.kind).toBe(AnswerKind.YES);
    expect(atLeast.proof!.summary).toContain("austria is_a country");
    expect((await ask(store, "Does the danube flow through more than 2 countries?")).kind).toBe(AnswerKind.UNKNOWN);
  });

  it("ranks no river by its count of countries while the untyped lands could change who is first", async () => {
    const store = await graphWith(RIVERS, "rivers.csv");
    // The danube won with 2 (germany, austria), though the nile's and the rhine's lands may make 3 each.
    const most = await ask(store, "Which river flows through the most countries?");
    expect(most.answers).toEqual([]);
    expect(most.unanswered).toContain("may be a country; the ranking could change");
    // Typed, the lands settle it: the nile's three.
    const typed = await graphWith([...RIVERS, ...["sudan", "uganda", "hungary", "peru", "switzerland", "netherlands"].map((c) => [c, "is_a", "country"] as const)], "rivers.csv");
    expect(ids(await ask(typed, "Which river flows through the most countries?"))).toEqual(["danube", "nile", "rhine"]);
  });

  it("ranks among a list only when the untyped things cannot take the place asked", async () => {
    // The moselle flows through germany and is of no kind: it may be a river.
    const moselle = (km: string): Facts => [...RIVERS, ["moselle", "flows_through", "germany"], ["moselle", "length_km", km]];
    // Longer than the danube: the longest river in germany is not known.
    const longer = await ask(await graphWith(moselle("9000"), "rivers.csv"), "Which is the longest river in germany?");
    expect(longer.answers).toEqual([]);
    expect(longer.unanswered).toBe("the graph gives moselle no kind, so it may be a river; the ranking could change");
    // Shorter than both: the danube is the longest either way, and the shortest is not known.
    const shorter = await graphWith(moselle("545"), "rivers.csv");
    expect(ids(await ask(shorter, "Which is the longest river in germany?"))).toEqual(["danube"]);
    expect(ids(await ask(shorter, "Which is the second longest river in germany?"))).toEqual(["rhine"]);
    expect((await ask(shorter, "Which is the shortest river in germany?")).answers).toEqual([]);
    // No length at all: it could be anywhere.
    const unmeasured = await graphWith([...RIVERS, ["moselle", "flows_through", "germany"]], "rivers.csv");
    expect((await ask(unmeasured, "Which is the longest river in germany?")).answers).toEqual([]);
  });

  it("ranks a class only when things of no kind with the number could not move it", async () => {
    const moselle = (km: string): Facts => [...RIVERS, ["moselle", "length_km", km]];
    // Longer than the nile and typed nowhere: it may be the longest river.
    const longer = await ask(await graphWith(moselle("9000"), "rivers.csv"), "Which river is the longest?");
    expect(longer.answers).toEqual([]);
    expect(longer.unanswered).toBe("the graph gives moselle no kind, so it may be a river; the ranking could change");
    const shorter = await graphWith(moselle("545"), "rivers.csv");
    expect(ids(await ask(shorter, "Which river is the longest?"))).toEqual(["nile"]);
    expect((await ask(shorter, "Which river is the shortest?")).answers).toEqual([]);
    // Two lengths, one short and one long: it could be anywhere.
    const twice = await graphWith([...moselle("545"), ["moselle", "length_km", "9000"]], "rivers.csv");
    expect((await ask(twice, "Which river is the longest?")).answers).toEqual([]);
    // Of a kind, even another one, it is no river unless said: ranked as before.
    const typed = await graphWith([...moselle("9000"), ["moselle", "is_a", "road"]], "rivers.csv");
    expect(ids(await ask(typed, "Which river is the longest?"))).toEqual(["nile"]);
  });
});
