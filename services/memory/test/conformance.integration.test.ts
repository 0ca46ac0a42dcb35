// One suite, two modes: embedded (files under a data directory, in-process
// bus) and distributed (JetStream KV on a real nats-server, NATS bus).
// Every rpc goes over the bus through the generated client.
import { connectNats, createClient, InProcessTransport, isBusError, type NatsTransport, type Transport } from "@boyd/bus";
import { DerivationKind, Fact, GoalStatus, MemoryServiceDefinition, ProvenanceRecord, WorkingMemoryKind } from "@boyd/proto";
import { startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFileStore, openKvStore, serveMemory, type MemoryStore } from "../src/index.js";
import { entry, session, tempDir } from "./fixtures/harness.js";

let nats: NatsServer;
beforeAll(async () => {
  nats = await startNats();
});
afterAll(async () => {
  await nats?.stop();
});

interface Mode {
  transport: Transport;
  /** Opens a store on the same durable state (a reopen after the previous one closed). */
  open: () => Promise<MemoryStore>;
  /**
   * Whether a second store may be open on the state beside the first (KV:
   * replicas share a bucket). Files: one store owns the directory, so
   * "another process" is the store reopened after the first closed.
   */
  shared: boolean;
  close: () => Promise<void>;
}

let bucketSeq = 0;
const modes: [string, () => Promise<Mode>][] = [
  [
    "embedded: files + in-process bus",
    async () => {
      const { dir, remove } = tempDir();
      return { transport: new InProcessTransport(), open: () => openFileStore({ dir }), shared: false, close: async () => remove() };
    },
  ],
  [
    "distributed: JetStream KV + NATS",
    async () => {
      const transport: NatsTransport = await connectNats({ servers: nats.url });
      const bucket = `memory_conformance_${process.pid}_${bucketSeq++}`;
      return { transport, open: () => openKvStore({ connection: transport.connection, bucket }), shared: true, close: () => transport.close() };
    },
  ],
];

describe.each(modes)("memory conformance (%s)", (_name, setup) => {
  let mode: Mode;
  let store: MemoryStore;
  let stop: () => Promise<void>;
  let client: ReturnType<typeof createClient<typeof MemoryServiceDefinition>>;
  const serve = async (): Promise<void> => {
    store = await mode.open();
    const binding = await serveMemory(mode.transport, store);
    stop = () => binding.stop();
  };
  beforeAll(async () => {
    mode = await setup();
    await serve();
    client = createClient(mode.transport, MemoryServiceDefinition, { timeoutMs: 10_000 });
  });

  /**
   * A store on the same durable state as another process sees it: opened
   * beside `store` where the state is shared (KV); where one store owns it
   * (files), `store` is stopped and closed, and reopened (and served again):
   * the reopened one is both. Closing it closes only one opened beside.
   */
  async function another(): Promise<{ store: MemoryStore; close(): Promise<void> }> {
    if (mode.shared) {
      const beside = await mode.open();
      return { store: beside, close: () => beside.close() };
    }
    await stop();
    await store.close();
    await serve();
    return { store, close: async () => {} };
  }
  afterAll(async () => {
    await stop?.();
    await store?.close();
    await mode?.close();
  });

  it("store port - documents compare-and-set on their revision; records are added once, in order, and removable", async () => {
    const bytes = (s: string) => new TextEncoder().encode(s);
    expect(await store.getDoc("port", "session")).toBeUndefined();
    const r1 = await store.putDoc("port", "session", bytes("one"), 0);
    await expect(store.putDoc("port", "session", bytes("again"), 0)).rejects.toMatchObject({ code: "ABORTED" });
    const r2 = await store.putDoc("port", "session", bytes("two"), r1);
    await expect(store.putDoc("port", "session", bytes("stale"), r1)).rejects.toMatchObject({ code: "ABORTED" });
    const doc = await store.getDoc("port", "session");
    expect(new TextDecoder().decode(doc!.value)).toBe("two");
    expect(doc!.revision).toBe(r2);
    expect(await store.addRecords("port", "facts", [{ id: "b", value: bytes("B") }, { id: "a:1/x", value: bytes("A") }, { id: "b", value: bytes("B2") }])).toEqual([true, true, false]);
    expect(await store.addRecords("port", "facts", [{ id: "c", value: bytes("C") }, { id: "a:1/x", value: bytes("A2") }])).toEqual([true, false]);
    await store.removeRecords("port", "facts", ["b", "missing"]);
    const read = await store.readRecords("port", "facts");
    expect(read.map((r) => [r.id, new TextDecoder().decode(r.value)])).toEqual([["a:1/x", "A"], ["c", "C"]]);
    // Another agent's state is separate, even with a look-alike id.
    expect(await store.readRecords("port.x", "facts")).toEqual([]);
  });

  it("store port - records added in one call (sent at once by the KV adapter) read back in the order given, duplicates refused", async () => {
    const bytes = (s: string) => new TextEncoder().encode(s);
    const ids = Array.from({ length: 60 }, (_, i) => `r${(i * 37) % 60}`);
    const added = await store.addRecords("batch", "provenance", [...ids, "r5", "r7"].map((id) => ({ id, value: bytes(id) })));
    expect(added).toEqual([...ids.map(() => true), false, false]);
    expect((await store.readRecords("batch", "provenance")).map((r) => r.id)).toEqual(ids);
  });

  it("store port - readRecordsById gives the records with those ids as readRecords does, undefined for the others, removed ones included", async () => {
    await store.addRecords("byid", "facts", ["f1", "f2", "f3"].map((id) => ({ id, value: new TextEncoder().encode(`value of ${id}`) })));
    await store.removeRecords("byid", "facts", ["f2"]);
    const whole = new Map((await store.readRecords("byid", "facts")).map((r) => [r.id, r]));
    const got = await store.readRecordsById("byid", "facts", ["f3", "f2", "nope", "f1"]);
    expect(got).toEqual([whole.get("f3"), undefined, undefined, whole.get("f1")]);
    expect(got.map((r) => r && new TextDecoder().decode(r.value))).toEqual(["value of f3", undefined, undefined, "value of f1"]);
    expect(await store.readRecordsById("nobody", "facts", ["f1"])).toEqual([undefined]);
  });

  it("store port - readChanges gives the whole log first, then only what was added, replaced or removed since its cursor", async () => {
    const bytes = (s: string) => new TextEncoder().encode(s);
    const text = (records: readonly { id: string; value: Uint8Array }[]) => records.map((r) => [r.id, new TextDecoder().decode(r.value)]);
    await store.addRecords("feed", "episodes", [{ id: "e1", value: bytes("one") }, { id: "e2", value: bytes("two") }]);
    const first = await store.readChanges("feed", "episodes", undefined);
    expect(first.reset).toBe(true);
    expect(text(first.upserts)).toEqual([["e1", "one"], ["e2", "two"]]);
    const unchanged = await store.readChanges("feed", "episodes", first.cursor);
    expect(unchanged).toMatchObject({ reset: false, upserts: [], removed: [] });
    await store.addRecords("feed", "episodes", [{ id: "e3", value: bytes("three") }]);
    await store.removeRecords("feed", "episodes", ["e1"]);
    const changed = await store.readChanges("feed", "episodes", unchanged.cursor);
    expect(changed.reset).toBe(false);
    expect(text(changed.upserts)).toEqual([["e3", "three"]]);
    expect(changed.removed).toEqual(["e1"]);
    // Removed and added again since the cursor: the record as it is now.
    await store.removeRecords("feed", "episodes", ["e2"]);
    await store.addRecords("feed", "episodes", [{ id: "e2", value: bytes("two again") }]);
    const back = await store.readChanges("feed", "episodes", changed.cursor);
    expect(text(back.upserts)).toEqual([["e2", "two again"]]);
    expect(back.removed).toEqual([]);
    // A cursor this store did not issue gets the whole log.
    const foreign = await store.readChanges("feed", "episodes", { journal: {}, position: 0 });
    expect(foreign.reset).toBe(true);
    expect(text(foreign.upserts)).toEqual(text(await store.readRecords("feed", "episodes")));
  });

  it("store port - readChangesSince: a stored position, even in another process, gives only the changes after it; one the store cannot follow gives the whole log", async () => {
    const bytes = (s: string) => new TextEncoder().encode(s);
    const text = (records: readonly { id: string; value: Uint8Array }[]) => records.map((r) => [r.id, new TextDecoder().decode(r.value)]);
    await store.addRecords("since", "facts", [{ id: "f1", value: bytes("one") }, { id: "f2", value: bytes("two") }]);
    const first = await store.readChangesSince("since", "facts", undefined);
    expect(first).toMatchObject({ reset: true, removed: [] });
    expect(text(first.upserts)).toEqual([["f1", "one"], ["f2", "two"]]);
    expect(await store.readChangesSince("since", "facts", first.position)).toEqual({ position: first.position, reset: false, upserts: [], removed: [] });
    await store.addRecords("since", "facts", [{ id: "f3", value: bytes("three") }]);
    await store.removeRecords("since", "facts", ["f1"]);
    const changed = await store.readChangesSince("since", "facts", first.position);
    expect(changed.reset).toBe(false);
    expect(text(changed.upserts)).toEqual([["f3", "three"]]);
    expect(changed.removed).toEqual(["f1"]);
    // Removed and added again: the record as it is now, moved to the end.
    await store.removeRecords("since", "facts", ["f2"]);
    await store.addRecords("since", "facts", [{ id: "f2", value: bytes("two again") }]);
    const back = await store.readChangesSince("since", "facts", changed.position);
    expect(text(back.upserts)).toEqual([["f2", "two again"]]);
    expect(back.removed).toEqual([]);
    // Another process (a reopened store) follows a position this one stored.
    const reopened = await another();
    try {
      const later = await reopened.store.readChangesSince("since", "facts", changed.position);
      expect(later.reset).toBe(false);
      expect(text(later.upserts)).toEqual([["f2", "two again"]]);
      expect(await reopened.store.readChangesSince("since", "facts", back.position)).toMatchObject({ reset: false, upserts: [], removed: [] });
    } finally {
      await reopened.close();
    }
    // A position of another store, or no position at all, gets the whole log; a log never written is empty.
    for (const stranger of ["kv:1:1", "0:2", "nonsense", "", "kv:-1:2"]) {
      const whole = await store.readChangesSince("since", "facts", stranger);
      if (whole.reset) expect(text(whole.upserts)).toEqual([["f3", "three"], ["f2", "two again"]]);
      else expect(whole.upserts.length + whole.removed.length).toBeGreaterThan(0); // one store's own kind of position, from the start
    }
    expect(await store.readChangesSince("since", "episodes", undefined)).toMatchObject({ reset: true, upserts: [], removed: [] });
  });

  it("store port - index documents: none at first, then the last one written, whole at any size (over NATS's 1 MB max_payload), per agent and log, also for another process", async () => {
    expect(await store.getIndexDoc("idx", "facts")).toBeUndefined();
    const small = new TextEncoder().encode("small index");
    expect(await store.putIndexDoc("idx", "facts", small)).toBe(true);
    const first = await store.getIndexDoc("idx", "facts");
    expect(Buffer.from(first!.value).equals(Buffer.from(small))).toBe(true);
    const large = new Uint8Array(2_500_000).map((_, i) => (i * 31 + (i >> 8)) & 0xff);
    expect(await store.putIndexDoc("idx", "facts", large)).toBe(true);
    const second = await store.getIndexDoc("idx", "facts");
    expect(Buffer.from(second!.value).equals(Buffer.from(large))).toBe(true);
    expect(second!.revision).not.toBe(first!.revision);
    expect(await store.getIndexDoc("idx", "episodes")).toBeUndefined();
    expect(await store.getIndexDoc("idx.x", "facts")).toBeUndefined();
    // An empty document is a document.
    expect(await store.putIndexDoc("idx", "episodes", new Uint8Array(0))).toBe(true);
    expect((await store.getIndexDoc("idx", "episodes"))?.value).toHaveLength(0);
    // Two writers at once: one whole document survives.
    const [a, b] = [new Uint8Array(1_200_000).fill(1), new Uint8Array(1_100_000).fill(2)];
    const wrote = await Promise.all([store.putIndexDoc("idx", "facts", a), store.putIndexDoc("idx", "facts", b)]);
    expect(wrote).toContain(true);
    const survivor = (await store.getIndexDoc("idx", "facts"))!.value;
    expect([Buffer.from(a), Buffer.from(b)].some((w) => w.equals(Buffer.from(survivor)))).toBe(true);
    const reopened = await another();
    try {
      expect(Buffer.from((await reopened.store.getIndexDoc("idx", "facts"))!.value).equals(Buffer.from(survivor))).toBe(true);
    } finally {
      await reopened.close();
    }
  });

  it("working memory - remember, recent and pressure over the bus; concurrent writers for one agent lose nothing", async () => {
    const writes = await Promise.all(Array.from({ length: 20 }, (_, i) => client.remember({ agentId: "wm", cycle: 1, entries: [entry(`parallel ${i}`)], capacity: 100 })));
    expect(writes.flatMap((w) => w.ids).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const recent = await client.recent({ agentId: "wm", limit: 100 });
    expect(recent).toMatchObject({ size: 20, capacity: 100, pressure: 0.2 });
    expect(new Set(recent.entries.map((e) => e.content)).size).toBe(20);
  });

  it("sessions - versions increase; a stale or premature version is ABORTED and changes nothing", async () => {
    const s1 = session("s1", 1);
    expect((await client.saveSession({ state: s1, expectedVersion: 0 })).version).toBe(1);
    const s2 = session("s1", 2);
    expect((await client.saveSession({ state: s2, expectedVersion: 1 })).version).toBe(2);
    for (const expectedVersion of [1, 0, 5]) {
      const err = await client.saveSession({ state: session("s1", 99), expectedVersion }).catch((e: unknown) => e);
      expect(isBusError(err, "ABORTED"), String(err)).toBe(true);
      expect((err as Error).message).toContain(`session of s1 is at version 2, not ${expectedVersion}`);
    }
    const loaded = await client.loadSession({ agentId: "s1" });
    expect(loaded.version).toBe(2);
    expect(loaded.state!.cycleCount).toBe(2);
    // Two controllers racing from the same version: exactly one wins.
    const race = await Promise.allSettled([3, 4, 5].map((c) => client.saveSession({ state: session("s1", c), expectedVersion: 2 })));
    expect(race.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(race.filter((r) => r.status === "rejected").every((r) => isBusError((r as PromiseRejectedResult).reason, "ABORTED"))).toBe(true);
    expect((await client.loadSession({ agentId: "s1" })).version).toBe(3);
    // A retry of the save that made version 3 (its reply lost) is answered
    // again; the same retry with other content is a competing writer.
    const winner = race.findIndex((r) => r.status === "fulfilled");
    expect((await client.saveSession({ state: session("s1", [3, 4, 5][winner]!), expectedVersion: 2 })).version).toBe(3);
    const other = await client.saveSession({ state: session("s1", 98), expectedVersion: 2 }).catch((e: unknown) => e);
    expect(isBusError(other, "ABORTED"), String(other)).toBe(true);
    expect((await client.loadSession({ agentId: "s1" })).version).toBe(3);
    const missing = await client.loadSession({ agentId: "nobody" }).catch((e: unknown) => e);
    expect(isBusError(missing, "NOT_FOUND")).toBe(true);
    const bad = await client.saveSession({ state: { ...session("s1", 4), goals: [{ ...session("s1", 4).goals[0]!, symbolId: "" }] }, expectedVersion: 3 }).catch((e: unknown) => e);
    expect(isBusError(bad, "INVALID_ARGUMENT") && bad.message).toBe("state.goals[0].symbol_id: is required");
  });

  it("resume - restores exactly the saved state and working memory, and injects a summary once", async () => {
    const state = session("r1", 7, ["goal:sun", "goal:moon"]);
    state.goals[1]!.status = GoalStatus.COMPLETED;
    await client.remember({ agentId: "r1", cycle: 7, entries: [entry("Decide: tool=kg_query", { kind: WorkingMemoryKind.DECISION, symbols: ["goal:sun"], toolName: "kg_query" }), entry("the sun is hot", { symbols: ["goal:sun"] })] });
    const { version } = await client.saveSession({ state, expectedVersion: 0 });
    const before = (await client.recent({ agentId: "r1", limit: 100 })).entries;
    const plain = await client.loadSession({ agentId: "r1" });
    expect({ ...plain.state, updatedAtUnixMs: 0, createdAtUnixMs: 0 }).toEqual({ ...state, workingMemory: [...before].reverse(), updatedAtUnixMs: 0, createdAtUnixMs: 0 });
    expect(plain.injectedIds).toEqual([]);
    const resumed = await client.loadSession({ agentId: "r1", resume: true });
    expect(resumed.version).toBe(version);
    expect(resumed.injectedIds).toEqual([3, 4, 5]);
    const injected = resumed.state!.workingMemory.filter((e) => resumed.injectedIds.includes(e.id)).map((e) => e.content);
    expect(injected).toEqual([
      "Previous session (through cycle 7): completed 1 of 2 goals",
      "Pending from last session: learn about sun",
      "Next steps: kg_query (Decide: tool=kg_query)",
    ]);
    expect(resumed.state!.workingMemory.slice(0, 2)).toEqual([...before].reverse());
    // A retried resume of the same version does not inject again.
    expect((await client.loadSession({ agentId: "r1", resume: true })).injectedIds).toEqual([]);
  });

  it("facts - TOOL_RESULT entries and RecordFacts are deduplicated by content; lengths outside 10..5000 are not facts", async () => {
    const text = "Echo: important finding about the code";
    const r = await client.remember({
      agentId: "f1",
      cycle: 2,
      entries: [entry(text, { kind: WorkingMemoryKind.TOOL_RESULT, toolName: "echo", symbols: ["code"] }), entry("ok", { kind: WorkingMemoryKind.TOOL_RESULT, toolName: "echo" }), entry("x".repeat(10_000), { kind: WorkingMemoryKind.TOOL_RESULT, toolName: "echo" })],
    });
    expect(r.facts).toHaveLength(1);
    expect(r.facts[0]).toMatchObject({ content: text, source: "tool:echo", tags: ["echo", "tool_result"], cycle: 2, agentId: "f1" });
    const again = await client.recordFacts({ agentId: "f1", facts: [Fact.fromPartial({ content: `  ${text}\n`, source: "tool:echo" }), Fact.fromPartial({ id: "mine", content: "Always run the tests before a commit", tags: ["preference"] })] });
    expect(again.ids).toEqual([r.facts[0]!.id, "mine"]);
    const twice = await client.recordFacts({ agentId: "f1", facts: [Fact.fromPartial({ content: "Always run the tests before a commit" })] });
    expect(twice.ids).toEqual(["mine"]);
    const recalled = await client.recall({ agentId: "f1", query: "finding in the code", includeFacts: true });
    expect(recalled.facts.map((f) => f.content)).toContain(text);
    expect(recalled.factScores).toHaveLength(recalled.facts.length);
    const bad = await client.recordFacts({ agentId: "f1", facts: [Fact.fromPartial({ content: "valid fact text" }), Fact.fromPartial({ content: "short" })] }).catch((e: unknown) => e);
    expect(isBusError(bad, "INVALID_ARGUMENT") && bad.message).toBe("facts[1].content: must be 10..5000 characters, got 5");
    const prov = await client.listProvenance({ agentId: "f1", kind: DerivationKind.TOOL_OUTPUT });
    expect(prov.records.map((p) => p.derivedId)).toEqual([r.facts[0]!.id, "mine"]);
  });

  it("rules - corrections distil into rules, grouped by context, bounded to 20, with preference facts verbatim", async () => {
    const correct = (original: string, corrected: string, context: string, toolName = "shell_exec") =>
      client.recordCorrection({ correction: { agentId: "k1", original, corrected, context, toolName } });
    await correct("shell_exec rm -rf build", "file_io delete build/", "Denied: deleting the build directory of the project (first try)");
    await correct("shell_exec rm -rf dist", "file_io delete dist/", "denied: deleting the build directory of the project, second try");
    await correct("file_write /etc/hosts", "", "Denied by the user: system file", "file_io");
    for (let i = 0; i < 25; i++) await correct(`http_fetch http://10.0.0.${i}`, "", `private address ${i} refused`, "http_fetch");
    await client.recordFacts({ agentId: "k1", facts: [Fact.fromPartial({ content: "Never push to main without review" })] });
    const { rules } = await client.listRules({ agentId: "k1" });
    expect(rules).toHaveLength(20);
    expect(rules[0]).toMatchObject({ text: "Based on 2 previous corrections: prefer file_io delete build/; file_io delete dist/", supportCount: 2, toolName: "shell_exec" });
    expect(rules[0]!.sourceIds).toHaveLength(2);
    const single = (await client.listRules({ agentId: "k1", limit: 20 })).rules.map((r) => r.text);
    expect(single).toContain("Never push to main without review");
    expect(single.some((t) => t.startsWith("Avoid 'http_fetch http://10.0.0.24'"))).toBe(true);
    expect((await client.listRules({ agentId: "k1", limit: 1 })).rules).toHaveLength(1);
    const bad = await client.recordCorrection({ correction: { agentId: "k1", original: "" } }).catch((e: unknown) => e);
    expect(isBusError(bad, "INVALID_ARGUMENT") && bad.message).toBe("correction.original: is required");
  });

  it("rules - a person's denial becomes a rule on that call with the correction weight, and RemoveRule forgets it durably", async () => {
    const deny = (original: string, cycle: number, by = "ann") =>
      client.recordCorrection({ correction: { agentId: "d1", original, context: `DENIED_BY_USER: denied by ${by}`, toolName: original.split(" ")[0]!, deniedByPerson: true, cycle, createdAtUnixMs: cycle } });
    await deny('shell_exec {"argv":["git","status"]}', 3);
    await deny('shell_exec {"argv":["git","status"]}', 7, "bob");
    await deny('shell_exec {"argv":["git","log"]}', 4);
    // A policy refusal with the same context is guidance only.
    await client.recordCorrection({ correction: { agentId: "d1", original: "http_fetch http://10.0.0.1", context: "DENIED_BY_POLICY: private address", toolName: "http_fetch" } });
    await client.recordFacts({ agentId: "d1", facts: [Fact.fromPartial({ content: "Prefer the staging server for tests", source: "user" })] });
    const { rules } = await client.listRules({ agentId: "d1" });
    expect(rules).toHaveLength(4);
    const status = rules.find((r) => r.matchCall === 'shell_exec {"argv":["git","status"]}')!;
    expect(status).toMatchObject({ text: "Avoid 'shell_exec {\"argv\":[\"git\",\"status\"]}' (denied by bob)", supportCount: 2, toolName: "shell_exec", scoreAdjustment: -0.3, origin: "denied by a person 2 times, last in cycle 7" });
    expect(rules.find((r) => r.matchCall === 'shell_exec {"argv":["git","log"]}')).toMatchObject({ supportCount: 1, scoreAdjustment: -0.3, origin: "denied by a person, last in cycle 4" });
    expect(rules.find((r) => r.toolName === "http_fetch")).toMatchObject({ matchCall: "", scoreAdjustment: 0 });
    expect(rules.find((r) => r.text === "Prefer the staging server for tests")).toMatchObject({ matchCall: "", scoreAdjustment: 0, origin: "a stated preference (from user)" });

    const removed = await client.removeRule({ agentId: "d1", ruleId: status.id });
    expect(removed).toMatchObject({ rule: { id: status.id }, correctionsRemoved: 2, factsRemoved: 0 });
    const preference = rules.find((r) => r.text.startsWith("Prefer"))!;
    expect(await client.removeRule({ agentId: "d1", ruleId: preference.id })).toMatchObject({ correctionsRemoved: 0, factsRemoved: 1 });
    // Gone for good: a reopened store agrees.
    await stop();
    await store.close();
    await serve();
    const left = (await client.listRules({ agentId: "d1" })).rules.map((r) => r.matchCall || r.text);
    expect(left.sort()).toEqual(["Avoid 'http_fetch http://10.0.0.1' (DENIED_BY_POLICY: private address)", 'shell_exec {"argv":["git","log"]}']);
    const missing = await client.removeRule({ agentId: "d1", ruleId: status.id }).catch((e: unknown) => e);
    expect(isBusError(missing, "NOT_FOUND") && missing.message).toBe(`rule "${status.id}" not found for agent d1 (list the agent's rules to see their ids)`);
    const empty = await client.removeRule({ agentId: "d1", ruleId: " " }).catch((e: unknown) => e);
    expect(isBusError(empty, "INVALID_ARGUMENT") && empty.message).toBe("rule_id: is required");
  });

  it("provenance - listed per agent, per derived id, per symbol, by cycle, in pages", async () => {
    const rec = (cycle: number, derivedId: string, sourceIds: string[]) =>
      ProvenanceRecord.fromPartial({ cycle, kind: DerivationKind.AGENT_DECISION, derivedId, sourceIds, confidence: 0.8, toolName: "kg_query", scoreBreakdown: "[score=0.85: base=0.80]", supportingTriples: [{ subject: "sun", predicate: "is_a", object: "star", confidence: 1 }] });
    const { ids } = await client.recordProvenance({ agentId: "p1", records: [rec(1, "decision:1", ["goal:sun"]), rec(2, "decision:2", ["goal:moon"]), rec(3, "decision:3", ["goal:sun"])] });
    expect(ids).toHaveLength(3);
    await client.recordProvenance({ agentId: "p2", records: [rec(1, "decision:1", ["goal:sun"])] });
    expect((await client.listProvenance({ agentId: "p1" })).records.map((r) => r.derivedId)).toEqual(["decision:1", "decision:2", "decision:3"]);
    expect((await client.listProvenance({ agentId: "p1", symbol: "goal:sun" })).records.map((r) => r.cycle)).toEqual([1, 3]);
    expect((await client.listProvenance({ agentId: "p1", symbol: "star" })).records).toHaveLength(3);
    expect((await client.listProvenance({ agentId: "p1", fromCycle: 2, toCycle: 2 })).records.map((r) => r.derivedId)).toEqual(["decision:2"]);
    const page1 = await client.listProvenance({ agentId: "p1", limit: 2 });
    const page2 = await client.listProvenance({ agentId: "p1", limit: 2, pageToken: page1.nextPageToken });
    expect([...page1.records, ...page2.records].map((r) => r.cycle)).toEqual([1, 2, 3]);
    expect(page2.nextPageToken).toBe("");
    expect(page1.records[0]).toMatchObject({ agentId: "p1", scoreBreakdown: "[score=0.85: base=0.80]", toolName: "kg_query" });
    const bad = await client.recordProvenance({ agentId: "p1", records: [rec(4, "ok", []), { ...rec(4, "", []) }] }).catch((e: unknown) => e);
    expect(isBusError(bad, "INVALID_ARGUMENT") && bad.message).toBe("records[1].derived_id: is required");
    expect((await client.listProvenance({ agentId: "p1" })).records).toHaveLength(3);
  });

  it("provenance with Remember - stored beside the entries as RecordProvenance stores it, listed the same; checked the same, nothing written on a refusal", async () => {
    const rec = (cycle: number, derivedId: string, more: Parameters<typeof ProvenanceRecord.fromPartial>[0] = {}) =>
      ProvenanceRecord.fromPartial({ cycle, kind: DerivationKind.AGENT_DECISION, derivedId, sourceIds: ["goal:sun"], confidence: 0.7, toolName: "kg_query", detail: "why", scoreBreakdown: "[score=0.7]", ...more });
    const records = [rec(1, "decision:pr:1"), rec(2, "decision:pr:2", { supportingTriples: [{ subject: "sun", predicate: "is_a", object: "star", confidence: 1 }] })];
    const remembered = await client.remember({ agentId: "pr1", cycle: 2, entries: [entry("decided", { symbols: ["goal:sun"] })], provenance: records });
    expect(remembered.ids).toHaveLength(1);
    expect(remembered.provenanceIds).toHaveLength(2);
    const { ids } = await client.recordProvenance({ agentId: "pr2", records });
    const listed = (await client.listProvenance({ agentId: "pr1" })).records;
    expect(listed.map((r) => r.id)).toEqual(remembered.provenanceIds);
    expect(remembered.provenanceIds.every((id) => /^prov:[0-9a-z]+-[0-9a-f]{10}$/.test(id))).toBe(true);
    // The same records as RecordProvenance's, apart from their fresh ids, times and agent.
    const comparable = (r: ProvenanceRecord) => ({ ...r, id: "", createdAtUnixMs: 0, agentId: "" });
    const viaRecord = (await client.listProvenance({ agentId: "pr2" })).records;
    expect(viaRecord.map((r) => r.id)).toEqual(ids);
    expect(listed.map(comparable)).toEqual(viaRecord.map(comparable));
    expect(listed.every((r) => r.agentId === "pr1" && r.createdAtUnixMs > 0)).toBe(true);
    // A given id is kept, and stored once however often it is sent (a retried Remember, then RecordProvenance).
    const given = rec(3, "decision:pr:3", { id: "prov:given-1" });
    expect((await client.remember({ agentId: "pr1", cycle: 3, entries: [], provenance: [given] })).provenanceIds).toEqual(["prov:given-1"]);
    expect((await client.remember({ agentId: "pr1", cycle: 3, entries: [], provenance: [given] })).provenanceIds).toEqual(["prov:given-1"]);
    expect((await client.recordProvenance({ agentId: "pr1", records: [given] })).ids).toEqual(["prov:given-1"]);
    expect((await client.listProvenance({ agentId: "pr1" })).records.map((r) => r.derivedId)).toEqual(["decision:pr:1", "decision:pr:2", "decision:pr:3"]);
    // Refused as RecordProvenance refuses, naming the field; neither the entries nor the records are written.
    const refusals: [ProvenanceRecord[], string][] = [
      [[rec(4, "ok"), rec(4, "")], "provenance[1].derived_id: is required"],
      [[rec(4, "ok", { agentId: "other" })], 'provenance[0].agent_id: is "other" but the request is for "pr1"'],
      [[rec(4, "ok", { confidence: 1.5 })], "provenance[0].confidence: must be in [0, 1], got 1.5"],
      [[rec(4, "ok", { supportingTriples: [{ subject: "sun", predicate: "", object: "star", confidence: 1 }] })], "provenance[0].supporting_triples[0]: needs subject, predicate and object"],
      [[rec(4, "a", { id: "prov:twice" }), rec(4, "b", { id: "prov:twice" })], 'provenance[1].id: "prov:twice" appears twice'],
    ];
    for (const [provenance, message] of refusals) {
      const bad = await client.remember({ agentId: "pr1", cycle: 4, entries: [entry("not written")], provenance }).catch((e: unknown) => e);
      expect(isBusError(bad, "INVALID_ARGUMENT") && bad.message).toBe(message);
      const viaRecordProvenance = await client.recordProvenance({ agentId: "pr1", records: provenance }).catch((e: unknown) => e);
      expect(isBusError(viaRecordProvenance, "INVALID_ARGUMENT") && viaRecordProvenance.message).toBe(message.replace(/^provenance/, "records"));
    }
    expect((await client.listProvenance({ agentId: "pr1" })).records).toHaveLength(3);
    expect((await client.recent({ agentId: "pr1", limit: 100 })).entries.map((e) => e.content)).toEqual(["decided"]);
    // Without provenance, none is written and no ids come back.
    expect((await client.remember({ agentId: "pr1", cycle: 5, entries: [entry("plain")] })).provenanceIds).toEqual([]);
    expect((await client.listProvenance({ agentId: "pr1" })).records).toHaveLength(3);
  });

  it("recall with recent_limit - working memory as Recent lists it comes back in the same call; without it, none", async () => {
    for (let cycle = 1; cycle <= 4; cycle++) await client.remember({ agentId: "rr1", cycle, entries: [entry(`note ${cycle} about the sun`, { symbols: ["goal:sun"], relevance: 0.95 })], capacity: 20 });
    await client.consolidate({ agentId: "rr1", cycle: 10, goalIds: ["goal:sun"], config: { minRelevance: 0.01 } });
    await client.remember({ agentId: "rr1", cycle: 5, entries: [entry("note 5 about the sun", { symbols: ["goal:sun"] }), entry("note 6 about the moon", { symbols: ["goal:moon"] })], capacity: 20 });
    const query = { agentId: "rr1", query: "the sun", symbols: ["goal:sun"], topK: 3, includeFacts: false };
    const both = await client.recall({ ...query, recentLimit: 3 });
    const alone = await client.recall(query);
    expect(both.recentIncluded).toBe(true);
    expect(both.recent).toEqual(await client.recent({ agentId: "rr1", limit: 3 }));
    expect(both.recent!.entries.map((e) => e.content)).toEqual(["note 6 about the moon", "note 5 about the sun"]);
    expect(both.episodes.length).toBeGreaterThan(0);
    // The same episodes, in the same order (their recency scores move with the clock between the calls).
    expect(both.episodes.map((e) => e.symbolId)).toEqual(alone.episodes.map((e) => e.symbolId));
    expect(alone.recentIncluded).toBe(false);
    expect(alone.recent).toBeUndefined();
    const bad = await client.recall({ ...query, recentLimit: 0 }).catch((e: unknown) => e);
    expect(isBusError(bad, "INVALID_ARGUMENT") && bad.message).toMatch(/^recent_limit: must be in 1\.\.\d+, got 0$/);
  });

  it("durability - a reopened store serves the same state", async () => {
    await client.remember({ agentId: "d1", cycle: 1, entries: [entry("remember me", { symbols: ["x"] })] });
    await client.saveSession({ state: session("d1", 1), expectedVersion: 0 });
    const reopened = await another();
    try {
      const transport = new InProcessTransport();
      const binding = await serveMemory(transport, reopened.store);
      const other = createClient(transport, MemoryServiceDefinition);
      const loaded = await other.loadSession({ agentId: "d1" });
      expect(loaded.version).toBe(1);
      expect(loaded.state!.workingMemory.map((e) => e.content)).toEqual(["remember me"]);
      await binding.stop();
      await transport.close();
    } finally {
      await reopened.close();
    }
  });
});
