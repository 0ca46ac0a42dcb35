// What a person answers for a session (deny, approve all similar) must hold
// on every act replica: two replicas, each with its own connection, record
// store and approval broker over one JetStream KV bucket, as in a cluster.
// Calls go to a chosen replica (the handlers directly), so "answered
// through A, asked through B" is deterministic.
import { ActionOutcome, ApprovalMode, ApprovalVerdict, Archetype, DangerLevel, ScoringMethod, ActRequest, type ActionResult } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApprovalBroker, compilePolicy, createActHandlers, defineTool, IdempotencyLedger, openKvRecordStore, PolicyConfig, SessionApprovals, ToolRegistry, type RecordStore } from "../src/index.js";
import { useNats } from "./fixtures/nats.js";

const { connect } = useNats();

/** A cautious tool with a side effect: safe mode asks a person before each call. */
const archive = defineTool({
  descriptor: {
    name: "archive_logs", description: "archive the logs", keywords: [], danger: DangerLevel.CAUTIOUS, capabilities: [], requiredParams: [], inputSchemaJson: "",
    hasSideEffects: true, timeoutMs: 1_000, outputCapBytes: 1_024, scoring: ScoringMethod.VSA_SEMANTIC, archetype: Archetype.EXPLORER, callBudget: 0,
  },
  input: z.object({}).strict(),
  assess: () => ({ action: { detail: { $case: "other", value: { summary: "archive" } } }, danger: DangerLevel.CAUTIOUS, reversible: false, preview: "archive", consequences: "", sideEffects: true }),
  run: () => Promise.resolve({ content: "archived" }),
});

/** One act replica whose person answers every question with `answer.verdict` (counting the questions). */
async function replica(bucket: string): Promise<{ act: (request: ActRequest) => Promise<ActionResult>; answer: { verdict: ApprovalVerdict }; asked: () => number }> {
  const transport = await connect();
  const store = await openKvRecordStore(transport.connection, { bucket });
  const answer = { verdict: ApprovalVerdict.DENY };
  let asked = 0;
  const approvals: ApprovalBroker = new ApprovalBroker(transport, (_agent, kind, event) => {
    if (kind === "approval.requested" && event.kind?.$case === "approvalRequested") {
      asked++;
      void approvals.resolve({ approvalId: event.kind.value.request!.id, agentId: "", verdict: answer.verdict, answeredBy: "ann", comment: "", decidedAtUnixMs: 0 });
    }
    return Promise.resolve();
  });
  const registry = new ToolRegistry();
  registry.register(archive);
  const handlers = createActHandlers({ registry, policy: compilePolicy(PolicyConfig.parse({})), approvals, sessions: new SessionApprovals(store), approvalTimeoutMs: 5_000 });
  return { act: async (request) => (await handlers.act(request, { signal: new AbortController().signal } as never)).result!, answer, asked: () => asked };
}

let cycle = 0;
const call = (agentId: string, runId: string, extra: Partial<ActRequest> = {}): ActRequest =>
  ActRequest.fromPartial({
    agentId,
    approvalMode: ApprovalMode.SAFE,
    approvalTimeoutMs: 5_000,
    timeoutMs: 1_000,
    ...extra,
    decision: { agentId, cycle: ++cycle, goalId: "g", call: { toolName: "archive_logs", inputJson: "{}", idempotencyKey: { agentId, cycle, step: 0, runId } } },
  });

describe("act - the session's answers are read while the call is claimed", () => {
  it("the read of the session's approvals starts before the claim is written, not after (one KV round trip fewer in sequence)", async () => {
    const transport = await connect();
    const kv = await openKvRecordStore(transport.connection, { bucket: "act_sessions_overlap" });
    const seen: string[] = [];
    const store: RecordStore = {
      ...kv,
      get: (key) => {
        if (key.startsWith("approvals/")) seen.push("session read");
        return kv.get(key);
      },
      create: async (key, value, options) => {
        const revision = await kv.create(key, value, options);
        seen.push("claim written");
        return revision;
      },
    };
    const registry = new ToolRegistry();
    registry.register(archive);
    const approvals = new ApprovalBroker(transport, () => Promise.resolve());
    const handlers = createActHandlers({ registry, policy: compilePolicy(PolicyConfig.parse({})), approvals, sessions: new SessionApprovals(store), ledger: new IdempotencyLedger(store), approvalTimeoutMs: 5_000 });
    const { result } = await handlers.act(call("cleo", "run-1", { approvalMode: ApprovalMode.YOLO }), { signal: new AbortController().signal } as never);
    expect(result!.outcome).toBe(ActionOutcome.EXECUTED);
    expect(seen).toEqual(["session read", "claim written"]);
  });
});

describe("act - session approvals are shared by replicas", () => {
  it("approve-all-similar answered through replica A lets replica B run the next similar call without asking", async () => {
    const [a, b] = [await replica("act_sessions_1"), await replica("act_sessions_1")];
    a.answer.verdict = ApprovalVerdict.APPROVE_ALL_SIMILAR;
    expect((await a.act(call("ann", "run-1"))).outcome).toBe(ActionOutcome.EXECUTED);
    // B's person would deny: B must not ask.
    const next = await b.act(call("ann", "run-1"));
    expect(b.asked()).toBe(0);
    expect(next.outcome).toBe(ActionOutcome.EXECUTED);
    expect(next.safety!.reason).toContain("approved for this session");
  });

  it("a denial through replica A makes replica B ask again even for a key the controller sends as approved", async () => {
    const [a, b] = [await replica("act_sessions_2"), await replica("act_sessions_2")];
    a.answer.verdict = ApprovalVerdict.DENY;
    expect((await a.act(call("bob", "run-1"))).outcome).toBe(ActionOutcome.DENIED_BY_USER);
    b.answer.verdict = ApprovalVerdict.APPROVE;
    const next = await b.act(call("bob", "run-1", { approvedSimilarityKeys: ["archive_logs:CAUTIOUS"] }));
    expect(b.asked()).toBe(1);
    expect(next.safety!.reason).toContain("was denied earlier this session");
    expect(next.outcome).toBe(ActionOutcome.EXECUTED);
  });

  it("a session started over (a new run) starts with no answers", async () => {
    const [a, b] = [await replica("act_sessions_3"), await replica("act_sessions_3")];
    a.answer.verdict = ApprovalVerdict.APPROVE_ALL_SIMILAR;
    await a.act(call("cy", "run-1"));
    b.answer.verdict = ApprovalVerdict.DENY;
    expect((await b.act(call("cy", "run-2"))).outcome).toBe(ActionOutcome.DENIED_BY_USER);
    expect(b.asked()).toBe(1);
  });
});
