import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Who supplies whom along a chain of firms.
const SUPPLY: Facts = [
  ...["bolt_co", "acme", "retail_x", "zeta"].map((f) => [f, "is_a", "firm"] as const),
  ["bolt_co", "supplies", "acme"],
  ["acme", "supplies", "retail_x"],
  ["zeta", "supplies", "retail_x"],
];

// Planets and the star they orbit, and the star's own orbit.
const STARS: Facts = [
  ["vega_b", "orbits", "vega"],
  ["vega_c", "orbits", "vega"],
  ["vega", "orbits", "galactic_center"],
];

describe("answering - 'which' right before a verb and its object ('Which orbit Vega?')", () => {
  it("reads the word as the verb, the answers its subjects, never what Vega orbits", async () => {
    const store = await graphWith(STARS, "stars.csv");
    // "orbit" read as a noun after "which" answered the galactic center, by `vega orbits galactic_center`.
    const orbiting = await ask(store, "Which orbit Vega?");
    expect(ids(orbiting)).toEqual(["vega_b", "vega_c"]);
    expect(proofOf(orbiting, "vega_b")).toContain("vega_b orbits vega (stars.csv)");
    expect(ids(await ask(await graphWith(SUPPLY, "supply.csv"), "Which supply Acme?"))).toEqual(["bolt_co"]);
  });
});

describe("answering - a question in parts joined by 'and' is answered only when every part is", () => {
  it("'Which firms supply Acme and which supply Zeta?' is not answered by Acme's supplier alone, nor as one chain", async () => {
    const store = await graphWith(SUPPLY, "supply.csv");
    // Nothing supplies Zeta: half an answer is no answer.
    expect(ids(await ask(store, "Which firms supply Acme and which supply Zeta?"))).toEqual([]);
    // Read as one, it was a chain: firms supplying a firm that supplies Retail X (Bolt Co alone).
    const both = await ask(store, "Which firms supply Acme and which supply Retail X?");
    expect(ids(both)).toEqual(["acme", "bolt_co", "zeta"]);
    expect(proofOf(both, "zeta")).toContain("zeta supplies retail_x (supply.csv)");
  });
});

// Consultants and the clients they advised: banks and hospitals.
const CLIENTS: Facts = [
  ...["alva", "bo", "cruz"].map((c) => [c, "is_a", "consultant"] as const),
  ...["nordbank", "westbank"].map((b) => [b, "is_a", "bank"] as const),
  ["st_ann", "is_a", "hospital"],
  ["alva", "advised", "nordbank"],
  ["alva", "advised", "st_ann"],
  ["bo", "advised", "westbank"],
  ["cruz", "advised", "st_ann"],
];

describe("answering - two things one verb asks of each answer ('advised a bank and a hospital')", () => {
  it("each answer has both, never either", async () => {
    const store = await graphWith(CLIENTS, "clients.csv");
    // Read as two questions and joined, Bo (a bank only) and Cruz (a hospital only) answered too.
    const both = await ask(store, "Which consultants advised a bank and a hospital?");
    expect(ids(both)).toEqual(["alva"]);
    expect(proofOf(both, "alva")).toContain("alva advised st_ann (clients.csv)");
    // A request for two lists is still their union.
    expect(ids(await ask(store, "Find the consultants that advised Westbank and the consultants that advised St Ann"))).toEqual(["alva", "bo", "cruz"]);
  });
});


// Trails, where they lead and what they are closed to.
const TRAILS: Facts = [
  ...["ridge_trail", "lake_trail", "pine_trail"].map((t) => [t, "is_a", "trail"] as const),
  ["ridge_trail", "leads_to", "summit"],
  ["lake_trail", "leads_to", "summit"],
  ["pine_trail", "leads_to", "lake"],
  ["ridge_trail", "closed_to", "bikes"],
];

describe("answering - a part of a joint question that is not read leaves no pattern of the rest ('... and are not closed to bikes')", () => {
  it("no answers, and no pattern stating only the other part", async () => {
    const store = await graphWith(TRAILS, "trails.csv");
    // The pattern was `?x leads_to summit, ?x is_a trail`: a question with answers, stated as if it had been asked.
    const refused = await ask(store, "Which trails lead to the summit and are not closed to bikes?");
    expect(ids(refused)).toEqual([]);
    expect(refused.pattern).toBe("");
  });

  it("parts read, each with answers, still answer jointly, and read with none found state both", async () => {
    const store = await graphWith(TRAILS, "trails.csv");
    const both = await ask(store, "Which trails lead to the summit and are closed to bikes?");
    expect(ids(both)).toEqual(["ridge_trail"]);
    expect(proofOf(both, "ridge_trail")).toContain("ridge_trail closed_to bikes (trails.csv)");
    const none = await ask(store, "Which trails lead to the lake and are closed to bikes?");
    expect(ids(none)).toEqual([]);
    expect(none.pattern).toContain("?x closed_to bikes");
  });
});
