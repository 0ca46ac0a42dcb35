// A cycle's writes to one agent over the files store: what may run at once,
// and that reads served from the decoded cache stay private to each reader.
import { DerivationKind, WorkingMemoryEntry, WorkingMemoryKind } from "@boyd/proto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createMemoryHandlers, openFileStore, type DocName, type LogName, type MemoryStore, type StoredRecord } from "../src/index.js";
import { ctx, entry, filesHandlers, session } from "./fixtures/harness.js";

describe("memory write path", () => {
  let h: Awaited<ReturnType<typeof filesHandlers>>;
  beforeEach(async () => (h = await filesHandlers()));
  afterEach(() => h.close());

  const provenance = (cycle: number) => ({
    agentId: "a1",
    records: [{ id: `prov:decision:${cycle}`, agentId: "a1", cycle, kind: DerivationKind.AGENT_DECISION, derivedId: `decision:${cycle}`, sourceIds: [], confidence: 0.5, toolName: "kg_query", detail: "", createdAtUnixMs: 0, scoreBreakdown: "", supportingTriples: [] }],
  });

  /**
   * Handlers over `h.store` whose writes matching `held` wait until `release`
   * (or 300 ms, so a call wrongly queued behind a held one ends the test
   * with the wrong order instead of hanging): a write is then "under way"
   * however fast the disk, as a lazy write now completes within its call.
   */
  function holdingWrites(held: (kind: "doc" | "log", name: string) => boolean): { handlers: ReturnType<typeof createMemoryHandlers>; arm(): void; release(): void } {
    let armed = false;
    let release = (): void => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
      setTimeout(resolve, 300).unref();
    });
    const store: MemoryStore = Object.assign(Object.create(h.store) as MemoryStore, {
      putDoc: async (agentId: string, doc: DocName, value: Uint8Array, expected: number) => {
        if (armed && held("doc", doc)) await gate;
        return h.store.putDoc(agentId, doc, value, expected);
      },
      addRecords: async (agentId: string, log: LogName, records: readonly StoredRecord[]) => {
        if (armed && held("log", log)) await gate;
        return h.store.addRecords(agentId, log, records);
      },
    });
    return { handlers: createMemoryHandlers(store), arm: () => (armed = true), release: () => release() };
  }

  it("RecordProvenance does not wait behind a Remember of the same agent: sent while Remember writes, it is acknowledged first", async () => {
    const done: string[] = [];
    const held = holdingWrites((kind, name) => kind === "doc" && name === "wm");
    // A tool result long enough to become a fact: Remember then writes the fact's provenance after its first write.
    const result = entry("phobos and deimos are the two moons that orbit mars", { kind: WorkingMemoryKind.TOOL_RESULT, toolName: "kg_query" });
    await held.handlers.remember({ afterPosition: 0, includeRules: false, session: undefined, provenance: [], save: undefined, agentId: "a1", cycle: 0, entries: [entry("the agent is loaded")], touchIds: [] }, ctx);
    held.arm();
    const remembering = Promise.resolve(held.handlers.remember({ afterPosition: 0, includeRules: false, session: undefined, provenance: [], save: undefined, agentId: "a1", cycle: 1, entries: [result], touchIds: [] }, ctx)).then(() => done.push("remember"));
    // Remember holds the agent's lock by now, its working-memory write held.
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.resolve(held.handlers.recordProvenance(provenance(1), ctx)).then(() => done.push("provenance"));
    held.release();
    await remembering;
    expect(done).toEqual(["provenance", "remember"]);
    const listed = await held.handlers.listProvenance({ agentId: "a1", derivedId: "", kind: 0, fromCycle: 0, toCycle: 0, limit: 10, pageToken: "", symbol: "" }, ctx);
    expect(listed.records.map((r) => r.id)).toContain("prov:decision:1");
  });

  it("a RecordFacts in flight (act sends it without waiting) does not hold up the cycle's Remember", async () => {
    const done: string[] = [];
    const held = holdingWrites((kind, name) => kind === "log" && name === "facts");
    await held.handlers.remember({ afterPosition: 0, includeRules: false, session: undefined, provenance: [], save: undefined, agentId: "a1", cycle: 0, entries: [entry("the agent is loaded")], touchIds: [] }, ctx);
    held.arm();
    const fact = { id: "", agentId: "a1", content: "phobos orbits mars closer than any other moon", source: "tool:kg_query", tags: [], cycle: 1, createdAtUnixMs: 0 };
    const recording = Promise.resolve(held.handlers.recordFacts({ agentId: "a1", facts: [fact] }, ctx)).then(() => done.push("facts"));
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.resolve(held.handlers.remember({ afterPosition: 0, includeRules: false, session: undefined, provenance: [], save: undefined, agentId: "a1", cycle: 1, entries: [entry("an observation")], touchIds: [] }, ctx)).then(() => done.push("remember"));
    held.release();
    await recording;
    expect(done).toEqual(["remember", "facts"]);
  });

  it("Remember reads working memory beside the session, not after it; a read made stale by a Remember before it is read again", async () => {
    const seen: string[] = [];
    const store: MemoryStore = Object.assign(Object.create(h.store) as MemoryStore, {
      getDoc: async (agentId: string, doc: DocName) => {
        seen.push(`${doc} asked`);
        const stored = await h.store.getDoc(agentId, doc);
        seen.push(`${doc} read`);
        return stored;
      },
    });
    const handlers = createMemoryHandlers(store);
    await handlers.remember({ afterPosition: 0, includeRules: false, session: undefined, provenance: [], save: undefined, agentId: "a1", cycle: 1, entries: [entry("first")], touchIds: [] }, ctx);
    expect(seen.indexOf("wm asked")).toBeGreaterThanOrEqual(0);
    expect(seen.indexOf("wm asked")).toBeLessThan(seen.indexOf("session read"));
    // Both read ahead of the agent's lock: the second one's read is stale once the first has written.
    await Promise.all([2, 3].map((cycle) => handlers.remember({ afterPosition: 0, includeRules: false, session: undefined, provenance: [], save: undefined, agentId: "a1", cycle, entries: [entry(`note ${cycle}`)], touchIds: [] }, ctx)));
    const recent = await handlers.recent({ agentId: "a1", limit: 10, kinds: [], symbol: "" }, ctx);
    expect(recent.entries.map((e) => e.content).sort()).toEqual(["first", "note 2", "note 3"]);
  });

  it("SaveSession of the version this process saved last writes without reading the session first; another replica's save in between is still refused", async () => {
    const sessionReads = { n: 0 };
    const counting = (): MemoryStore =>
      Object.assign(Object.create(h.store) as MemoryStore, {
        getDoc: (agentId: string, doc: DocName) => {
          if (doc === "session") sessionReads.n++;
          return h.store.getDoc(agentId, doc);
        },
      });
    const [a, b] = [createMemoryHandlers(counting()), createMemoryHandlers(counting())];
    expect((await a.saveSession({ state: session("a1", 1), expectedVersion: 0 }, ctx)).version).toBe(1);
    expect(sessionReads.n).toBe(1); // the first save reads: nothing is known of the agent yet
    expect((await a.saveSession({ state: session("a1", 2), expectedVersion: 1 }, ctx)).version).toBe(2);
    expect((await a.saveSession({ state: session("a1", 3), expectedVersion: 2 }, ctx)).version).toBe(3);
    expect(sessionReads.n).toBe(1);
    // Another replica saves version 4; this one, still knowing version 3, is refused by the store and says why.
    expect((await b.saveSession({ state: session("a1", 4), expectedVersion: 3 }, ctx)).version).toBe(4);
    expect(await Promise.resolve(a.saveSession({ state: session("a1", 4, ["goal:moon"]), expectedVersion: 3 }, ctx)).catch((e: Error) => e.message)).toBe(
      "session of a1 is at version 4, not 3; load it again and retry",
    );
    const loaded = await a.loadSession({ agentId: "a1", resume: false }, ctx);
    expect([loaded.version, Number(loaded.state!.cycleCount)]).toEqual([4, 4]);
  });

  it("a read of working memory is the reader's own: changing what one read returned leaves the next read as stored", async () => {
    await h.handlers.remember({ afterPosition: 0, includeRules: false, session: undefined, provenance: [], save: undefined, agentId: "a1", cycle: 1, entries: [entry("first"), entry("second")], touchIds: [] }, ctx);
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
    for (let c = 1; c <= 4; c++) await h.handlers.remember({ afterPosition: 0, includeRules: false, session: undefined, provenance: [], save: undefined, agentId: "a1", cycle: c, entries: [decision(2 * c - 1), decision(2 * c)], touchIds: [], capacity: 2 }, ctx);
    const before = await h.handlers.toolHistory({ agentId: "a1", goalId: "goal:sun", limit: 20 }, ctx);
    expect(before.decisions.map((d) => d.id)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    await h.store.close();
    const store = await openFileStore({ dir: h.dir });
    const after = await createMemoryHandlers(store).toolHistory({ agentId: "a1", goalId: "goal:sun", limit: 20 }, ctx);
    await store.close();
    expect(after.decisions).toEqual(before.decisions);
    expect(after.decisions.find((d) => d.id === 1)).toMatchObject({ content: "Decide: tool=kg_query, step 1", symbols: ["goal:sun"], accessCycles: [] });
  });

  const docJson = async (doc: "wm" | "archive") => {
    const stored = await h.store.getDoc("a1", doc);
    return stored ? { revision: stored.revision, value: JSON.parse(Buffer.from(stored.value).toString()) as Record<string, unknown[]> } : undefined;
  };
  const decisionJson = (id: number, text: string) => ({ id, content: text, symbols: ["goal:sun"], kind: WorkingMemoryKind.DECISION, relevance: 0.1, sourceCycle: 1, toolName: "kg_query" });

  it("the archive is a document of its own, written only when decisions leave working memory", async () => {
    const decision = (n: number) => entry(`Decide: tool=kg_query, step ${n}`, { kind: WorkingMemoryKind.DECISION, symbols: ["goal:sun"], toolName: "kg_query", relevance: 0.1 });
    await h.handlers.remember({ afterPosition: 0, includeRules: false, session: undefined, provenance: [], save: undefined, agentId: "a1", cycle: 1, entries: [decision(1), decision(2)], touchIds: [], capacity: 2 }, ctx);
    expect(await docJson("archive")).toBeUndefined();
    // Full: decision 1 is evicted (and, memory being under pressure, decision 2 consolidated).
    await h.handlers.remember({ afterPosition: 0, includeRules: false, session: undefined, provenance: [], save: undefined, agentId: "a1", cycle: 2, entries: [decision(3)], touchIds: [], capacity: 2 }, ctx);
    const archive = await docJson("archive");
    const archivedIds = archive?.value["entries"]?.map((e) => (e as { id: number }).id);
    expect(archivedIds).toContain(1);
    const wm = await docJson("wm");
    expect(wm?.value["archive"]).toBeUndefined();
    expect(wm?.value["entries"]?.map((e) => (e as { id: number }).id)).toEqual([3]);
    // A touch changes working memory only.
    await h.handlers.remember({ afterPosition: 0, includeRules: false, session: undefined, provenance: [], save: undefined, agentId: "a1", cycle: 3, entries: [], touchIds: [3], capacity: 10 }, ctx);
    expect((await docJson("archive"))?.revision).toBe(archive?.revision);
  });

  it("a Remember turns only the entries it adds or touches into JSON, and the document holds every entry as proto JSON", async () => {
    const toJson = vi.spyOn(WorkingMemoryEntry, "toJSON");
    try {
      const first = Array.from({ length: 20 }, (_, i) => entry(`observation ${i}`));
      await h.handlers.remember({ afterPosition: 0, includeRules: false, session: undefined, provenance: [], save: undefined, agentId: "a1", cycle: 1, entries: first, touchIds: [], capacity: 50 }, ctx);
      expect(toJson).toHaveBeenCalledTimes(20);
      toJson.mockClear();
      await h.handlers.remember({ afterPosition: 0, includeRules: false, session: undefined, provenance: [], save: undefined, agentId: "a1", cycle: 2, entries: [entry("one more")], touchIds: [3, 5], capacity: 50 }, ctx);
      // One new entry and two touched ones (each a new entry object), not all 21.
      expect(toJson).toHaveBeenCalledTimes(3);
    } finally {
      toJson.mockRestore();
    }
    const wm = await docJson("wm");
    const live = (await h.handlers.recent({ agentId: "a1", limit: 50, kinds: [], symbol: "" }, ctx)).entries.reverse();
    expect(wm?.value["entries"]).toEqual(live.map((e) => WorkingMemoryEntry.toJSON(e)));
    // Byte for byte what JSON.stringify makes of the whole document.
    const stored = Buffer.from((await h.store.getDoc("a1", "wm"))!.value).toString();
    expect(stored).toBe(JSON.stringify({ nextId: 22, entries: live.map((e) => WorkingMemoryEntry.toJSON(e)), capacity: 50, resumedVersion: 0 }));
    expect(live.filter((e) => e.referenceCount > 0).map((e) => [e.id, e.accessCycles])).toEqual([
      [3, [2]],
      [5, [2]],
    ]);
  });

  it("an archive inside a working-memory document written before is read, and moved to its own document by the next write", async () => {
    const legacy = { nextId: 3, entries: [{ ...decisionJson(2, "Decide: live one"), referenceCount: 0, accessCycles: [] }], archive: [decisionJson(1, "Decide: archived one")], capacity: 10, resumedVersion: 0 };
    await h.store.putDoc("a1", "wm", new Uint8Array(Buffer.from(JSON.stringify(legacy))), 0);
    const history = async () => (await h.handlers.toolHistory({ agentId: "a1", goalId: "goal:sun", limit: 10 }, ctx)).decisions.map((d) => [d.id, d.content]);
    expect(await history()).toEqual([
      [2, "Decide: live one"],
      [1, "Decide: archived one"],
    ]);
    await h.handlers.remember({ afterPosition: 0, includeRules: false, session: undefined, provenance: [], save: undefined, agentId: "a1", cycle: 2, entries: [entry("an observation")], touchIds: [], capacity: 10 }, ctx);
    expect((await docJson("archive"))?.value["entries"]?.map((e) => (e as { id: number }).id)).toEqual([1]);
    expect((await docJson("wm"))?.value["archive"]).toBeUndefined();
    expect(await history()).toEqual([
      [2, "Decide: live one"],
      [1, "Decide: archived one"],
    ]);
  });

  it("a decision both archived and live (a write stopped between the two documents) is listed and archived once", async () => {
    const live = { nextId: 3, entries: [{ ...decisionJson(1, "Decide: one"), referenceCount: 0, accessCycles: [] }], capacity: 1, resumedVersion: 0 };
    await h.store.putDoc("a1", "archive", new Uint8Array(Buffer.from(JSON.stringify({ entries: [decisionJson(1, "Decide: one")] }))), 0);
    await h.store.putDoc("a1", "wm", new Uint8Array(Buffer.from(JSON.stringify(live))), 0);
    const history = async () => (await h.handlers.toolHistory({ agentId: "a1", goalId: "goal:sun", limit: 10 }, ctx)).decisions.map((d) => d.id);
    expect(await history()).toEqual([1]);
    // Evicting it archives nothing new.
    await h.handlers.remember({ afterPosition: 0, includeRules: false, session: undefined, provenance: [], save: undefined, agentId: "a1", cycle: 2, entries: [entry("next")], touchIds: [], capacity: 1 }, ctx);
    expect((await docJson("archive"))?.value["entries"]?.map((e) => (e as { id: number }).id)).toEqual([1]);
    expect(await history()).toEqual([1]);
  });
});
