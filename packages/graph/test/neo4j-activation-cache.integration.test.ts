import { uniqueLabel } from "@boyd/testkit";
import neo4j, { type Driver } from "neo4j-driver";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { GraphStore, Neo4jBackend, openEmbeddedBackend, openNeo4jBackend, type ActivationQuery, type ActivationResult, type TripleInput } from "../src/index.js";
import { NOW } from "./conformance.js";

/**
 * Issue 19 item 4: the Neo4j backend keeps the edges activations fetched,
 * keyed by a graph version that every write replaces in its own
 * transaction. These tests run a real Neo4j with a second backend (its own
 * driver, as another process would be) writing behind the cached one's
 * back, and check every answer against the embedded store given the same
 * writes.
 */

const uri = inject("neo4jUri");

/** Statements run in read transactions so far, and what to do after each (one test writes from there). */
interface Probe {
  reads: number;
  onRead: ((n: number) => Promise<void>) | undefined;
}

/** A real driver that counts the statements run inside read transactions, and can act between them. */
function countingDriver(driver: Driver, probe: Probe): Driver {
  const session = driver.session.bind(driver);
  driver.session = ((...args: Parameters<Driver["session"]>) => {
    const opened = session(...args);
    const executeRead = opened.executeRead.bind(opened);
    opened.executeRead = ((work, config) =>
      executeRead((tx) => {
        const run = tx.run.bind(tx);
        tx.run = (async (...statement: Parameters<typeof run>) => {
          const records = await run(...statement);
          probe.reads++;
          await probe.onRead?.(probe.reads);
          return records;
        }) as typeof run;
        return work(tx);
      }, config)) as typeof executeRead;
    return opened;
  }) as Driver["session"];
  return driver;
}

const t = (subject: string, predicate: string, object: string, confidence: number): TripleInput => ({ subject, predicate, object, confidence, source: "test", createdAt: NOW });

// Three hops from a, a hub (h, 12 edges) and weak edges that a high
// minConfidence leaves on the server.
const triples: TripleInput[] = [
  t("a", "r", "b", 0.9),
  t("b", "r", "c", 0.8),
  t("c", "r", "d", 0.9),
  t("a", "s", "h", 0.7),
  t("b", "s", "w1", 0.2),
  t("c", "s", "w2", 0.15),
  t("w1", "r", "w3", 0.9),
  t("goal:g", "r", "a", 0.9),
  ...Array.from({ length: 12 }, (_, i) => t("h", i % 2 === 0 ? "r" : "s", `h${i}`, 0.5 + i / 40)),
];

describe("Neo4j activation cache - correct under other writers", () => {
  const label = uniqueLabel("Cache");
  const probe: Probe = { reads: 0, onRead: undefined };
  let cached: GraphStore;
  let writer: GraphStore;
  let embedded: GraphStore;

  beforeAll(async () => {
    writer = new GraphStore(await openNeo4jBackend({ uri, label, cacheEdges: 0 }), { now: () => NOW });
    embedded = new GraphStore((await openEmbeddedBackend()).backend, { now: () => NOW });
    await writer.addTriples(triples);
    await embedded.addTriples(triples);
  });

  afterAll(async () => {
    const backend = writer.backend as Neo4jBackend;
    await backend.clear();
    await backend.dropSchema();
    await Promise.all([writer.close(), embedded.close()]);
  });

  // Each test starts with an empty cache of its own.
  beforeEach(async () => {
    const backend = new Neo4jBackend(countingDriver(neo4j.driver(uri, undefined, { disableLosslessIntegers: true }), probe), "neo4j", label, 1_000);
    await backend.ensureSchema();
    cached = new GraphStore(backend, { now: () => NOW });
  });

  afterEach(async () => {
    probe.onRead = undefined;
    await cached.close();
  });

  /** Activates on both stores, expects the same answer, and returns how many statements the Neo4j one ran. */
  async function sameAsEmbedded(query: ActivationQuery): Promise<number> {
    probe.reads = 0;
    const got = await cached.activate(query);
    const reads = probe.reads;
    expectSame(got, await embedded.activate(query));
    return reads;
  }

  it("a repeated activation reads only the graph version", async () => {
    const query = { seeds: ["a"], maxDepth: 3, topK: 10, minConfidence: 0.05 };
    expect(await sameAsEmbedded(query)).toBeGreaterThanOrEqual(4); // the version, then three hops
    expect(await sameAsEmbedded(query)).toBe(1);
  });

  it("a query that needs weaker edges than were fetched asks the server again; a stricter one does not", async () => {
    // At minConfidence 0.3, b's edge to w1 (0.2) cannot spread, so the server keeps it.
    expect(await sameAsEmbedded({ seeds: ["b"], maxDepth: 2, minConfidence: 0.3 })).toBeGreaterThan(1);
    // At 0.05 it carries w1 and w3: b's cached edges are not enough.
    expect(await sameAsEmbedded({ seeds: ["b"], maxDepth: 2, minConfidence: 0.05 })).toBeGreaterThan(1);
    expect(await sameAsEmbedded({ seeds: ["b"], maxDepth: 2, minConfidence: 0.2 })).toBe(1);
  });

  it("filters and fan-out caps are cached apart", async () => {
    await sameAsEmbedded({ seeds: ["h"], topK: 20, fanOutCap: 3 });
    await sameAsEmbedded({ seeds: ["h"], topK: 20, fanOutCap: 64 });
    await sameAsEmbedded({ seeds: ["h"], topK: 20, predicates: ["s"] });
    await sameAsEmbedded({ seeds: ["a"], maxDepth: 2, topK: 20, includeBookkeeping: true });
    await sameAsEmbedded({ seeds: ["a"], maxDepth: 2, topK: 20 });
  });

  it("another backend's add, retract and clear are seen by the next activation", async () => {
    const query = { seeds: ["a"], maxDepth: 3, topK: 20, minConfidence: 0.05 };
    await sameAsEmbedded(query);
    const added = [t("d", "r", "new1", 0.95), t("a", "r", "new2", 0.99)];
    await writer.addTriples(added);
    await embedded.addTriples(added);
    expect(await sameAsEmbedded(query)).toBeGreaterThan(1);
    const gone = [{ subject: "b", predicate: "r", object: "c" }];
    expect(await writer.retractTriples(gone)).toBe(1);
    await embedded.retractTriples(gone);
    await sameAsEmbedded(query);
    // A re-added triple with a new confidence replaces the old one.
    await writer.addTriples([t("a", "r", "new2", 0.4)]);
    await embedded.addTriples([t("a", "r", "new2", 0.4)]);
    await sameAsEmbedded(query);
  });

  it("a write that commits while an activation reads is seen by the next one", async () => {
    const query = { seeds: ["c"], maxDepth: 2, topK: 20, minConfidence: 0.05 };
    await sameAsEmbedded({ ...query, maxDepth: 1 });
    const late = [t("c", "r", "late", 0.97), t("d", "r", "later", 0.9)];
    // After the version and the first hop are read, the other backend writes.
    probe.onRead = async (n) => {
      if (n !== 2) return;
      probe.onRead = undefined;
      await writer.addTriples(late);
    };
    probe.reads = 0;
    await cached.activate(query);
    expect(probe.onRead).toBeUndefined();
    await embedded.addTriples(late);
    const reads = await sameAsEmbedded(query);
    expect(reads).toBeGreaterThan(1);
    expect((await cached.activate(query)).activations.map((a) => a.symbol)).toContain("later");
  });

  it("a small cache evicts and still answers as the embedded store does", async () => {
    const small = new GraphStore(await openNeo4jBackend({ uri, label, cacheEdges: 3 }), { now: () => NOW });
    try {
      for (const seeds of [["a"], ["h"], ["b", "c"], ["a"], ["h"]]) {
        const query = { seeds, maxDepth: 3, topK: 20, minConfidence: 0.05 };
        expectSame(await small.activate(query), await embedded.activate(query));
      }
    } finally {
      await small.close();
    }
  });

  it("clear by another backend empties what the next activation sees", async () => {
    await sameAsEmbedded({ seeds: ["a"], maxDepth: 2 });
    await (writer.backend as Neo4jBackend).clear();
    expect((await cached.activate({ seeds: ["a"], maxDepth: 2 })).activations).toEqual([]);
  });

  it("a bad cacheEdges is INVALID_ARGUMENT naming it", async () => {
    await expect(openNeo4jBackend({ uri, label, cacheEdges: -1 })).rejects.toMatchObject({ code: "INVALID_ARGUMENT", message: /cacheEdges must be a non-negative integer, got -1/ });
    await expect(openNeo4jBackend({ uri, label, cacheEdges: 1.5 })).rejects.toThrow(/cacheEdges/);
  });
});

/** The same symbols, order, provenance, supporting triples and expansion count; activations to 1e-9. */
function expectSame(got: ActivationResult, expected: ActivationResult): void {
  expect(got.activations.map((a) => a.symbol)).toEqual(expected.activations.map((a) => a.symbol));
  got.activations.forEach((a, i) => expect(Math.abs(a.activation - expected.activations[i]!.activation)).toBeLessThan(1e-9));
  expect(got.activations.map((a) => a.provenance)).toEqual(expected.activations.map((a) => a.provenance));
  expect(got.supporting).toEqual(expected.supporting);
  expect(got.expanded).toBe(expected.expanded);
  expect(got.activations.length).toBeGreaterThan(0);
}
