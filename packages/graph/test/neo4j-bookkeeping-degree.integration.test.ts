import { uniqueLabel } from "@boyd/testkit";
import neo4j from "neo4j-driver";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { GraphStore, openEmbeddedBackend, openNeo4jBackend, type Neo4jBackend, type Triple, type TripleInput } from "../src/index.js";
import { NOW } from "./conformance.js";

/**
 * Issue 19 item 4: on Neo4j a node's default degree (bookkeeping left out)
 * is its relationship count less a `bk` count of its bookkeeping edges,
 * kept by every write, instead of expanding every edge. These tests check
 * the counts against the embedded store's degrees through every kind of
 * write, concurrent writers, and a store written before the counts existed.
 */

const uri = inject("neo4jUri");
const world = { excludeBookkeeping: true } as const;
const t = (subject: string, predicate: string, object: string, confidence = 0.9): TripleInput => ({ subject, predicate, object, confidence, source: "test", createdAt: NOW });
const ids = ["x", "y", "goal:g", "goal:h", "status:s", "plan:p", "z", "missing"];

describe("Neo4j bookkeeping counts - degrees as the embedded store counts them", () => {
  const label = uniqueLabel("Bk");
  let neo: GraphStore;
  let embedded: GraphStore;

  beforeAll(async () => {
    neo = new GraphStore(await openNeo4jBackend({ uri, label }), { now: () => NOW });
    embedded = new GraphStore((await openEmbeddedBackend()).backend, { now: () => NOW });
  });

  afterAll(async () => {
    const backend = neo.backend as Neo4jBackend;
    await backend.clear();
    await backend.dropSchema();
    await Promise.all([neo.close(), embedded.close()]);
  });

  async function expectSameDegrees(): Promise<void> {
    const expected = Object.fromEntries(await embedded.backend.degrees(ids, world));
    expect(Object.fromEntries(await neo.backend.degrees(ids, world))).toEqual(expected);
    const edges = await neo.backend.edgesOf(ids, { ...world, limitPerNode: 2 });
    expect(Object.fromEntries([...edges].map(([id, e]) => [id, e.degree]))).toEqual(expected);
  }

  async function both(write: (store: GraphStore) => Promise<unknown>): Promise<void> {
    await write(neo);
    await write(embedded);
    await expectSameDegrees();
  }

  it("adds, re-adds, a key twice in a batch, self-loops and retracts keep the counts", async () => {
    await both((s) =>
      s.addTriples([
        t("x", "r", "y"),
        t("goal:g", "r", "x"),
        t("x", "agent:has_status", "y"),
        t("x", "r", "status:s"),
        t("goal:g", "r", "goal:g"),
        t("x", "agent:loop", "x"),
        t("z", "r", "z"),
        // The same key twice in one batch, and a key re-added: one edge each.
        t("plan:p", "r", "y"),
        t("plan:p", "r", "y", 0.5),
      ]),
    );
    await both((s) => s.addTriples([t("goal:g", "r", "x", 0.3), t("x", "r", "status:s", 0.2)]));
    await both((s) => s.retractTriples([{ subject: "goal:g", predicate: "r", object: "x" }, { subject: "goal:g", predicate: "r", object: "x" }]));
    await both((s) => s.retractTriples([{ subject: "x", predicate: "agent:loop", object: "x" }, { subject: "x", predicate: "r", object: "nothing" }]));
    await both((s) => s.addTriples([t("goal:g", "r", "x"), t("goal:h", "agent:owns", "goal:g")]));
  });

  it("concurrent writers of bookkeeping edges to one node lose no count", async () => {
    const other = await openNeo4jBackend({ uri, label, cacheEdges: 0 });
    try {
      const batches = Array.from({ length: 12 }, (_, i) => [t(`goal:c${i}`, "r", "y"), t("y", "agent:has", `w${i}`)]);
      await Promise.all(batches.map((batch, i) => (i % 2 === 0 ? neo.backend : other).addTriples(batch as Triple[])));
      for (const batch of batches) await embedded.addTriples(batch);
      await expectSameDegrees();
      expect((await neo.backend.degrees(["y"], { excludeBookkeeping: false })).get("y")).toBeGreaterThan((await neo.backend.degrees(["y"], world)).get("y")! + 20);
    } finally {
      await other.close();
    }
  });

  it("a store written before the counts existed is counted when a backend opens it", async () => {
    const old = uniqueLabel("BkOld");
    // What an earlier version left: edges, no counts, no version node.
    const driver = neo4j.driver(uri);
    try {
      await driver.executeQuery(
        `UNWIND $rows AS row
         MERGE (s:${old} {id: row[0]}) MERGE (o:${old} {id: row[2]})
         MERGE (s)-[r:REL {predicate: row[1]}]->(o) SET r.confidence = 0.9, r.source = 'old', r.createdAt = 0`,
        { rows: [["x", "r", "y"], ["goal:g", "r", "x"], ["x", "agent:has", "y"], ["y", "r", "plan:p"], ["z", "r", "x"]] },
      );
    } finally {
      await driver.close();
    }
    const opened = await openNeo4jBackend({ uri, label: old });
    try {
      expect(Object.fromEntries(await opened.degrees(["x", "y", "z", "goal:g"], world))).toEqual({ x: 2, y: 1, z: 1, "goal:g": 1 });
      // Counted once: opening again changes nothing.
      await opened.ensureSchema();
      expect(Object.fromEntries(await opened.degrees(["x", "y"], world))).toEqual({ x: 2, y: 1 });
    } finally {
      await opened.clear();
      await opened.dropSchema();
      await opened.close();
    }
  });
});
