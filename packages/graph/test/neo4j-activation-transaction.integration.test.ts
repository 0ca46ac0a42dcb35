import { uniqueLabel } from "@boyd/testkit";
import neo4j, { type Driver } from "neo4j-driver";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { GraphStore, Neo4jBackend, openEmbeddedBackend, type TripleInput } from "../src/index.js";
import { NOW } from "./conformance.js";

/**
 * Issue 19 item 4: spreading activation on Neo4j used to open a session and
 * a transaction for every hop (and one more for the ranking's degrees),
 * which made it 28x-436x slower than the embedded store. These tests watch
 * a real driver and count the sessions and transactions one activation
 * opens.
 */

interface Counts {
  sessions: number;
  reads: number;
}

/** A real driver whose sessions and managed read transactions are counted. */
function countingDriver(driver: Driver, counts: Counts): Driver {
  const session = driver.session.bind(driver);
  driver.session = ((...args: Parameters<Driver["session"]>) => {
    counts.sessions++;
    const opened = session(...args);
    const executeRead = opened.executeRead.bind(opened);
    opened.executeRead = ((...work: Parameters<typeof executeRead>) => {
      counts.reads++;
      return executeRead(...work);
    }) as typeof executeRead;
    return opened;
  }) as Driver["session"];
  return driver;
}

// A chain with a side branch at each step, so three hops each have a
// frontier, and ties (equal confidences) that send the ranking to the fans.
const triples: TripleInput[] = [
  { subject: "a", predicate: "next", object: "b", confidence: 0.9 },
  { subject: "b", predicate: "next", object: "c", confidence: 0.9 },
  { subject: "c", predicate: "next", object: "d", confidence: 0.9 },
  { subject: "a", predicate: "side", object: "x1", confidence: 0.9 },
  { subject: "b", predicate: "side", object: "x2", confidence: 0.8 },
  { subject: "c", predicate: "side", object: "x3", confidence: 0.8 },
  { subject: "x2", predicate: "side", object: "y2", confidence: 0.5 },
].map((t) => ({ ...t, source: "test", createdAt: NOW }));

describe("Neo4j activation - one read transaction for every hop", () => {
  const counts: Counts = { sessions: 0, reads: 0 };
  const label = uniqueLabel("Hops");
  let driver: Driver;
  let neo: GraphStore;
  let embedded: GraphStore;

  beforeAll(async () => {
    driver = countingDriver(neo4j.driver(inject("neo4jUri"), undefined, { disableLosslessIntegers: true }), counts);
    const backend = new Neo4jBackend(driver, "neo4j", label, 1_000);
    await backend.ensureSchema();
    neo = new GraphStore(backend, { now: () => NOW });
    embedded = new GraphStore((await openEmbeddedBackend()).backend, { now: () => NOW });
    await neo.addTriples(triples);
    await embedded.addTriples(triples);
  });

  afterAll(async () => {
    const backend = neo.backend as Neo4jBackend;
    await backend.clear();
    await backend.dropSchema();
    await neo.close();
    await embedded.close();
  });

  it("a 3-hop activation opens one session and one read transaction, and answers as the embedded store does", async () => {
    const query = { seeds: ["a"], maxDepth: 3, topK: 10, minConfidence: 0.05 };
    counts.sessions = 0;
    counts.reads = 0;
    const result = await neo.activate(query);
    expect(counts).toEqual({ sessions: 1, reads: 1 });

    const expected = await embedded.activate(query);
    expect(result.activations.map((a) => a.symbol)).toEqual(expected.activations.map((a) => a.symbol));
    result.activations.forEach((a, i) => expect(Math.abs(a.activation - expected.activations[i]!.activation)).toBeLessThan(1e-9));
    expect(result.activations.map((a) => a.provenance)).toEqual(expected.activations.map((a) => a.provenance));
    expect(result.supporting).toEqual(expected.supporting);
    // Three hops happened: d is reached only at depth 3.
    expect(result.activations.find((a) => a.symbol === "d")?.provenance).toMatchObject({ from: "c", depth: 3 });
  });

  it("still one transaction when the ranking must fetch fans for tied symbols", async () => {
    // x1 and b tie at 0.9 from a (depth 1, same edge confidence): their fans decide.
    counts.sessions = 0;
    counts.reads = 0;
    const result = await neo.activate({ seeds: ["a"], maxDepth: 1, topK: 1 });
    expect(counts).toEqual({ sessions: 1, reads: 1 });
    expect(result.activations.map((a) => a.symbol)).toEqual(["x1"]);
  });

  it("a node whose edges are all too weak to spread still ranks by its fan", async () => {
    // From s, p and q tie (0.5 x fan(s) 0.9 = 0.45, depth 1, edge 0.5); at
    // minConfidence 0.3 nothing they could pass on reaches the floor, so the
    // server ships none of their edges, yet their fans (p: 3, q: 1) must
    // still come back to rank q first.
    const t = (subject: string, object: string, confidence: number): TripleInput => ({ subject, predicate: "r", object, confidence, source: "test", createdAt: NOW });
    const extra = [t("s", "p", 0.5), t("s", "q", 0.5), t("p", "w1", 0.1), t("p", "w2", 0.1)];
    await neo.addTriples(extra);
    await embedded.addTriples(extra);
    const query = { seeds: ["s"], maxDepth: 2, minConfidence: 0.3 };
    const [got, expected] = await Promise.all([neo.activate(query), embedded.activate(query)]);
    expect(expected.activations.map((a) => a.symbol)).toEqual(["q", "p"]);
    expect(got.activations).toEqual(expected.activations);
    expect(got.expanded).toBe(expected.expanded);
  });

  it("bookkeeping ids are told apart by their head exactly as the embedded store does", async () => {
    // Neo4j tests the text before the first ':'; edge cases of that test.
    const others = ["goal:a:b", "x:goal:", ":z", "wm:", "plan", "plan:", "Goal:x", "status:s"];
    const t = (object: string): TripleInput => ({ subject: "hubb", predicate: "r", object, confidence: 0.9, source: "test", createdAt: NOW });
    await neo.addTriples(others.map(t));
    await embedded.addTriples(others.map(t));
    const filter = { excludeBookkeeping: true };
    const ids = ["hubb", ...others];
    expect(Object.fromEntries(await neo.backend.degrees(ids, filter))).toEqual(Object.fromEntries(await embedded.backend.degrees(ids, filter)));
    const [got, expected] = await Promise.all([neo.activate({ seeds: ["hubb"], topK: 20 }), embedded.activate({ seeds: ["hubb"], topK: 20 })]);
    expect(got.activations.map((a) => a.symbol)).toEqual([":z", "Goal:x", "plan", "x:goal:"]);
    expect(got.activations).toEqual(expected.activations);
  });
});
