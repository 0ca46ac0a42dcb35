import { describe, expect, it } from "vitest";
import { GraphStore, openEmbeddedBackend, type GraphBackend, type GraphReader, type TripleInput } from "../src/index.js";
import { NOW } from "./conformance.js";

/**
 * Spreading activation reads every hop through the backend's readSnapshot
 * when it has one (Neo4j: one read transaction for the walk). A server
 * backend may rerun the work when it retries a transaction, so the walk
 * must give the same answer however often it runs.
 */

const triples: TripleInput[] = [
  ["a", "r", "b", 0.9],
  ["b", "r", "c", 0.7],
  ["c", "r", "d", 0.8],
  ["a", "s", "e", 0.6],
  ["e", "s", "c", 0.95],
  ["d", "r", "f", 0.5],
].map(([subject, predicate, object, confidence]) => ({ subject, predicate, object, confidence, source: "t", createdAt: NOW }) as TripleInput);

interface Calls {
  snapshots: number;
  direct: number;
  throughReader: number;
}

/** The embedded backend with a readSnapshot that runs the work `runs` times (as a retried transaction would). */
function withSnapshot(inner: GraphBackend, runs: number, calls: Calls): GraphBackend {
  const reader: GraphReader = {
    edgesOf: (ids, query) => {
      calls.throughReader++;
      return inner.edgesOf(ids, query);
    },
    degrees: (ids, filter) => {
      calls.throughReader++;
      return inner.degrees(ids, filter);
    },
  };
  return Object.assign(Object.create(inner) as GraphBackend, {
    edgesOf: (...args: Parameters<GraphBackend["edgesOf"]>) => {
      calls.direct++;
      return inner.edgesOf(...args);
    },
    degrees: (...args: Parameters<GraphBackend["degrees"]>) => {
      calls.direct++;
      return inner.degrees(...args);
    },
    async readSnapshot<T>(work: (r: GraphReader) => Promise<T>): Promise<T> {
      calls.snapshots++;
      let result = await work(reader);
      for (let i = 1; i < runs; i++) result = await work(reader);
      return result;
    },
  });
}

describe("activation through a backend's read snapshot", () => {
  const query = { seeds: ["a"], maxDepth: 3, topK: 10, minConfidence: 0.05 };

  it("reads every hop through the snapshot's reader, none directly", async () => {
    const { backend } = await openEmbeddedBackend();
    const calls: Calls = { snapshots: 0, direct: 0, throughReader: 0 };
    const store = new GraphStore(withSnapshot(backend, 1, calls), { now: () => NOW });
    await store.addTriples(triples);
    const result = await store.activate(query);
    expect(calls.snapshots).toBe(1);
    expect(calls.direct).toBe(0);
    expect(calls.throughReader).toBeGreaterThanOrEqual(3);
    expect(result.activations.map((a) => a.symbol)).toEqual(["b", "e", "c", "d"]);
    await store.close();
  });

  it("a rerun of the walk (a retried transaction) gives exactly the answer of one run", async () => {
    const { backend } = await openEmbeddedBackend();
    const plain = new GraphStore(backend, { now: () => NOW });
    await plain.addTriples(triples);
    const once = await plain.activate(query);
    const calls: Calls = { snapshots: 0, direct: 0, throughReader: 0 };
    const retried = new GraphStore(withSnapshot(backend, 3, calls), { now: () => NOW });
    expect(await retried.activate(query)).toEqual(once);
    expect(calls.snapshots).toBe(1);
    await plain.close();
  });
});
