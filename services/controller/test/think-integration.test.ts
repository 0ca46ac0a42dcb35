import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ActFileConfig, startAct, type ActService } from "@boyd/act";
import { createClient, InProcessTransport, type ServiceBinding } from "@boyd/bus";
import { GraphStore, openEmbeddedBackend } from "@boyd/graph";
import { openFileStore, serveMemory } from "@boyd/memory";
import { serveOrient } from "@boyd/orient";
import { ActServiceDefinition, ApprovalMode, LoopState, MemoryServiceDefinition } from "@boyd/proto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { librarySearchOracle, memoryColdStore, think } from "../src/index.js";

const WATER = `# Water

Water boils at 100 degrees Celsius at sea level, where the air pressure is one atmosphere.

At higher altitude the air pressure is lower, so water boils at a lower temperature.
`;

const ROCKETS = `# Rockets

A rocket carries its own oxidiser, so its engine works in the vacuum of space.

The first liquid-fuelled rocket flew in 1926.
`;

describe("think - over the real bus", () => {
  const transport = new InProcessTransport();
  const agentId = "thinker";
  let dir: string;
  let graph: GraphStore;
  let act: ActService;
  const bindings: ServiceBinding[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "boyd-think-"));
    graph = new GraphStore((await openEmbeddedBackend()).backend);
    bindings.push(await serveOrient(transport, graph));
    bindings.push(await serveMemory(transport, await openFileStore({ dir: join(dir, "memory") })));
    act = await startAct({ transport, config: { dataDir: join(dir, "state"), workspace: join(dir, "workspace"), configDir: dir, file: ActFileConfig.parse({}), kvBucket: undefined } });
  });

  afterAll(async () => {
    await act.stop();
    for (const b of bindings) await b.stop();
    await graph.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("think - ingested documents answer the question; it converges and promotes facts to memory", async () => {
    const client = createClient(transport, ActServiceDefinition, { timeoutMs: 30_000 });
    for (const [step, [source, text]] of [["water.md", WATER], ["rockets.md", ROCKETS]].entries()) {
      const { result } = await client.act({
        agentId,
        approvalMode: ApprovalMode.YOLO,
        decision: { agentId, cycle: 1, call: { toolName: "content_ingest", inputJson: JSON.stringify({ source, text }), idempotencyKey: { agentId, cycle: 1, step } } },
      });
      expect(result?.output?.success, result?.output?.error?.message).toBe(true);
    }

    const memory = createClient(transport, MemoryServiceDefinition, { timeoutMs: 10_000 });
    const r = await think("At what temperature does water boil at sea level?", librarySearchOracle(client, agentId, { cycle: 2 }), { coldStore: memoryColdStore(memory, agentId) });

    expect(r.state, r.reason).toBe(LoopState.CONVERGED);
    expect(r.steps.length).toBeLessThanOrEqual(3);
    expect(r.answer[0]!.passage).toContain("100 degrees Celsius at sea level");
    expect(r.promoted.length).toBeGreaterThan(0);
    expect(r.promoted.every((p) => p.id !== "")).toBe(true);

    const recalled = await memory.recall({ agentId, query: "water boils sea level", includeFacts: true, topK: 10 });
    const facts = recalled.facts.filter((f) => f.tags.includes("think"));
    expect(facts.map((f) => f.id).sort()).toEqual(r.promoted.map((p) => p.id).sort());
    expect(facts[0]!.source).toBe("think");
    expect(facts.some((f) => f.content.includes("100 degrees Celsius"))).toBe(true);
  });
});
