// Recall must not encode the records it ranks: each episode and fact is
// stored with its text vector when it is written, so a recall (and a
// replica or process reading the agent for the first time) takes the
// vectors from the store and encodes only the query. Encodings are counted
// on the real encoder (TextEncoder.encodeAtoms, what every encode that
// misses its cache runs), on both stores: files reopened as a fresh
// process would, and a second replica over the same JetStream KV bucket.
import { connectNats, type NatsTransport } from "@boyd/bus";
import { ConsolidationTrigger, EpisodicEntry, Fact, WorkingMemoryKind } from "@boyd/proto";
import { startNats, type NatsServer } from "@boyd/testkit";
import { TextEncoder } from "@boyd/vsa";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createMemoryHandlers, openFileStore, openKvStore, rankEpisodes, rankFacts, type MemoryStore } from "../src/index.js";
import { ctx, entry, tempDir } from "./fixtures/harness.js";

const AGE = 60;
const QUERY = "crater far side";
type Handlers = ReturnType<typeof createMemoryHandlers>;

/** Encodings (texts actually turned into vectors) made while `work` runs. */
async function encodings<T>(work: () => Promise<T>): Promise<{ result: T; count: number }> {
  const spy = vi.spyOn(TextEncoder.prototype, "encodeAtoms");
  try {
    const result = await work();
    return { result, count: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}

/** `AGE` cycles' worth of facts and episodes, written through the service as the controller does. */
async function grow(h: Handlers, agentId: string): Promise<void> {
  for (let from = 0; from < AGE; from += 20) {
    const ids = Array.from({ length: 20 }, (_, i) => from + i);
    await h.recordFacts({ agentId, facts: ids.map((i) => Fact.fromPartial({ agentId, content: `Crater ${i} lies on the far side of the moon`, source: "tool:kg_query" })) }, ctx);
    const entries = ids.slice(0, 10).map((i) => entry(`cycle ${i} looked at crater ${i} near the far rim`, { symbols: ["goal:craters", `topic:crater_${i}`], kind: WorkingMemoryKind.INFERENCE, relevance: 0.9 }));
    await h.remember({ afterPosition: 0, includeRules: false, session: undefined, provenance: [], save: undefined, agentId, cycle: from + 1, touchIds: [], entries }, ctx);
    await h.consolidate({ agentId, cycle: from + 2, trigger: ConsolidationTrigger.MANUAL, goalIds: ["goal:craters"], config: undefined }, ctx);
  }
}

const recallOf = async (h: Handlers, agentId: string, query = QUERY) => h.recall({ afterPosition: 0, agentId, query, symbols: [], topK: 5, includeFacts: true }, ctx);

/** The ranking recall.ts defines, over every record the store holds, with a fresh encoder (the reference). */
async function reference(store: MemoryStore, agentId: string, query: string, now: number) {
  const decode = (v: Uint8Array): unknown => JSON.parse(new TextDecoder().decode(v));
  const episodes = (await store.readRecords(agentId, "episodes")).map((r) => EpisodicEntry.fromJSON(decode(r.value)));
  const facts = (await store.readRecords(agentId, "facts")).map((r) => Fact.fromJSON(decode(r.value)));
  const q = { text: query, symbols: [], topK: 5, now };
  const encoder = new TextEncoder();
  return { episodes: rankEpisodes(encoder, episodes, q).map((r) => r.score), facts: rankFacts(encoder, facts, q).map((r) => r.score) };
}

describe("recall vectors - files store, reopened as a fresh process", () => {
  const temp = tempDir();
  const stores: MemoryStore[] = [];
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    temp.remove();
  });
  // Each open is the next process on the directory: the one before it stops first (a store owns its directory).
  const open = async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()));
    const store = await openFileStore({ dir: temp.dir });
    stores.push(store);
    return { store, handlers: createMemoryHandlers(store, { now: () => 2_000_000_000_000 }) };
  };

  it("a cold process's first recall encodes only the query, and ranks as the reference does", async () => {
    const writer = await open();
    await grow(writer.handlers, "a1");
    await writer.store.close();
    const reader = await open();
    const { result, count } = await encodings(() => recallOf(reader.handlers, "a1"));
    expect(count).toBe(1);
    expect(result.facts).toHaveLength(5);
    expect(result.episodes).toHaveLength(5);
    const ref = await reference(reader.store, "a1", QUERY, 2_000_000_000_000);
    expect(result.episodeScores).toEqual(ref.episodes);
    expect(result.factScores).toEqual(ref.facts);
  });

  it("a record written after the last recall is found by the next, still without encoding a record", async () => {
    const h = (await open()).handlers;
    await recallOf(h, "a1", "volcano on the near side");
    await h.recordFacts({ agentId: "a1", facts: [Fact.fromPartial({ agentId: "a1", content: "A volcano once erupted on the near side", source: "user" })] }, ctx);
    const { result, count } = await encodings(() => recallOf(h, "a1", "volcano on the near side"));
    expect(count).toBe(0); // the query was encoded by the first recall
    expect(result.facts[0]!.content).toBe("A volcano once erupted on the near side");
  });

  it("records stored without a vector (written before vectors were) are encoded once, not on every recall", async () => {
    const { store, handlers } = await open();
    const bytes = (v: unknown) => new globalThis.TextEncoder().encode(JSON.stringify(v));
    await store.addRecords("old", "facts", Array.from({ length: 30 }, (_, i) => ({ id: `fact:${i}`, value: bytes(Fact.toJSON(Fact.fromPartial({ id: `fact:${i}`, agentId: "old", content: `Legacy crater ${i} on the far side`, createdAtUnixMs: 1_000 + i }))) })));
    const first = await encodings(() => recallOf(handlers, "old"));
    const second = await encodings(() => recallOf(handlers, "old"));
    expect(first.count).toBe(31); // 30 records and the query
    expect(second.count).toBe(0);
    expect(second.result.factScores).toEqual(first.result.factScores);
  });

  it("facts beyond the cap (10,000) are dropped oldest first when recalled, as every read of the facts does", async () => {
    const { store, handlers } = await open();
    const bytes = (v: unknown) => new globalThis.TextEncoder().encode(JSON.stringify(v));
    // Texts without content words encode to the zero vector at once, so 10,005 facts stay quick.
    const facts = Array.from({ length: 10_005 }, (_, i) => ({ id: `fact:${i}`, value: bytes(Fact.toJSON(Fact.fromPartial({ id: `fact:${i}`, agentId: "capped", content: "x y z", tags: ["t"], createdAtUnixMs: 1_000 + i }))) }));
    await store.addRecords("capped", "facts", facts);
    const { facts: recalled } = await handlers.recall({ afterPosition: 0, agentId: "capped", query: "", symbols: ["t"], topK: 3, includeFacts: true }, ctx);
    expect(recalled.map((f) => f.id)).toEqual(["fact:10004", "fact:10003", "fact:10002"]);
    const held = (await store.readRecords("capped", "facts")).map((r) => r.id);
    expect(held).toHaveLength(10_000);
    expect(held.slice(0, 2)).toEqual(["fact:5", "fact:6"]);
  }, 30_000);
});

describe("recall vectors - two replicas over one JetStream KV bucket", () => {
  let nats: NatsServer;
  const connections: NatsTransport[] = [];
  beforeAll(async () => {
    nats = await startNats();
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close()));
    await nats?.stop();
  });
  const replica = async () => {
    const transport = await connectNats({ servers: nats.url });
    connections.push(transport);
    const store = await openKvStore({ connection: transport.connection, bucket: `recall_vectors_${process.pid}` });
    return { store, handlers: createMemoryHandlers(store, { now: () => 2_000_000_000_000 }) };
  };

  it("a replica reading the agent for the first time encodes only the query, and ranks as the writer does", async () => {
    const writer = await replica();
    await grow(writer.handlers, "k1");
    const written = await recallOf(writer.handlers, "k1");
    const reader = await replica();
    const { result, count } = await encodings(() => recallOf(reader.handlers, "k1"));
    expect(count).toBe(1);
    expect(result.factScores).toEqual(written.factScores);
    expect(result.episodeScores).toEqual(written.episodeScores);
    const ref = await reference(reader.store, "k1", QUERY, 2_000_000_000_000);
    expect(result.factScores).toEqual(ref.facts);
    expect(result.episodeScores).toEqual(ref.episodes);
  }, 30_000);
});
