import { uniqueLabel } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { GraphStore, openEmbeddedBackend, openNeo4jBackend, type Neo4jBackend, type TripleInput } from "../src/index.js";
import { graphConformance, NOW } from "./conformance.js";
import { miningConformance } from "./mining-conformance.js";
import { reasoningConformance } from "./reasoning-conformance.js";

const uri = inject("neo4jUri");
const opened: Neo4jBackend[] = [];

async function neo4jBackend(): Promise<Neo4jBackend> {
  const backend = await openNeo4jBackend({ uri, label: uniqueLabel("Graph") });
  opened.push(backend);
  return backend;
}

afterAll(async () => {
  for (const b of opened) await b.dropSchema().catch(() => {});
});

graphConformance("Neo4j", neo4jBackend);
miningConformance("Neo4j", neo4jBackend);

/** A seeded random graph with hubs, ties and a few temporal predicates. */
function randomGraph(edges: number, seed: number): TripleInput[] {
  let a = seed;
  const random = (): number => {
    a = (a * 1664525 + 1013904223) >>> 0;
    return a / 4294967296;
  };
  const nodes = 60;
  const predicates = ["is-a", "part-of", "near", "likes", "agent:has_status"];
  return Array.from({ length: edges }, () => {
    const s = Math.floor(random() ** 2 * nodes);
    const o = Math.floor(random() * nodes);
    return {
      subject: s % 13 === 0 ? `goal:g${s}` : `n${s}`,
      predicate: predicates[Math.floor(random() * predicates.length)]!,
      object: `n${o}`,
      // Coarse confidences make exact ties common, exercising tie-breaks.
      confidence: Math.round(random() * 10) / 10,
      source: "random",
      createdAt: NOW - Math.floor(random() * 10) * 3_600_000,
    };
  });
}

describe("Neo4j and embedded - identical answers on the same graph", () => {
  let embedded: GraphStore;
  let neo4j: GraphStore;

  beforeAll(async () => {
    const profiles = { near: { kind: "decaying", halfLifeMs: 3_600_000 }, likes: { kind: "ephemeral", ttlMs: 5 * 3_600_000 } } as const;
    embedded = new GraphStore((await openEmbeddedBackend()).backend, { now: () => NOW, profiles });
    neo4j = new GraphStore(await neo4jBackend(), { now: () => NOW, profiles });
    const triples = randomGraph(600, 7);
    await embedded.addTriples(triples);
    await neo4j.addTriples(triples);
  });

  afterAll(async () => {
    await embedded.close();
    await neo4j.backend.clear();
    await neo4j.close();
  });

  const queries = [
    { seeds: ["n1"], maxDepth: 1 },
    { seeds: ["n1", "n2"], maxDepth: 2, topK: 25 },
    { seeds: ["n0"], maxDepth: 3, topK: 40, fanOutCap: 3 },
    { seeds: ["n5"], maxDepth: 3, topK: 40, predicates: ["is-a", "near"] },
    { seeds: ["goal:g0"], maxDepth: 2, topK: 30, includeBookkeeping: true },
    { seeds: ["n7", "n9"], maxDepth: 3, topK: 50, minConfidence: 0.05, hopDecay: 0.9 },
    // Predicate weights: uneven ones turn off the backend's per-node cut.
    { seeds: ["n0"], maxDepth: 3, topK: 40, fanOutCap: 4, predicateWeights: { "is-a": 1, near: 0.3 }, defaultPredicateWeight: 0.6 },
    { seeds: ["n3", "n11"], maxDepth: 2, topK: 60, minConfidence: 0.01, fanOutCap: 5, defaultPredicateWeight: 0.5 },
    { seeds: ["n2"], maxDepth: 3, topK: 40, minConfidence: 0.02, predicates: ["part-of", "likes"], predicateWeights: { likes: 0.2 } },
  ];

  it.each(queries.map((q) => [JSON.stringify(q), q] as const))("activation %s", async (_name, query) => {
    const [a, b] = await Promise.all([embedded.activate(query), neo4j.activate(query)]);
    expect(b.activations.map((x) => x.symbol)).toEqual(a.activations.map((x) => x.symbol));
    b.activations.forEach((x, i) => expect(Math.abs(x.activation - a.activations[i]!.activation)).toBeLessThan(1e-9));
    expect(b.activations.map((x) => x.provenance)).toEqual(a.activations.map((x) => x.provenance));
    expect(a.activations.length).toBeGreaterThan(0);
  });

  // Again, now that the cache holds what the first pass fetched (at other
  // depths, floors and filters): still the same answers.
  it.each(queries.map((q) => [JSON.stringify(q), q] as const))("activation again, from the neighbourhood cache %s", async (_name, query) => {
    const [a, b] = await Promise.all([embedded.activate(query), neo4j.activate(query)]);
    expect(b.activations.map((x) => x.symbol)).toEqual(a.activations.map((x) => x.symbol));
    b.activations.forEach((x, i) => expect(Math.abs(x.activation - a.activations[i]!.activation)).toBeLessThan(1e-9));
    expect(b.activations.map((x) => x.provenance)).toEqual(a.activations.map((x) => x.provenance));
    expect(b.supporting).toEqual(a.supporting);
  });

  it("degrees agree for every node and filter", async () => {
    const ids = [...Array.from({ length: 60 }, (_, i) => `n${i}`), "goal:g0", "goal:g13", "missing"];
    for (const filter of [
      { excludeBookkeeping: false },
      { excludeBookkeeping: true },
      { excludeBookkeeping: true, predicates: ["is-a", "near"] },
      { excludeBookkeeping: false, predicates: ["agent:has_status", "likes"] },
    ]) {
      const expected = await embedded.backend.degrees(ids, filter);
      expect(Object.fromEntries(await neo4j.backend.degrees(ids, filter))).toEqual(Object.fromEntries(expected));
      const edges = await neo4j.backend.edgesOf(ids, { ...filter, limitPerNode: 3 });
      expect(Object.fromEntries([...edges].map(([id, e]) => [id, e.degree]))).toEqual(Object.fromEntries(expected));
    }
  });

  it("rules and gaps agree", async () => {
    const [a, b] = await Promise.all([embedded.inferRules({ commit: false }), neo4j.inferRules({ commit: false })]);
    expect(b.map((d) => [d.triple.subject, d.triple.predicate, d.triple.object, d.triple.confidence.toFixed(12)])).toEqual(
      a.map((d) => [d.triple.subject, d.triple.predicate, d.triple.object, d.triple.confidence.toFixed(12)]),
    );
    expect(a.length).toBeGreaterThan(0);
    expect(await neo4j.gapAnalysis(["n3", "n4"])).toEqual(await embedded.gapAnalysis(["n3", "n4"]));
  });
});

reasoningConformance("Neo4j", neo4jBackend);
