// A cycle's reads are bound to its last Remember: RememberResponse.memory_position
// goes back as after_position with the agent's next Recall, ListRules and
// Remember. A KV replica whose watch of the bucket's documents and log
// versions has reached that position answers from what it holds, without
// a KV get per document or log; one whose cache another replica made stale
// reads the changes and answers with them. A position the watch never
// reaches falls back to reading the store, with the same answer. Requests
// are the messages the replica's own connection sends.
import type { CallContext, NatsTransport } from "@boyd/bus";
import { jetstreamManager } from "@nats-io/jetstream";
import { WorkingMemoryKind } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { createMemoryHandlers, openFileStore, type MemoryStore } from "../src/index.js";
import { entry, tempDir } from "./fixtures/harness.js";
import { useNatsReplicas } from "./fixtures/replicas.js";

const nats = useNatsReplicas();
const ctx = {} as CallContext;

interface Replica {
  readonly transport: NatsTransport;
  readonly store: MemoryStore;
  readonly handlers: ReturnType<typeof createMemoryHandlers>;
}

async function replica(bucket: string): Promise<Replica> {
  let transport: NatsTransport | undefined;
  const store = await nats.kvStore(bucket, (t) => (transport = t));
  // No recall snapshots: their background writes would count as this replica's requests.
  return { transport: transport!, store, handlers: createMemoryHandlers(store, { recallSnapshots: { minChanges: Infinity, maxChanges: Infinity } }) };
}

/** The messages `work` makes the replica's connection send, and its result. */
async function counted<T>(r: Replica, work: () => T | Promise<T>): Promise<{ requests: number; result: T }> {
  await r.transport.connection.flush();
  const before = r.transport.connection.stats().outMsgs;
  const result = await work();
  return { requests: r.transport.connection.stats().outMsgs - before, result };
}

const cycleOf = (agentId: string, cycle: number, afterPosition: number, content: string) => ({
  agentId,
  cycle,
  afterPosition,
  includeRules: false,
  entries: [entry(content, { symbols: ["goal:moons"], kind: WorkingMemoryKind.INFERENCE, sourceCycle: cycle })],
  touchIds: [],
  provenance: [],
  session: undefined,
  save: undefined,
});

const recallOf = (agentId: string, afterPosition: number) => ({ agentId, afterPosition, query: "moons of mars", symbols: ["goal:moons"], topK: 3, includeFacts: true, recentLimit: 5 });
const recentContents = (r: { recent?: { entries: { content: string }[] } | undefined }) => r.recent?.entries.map((e) => e.content) ?? [];

describe("memory positions - reads bound to the agent's last write", () => {
  it("KV: bound to the position of its last Remember, a replica reads only what changed (nothing: no request), and a Remember reads nothing before writing", async () => {
    const r = await replica(`memory_positions_own_${process.pid}`);
    const first = await r.handlers.remember(cycleOf("ann", 1, 0, "Phobos orbits Mars closely"), ctx);
    expect(first.memoryPosition).toBeGreaterThan(0);
    // Warm: what an earlier cycle's reads would have left.
    await r.handlers.recall(recallOf("ann", first.memoryPosition), ctx);
    await r.handlers.listRules({ agentId: "ann", afterPosition: first.memoryPosition }, ctx);

    const second = await r.handlers.remember(cycleOf("ann", 2, first.memoryPosition, "Deimos orbits Mars further out"), ctx);
    expect(second.memoryPosition).toBeGreaterThan(first.memoryPosition);
    // The logs the write changed are read (their new records); after that, reads bound to the same position ask nothing.
    const changed = await counted(r, () => r.handlers.recall(recallOf("ann", second.memoryPosition), ctx));
    const recall = await counted(r, () => r.handlers.recall(recallOf("ann", second.memoryPosition), ctx));
    const rules = await counted(r, () => r.handlers.listRules({ agentId: "ann", afterPosition: second.memoryPosition }, ctx));
    expect(changed.requests).toBeLessThanOrEqual(2);
    expect(recall.requests).toBe(0);
    expect(rules.requests).toBe(0);
    expect(recentContents(recall.result).slice(0, 2)).toEqual(["Deimos orbits Mars further out", "Phobos orbits Mars closely"]);

    // The same reads without a position ask the store.
    const unbound = await counted(r, () => r.handlers.recall(recallOf("ann", 0), ctx));
    expect(unbound.requests).toBeGreaterThan(0);
    expect(recentContents(unbound.result)).toEqual(recentContents(recall.result));

    // A Remember bound to the position writes without reading first: fewer requests than one that is not.
    const bound = await counted(r, () => r.handlers.remember(cycleOf("ann", 3, second.memoryPosition, "Mars has two moons"), ctx));
    const unboundRemember = await counted(r, () => r.handlers.remember(cycleOf("ann", 4, 0, "Both moons are small"), ctx));
    expect(bound.requests).toBeLessThan(unboundRemember.requests);
  }, 30_000);

  it("KV: a replica whose cache another replica made stale sees the other's write when bound to its position", async () => {
    const bucket = `memory_positions_two_${process.pid}`;
    const [a, b] = [await replica(bucket), await replica(bucket)];
    const first = await a.handlers.remember(cycleOf("bob", 1, 0, "Titan has a thick atmosphere"), ctx);
    const seen = await b.handlers.recall(recallOf("bob", first.memoryPosition), ctx);
    expect(recentContents(seen)).toEqual(["Titan has a thick atmosphere"]);

    const second = await a.handlers.remember(cycleOf("bob", 2, first.memoryPosition, "Enceladus has a subsurface ocean"), ctx);
    const after = await b.handlers.recall(recallOf("bob", second.memoryPosition), ctx);
    expect(recentContents(after)).toEqual(["Enceladus has a subsurface ocean", "Titan has a thick atmosphere"]);
    // And b's next Remember builds on a's entries (its compare-and-set would refuse a stale working memory).
    const third = await b.handlers.remember(cycleOf("bob", 3, second.memoryPosition, "Saturn has many moons"), ctx);
    const last = await a.handlers.recall(recallOf("bob", third.memoryPosition), ctx);
    expect(recentContents(last)).toEqual(["Saturn has many moons", "Enceladus has a subsurface ocean", "Titan has a thick atmosphere"]);
  }, 30_000);

  it("KV: a position the watch never reaches is read from the store, with the same answer", async () => {
    const r = await replica(`memory_positions_far_${process.pid}`);
    const first = await r.handlers.remember(cycleOf("cy", 1, 0, "Io is volcanic"), ctx);
    const far = await counted(r, () => r.handlers.recall(recallOf("cy", first.memoryPosition + 1_000_000), ctx));
    expect(far.requests).toBeGreaterThan(0);
    expect(recentContents(far.result)).toEqual(["Io is volcanic"]);
  }, 30_000);

  it("KV: a watch whose consumer the server lost is started again: reads go to the store meanwhile, then are answered from cache again", async () => {
    const bucket = `memory_positions_lost_${process.pid}`;
    const r = await replica(bucket);
    const first = await r.handlers.remember(cycleOf("eve", 1, 0, "Ganymede is the largest moon"), ctx);
    await r.handlers.recall(recallOf("eve", first.memoryPosition), ctx);
    // A nats-server restart drops the watch's ephemeral consumer: the watch goes silent rather than ending.
    const jsm = await jetstreamManager(r.transport.connection);
    for await (const c of jsm.consumers.list(`KV_${bucket}`)) await jsm.consumers.delete(`KV_${bucket}`, c.name);
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // restarts are at least a second apart
    const second = await r.handlers.remember(cycleOf("eve", 2, first.memoryPosition, "Callisto is heavily cratered"), ctx);
    const meanwhile = await counted(r, () => r.handlers.recall(recallOf("eve", second.memoryPosition), ctx));
    expect(meanwhile.requests).toBeGreaterThan(0);
    expect(recentContents(meanwhile.result)).toEqual(["Callisto is heavily cratered", "Ganymede is the largest moon"]);
    let again = { requests: -1, result: meanwhile.result };
    for (let cycle = 3; cycle < 20 && again.requests !== 0; cycle++) {
      const written = await r.handlers.remember(cycleOf("eve", cycle, 0, `Io orbit note ${cycle}`), ctx);
      await r.handlers.recall(recallOf("eve", written.memoryPosition), ctx);
      again = await counted(r, () => r.handlers.recall(recallOf("eve", written.memoryPosition), ctx));
    }
    expect(again.requests).toBe(0);
    expect(recentContents(again.result)[0]).toMatch(/^Io orbit note \d+$/);
  }, 30_000);

  it("files: the store keeps no positions (one process holds everything it wrote): memory_position is 0 and reads answer as before", async () => {
    const { dir, remove } = tempDir();
    const store = await openFileStore({ dir });
    try {
      const handlers = createMemoryHandlers(store);
      const first = await handlers.remember(cycleOf("dee", 1, 0, "Europa is icy"), ctx);
      expect(first.memoryPosition).toBe(0);
      expect(recentContents(await handlers.recall(recallOf("dee", 5), ctx))).toEqual(["Europa is icy"]);
    } finally {
      await store.close();
      remove();
    }
  });
});
