// An Act's result is recorded under its idempotency key for a redelivered
// call. The reply no longer waits for that write's acknowledgement (a KV
// round trip on every cycle's critical path), yet the record is sent first:
// over NATS the act service's one connection carries both, the record
// before the reply, so the server holds the record before the caller can
// act on the result.
import { createClient, serveService, type NatsTransport } from "@boyd/bus";
import { ActionOutcome, ActRequest, ActServiceDefinition, ApprovalMode, Archetype, DangerLevel, ScoringMethod } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApprovalBroker, compilePolicy, createActHandlers, defineTool, IdempotencyLedger, openKvRecordStore, PolicyConfig, SessionApprovals, ToolRegistry, type RecordStore } from "../src/index.js";
import { useNats } from "./fixtures/nats.js";

const { connect } = useNats();

/** A tool with a side effect (so its calls are claimed and recorded) that answers at once. */
const lookup = defineTool({
  descriptor: {
    name: "lookup", description: "look something up and note it", keywords: [], danger: DangerLevel.SAFE, capabilities: [], requiredParams: [], inputSchemaJson: "",
    hasSideEffects: true, timeoutMs: 1_000, outputCapBytes: 1_024, scoring: ScoringMethod.VSA_SEMANTIC, archetype: Archetype.EXPLORER, callBudget: 0,
  },
  input: z.object({}).strict(),
  assess: () => ({ action: { detail: { $case: "other", value: { summary: "lookup" } } }, danger: DangerLevel.SAFE, reversible: true, preview: "lookup", consequences: "", sideEffects: true }),
  run: () => Promise.resolve({ content: "found it" }),
});

function handlersOver(transport: NatsTransport, store: RecordStore, ledger: IdempotencyLedger) {
  const registry = new ToolRegistry();
  registry.register(lookup);
  return createActHandlers({ registry, policy: compilePolicy(PolicyConfig.parse({})), approvals: new ApprovalBroker(transport, () => Promise.resolve()), sessions: new SessionApprovals(store), ledger, approvalTimeoutMs: 5_000 });
}

const call = (agentId: string, cycle: number): ActRequest =>
  ActRequest.fromPartial({
    agentId,
    approvalMode: ApprovalMode.YOLO,
    timeoutMs: 1_000,
    decision: { agentId, cycle, goalId: "g", call: { toolName: "lookup", inputJson: "{}", idempotencyKey: { agentId, cycle, step: 0, runId: "run-1" } } },
  });

describe("act - the result record and the reply", () => {
  it("the reply does not wait for the record's acknowledgement; settled() does, and a redelivery then replays the result", async () => {
    const transport = await connect();
    const kv = await openKvRecordStore(transport.connection, { bucket: "act_result_ack" });
    let ack!: () => void;
    const acknowledged = new Promise<void>((resolve) => (ack = resolve));
    // The real write goes out at once; only its acknowledgement is held back.
    const store: RecordStore = { ...kv, update: (key, value, revision, options) => kv.update(key, value, revision, options).then(async (r) => (await acknowledged, r)) };
    const ledger = new IdempotencyLedger(store);
    const handlers = handlersOver(transport, store, ledger);
    const replied = Promise.resolve(handlers.act(call("ann", 1), { signal: new AbortController().signal } as never));
    const first = await Promise.race([replied, new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 2_000))]);
    expect(first === "waited" ? first : first.result!.outcome).toBe(ActionOutcome.EXECUTED);
    let settled = false;
    const settling = ledger.settled().then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(settled).toBe(false);
    ack();
    await settling;
    const again = await handlers.act(call("ann", 1), { signal: new AbortController().signal } as never);
    expect(again.result!.outcome).toBe(ActionOutcome.REPLAYED);
    expect(again.result!.output!.content).toBe("found it");
  }, 20_000);

  it("over NATS the record reaches the server before the reply does", async () => {
    const server = await connect();
    const store = await openKvRecordStore(server.connection, { bucket: "act_result_order" });
    const binding = await serveService(server, ActServiceDefinition, handlersOver(server, store, new IdempotencyLedger(store)));
    try {
      const caller = await connect();
      const records: string[] = [];
      // The caller's own connection sees the act service's record messages in the order that service sent them.
      const sub = caller.connection.subscribe("$KV.act_result_order.calls.>", {
        callback: (_err, m) => {
          records.push(new TextDecoder().decode(m.data));
        },
      });
      await caller.connection.flush();
      const act = createClient(caller, ActServiceDefinition, { timeoutMs: 5_000 });
      const reply = await act.act(call("bob", 1));
      expect(reply.result!.outcome).toBe(ActionOutcome.EXECUTED);
      expect(records.map((r) => (JSON.parse(r) as { state: string }).state)).toEqual(["running", "done"]);
      sub.unsubscribe();
    } finally {
      await binding.stop();
    }
  }, 20_000);
});
