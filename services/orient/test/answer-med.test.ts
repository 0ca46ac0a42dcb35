import { describe, expect, it } from "vitest";
import { ask, graphWith as graphFrom, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Drugs, what they treat and interact with: a graph the reading rules were not written against.
const DRUGS: Facts = [
  ...["aspirin", "ibuprofen", "paracetamol", "warfarin", "salbutamol"].map((d) => [d, "is_a", "drug"] as const),
  ...["headache", "fever", "blood_clot", "asthma"].map((c) => [c, "is_a", "condition"] as const),
  ["aspirin", "treats", "headache"],
  ["aspirin", "treats", "fever"],
  ["ibuprofen", "treats", "headache"],
  ["paracetamol", "treats", "fever"],
  ["warfarin", "treats", "blood_clot"],
  ["salbutamol", "treats", "asthma"],
  ["aspirin", "interacts_with", "warfarin"],
  ["aspirin", "worsens", "asthma"],
  ["ibuprofen", "treats", "asthma"],
  ["ibuprofen", "worsens", "kidney_disease"],
  ["kidney_disease", "is_a", "condition"],
];

const graphWith = (triples: Facts) => graphFrom(triples, "drugs.csv");

describe("answering - a thing named in a clause on a class describes its members", () => {
  it("'Which drugs treat a condition that aspirin treats?' is tied to aspirin by the condition's treats fact: never by aspirin interacting with the drug, nor by aspirin worsening the condition", async () => {
    const store = await graphWith(DRUGS);
    const shared = await ask(store, "Which drugs treat a condition that aspirin treats?");
    // warfarin treats blood clots, which aspirin does not treat (aspirin interacts_with warfarin);
    // salbutamol treats asthma, which aspirin worsens.
    expect(ids(shared)).toEqual(["ibuprofen", "paracetamol"]);
    // (ibuprofen also treats asthma, which aspirin worsens: the clause's verb ties aspirin, not the main one.)
    expect(proofOf(shared, "ibuprofen")).toContain("aspirin treats headache");
    expect(ids(await ask(store, "Which drugs treat a condition that is treated by aspirin?"))).toEqual(["ibuprofen", "paracetamol"]);
    expect(ids(await ask(store, "Which drugs treat a condition that aspirin worsens?"))).toEqual(["ibuprofen", "salbutamol"]);
  });

  it("'Which drugs that treat headache worsen asthma?': the verb right before asthma names the fact to it; a drug that treats asthma and worsens something else is no answer", async () => {
    const store = await graphWith(DRUGS);
    const worse = await ask(store, "Which drugs that treat headache worsen asthma?");
    expect(ids(worse)).toEqual(["aspirin"]);
    expect(proofOf(worse, "aspirin")).toContain("aspirin worsens asthma");
    expect(ids(await ask(store, "Which drugs that worsen asthma treat headache?"))).toEqual(["aspirin"]);
  });
});
