import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, type Facts } from "./fixtures/asked-graph.js";

// Ships, the ports each called at, and their crews.
const HARBOURS: Facts = [
  ...["vega", "orion", "lyra"].map((s) => [s, "is_a", "ship"] as const),
  ...["lisbon", "porto", "cadiz"].map((p) => [p, "is_a", "port"] as const),
  ["vega", "called_at", "lisbon"],
  ["orion", "called_at", "lisbon"],
  ["lyra", "called_at", "porto"],
  ["vega", "crew", "12"],
  ["orion", "crew", "20"],
  ["lyra", "crew", "12"],
];

describe("answering - 'other than' leaves out one of the answers, never something else", () => {
  it("'Which ships other than Vega called at Lisbon?' leaves the Vega out", async () => {
    const store = await graphWith(HARBOURS, "harbours.csv");
    const others = await ask(store, "Which ships other than Vega called at Lisbon?");
    expect(ids(others)).toEqual(["orion"]);
    expect(others.pattern).toContain("?x not vega");
  });

  it("'called at a port other than Lisbon' and 'a crew other than 12' are refused, not answered with every ship", async () => {
    const store = await graphWith(HARBOURS, "harbours.csv");
    // Read as ships other than Lisbon, the Vega and the Orion (Lisbon only) were answers.
    expect(ids(await ask(store, "Which ships called at a port other than Lisbon?"))).toEqual([]);
    expect(ids(await ask(store, "Which ships called at ports except Lisbon?"))).toEqual([]);
    expect(ids(await ask(store, "Which ships have a crew other than 12?"))).toEqual([]);
  });
});
