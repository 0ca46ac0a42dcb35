// The answers that go beyond one stored fact, over Neo4j: a relation
// chained as the question asks, a range, and a comparison with no class
// (which lists the things with a number by a query of the predicate).
import { GraphStore, openNeo4jBackend, type TripleInput } from "@boyd/graph";
import { uniqueLabel } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { QuestionAnswerer } from "../src/index.js";

let store: GraphStore;

const FACTS: readonly (readonly [string, string, string])[] = [
  ["amper", "flows_into", "isar"],
  ["ammer", "flows_into", "amper"],
  ["isar", "flows_into", "danube"],
  ["inn", "flows_into", "danube"],
  ...["amper", "ammer", "isar", "inn", "danube"].map((r) => [r, "is_a", "river"] as const),
  ["isar", "length_km", "295"],
  ["inn", "length_km", "517"],
  ["amper", "length_km", "185"],
  ["danube", "length_km", "2850"],
];

beforeAll(async () => {
  store = new GraphStore(await openNeo4jBackend({ uri: inject("neo4jUri"), label: uniqueLabel("AnswerChains") }));
  await store.addTriples(FACTS.map(([subject, predicate, object]): TripleInput => ({ subject, predicate, object, source: "rivers.csv" })));
});

afterAll(async () => {
  await store.close();
});

async function ids(question: string): Promise<string[]> {
  const found = await new QuestionAnswerer(store).answer({ symbolId: "goal:q", description: question }, "a1", 1);
  return found.answers.map((a) => a.symbolId).sort();
}

describe("answering over Neo4j - chains, ranges and classless comparisons", () => {
  it("'directly or indirectly' follows the relation; a range and a classless comparison compare each thing's number", async () => {
    expect(await ids("Which rivers flow into the Danube, directly or indirectly?")).toEqual(["ammer", "amper", "inn", "isar"]);
    expect(await ids("Which rivers flow into the Danube indirectly?")).toEqual(["ammer", "amper"]);
    expect(await ids("Which rivers are between 200 and 600 km long?")).toEqual(["inn", "isar"]);
    expect(await ids("What is longer than 500 km?")).toEqual(["danube", "inn"]);
  });
});
