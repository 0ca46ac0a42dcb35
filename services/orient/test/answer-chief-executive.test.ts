import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, type Facts } from "./fixtures/asked-graph.js";

// Companies, who is chief executive of each (stated from either end), and who bought whom.
const COMPANIES: Facts = [
  ["acme", "ceo", "alice_wong"],
  ["globex", "ceo", "hank_scorpio"],
  ["bill_lumbergh", "ceo_of", "initech"],
  ["globex", "acquired", "initech"],
  ["acme", "is_a", "company"],
  ["globex", "is_a", "company"],
  ["initech", "is_a", "company"],
];

describe("answering - a chief executive leads, heads and runs the company ('Who leads Globex?')", () => {
  it("answers the CEO, never the company, whichever end the fact is stated from", async () => {
    const store = await graphWith(COMPANIES, "companies.csv");
    // "leads" named no `ceo` fact: nothing was found.
    const a = await ask(store, "Who leads Globex?");
    expect(ids(a)).toEqual(["hank_scorpio"]);
    expect(a.pattern).toBe("globex ceo ?x");
    expect(ids(await ask(store, "Who runs Globex?"))).toEqual(["hank_scorpio"]);
    expect(ids(await ask(store, "Which company does Bill Lumbergh lead?"))).toEqual(["initech"]);
    expect(ids(await ask(store, "Which company is led by Alice Wong?"))).toEqual(["acme"]);
  });

  it("goes on from the company a clause names, and takes no CEO for a president", async () => {
    const store = await graphWith(COMPANIES, "companies.csv");
    // Were "ceo" a word for leading but no noun for its doer, the company would lead its CEO and answer: globex.
    expect(ids(await ask(store, "Who leads the company that acquired Initech?"))).toEqual(["hank_scorpio"]);
    expect(ids(await ask(store, "Who is Acme's president?"))).toEqual([]);
  });
});

// A city's mayor (a noun only), and a city stated as hosting with a bare verb.
const CITIES: Facts = [
  ["london", "mayor", "khan"],
  ["london", "host", "olympics_2012"],
  ["london", "is_a", "city"],
  ["arsenal", "coach", "arteta"],
];

describe("answering - a mayor governs and runs the city ('Who governs London?')", () => {
  it("answers the mayor by `mayor`, and the city the mayor runs", async () => {
    const store = await graphWith(CITIES, "cities.csv");
    // "governs" met `mayor` by no word: nothing was found.
    expect(ids(await ask(store, "Who governs London?"))).toEqual(["khan"]);
    expect(ids(await ask(store, "Which city does Khan run?"))).toEqual(["london"]);
  });

  it("reads a bare predicate that is also a verb as the verb, and a noun-verb of unknown direction not at all", async () => {
    const store = await graphWith(CITIES, "cities.csv");
    expect(ids(await ask(store, "Which city hosted the Olympics 2012?"))).toEqual(["london"]);
    expect(ids(await ask(store, "Who coaches Arsenal?"))).toEqual([]);
  });
});
