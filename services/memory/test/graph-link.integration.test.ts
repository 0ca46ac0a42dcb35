import { createClient, InProcessTransport } from "@boyd/bus";
import { openGraph, serveOrient } from "@boyd/orient";
import { ConsolidationTrigger, OrientServiceDefinition, WorkingMemoryKind } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { createMemoryHandlers, openFileStore, orientGraphLink } from "../src/index.js";
import { ctx, entry, tempDir } from "./fixtures/harness.js";

describe("graph link - a real orient service on the in-process bus", () => {
  it("episodes and facts become triples; goal neighbours score 0.8; degrees feed novelty", async () => {
    const graphDir = tempDir();
    const memDir = tempDir();
    const transport = new InProcessTransport();
    const { store: graph } = await openGraph({ dataDir: graphDir.dir });
    const binding = await serveOrient(transport, graph);
    const store = await openFileStore({ dir: memDir.dir });
    try {
      const orient = createClient(transport, OrientServiceDefinition);
      // goal:sun -> about -> sun; sun has four more edges.
      await orient.mutate({ agentId: "a1", add: ["goal:sun about sun", "sun is_a star", "sun part_of solar_system", "earth orbits sun", "sun emits light"].map((l) => { const [subject, predicate, object] = l.split(" ") as [string, string, string]; return { subject, predicate, object, confidence: 1 }; }) });
      const handlers = createMemoryHandlers(store, { graph: orientGraphLink(transport) });
      await handlers.remember({ afterPosition: 0, includeRules: false, session: undefined, provenance: [], save: undefined, agentId: "a1", cycle: 1, touchIds: [], entries: [entry("the sun shines", { symbols: ["sun"], kind: WorkingMemoryKind.INFERENCE }), entry("HTTP 200: the sun is a G-type star", { kind: WorkingMemoryKind.TOOL_RESULT, toolName: "http_fetch", symbols: ["sun"] })] }, ctx);
      const r = await handlers.consolidate({ agentId: "a1", cycle: 3, trigger: ConsolidationTrigger.MANUAL, goalIds: ["goal:sun"], config: { minRelevance: 0 } }, ctx);
      const [ep] = r.episodes;
      // goal relevance 0.8 (neighbour); novelty 1 / (1 + 0.2 * 6): sun's five edges plus the fact's agent:about edge
      // written by Remember; activation sigmoid(-0.5 ln 2).
      expect(ep!.relevanceScore).toBeCloseTo(0.4 * 0.8 + 0.3 / 2.2 + 0.3 / (1 + Math.SQRT2), 10);
      const learned = await orient.query({ subject: ep!.symbolId });
      expect(learned.triples.map((t) => `${t.predicate} ${t.object}`).sort()).toEqual(["agent:consolidation_reason reason:manual", "agent:has_tag tag:inference", "agent:learned sun", "agent:memory_type episodic_memory"]);
      expect(learned.triples.every((t) => t.source === "memory:consolidation" && Math.abs(t.confidence - ep!.relevanceScore) < 1e-9)).toBe(true);
      const factId = (await handlers.recall({ afterPosition: 0, agentId: "a1", query: "G-type star", symbols: [], includeFacts: true }, ctx)).facts[0]!.id;
      const fact = await orient.query({ subject: factId });
      expect(fact.triples.map((t) => `${t.predicate} ${t.object}`).sort()).toEqual(["agent:about sun", "agent:from_source tool:http_fetch", "agent:has_tag tag:http_fetch", "agent:has_tag tag:tool_result", "agent:memory_type fact_memory"]);
      expect(fact.triples.every((t) => t.source === "tool:http_fetch")).toBe(true);
    } finally {
      await binding.stop();
      await transport.close();
      await graph.close();
      await store.close();
      graphDir.remove();
      memDir.remove();
    }
  });

  it("orient unreachable - memory keeps working, says so in its log, and falls back to its own episodes for novelty", async () => {
    const dir = tempDir();
    const transport = new InProcessTransport(); // nobody serves orient here
    const store = await openFileStore({ dir: dir.dir });
    const unavailable: string[] = [];
    const warnings: string[] = [];
    try {
      const handlers = createMemoryHandlers(store, {
        graph: orientGraphLink(transport, { timeoutMs: 200, onUnavailable: (op) => unavailable.push(op) }),
        log: { warn: (_f, m) => warnings.push(m) },
      });
      const r = await handlers.remember({ afterPosition: 0, includeRules: false, session: undefined, provenance: [], save: undefined, agentId: "a1", cycle: 1, touchIds: [], entries: [entry("tool said something useful", { kind: WorkingMemoryKind.TOOL_RESULT, toolName: "echo", symbols: ["goal:x"] })] }, ctx);
      expect(r.facts).toHaveLength(1);
      const c = await handlers.consolidate({ agentId: "a1", cycle: 2, trigger: ConsolidationTrigger.MANUAL, goalIds: ["goal:x"], config: undefined }, ctx);
      expect(c.episodes).toHaveLength(1);
      expect(unavailable).toEqual(["link facts", "goal neighbours", "symbol degrees", "link episodes"]);
      expect(warnings).toEqual(["orient unreachable: facts kept in memory but not written to the graph", "orient unreachable: episodes kept in memory but not linked into the graph"]);
      expect((await handlers.recall({ afterPosition: 0, agentId: "a1", query: "", symbols: ["goal:x"], includeFacts: false }, ctx)).episodes).toHaveLength(1);
    } finally {
      await transport.close();
      await store.close();
      dir.remove();
    }
  });
});
