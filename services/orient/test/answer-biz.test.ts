import { describe, expect, it } from "vitest";
import { ask, graphWith as graphFrom, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Companies, their headquarters and industries: a graph the reading rules were not written against.
const COMPANIES: Facts = [
  ...["acme", "globex", "initech", "hooli", "umbrella"].map((c) => [c, "is_a", "company"] as const),
  ["acme", "headquartered_in", "denver"],
  ["globex", "headquartered_in", "austin"],
  ["initech", "headquartered_in", "austin"],
  ["hooli", "headquartered_in", "palo_alto"],
  ["umbrella", "headquartered_in", "berlin"],
  ...["denver", "austin", "palo_alto"].map((c) => [c, "located_in", "united_states"] as const),
  ["berlin", "located_in", "germany"],
  ["acme", "industry", "manufacturing"],
  ["globex", "industry", "energy"],
  ["initech", "industry", "software"],
  ["hooli", "industry", "software"],
  ["umbrella", "industry", "software"],
];

const graphWith = (triples: Facts) => graphFrom(triples, "companies.csv");

describe("answering - a word before the class describes the answers, in a place at any depth too", () => {
  it("'Which software companies are headquartered in the United States?' keeps the software companies (the place within reading dropped 'software')", async () => {
    const store = await graphWith(COMPANIES);
    const software = await ask(store, "Which software companies are headquartered in the United States?");
    expect(ids(software)).toEqual(["hooli", "initech"]);
    expect(proofOf(software, "hooli")).toContain("hooli industry software");
    expect(ids(await ask(store, "Which software companies are headquartered in Austin?"))).toEqual(["initech"]);
    expect(ids(await ask(store, "Which companies are headquartered in the United States?"))).toEqual(["acme", "globex", "hooli", "initech"]);
  });
});
