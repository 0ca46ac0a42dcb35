// Recall must cost the same number of NATS requests whatever the agent's
// age, on a replica that has never read the agent (cold), one whose cache
// is current (warm) and one whose cache another replica made stale
// (changed). Requests are counted as the messages the store's own
// connection sends (nats.js `stats().outMsgs`): every KV get, JetStream API
// call and pull is one.
import type { CallContext, NatsTransport } from "@boyd/bus";
import { EpisodicEntry, Fact } from "@boyd/proto";
import { beforeAll, describe, expect, it } from "vitest";
import { createMemoryHandlers, type MemoryStore } from "../src/index.js";
import { useNatsReplicas } from "./fixtures/replicas.js";

const nats = useNatsReplicas();
const ctx = {} as CallContext;
const bucket = `memory_recall_cost_${process.pid}`;
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

/** A replica: its own connection, store and handlers over the shared bucket. */
async function replica(snapshots = true): Promise<{ transport: NatsTransport; store: MemoryStore; handlers: ReturnType<typeof createMemoryHandlers> }> {
  let transport: NatsTransport | undefined;
  const store = await nats.kvStore(bucket, (t) => (transport = t));
  // Without snapshots: a replica that writes none, so its own requests are all a measurement counts.
  const recallSnapshots = snapshots ? {} : { minChanges: Infinity, maxChanges: Infinity };
  return { transport: transport!, store, handlers: createMemoryHandlers(store, { recallSnapshots }) };
}

const episode = (agentId: string, i: number) =>
  EpisodicEntry.toJSON(EpisodicEntry.fromPartial({ symbolId: `episode:${agentId}:${i}`, summary: `cycle ${i} looked at crater ${i}`, learnings: [`topic:crater_${i}`], timestampUnixMs: 1_000 + i }));
const fact = (agentId: string, i: number) =>
  Fact.toJSON(Fact.fromPartial({ id: `fact:${i}`, agentId, content: `Crater ${i} lies on the far side of the moon`, source: "tool:kg_query", createdAtUnixMs: 1_000 + i }));

/** Gives the agent `age` episodes and facts, as `age` cycles would. */
async function grow(store: MemoryStore, agentId: string, age: number): Promise<void> {
  const ids = Array.from({ length: age }, (_, i) => i);
  await Promise.all([
    store.addRecords(agentId, "episodes", ids.map((i) => ({ id: `episode:${agentId}:${i}`, value: bytes(episode(agentId, i)) }))),
    store.addRecords(agentId, "facts", ids.map((i) => ({ id: `fact:${i}`, value: bytes(fact(agentId, i)) }))),
  ]);
}

/** Requests one recall sends, and what it found. */
async function measuredRecall(r: Awaited<ReturnType<typeof replica>>, agentId: string, query: string): Promise<{ requests: number; facts: string[]; episodes: string[] }> {
  await r.transport.connection.flush();
  const before = r.transport.connection.stats().outMsgs;
  const reply = await r.handlers.recall({ afterPosition: 0, agentId, query, symbols: [], topK: 3, includeFacts: true }, ctx);
  const requests = r.transport.connection.stats().outMsgs - before;
  return { requests, facts: reply.facts.map((f) => f.content), episodes: reply.episodes.map((e) => e.summary) };
}

/** Waits (up to 10 s) until both ranked logs of the agent have a recall snapshot; whether they do. */
async function snapshotsWritten(store: MemoryStore, agentId: string): Promise<boolean> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
    const [episodes, facts] = await Promise.all([store.getIndexDoc(agentId, "episodes"), store.getIndexDoc(agentId, "facts")]);
    if (episodes && facts) return true;
  }
  return false;
}

describe("recall cost - NATS requests per recall do not grow with the agent's age", () => {
  const ages = [10, 300];
  const costs = new Map<number, { cold: number; coldFromSnapshot: number; warm: number; changed: number; snapshot: boolean }>();

  beforeAll(async () => {
    const writer = await replica();
    const snapshotWriter = await replica();
    for (const age of ages) {
      const agentId = `aged-${age}`;
      await grow(writer.store, agentId, age);
      const reader = await replica(false);
      const cold = await measuredRecall(reader, agentId, "crater far side");
      expect(cold.facts).toHaveLength(3);
      // A replica that writes snapshots recalls the agent: it writes the logs' recall snapshots in the background (age 300: over 64 records read).
      await measuredRecall(snapshotWriter, agentId, "crater far side");
      const snapshot = age >= 64 && (await snapshotsWritten(reader.store, agentId));
      const warm = await measuredRecall(reader, agentId, "crater far side");
      const second = await replica();
      const coldFromSnapshot = await measuredRecall(second, agentId, "crater far side");
      expect(coldFromSnapshot).toEqual({ ...cold, requests: coldFromSnapshot.requests });
      // Another replica writes: the reader's cache is stale and must see the write.
      await writer.handlers.recordFacts({ agentId, facts: [Fact.fromPartial({ agentId, content: "The zebra crossing on Elm street is closed", source: "user" })] }, ctx);
      const changed = await measuredRecall(reader, agentId, "zebra crossing");
      expect(changed.facts).toEqual(["The zebra crossing on Elm street is closed"]);
      costs.set(age, { cold: cold.requests, coldFromSnapshot: coldFromSnapshot.requests, warm: warm.requests, changed: changed.requests, snapshot });
    }
  }, 50_000);

  // Recall reads two logs, episodes and facts (corrections only when the
  // facts are over their cap and get pruned).
  it("a warm replica's recall is one request per log read", () => {
    expect(costs.get(10)!.warm).toBe(2);
    expect(costs.get(300)!.warm).toBe(2);
  });

  // Per log read: its recall snapshot's head (none yet), its version key,
  // and one batched direct get of its changes (no consumer made and dropped).
  it("a cold replica's first recall costs the same at age 10 and age 300: 3 requests per log", () => {
    expect(costs.get(10)!.cold).toBe(6);
    expect(costs.get(300)!.cold).toBe(6);
  });

  // Per log: the snapshot's head, its chunks in one batched direct get, and
  // the version key (nothing changed since).
  it("a cold replica that loads the recall snapshot (age 300; age 10 has none) costs 3 requests per log too", () => {
    expect(costs.get(10)!.snapshot).toBe(false);
    expect(costs.get(300)!.snapshot).toBe(true);
    expect(costs.get(10)!.coldFromSnapshot).toBe(6);
    expect(costs.get(300)!.coldFromSnapshot).toBe(6);
  });

  it("a recall after another replica wrote costs the same at age 10 and age 300: 2 for the changed log (version, changes), 1 for the other", () => {
    expect(costs.get(10)!.changed).toBe(3);
    expect(costs.get(300)!.changed).toBe(3);
  });
});
