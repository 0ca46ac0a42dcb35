// A cycle's writes to one agent over the files store: what may run at once,
// and that reads served from the decoded cache stay private to each reader.
import { DerivationKind, WorkingMemoryKind } from "@boyd/proto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMemoryHandlers, openFileStore } from "../src/index.js";
import { ctx, entry, filesHandlers } from "./fixtures/harness.js";

describe("memory write path", () => {
  let h: Awaited<ReturnType<typeof filesHandlers>>;
  beforeEach(async () => (h = await filesHandlers()));
  afterEach(() => h.close());

  const provenance = (cycle: number) => ({
    agentId: "a1",
    records: [{ id: `prov:decision:${cycle}`, agentId: "a1", cycle, kind: DerivationKind.AGENT_DECISION, derivedId: `decision:${cycle}`, sourceIds: [], confidence: 0.5, toolName: "kg_query", detail: "", createdAtUnixMs: 0, scoreBreakdown: "", supportingTriples: [] }],
  });

  it("RecordProvenance does not wait behind a Remember of the same agent: sent while Remember writes, it is acknowledged first", async () => {
    const done: string[] = [];
    // A tool result long enough to become a fact: Remember then writes the fact's provenance after its first write.
    const result = entry("phobos and deimos are the two moons that orbit mars", { kind: WorkingMemoryKind.TOOL_RESULT, toolName: "kg_query" });
    await h.handlers.remember({ agentId: "a1", cycle: 0, entries: [entry("the agent is loaded")], touchIds: [] }, ctx);
    const remembering = Promise.resolve(h.handlers.remember({ agentId: "a1", cycle: 1, entries: [result], touchIds: [] }, ctx)).then(() => done.push("remember"));
    // Remember holds the agent's lock by now, its first write under way.
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.all([remembering, Promise.resolve(h.handlers.recordProvenance(provenance(1), ctx)).then(() => done.push("provenance"))]);
    expect(done).toEqual(["provenance", "remember"]);
    const listed = await h.handlers.listProvenance({ agentId: "a1", derivedId: "", kind: 0, fromCycle: 0, toCycle: 0, limit: 10, pageToken: "", symbol: "" }, ctx);
    expect(listed.records.map((r) => r.id)).toContain("prov:decision:1");
  });

  it("a read of working memory is the reader's own: changing what one read returned leaves the next read as stored", async () => {
    await h.handlers.remember({ agentId: "a1", cycle: 1, entries: [entry("first"), entry("second")], touchIds: [] }, ctx);
    const one = await h.handlers.recent({ agentId: "a1", limit: 10, kinds: [], symbol: "" }, ctx);
    one.entries[0]!.content = "changed by a reader";
    one.entries[0]!.accessCycles.push(99);
    one.entries.pop();
    const two = await h.handlers.recent({ agentId: "a1", limit: 10, kinds: [], symbol: "" }, ctx);
    expect(two.entries.map((e) => [e.content, e.accessCycles])).toEqual([
      ["second", []],
      ["first", []],
    ]);
  });

  it("archived decisions are written once encoded and read back whole, in id order, after the store is reopened", async () => {
    const decision = (n: number) => entry(`Decide: tool=kg_query, step ${n}`, { kind: WorkingMemoryKind.DECISION, symbols: ["goal:sun"], toolName: "kg_query", relevance: 0.1 });
    // Capacity 2 with auto-consolidation off (no session): every new pair evicts the old one into the archive.
    for (let c = 1; c <= 4; c++) await h.handlers.remember({ agentId: "a1", cycle: c, entries: [decision(2 * c - 1), decision(2 * c)], touchIds: [], capacity: 2 }, ctx);
    const before = await h.handlers.toolHistory({ agentId: "a1", goalId: "goal:sun", limit: 20 }, ctx);
    expect(before.decisions.map((d) => d.id)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    await h.store.close();
    const store = await openFileStore({ dir: h.dir });
    const after = await createMemoryHandlers(store).toolHistory({ agentId: "a1", goalId: "goal:sun", limit: 20 }, ctx);
    await store.close();
    expect(after.decisions).toEqual(before.decisions);
    expect(after.decisions.find((d) => d.id === 1)).toMatchObject({ content: "Decide: tool=kg_query, step 1", symbols: ["goal:sun"], accessCycles: [] });
  });
});
