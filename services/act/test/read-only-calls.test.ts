// A call that can only read (no side effects declared, no capability that
// writes, starts processes, reaches the network or a person) takes no
// idempotency claim: over NATS the claim is a KV write in sequence before
// every tool run, and running a read twice harms nothing. Everything that
// can act on the world is still claimed before it runs, and a read that
// comes to ask a person is claimed before the question, so a redelivery
// never asks twice. A refusal's correction is keyed by the call, so a
// redelivered read refused again adds no second correction.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InProcessTransport } from "@boyd/bus";
import { ActionOutcome, ActRequest, ApprovalMode, ApprovalVerdict, Archetype, Capability, DangerLevel, ScoringMethod, type Correction } from "@boyd/proto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ApprovalBroker,
  compilePolicy,
  defineTool,
  executeDecision,
  IdempotencyLedger,
  openFileRecordStore,
  PolicyConfig,
  SessionApprovals,
  ToolRegistry,
  type MemorySink,
  type RecordStore,
} from "../src/index.js";

function toolOf(name: string, sideEffects: boolean, capabilities: Capability[], runs: { count: number }) {
  return defineTool({
    descriptor: {
      name, description: name, keywords: [], danger: DangerLevel.SAFE, capabilities, requiredParams: [], inputSchemaJson: "",
      hasSideEffects: sideEffects, timeoutMs: 1_000, outputCapBytes: 1_024, scoring: ScoringMethod.VSA_SEMANTIC, archetype: Archetype.EXPLORER, callBudget: 0,
    },
    input: z.object({}).strict(),
    assess: () => ({ action: { detail: { $case: "other", value: { summary: name } } }, danger: DangerLevel.SAFE, reversible: true, preview: name, consequences: "", sideEffects }),
    run: () => Promise.resolve({ content: `${name} run ${++runs.count}` }),
  });
}

describe("act - calls that only read", () => {
  let dir: string;
  let store: RecordStore;
  let claims: string[];
  let asked: number;
  const corrections: Correction[] = [];
  const runs = { count: 0 };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "boyd-act-reads-"));
    const files = await openFileRecordStore(dir);
    claims = [];
    store = { ...files, create: (key, value, options) => (claims.push(key), files.create(key, value, options)), close: () => files.close() };
    asked = 0;
    corrections.length = 0;
    runs.count = 0;
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const act = (toolName: string, mode: ApprovalMode, cycle = 7) => {
    const registry = new ToolRegistry();
    registry.register(toolOf("lookup", false, [Capability.READ_KG], runs));
    registry.register(toolOf("fetch_page", false, [Capability.NETWORK], runs));
    registry.register(toolOf("save_note", true, [Capability.MEMORY_ACCESS], runs));
    const memory: MemorySink = { recordFacts: () => undefined, recordCorrection: (c) => void corrections.push(c), flush: async () => {}, close: async () => {} };
    const approvals: ApprovalBroker = new ApprovalBroker(new InProcessTransport(), (_agent, kind, event) => {
      if (kind === "approval.requested" && event.kind?.$case === "approvalRequested") {
        asked++;
        void approvals.resolve({ approvalId: event.kind.value.request!.id, agentId: "", verdict: ApprovalVerdict.APPROVE, answeredBy: "ann", comment: "", decidedAtUnixMs: 0 });
      }
      return Promise.resolve();
    });
    const deps = { registry, policy: compilePolicy(PolicyConfig.parse({})), approvals, sessions: new SessionApprovals(store), ledger: new IdempotencyLedger(store), memory, approvalTimeoutMs: 5_000 };
    const request = ActRequest.fromPartial({
      agentId: "a1",
      approvalMode: mode,
      decision: { agentId: "a1", cycle, goalId: "g", call: { toolName, inputJson: "{}", idempotencyKey: { agentId: "a1", cycle, step: 0, runId: "run-1" } } },
    });
    return executeDecision(request, deps);
  };

  it("a read takes no claim, and a redelivered read runs again instead of replaying", async () => {
    const first = await act("lookup", ApprovalMode.CAUTIOUS);
    const again = await act("lookup", ApprovalMode.CAUTIOUS);
    expect([ActionOutcome[first.outcome], first.output?.content]).toEqual(["EXECUTED", "lookup run 1"]);
    expect([ActionOutcome[again.outcome], again.output?.content]).toEqual(["EXECUTED", "lookup run 2"]);
    expect(claims).toEqual([]);
  });

  it("a call with a side effect, or one that reaches the network, is claimed before it runs and replayed when redelivered", async () => {
    for (const [tool, cycle] of [["save_note", 1], ["fetch_page", 2]] as const) {
      const first = await act(tool, ApprovalMode.YOLO, cycle);
      const again = await act(tool, ApprovalMode.YOLO, cycle);
      expect(ActionOutcome[first.outcome]).toBe("EXECUTED");
      expect([ActionOutcome[again.outcome], again.output?.content]).toEqual(["REPLAYED", first.output?.content]);
    }
    // The redelivery tries to claim too, and finds the recorded result.
    expect(claims).toEqual(["calls/a1/run-run-1/1-0", "calls/a1/run-run-1/1-0", "calls/a1/run-run-1/2-0", "calls/a1/run-run-1/2-0"]);
    expect(runs.count).toBe(2);
  });

  it("a read that asks a person is claimed before the question: a redelivery replays the answer's run and asks nothing", async () => {
    const first = await act("lookup", ApprovalMode.PARANOID);
    const again = await act("lookup", ApprovalMode.PARANOID);
    expect(ActionOutcome[first.outcome]).toBe("EXECUTED");
    expect(ActionOutcome[again.outcome]).toBe("REPLAYED");
    expect(asked).toBe(1);
    expect(runs.count).toBe(1);
    expect(new Set(claims)).toEqual(new Set(["calls/a1/run-run-1/7-0"]));
  });

  it("a read refused by policy twice (a redelivery) leaves corrections with one id", async () => {
    // The policy denies every path, so a read of one is refused before any person is asked; memory adds a record id once.
    const denyAll = { deny: { paths: ["**"] } };
    const registry = new ToolRegistry();
    const readFile = defineTool({
      descriptor: {
        name: "read_file", description: "read a file", keywords: [], danger: DangerLevel.SAFE, capabilities: [Capability.READ_FILESYSTEM], requiredParams: [], inputSchemaJson: "",
        hasSideEffects: false, timeoutMs: 1_000, outputCapBytes: 1_024, scoring: ScoringMethod.VSA_SEMANTIC, archetype: Archetype.EXPLORER, callBudget: 0,
      },
      input: z.object({}).strict(),
      assess: () => ({ action: { detail: { $case: "fileRead", value: { path: "secrets.txt" } } }, danger: DangerLevel.SAFE, reversible: true, preview: "read", consequences: "", sideEffects: false }),
      run: () => Promise.resolve({ content: "never" }),
    });
    registry.register(readFile);
    const memory: MemorySink = { recordFacts: () => undefined, recordCorrection: (c) => void corrections.push(c), flush: async () => {}, close: async () => {} };
    const deps = { registry, policy: compilePolicy(PolicyConfig.parse(denyAll)), approvals: new ApprovalBroker(new InProcessTransport(), () => Promise.resolve()), sessions: new SessionApprovals(store), ledger: new IdempotencyLedger(store), memory };
    const request = ActRequest.fromPartial({
      agentId: "a1",
      approvalMode: ApprovalMode.CAUTIOUS,
      decision: { agentId: "a1", cycle: 3, goalId: "g", call: { toolName: "read_file", inputJson: "{}", idempotencyKey: { agentId: "a1", cycle: 3, step: 1, runId: "run-1" } } },
    });
    const results = [await executeDecision(request, deps), await executeDecision(request, deps)];
    expect(results.map((r) => ActionOutcome[r.outcome])).toEqual(["DENIED_BY_POLICY", "DENIED_BY_POLICY"]);
    expect(claims).toEqual([]);
    expect(corrections).toHaveLength(2);
    expect(new Set(corrections.map((c) => c.id)).size).toBe(1);
    expect(corrections[0]!.id).not.toBe("");
  });
});
