import { isBusError } from "@boyd/bus";
import { PressureLevel, WorkingMemoryKind } from "@boyd/proto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { evictionVictim, pressureLevel } from "../src/index.js";
import { ctx, entry, filesHandlers } from "./fixtures/harness.js";

describe("working memory", () => {
  let h: Awaited<ReturnType<typeof filesHandlers>>;
  beforeEach(async () => (h = await filesHandlers()));
  afterEach(() => h.close());

  const remember = async (entries: ReturnType<typeof entry>[], more: { capacity?: number; cycle?: number; touchIds?: number[] } = {}) =>
    h.handlers.remember({ afterPosition: 0, includeRules: false, session: undefined, provenance: [], save: undefined, agentId: "a1", cycle: more.cycle ?? 1, entries, touchIds: more.touchIds ?? [], capacity: more.capacity }, ctx);

  it("eviction - a full memory evicts the oldest low-relevance entry and keeps the new one", async () => {
    const first = await remember(
      [entry("important old", { relevance: 0.9 }), entry("trivial old", { relevance: 0.2 }), entry("trivial newer", { relevance: 0.1 }), entry("fine", { relevance: 0.6 })],
      { capacity: 4 },
    );
    expect(first.ids).toEqual([1, 2, 3, 4]);
    const second = await remember([entry("brand new", { relevance: 0.05 })], { capacity: 4 });
    // Oldest below 0.5 goes first, even though id 3 is less relevant; the new entry stays.
    expect(second.evictedIds).toEqual([2]);
    expect(second.ids).toEqual([5]);
    const third = await remember([entry("newest", { relevance: 0.05 })], { capacity: 4 });
    expect(third.evictedIds).toEqual([3]);
    const { entries } = await h.handlers.recent({ agentId: "a1", limit: 10, kinds: [], symbol: "" }, ctx);
    expect(entries.map((e) => e.content)).toEqual(["newest", "brand new", "fine", "important old"]);
  });

  it("eviction - with no low-relevance entry the least relevant goes, oldest first among equals", () => {
    const es = [entry("a", { id: 1, relevance: 0.8 }), entry("b", { id: 2, relevance: 0.6 }), entry("c", { id: 3, relevance: 0.6 }), entry("d", { id: 4, relevance: 0.1 })];
    expect(evictionVictim(es, new Set([4]))?.id).toBe(2);
    expect(evictionVictim(es, new Set())?.id).toBe(4);
  });

  it("pressure - size / capacity graded NORMAL, WARNING at 0.7, CRITICAL at 0.9", async () => {
    expect([0, 0.69, 0.7, 0.89, 0.9, 1].map(pressureLevel)).toEqual([
      PressureLevel.NORMAL,
      PressureLevel.NORMAL,
      PressureLevel.WARNING,
      PressureLevel.WARNING,
      PressureLevel.CRITICAL,
      PressureLevel.CRITICAL,
    ]);
    const levels: PressureLevel[] = [];
    const pressures: number[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await remember([entry(`e${i}`)], { capacity: 10, cycle: 5 });
      levels.push(r.pressureLevel);
      pressures.push(r.pressure);
    }
    expect(pressures).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]);
    expect(levels.slice(5)).toEqual([PressureLevel.NORMAL, PressureLevel.WARNING, PressureLevel.WARNING]);
    const recent = await h.handlers.recent({ agentId: "a1", kinds: [], symbol: "" }, ctx);
    expect(recent).toMatchObject({ size: 8, capacity: 10, pressure: 0.8, pressureLevel: PressureLevel.WARNING });
    // Entries of the cycle in progress are not consolidated, so the ninth stays and is graded critical.
    const ninth = await remember([entry("e8")], { capacity: 10, cycle: 5 });
    expect(ninth).toMatchObject({ size: 9, pressureLevel: PressureLevel.CRITICAL });
    expect(ninth.consolidation?.entriesScored).toBe(0);
  });

  it("recent - newest first, by kind and by symbol, default limit 5", async () => {
    await remember([
      entry("saw the sun", { kind: WorkingMemoryKind.OBSERVATION, symbols: ["sun"] }),
      entry("Decide: tool=kg_query", { kind: WorkingMemoryKind.DECISION, symbols: ["goal:sun"], toolName: "kg_query" }),
      entry("moon facts", { kind: WorkingMemoryKind.TOOL_RESULT, symbols: ["moon"], toolName: "kg_query" }),
      ...Array.from({ length: 4 }, (_, i) => entry(`note ${i}`)),
    ]);
    const all = await h.handlers.recent({ agentId: "a1", kinds: [], symbol: "" }, ctx);
    expect(all.entries.map((e) => e.content)).toEqual(["note 3", "note 2", "note 1", "note 0", "moon facts"]);
    const decisions = await h.handlers.recent({ agentId: "a1", kinds: [WorkingMemoryKind.DECISION], symbol: "", limit: 10 }, ctx);
    expect(decisions.entries.map((e) => e.id)).toEqual([2]);
    const sun = await h.handlers.recent({ agentId: "a1", kinds: [], symbol: "sun", limit: 10 }, ctx);
    expect(sun.entries.map((e) => e.content)).toEqual(["saw the sun"]);
  });

  it("reference counting - touching an entry counts the consultation and its cycle; unknown ids are reported", async () => {
    await remember([entry("x"), entry("y")], { cycle: 1 });
    const r = await remember([], { cycle: 3, touchIds: [1, 1, 99] });
    expect(r.unknownTouchIds).toEqual([99]);
    await remember([], { cycle: 4, touchIds: [1] });
    const { entries } = await h.handlers.recent({ agentId: "a1", kinds: [], symbol: "", limit: 5 }, ctx);
    expect(entries.find((e) => e.id === 1)).toMatchObject({ referenceCount: 3, accessCycles: [3, 3, 4] });
    expect(entries.find((e) => e.id === 2)).toMatchObject({ referenceCount: 0, accessCycles: [] });
  });

  it("bad input - refused naming the field, and nothing is written", async () => {
    await remember([entry("kept")]);
    const cases: [Parameters<typeof remember>[0], { capacity?: number }, RegExp][] = [
      [[entry("ok"), entry("", {})], {}, /^entries\[1\]\.content: is required/],
      [[entry("ok", { id: 7 })], {}, /^entries\[0\]\.id: must be 0/],
      [[entry("ok", { relevance: 1.5 })], {}, /^entries\[0\]\.relevance: must be in \[0, 1\]/],
      [[entry("ok", { kind: WorkingMemoryKind.UNSPECIFIED })], {}, /^entries\[0\]\.kind: 0 is not a working-memory kind/],
      [[entry("a"), entry("b"), entry("c")], { capacity: 2 }, /^entries: 3 entries do not fit a capacity of 2/],
      [[entry("ok")], { capacity: 0 }, /^capacity: must be in 1\.\.1000/],
    ];
    for (const [entries, more, message] of cases) {
      const err = await remember(entries, more).catch((e: unknown) => e);
      expect(isBusError(err, "INVALID_ARGUMENT"), String(err)).toBe(true);
      expect((err as Error).message).toMatch(message);
    }
    const bad = await Promise.resolve(h.handlers.remember({ afterPosition: 0, includeRules: false, session: undefined, provenance: [], save: undefined, agentId: "a.b", cycle: 1, entries: [], touchIds: [] }, ctx)).catch((e: unknown) => e);
    expect((bad as Error).message).toMatch(/^agent_id: "a\.b" is not a valid agent id/);
    const { entries, size } = await h.handlers.recent({ agentId: "a1", kinds: [], symbol: "" }, ctx);
    expect(size).toBe(1);
    expect(entries.map((e) => e.content)).toEqual(["kept"]);
  });

  it("a Remember sent again (its reply lost) adds nothing twice: the same ids back, touches counted once", async () => {
    const first = await remember([entry("seed", { timestampUnixMs: 1_000, sourceCycle: 1 })], { cycle: 1 });
    const stamped = (content: string, kind = WorkingMemoryKind.OBSERVATION) => entry(content, { kind, timestampUnixMs: 2_000, sourceCycle: 2 });
    const request = () => [stamped("the sun is a star"), stamped("kg_query executed", WorkingMemoryKind.ACTION), stamped("the sun is a star", WorkingMemoryKind.INFERENCE)];
    const sent = await remember(request(), { cycle: 2, touchIds: first.ids });
    const again = await remember(request(), { cycle: 2, touchIds: first.ids });
    expect(again.ids).toEqual(sent.ids);
    const { entries, size } = await h.handlers.recent({ agentId: "a1", limit: 10, kinds: [], symbol: "" }, ctx);
    expect(size).toBe(4);
    expect(entries.find((e) => e.content === "seed")!.referenceCount).toBe(1);
    // Not the same entries: another cycle, another time, or no time given (memory stamps it) are added anew.
    expect((await remember([entry("the sun is a star", { timestampUnixMs: 2_000, sourceCycle: 3 })], { cycle: 3 })).ids).toEqual([5]);
    expect((await remember([entry("the sun is a star", { timestampUnixMs: 2_001, sourceCycle: 2 })], { cycle: 2 })).ids).toEqual([6]);
    expect((await remember([entry("seed")], { cycle: 1 })).ids).toEqual([7]);
  });
});
