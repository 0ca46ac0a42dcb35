import { AnswerKind } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Cities, where they are, which is a capital, how high: a graph the reading rules were not written against.
const CITIES: Facts = [
  ["lima", "is_a", "city"],
  ["cusco", "is_a", "city"],
  ["oslo", "is_a", "city"],
  ["bergen", "is_a", "city"],
  ["lima", "capital_of", "peru"],
  ["oslo", "capital_of", "norway"],
  ["lima", "located_in", "peru"],
  ["cusco", "located_in", "peru"],
  ["oslo", "located_in", "norway"],
  ["bergen", "located_in", "norway"],
  ["lima", "elevation_m", "154"],
  ["cusco", "elevation_m", "3399"],
  ["oslo", "elevation_m", "23"],
  ["bergen", "elevation_m", "12"],
];

describe("answering - 'in' a place, with no other word of a relation", () => {
  it("'Which cities are in Peru?' are those a fact places in Peru, not the one that is its capital (which was the whole answer)", async () => {
    const store = await graphWith(CITIES, "cities.csv");
    const inPeru = await ask(store, "Which cities are in Peru?");
    expect(ids(inPeru)).toEqual(["cusco", "lima"]);
    expect(inPeru.pattern).toBe("?x located_in peru, ?x is_a city");
    expect(proofOf(inPeru, "lima")).toContain("lima located_in peru");
    const high = await ask(store, "Which cities in Peru are higher than 1000 m?");
    expect(ids(high)).toEqual(["cusco"]);
    expect(ids(await ask(store, "Which cities in Norway are higher than 20 m?"))).toEqual(["oslo"]);
    // A word of the relation still says which: the capital is asked for.
    expect(ids(await ask(store, "Which city is the capital of Peru?"))).toEqual(["lima"]);
  });
});

describe("answering - two things joined by 'or'", () => {
  it("'Which cities are in Norway or Peru?' lists the answers of each, each with its own proof; counted, both are counted", async () => {
    const store = await graphWith(CITIES, "cities.csv");
    const either = await ask(store, "Which cities are in Norway or Peru?");
    expect(ids(either)).toEqual(["bergen", "cusco", "lima", "oslo"]);
    expect(either.pattern).toBe("(?x located_in norway, ?x is_a city) or (?x located_in peru, ?x is_a city)");
    expect(proofOf(either, "bergen")).toBe("bergen located_in norway (cities.csv); bergen is_a city (cities.csv)");
    expect(proofOf(either, "cusco")).toBe("cusco located_in peru (cities.csv); cusco is_a city (cities.csv)");
    expect(ids(await ask(store, "Which cities in either Norway or Peru are higher than 100 m?"))).toEqual(["cusco", "lima"]);
    expect(ids(await ask(store, "Which city is the capital of Norway or Peru?"))).toEqual(["lima", "oslo"]);
    const counted = await ask(store, "How many cities are in Norway or Peru?");
    expect(counted.answers[0]!.label).toBe("4, counted in the graph: bergen, cusco, lima, oslo");
  });

  it("'Is Lima in Norway or Peru?' is yes by the one that holds; no only when both are no; unknown otherwise", async () => {
    const egypt: Facts = [...CITIES, ["cairo", "located_in", "egypt"]];
    const store = await graphWith([...egypt, ["located_in", "rdf:type", "owl:FunctionalProperty"]], "cities.csv");
    const yes = await ask(store, "Is Lima in Norway or Peru?");
    expect(AnswerKind[yes.kind]).toBe("YES");
    expect(yes.proof?.summary).toBe("lima located_in peru (cities.csv)");
    expect(AnswerKind[(await ask(store, "Is Lima or Oslo in Norway?")).kind]).toBe("YES");
    const no = await ask(store, "Is Lima in Norway or Egypt?");
    expect(AnswerKind[no.kind]).toBe("NO");
    expect(no.proof?.summary).toContain("lima located_in peru (cities.csv)");
    const open = await graphWith(egypt, "cities.csv");
    expect(AnswerKind[(await ask(open, "Is Lima in Norway or Egypt?")).kind]).toBe("UNKNOWN");
  });

  it("one of the two read as no question leaves the whole unanswered, never the other's answers alone", async () => {
    const store = await graphWith([...CITIES, ["lima", "twinned_with", "bergen"]], "cities.csv");
    expect(ids(await ask(store, "Which cities are in Norway or Lima?"))).toEqual([]);
  });
});

describe("answering - what is in a thing", () => {
  it("'Which cities are in Lima?' is never Bergen by 'lima twinned_with bergen': what is in Lima is the subject of its fact, and a relation holding both ways puts neither in the other", async () => {
    const twinned: Facts = [...CITIES, ["lima", "twinned_with", "bergen"]];
    expect(ids(await ask(await graphWith(twinned, "cities.csv"), "Which cities are in Lima?"))).toEqual([]);
    const declared: Facts = [...twinned, ["twinned_with", "rdf:type", "owl:SymmetricProperty"]];
    const store = await graphWith(declared, "cities.csv");
    expect(ids(await ask(store, "Which cities are in Lima?"))).toEqual([]);
    expect(ids(await ask(store, "Which cities are in Bergen?"))).toEqual([]);
    // Asked with its own word, the relation answers both ways.
    expect(ids(await ask(store, "Which cities are twinned with Bergen?"))).toEqual(["lima"]);
  });
});
