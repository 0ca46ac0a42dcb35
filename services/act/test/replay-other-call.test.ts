// A call's idempotency key (agent, run, cycle, step) names a step, not a
// call. A cycle that is run again after a crash may decide differently (its
// memory moved on, or another replica decided it), and then asks act for a
// different tool or input under the same key. The recorded result belongs
// to the call that ran: handed back as this one's, the agent would take one
// tool's output as another's evidence. A different call under a used key is
// refused and nothing runs; the same call is replayed as before.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InProcessTransport } from "@boyd/bus";
import { ActionOutcome, ActRequest, ApprovalMode, Archetype, Capability, DangerLevel, ScoringMethod, StatusCode } from "@boyd/proto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApprovalBroker, compilePolicy, defineTool, executeDecision, IdempotencyLedger, openFileRecordStore, PolicyConfig, SessionApprovals, ToolRegistry, type RecordStore } from "../src/index.js";

/** A tool with a side effect (so its calls are claimed), whose output names its input. */
function writer(name: string, runs: string[]) {
  return defineTool({
    descriptor: {
      name, description: name, keywords: [], danger: DangerLevel.SAFE, capabilities: [Capability.MEMORY_ACCESS], requiredParams: [], inputSchemaJson: "",
      hasSideEffects: true, timeoutMs: 1_000, outputCapBytes: 1_024, scoring: ScoringMethod.VSA_SEMANTIC, archetype: Archetype.EXPLORER, callBudget: 0,
    },
    input: z.object({ text: z.string() }).strict(),
    assess: () => ({ action: { detail: { $case: "other", value: { summary: name } } }, danger: DangerLevel.SAFE, reversible: true, preview: name, consequences: "", sideEffects: true }),
    run: (input) => {
      runs.push(`${name}:${input.text}`);
      return Promise.resolve({ content: `${name} wrote ${input.text}` });
    },
  });
}

describe("act - a used idempotency key and a different call", () => {
  let dir: string;
  let store: RecordStore;
  let runs: string[];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "boyd-act-replay-"));
    store = await openFileRecordStore(dir);
    runs = [];
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const act = (toolName: string, text: string, ledger = new IdempotencyLedger(store)) => {
    const registry = new ToolRegistry();
    registry.register(writer("save_note", runs));
    registry.register(writer("append_log", runs));
    const deps = { registry, policy: compilePolicy(PolicyConfig.parse({})), approvals: new ApprovalBroker(new InProcessTransport(), () => Promise.resolve()), sessions: new SessionApprovals(store), ledger };
    const request = ActRequest.fromPartial({
      agentId: "ann",
      approvalMode: ApprovalMode.YOLO,
      decision: { agentId: "ann", cycle: 4, goalId: "g", call: { toolName, inputJson: JSON.stringify({ text }), idempotencyKey: { agentId: "ann", cycle: 4, step: 0, runId: "run-1" } } },
    });
    return executeDecision(request, deps, new AbortController().signal);
  };

  it("the same call again gets its recorded result back, without running twice", async () => {
    const first = await act("save_note", "mars has two moons");
    expect(first.outcome).toBe(ActionOutcome.EXECUTED);
    const again = await act("save_note", "mars has two moons");
    expect(again.outcome).toBe(ActionOutcome.REPLAYED);
    expect(again.output!.success).toBe(true);
    expect(again.output!.content).toBe("save_note wrote mars has two moons");
    expect(runs).toEqual(["save_note:mars has two moons"]);
  });

  it("another tool under the key gets no result of the call that ran, and does not run", async () => {
    await act("save_note", "mars has two moons");
    const other = await act("append_log", "saturn has rings");
    expect(other.outcome).toBe(ActionOutcome.REPLAYED);
    expect(other.output!.success).toBe(false);
    expect(other.output!.error!.code).toBe(StatusCode.ABORTED);
    expect(other.output!.content).not.toContain("mars has two moons");
    expect(other.output!.content).toMatch(/step 0 of cycle 4 already ran save_note/);
    expect(runs).toEqual(["save_note:mars has two moons"]);
  });

  it("the same tool with other input is refused too, also from a ledger opened afterwards", async () => {
    await act("save_note", "mars has two moons");
    const other = await act("save_note", "mars has three moons", new IdempotencyLedger(store));
    expect(other.output!.success).toBe(false);
    expect(other.output!.content).toMatch(/already ran save_note with other input/);
    expect(runs).toEqual(["save_note:mars has two moons"]);
  });
});
