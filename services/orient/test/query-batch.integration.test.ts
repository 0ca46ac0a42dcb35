// QueryBatch on both graph backends (the embedded store, and the run-wide
// Neo4j under a label of its own), called through the in-process bus: every
// query answered as Query answers it, in order; a bad query fails the batch
// naming its index and field; the batch size is bounded.
import { createClient, InProcessTransport, type ServiceBinding } from "@boyd/bus";
import { GraphStore, openEmbeddedBackend, openNeo4jBackend } from "@boyd/graph";
import { OrientServiceDefinition, type QueryRequest } from "@boyd/proto";
import { uniqueLabel } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { serveOrient } from "../src/index.js";

const backends = {
  embedded: async () => new GraphStore((await openEmbeddedBackend()).backend),
  neo4j: async () => new GraphStore(await openNeo4jBackend({ uri: inject("neo4jUri"), label: uniqueLabel("OrientQueryBatch") })),
};

// Patterns of every kind Query takes: by id either way, by label, by
// predicate, filtered by confidence, paged, open, and one that matches nothing.
const QUERIES: Partial<QueryRequest>[] = [
  { subject: "dog" },
  { object: "mammal", limit: 2 },
  { object: "mammal", limit: 2, pageToken: "2" },
  { object: "Mammal", termsAreLabels: true },
  { subject: "Dog", termsAreLabels: true, predicate: "is-a", limit: 1 },
  { predicate: "is-a", minConfidence: 0.85 },
  { subject: "cat", predicate: "has", object: "fur" },
  {},
  { subject: "nobody" },
];

describe.each(Object.entries(backends))("orient QueryBatch - %s graph", (_name, open) => {
  let store: GraphStore;
  let binding: ServiceBinding;
  let client: ReturnType<typeof createClient<typeof OrientServiceDefinition>>;

  beforeAll(async () => {
    const transport = new InProcessTransport();
    store = await open();
    binding = await serveOrient(transport, store);
    client = createClient(transport, OrientServiceDefinition, { agentId: "a1", timeoutMs: 30_000 });
    await store.upsertSymbols([
      { id: "dog", label: "Dog" },
      { id: "mammal", label: "Mammal" },
      { id: "is-a", label: "is a" },
    ]);
    await store.addTriples([
      { subject: "dog", predicate: "is-a", object: "mammal", confidence: 0.9 },
      { subject: "cat", predicate: "is-a", object: "mammal", confidence: 0.8 },
      { subject: "whale", predicate: "is-a", object: "mammal", confidence: 0.6 },
      { subject: "mammal", predicate: "is-a", object: "animal", confidence: 0.95 },
      { subject: "cat", predicate: "has", object: "fur", confidence: 0.7 },
      { subject: "dog", predicate: "has", object: "fur", confidence: 0.75 },
    ]);
  });

  afterAll(async () => {
    await binding?.stop();
    await store?.close();
  });

  it("answers every query exactly as Query does, in request order", async () => {
    const single = await Promise.all(QUERIES.map((q) => client.query(q)));
    expect(single.map((r) => r.triples.length)).toEqual([2, 2, 1, 3, 1, 2, 1, 6, 0]);
    expect(single[4]!.triples.map((t) => [t.subjectLabel, t.predicateLabel, t.objectLabel])).toEqual([["Dog", "is a", "Mammal"]]);
    const { results } = await client.queryBatch({ agentId: "a1", queries: QUERIES });
    expect(results).toEqual(single);
    const reversed = await client.queryBatch({ agentId: "a1", queries: [...QUERIES].reverse() });
    expect(reversed.results).toEqual([...single].reverse());
    expect((await client.queryBatch({ agentId: "a1", queries: [] })).results).toEqual([]);
  });

  it("a bad query fails the batch, naming its index and field; the first bad one in order is named", async () => {
    const batch = (bad: Partial<QueryRequest>, at: number) => client.queryBatch({ agentId: "a1", queries: QUERIES.map((q, i) => (i === at ? bad : q)) });
    await expect(batch({ subject: "dog", limit: 0 }, 2)).rejects.toMatchObject({ code: "INVALID_ARGUMENT", message: expect.stringContaining("queries[2].limit must be in 1..10000, got 0") });
    await expect(batch({ pageToken: "garbage" }, 5)).rejects.toMatchObject({ code: "INVALID_ARGUMENT", message: expect.stringContaining('queries[5].page_token "garbage" is not one this service issued') });
    await expect(batch({ object: "Nobody", termsAreLabels: true }, 7)).rejects.toMatchObject({ code: "NOT_FOUND", message: expect.stringContaining('queries[7].object: no symbol is labelled "Nobody"') });
    const twoBad = QUERIES.map((q, i) => (i === 6 ? { subject: "Nobody", termsAreLabels: true } : i === 3 ? { limit: 10_001 } : q));
    await expect(client.queryBatch({ agentId: "a1", queries: twoBad })).rejects.toMatchObject({ message: expect.stringContaining("queries[3].limit must be in 1..10000, got 10001") });
    // Query's own errors name no index, as before.
    await expect(client.query({ limit: 0 })).rejects.toMatchObject({ code: "INVALID_ARGUMENT", message: expect.stringContaining("limit must be in 1..10000, got 0") });
    await expect(client.query({ limit: 0 })).rejects.not.toMatchObject({ message: expect.stringContaining("queries[") });
  });

  it("at most 100 queries in one batch: 100 are answered, 101 are INVALID_ARGUMENT naming the limit", async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => QUERIES[i % QUERIES.length]!);
    const { results } = await client.queryBatch({ agentId: "a1", queries: hundred });
    expect(results).toHaveLength(100);
    expect(results[99]).toEqual(await client.query(hundred[99]!));
    await expect(client.queryBatch({ agentId: "a1", queries: [...hundred, {}] })).rejects.toMatchObject({
      code: "INVALID_ARGUMENT",
      message: expect.stringContaining("queries: at most 100 queries in one batch, got 101"),
    });
  });
});
