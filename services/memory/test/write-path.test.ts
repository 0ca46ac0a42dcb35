// A cycle's writes to one agent over the files store: what may run at once,
// and that reads served from the decoded cache stay private to each reader.
import { DerivationKind, WorkingMemoryKind } from "@boyd/proto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
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
});
