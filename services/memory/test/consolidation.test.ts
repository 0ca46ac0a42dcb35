import { AgentConfig, ConsolidationTrigger, DerivationKind, WorkingMemoryKind } from "@boyd/proto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { activation, consolidationSettings, scoreEntry } from "../src/index.js";
import { ctx, entry, filesHandlers, session } from "./fixtures/harness.js";

describe("consolidation - scoring", () => {
  const settings = consolidationSettings(undefined);
  const none = { goals: new Set<string>(), goalNeighbours: new Set<string>(), degree: new Map<string, number>() };

  it("activation - ACT-R base level: accesses sum (cycle - t)^-0.5, else reference count against age", () => {
    expect(activation(entry("x", { id: 1, sourceCycle: 6 }), 10)).toBeCloseTo(1 / 3, 10); // sigmoid(-0.5 ln 4)
    expect(activation(entry("x", { id: 1, sourceCycle: 1, accessCycles: [1, 9] }), 10)).toBeCloseTo(1 / (1 + 3 / 4), 10); // sigmoid(ln 4/3)
    // An access in the current cycle counts as elapsed 1, not infinity.
    expect(activation(entry("x", { id: 1, accessCycles: [10] }), 10)).toBeCloseTo(0.5, 10);
    expect(activation(entry("x", { id: 1, sourceCycle: 6, referenceCount: 3 }), 10)).toBeGreaterThan(activation(entry("x", { id: 1, sourceCycle: 6 }), 10));
  });

  it("score - 0.4 goal relevance (1.0 goal, 0.8 neighbour) + 0.3 novelty + 0.3 activation", () => {
    const ctxWith = { goals: new Set(["goal:sun"]), goalNeighbours: new Set(["sun"]), degree: new Map([["sun", 5]]) };
    const onGoal = scoreEntry(entry("x", { id: 1, symbols: ["goal:sun"], sourceCycle: 6 }), 10, ctxWith, settings);
    expect(onGoal).toMatchObject({ goalRelevance: 1, novelty: 1 });
    expect(onGoal.score).toBeCloseTo(0.4 + 0.3 + 0.1, 10);
    const neighbour = scoreEntry(entry("x", { id: 1, symbols: ["sun"], sourceCycle: 6 }), 10, ctxWith, settings);
    expect(neighbour).toMatchObject({ goalRelevance: 0.8, novelty: 0.5 }); // 1 / (1 + 0.2 * 5)
    const bare = scoreEntry(entry("x", { id: 1, sourceCycle: 6 }), 10, none, settings);
    expect(bare).toMatchObject({ goalRelevance: 0, novelty: 0.5 });
    expect(bare.score).toBeCloseTo(0.15 + 0.1, 10);
  });

  it("settings - defaults from akh-medu and the brief; out-of-range values are refused naming the field", () => {
    expect(settings).toEqual({ minRelevance: 0.5, goalRelevanceWeight: 0.4, noveltyWeight: 0.3, utilityWeight: 0.3, pressureThreshold: 0.8, autoConsolidateAt: undefined });
    expect(() => consolidationSettings({ minRelevance: 2 })).toThrow(/^config\.min_relevance: must be in \[0, 1\], got 2/);
  });
});

describe("consolidation - over the handlers", () => {
  let h: Awaited<ReturnType<typeof filesHandlers>>;
  beforeEach(async () => (h = await filesHandlers({ now: () => 1_700_000_000_000 })));
  afterEach(() => h.close());

  it("threshold - entries at or above min_relevance become episodes, every scored entry leaves, the current cycle stays", async () => {
    await h.handlers.remember(
      { afterPosition: 0, includeRules: false,
        agentId: "a1",
        session: undefined,
        provenance: [],
        save: undefined,
        cycle: 6,
        touchIds: [],
        entries: [
          entry("the sun is a G-type star", { symbols: ["goal:sun"], kind: WorkingMemoryKind.INFERENCE }),
          entry("a note about nothing"),
          entry("the moon orbits the earth", { symbols: ["moon"] }),
        ],
      },
      ctx,
    );
    await h.handlers.remember({ afterPosition: 0, includeRules: false, session: undefined, provenance: [], save: undefined, agentId: "a1", cycle: 10, touchIds: [], entries: [entry("still thinking", { symbols: ["goal:sun"] })] }, ctx);
    // "moon" scores exactly 0.3 * 1 + 0.3 * 1/3; use that as the threshold to test "at or above".
    const moon = scoreEntry(entry("m", { id: 3, symbols: ["moon"], sourceCycle: 6 }), 10, { goals: new Set(["goal:sun"]), goalNeighbours: new Set(), degree: new Map() }, consolidationSettings(undefined));
    const r = await h.handlers.consolidate(
      { agentId: "a1", cycle: 10, trigger: ConsolidationTrigger.MANUAL, goalIds: ["goal:sun"], config: { minRelevance: moon.score } },
      ctx,
    );
    expect(r.entriesScored).toBe(3);
    expect(r.entriesRemoved).toBe(3);
    expect(r.pressureBefore).toBeCloseTo(0.04);
    expect(r.pressureAfter).toBeCloseTo(0.01);
    expect(r.episodes.map((e) => e.symbolId)).toEqual(["episode:a1:1", "episode:a1:3"]);
    expect(r.episodes[0]).toMatchObject({
      goalId: "goal:sun",
      summary: "the sun is a G-type star",
      learnings: ["goal:sun"],
      tags: ["inference"],
      consolidationReason: "manual",
      derivationKind: DerivationKind.AGENT_CONSOLIDATION,
      sourceCycle: 6,
    });
    expect(r.episodes[0]!.relevanceScore).toBeCloseTo(0.8, 10);
    const left = await h.handlers.recent({ agentId: "a1", kinds: [], symbol: "" }, ctx);
    expect(left.entries.map((e) => e.content)).toEqual(["still thinking"]);
    // Each episode's provenance names the entry and the score breakdown.
    const prov = await h.handlers.listProvenance({ agentId: "a1", derivedId: "episode:a1:1", kind: 0, fromCycle: 0, toCycle: 0, pageToken: "", symbol: "" }, ctx);
    expect(prov.records).toHaveLength(1);
    expect(prov.records[0]).toMatchObject({ kind: DerivationKind.AGENT_CONSOLIDATION, sourceIds: ["wm:a1:1", "goal:sun"] });
    expect(prov.records[0]!.scoreBreakdown).toBe("score=0.800 goal=1.00 novelty=1.000 activation=0.333");
  });

  it("auto - pressure above 0.8 consolidates with the saved session's active goals; the tool history survives", async () => {
    await h.handlers.saveSession({ state: session("a1", 3, ["goal:sun"]), expectedVersion: 0 }, ctx);
    const decision = entry("Decide: tool=kg_query, score 0.85", { kind: WorkingMemoryKind.DECISION, symbols: ["goal:sun"], toolName: "kg_query", relevance: 0.7 });
    const batch = [decision, ...Array.from({ length: 7 }, (_, i) => entry(`observation ${i} about the sun`, { symbols: i % 2 ? ["goal:sun"] : [] }))];
    const first = await h.handlers.remember({ afterPosition: 0, includeRules: false, session: undefined, provenance: [], save: undefined, agentId: "a1", cycle: 3, touchIds: [], entries: batch, capacity: 10 }, ctx);
    expect(first).toMatchObject({ size: 8, pressure: 0.8 });
    expect(first.consolidation).toBeUndefined(); // 0.8 is not above 0.8
    const second = await h.handlers.remember({ afterPosition: 0, includeRules: false, session: undefined, provenance: [], save: undefined, agentId: "a1", cycle: 4, touchIds: [], entries: [entry("cycle four")], capacity: 10 }, ctx);
    expect(second.consolidation).toBeDefined();
    expect(second.consolidation!.entriesRemoved).toBe(8);
    expect(second.consolidation!.episodes.every((e) => e.consolidationReason === "pressure" && e.goalId === "goal:sun")).toBe(true);
    expect(second.consolidation!.episodes.map((e) => e.symbolId)).toContain("episode:a1:1");
    expect(second).toMatchObject({ size: 1, pressure: 0.1 });
    // The decision left working memory, but decide's per-goal history still sees it.
    const recent = await h.handlers.recent({ agentId: "a1", kinds: [WorkingMemoryKind.DECISION], symbol: "" }, ctx);
    expect(recent.entries).toEqual([]);
    const history = await h.handlers.toolHistory({ agentId: "a1", goalId: "goal:sun" }, ctx);
    expect(history.decisions.map((d) => [d.id, d.toolName, d.content])).toEqual([[1, "kg_query", "Decide: tool=kg_query, score 0.85"]]);
    expect((await h.handlers.toolHistory({ agentId: "a1", goalId: "goal:moon" }, ctx)).decisions).toEqual([]);
  });

  it("auto - an agent whose config turns auto_consolidate off only evicts", async () => {
    const state = session("a1", 1);
    state.config = AgentConfig.fromPartial({ autoConsolidate: false });
    await h.handlers.saveSession({ state, expectedVersion: 0 }, ctx);
    for (let c = 1; c <= 12; c++) {
      const r = await h.handlers.remember({ afterPosition: 0, includeRules: false, session: undefined, provenance: [], save: undefined, agentId: "a1", cycle: c, touchIds: [], entries: [entry(`e${c}`, { relevance: 0.9 })], capacity: 10 }, ctx);
      expect(r.consolidation).toBeUndefined();
      if (c > 10) expect(r.evictedIds).toEqual([c - 10]);
    }
  });
});
