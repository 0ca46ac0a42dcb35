// A cycle reads working memory in Observe (Recent) and writes it in
// Remember a few milliseconds later. Remember starts from Recent's read
// (one KV get fewer on the cycle's critical path); its write is checked
// against the revision read, so whatever another replica wrote in between
// is kept.
import type { CallContext, NatsTransport } from "@boyd/bus";
import { WorkingMemoryKind, type RememberRequest } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { createMemoryHandlers } from "../src/index.js";
import { useNatsReplicas } from "./fixtures/replicas.js";

const nats = useNatsReplicas();
const ctx = {} as CallContext;
const entry = (content: string) => ({ id: 0, content, symbols: ["goal:moons"], kind: WorkingMemoryKind.OBSERVATION, timestampUnixMs: 0, relevance: 0.5, sourceCycle: 1, referenceCount: 0, accessCycles: [], toolName: "" });
const remember = (agentId: string, cycle: number, content: string): RememberRequest => ({ afterPosition: 0, includeRules: false, agentId, cycle, entries: [entry(content)], touchIds: [], capacity: 50, session: { activeGoalIds: [], config: undefined }, provenance: [], save: undefined });
const recent = (agentId: string) => ({ agentId, limit: 50, kinds: [], symbol: "" });

describe("Remember after Recent", () => {
  it("reads no working memory over KV: one request fewer than a Remember that follows a Remember", async () => {
    let transport: NatsTransport | undefined;
    const handlers = createMemoryHandlers(await nats.kvStore(`memory_wm_ahead_${process.pid}`, (t) => (transport = t)));
    const counted = async (work: () => unknown): Promise<number> => {
      await transport!.connection.flush();
      const before = transport!.connection.stats().outMsgs;
      await work();
      return transport!.connection.stats().outMsgs - before;
    };
    await handlers.remember(remember("ahead", 1, "first"), ctx);
    const afterRemember = await counted(() => handlers.remember(remember("ahead", 2, "second"), ctx));
    await handlers.recent(recent("ahead"), ctx);
    const afterRecent = await counted(() => handlers.remember(remember("ahead", 3, "third"), ctx));
    expect(afterRecent).toBe(afterRemember - 1);
    expect((await handlers.recent(recent("ahead"), ctx)).entries.map((e) => e.content).sort()).toEqual(["first", "second", "third"]);
    // Recall asked for the recent entries (observe's one call) reads working memory as Recent does, for the same saving.
    await handlers.recall({ afterPosition: 0, agentId: "ahead", query: "moons", symbols: ["goal:moons"], includeFacts: false, recentLimit: 5 }, ctx);
    const afterRecall = await counted(() => handlers.remember(remember("ahead", 4, "fourth"), ctx));
    expect(afterRecall).toBe(afterRemember - 1);
  }, 20_000);
});

describe.each(nats.modes("memory_wm_ahead_replicas"))("working memory another writer changed after Recent (%s)", (_mode, make) => {
  it("a Remember on the replica that read keeps what the other replica wrote in between, with ids that never repeat", async () => {
    const { a, b } = await make();
    await a.remember(remember("shared", 1, "from a"), ctx);
    await a.recent(recent("shared"), ctx);
    await b.remember(remember("shared", 2, "from b"), ctx);
    await a.remember(remember("shared", 3, "from a again"), ctx);
    const entries = (await b.recent(recent("shared"), ctx)).entries;
    expect(entries.map((e) => e.content).sort()).toEqual(["from a", "from a again", "from b"]);
    expect(new Set(entries.map((e) => e.id)).size).toBe(3);
  }, 20_000);

  it("a read is used once: two Remembers after one Recent both land", async () => {
    const { a } = await make();
    await a.recent(recent("twice"), ctx);
    await a.remember(remember("twice", 1, "one"), ctx);
    await a.remember(remember("twice", 2, "two"), ctx);
    expect((await a.recent(recent("twice"), ctx)).entries.map((e) => e.content).sort()).toEqual(["one", "two"]);
  }, 20_000);
});
