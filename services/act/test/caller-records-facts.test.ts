// A successful call's output becomes a fact in memory. A controller's cycle
// stores it itself (its Remember's TOOL_RESULT entry, linked to the goal and
// symbols) and says so with ActRequest.caller_records_facts: act then sends
// no RecordFacts of it. Any other caller (boyd act run, an older controller)
// still gets the fact recorded by act.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InProcessTransport } from "@boyd/bus";
import { ActionOutcome, ActRequest, ApprovalMode, Archetype, DangerLevel, ScoringMethod, type Fact } from "@boyd/proto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApprovalBroker, compilePolicy, defineTool, executeDecision, openFileRecordStore, PolicyConfig, SessionApprovals, ToolRegistry, type MemorySink, type RecordStore } from "../src/index.js";

const lookup = defineTool({
  descriptor: {
    name: "lookup", description: "look something up", keywords: [], danger: DangerLevel.SAFE, capabilities: [], requiredParams: [], inputSchemaJson: "",
    hasSideEffects: false, timeoutMs: 1_000, outputCapBytes: 1_024, scoring: ScoringMethod.VSA_SEMANTIC, archetype: Archetype.EXPLORER, callBudget: 0,
  },
  input: z.object({ topic: z.string() }).strict(),
  assess: () => ({ action: { detail: { $case: "other", value: { summary: "lookup" } } }, danger: DangerLevel.SAFE, reversible: true, preview: "lookup", consequences: "", sideEffects: false }),
  run: (input: { topic: string }) => Promise.resolve({ content: `${input.topic} has two small moons` }),
});

describe("ActRequest.caller_records_facts", () => {
  let dir: string;
  let store: RecordStore;
  const recorded: Fact[] = [];
  const memory: MemorySink = { recordFacts: (_agent, facts) => void recorded.push(...facts), recordCorrection: () => undefined, flush: async () => {}, close: async () => {} };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "boyd-act-facts-"));
    store = await openFileRecordStore(dir);
    recorded.length = 0;
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const run = (cycle: number, topic: string, callerRecordsFacts: boolean) => {
    const registry = new ToolRegistry();
    registry.register(lookup);
    const deps = { registry, policy: compilePolicy(PolicyConfig.parse({})), approvals: new ApprovalBroker(new InProcessTransport(), () => Promise.resolve()), sessions: new SessionApprovals(store), memory };
    const request = ActRequest.fromPartial({
      agentId: "a1",
      approvalMode: ApprovalMode.YOLO,
      callerRecordsFacts,
      decision: { agentId: "a1", cycle, goalId: "g", call: { toolName: "lookup", inputJson: JSON.stringify({ topic }), idempotencyKey: { agentId: "a1", cycle, step: 0, runId: "run-1" } } },
    });
    return executeDecision(request, deps);
  };

  it("set: the call runs and answers as before, and act records no fact of it", async () => {
    const result = await run(1, "Mars", true);
    expect(ActionOutcome[result.outcome]).toBe("EXECUTED");
    expect(result.output?.content).toBe("Mars has two small moons");
    expect(recorded).toEqual([]);
  });

  it("unset (any other caller): act records the output as a fact", async () => {
    const result = await run(2, "Mars", false);
    expect(ActionOutcome[result.outcome]).toBe("EXECUTED");
    expect(recorded.map((f) => [f.content, f.source, f.cycle])).toEqual([["Mars has two small moons", "tool:lookup", 2]]);
  });
});
