// Every call with side effects leaves an idempotency record holding its
// whole result. Kept for ever, act's state grew with every such call an
// agent made (in memory too, in embedded mode). A caller now declares the
// cycles of its run it committed (ActRequest.committed_cycle); once a
// cycle has been declared for some minutes, the records of calls up to it
// go, with those of the agent's earlier runs. Until then a redelivery is
// still answered from its record; records of calls made by hand stay.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connectNats, InProcessTransport } from "@boyd/bus";
import { startNats } from "@boyd/testkit";
import { jetstreamManager } from "@nats-io/jetstream";
import { ActionOutcome, ActRequest, ApprovalMode, Archetype, Capability, DangerLevel, ScoringMethod } from "@boyd/proto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { FORGET_AFTER_MS, SWEEP_EVERY_MS } from "../src/committed-calls.js";
import { approvalsOfAnotherRun, callCommitted, runFolder } from "../src/state/record-keys.js";
import { ApprovalBroker, compilePolicy, defineTool, executeDecision, IdempotencyLedger, openFileRecordStore, openKvRecordStore, PolicyConfig, SessionApprovals, ToolRegistry, type RecordStore } from "../src/index.js";
import { useNats } from "./fixtures/nats.js";

describe("act - records of committed calls are forgotten", () => {
  let dir: string;
  let store: RecordStore;
  let clock: number;
  let ledger: IdempotencyLedger;
  let runs: number;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "boyd-act-forget-"));
    store = await openFileRecordStore(dir);
    clock = 1_700_000_000_000;
    ledger = new IdempotencyLedger(store, () => clock);
    runs = 0;
  });
  afterEach(async () => {
    await ledger.settled();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const note = defineTool({
    descriptor: {
      name: "save_note", description: "save a note", keywords: [], danger: DangerLevel.SAFE, capabilities: [Capability.MEMORY_ACCESS], requiredParams: [], inputSchemaJson: "",
      hasSideEffects: true, timeoutMs: 1_000, outputCapBytes: 1_024, scoring: ScoringMethod.VSA_SEMANTIC, archetype: Archetype.EXPLORER, callBudget: 0,
    },
    input: z.object({}).strict(),
    assess: () => ({ action: { detail: { $case: "other", value: { summary: "note" } } }, danger: DangerLevel.SAFE, reversible: true, preview: "note", consequences: "", sideEffects: true }),
    run: () => Promise.resolve({ content: `note ${++runs}` }),
  });

  const act = async (runId: string, cycle: number, committedCycle = Math.max(0, cycle - 1)) => {
    const registry = new ToolRegistry();
    registry.register(note);
    const deps = { registry, policy: compilePolicy(PolicyConfig.parse({})), approvals: new ApprovalBroker(new InProcessTransport(), () => Promise.resolve()), sessions: new SessionApprovals(store), ledger, now: () => clock };
    const request = ActRequest.fromPartial({
      agentId: "ann",
      approvalMode: ApprovalMode.YOLO,
      committedCycle,
      decision: { agentId: "ann", cycle, goalId: "g", call: { toolName: "save_note", inputJson: "{}", idempotencyKey: { agentId: "ann", cycle, step: 0, runId } } },
    });
    const result = await executeDecision(request, deps, new AbortController().signal);
    await ledger.settled();
    return result;
  };
  const kept = async () => (await store.keys("calls/ann")).sort();

  it("forgets a run's calls up to the cycle committed FORGET_AFTER_MS ago, and earlier runs' (their approval answers too), never hand-made ones", async () => {
    const approvals = new SessionApprovals(store);
    await approvals.approveAll("ann", "run-0", "save_note:*");
    await approvals.approveAll("ann", "run-1", "save_note:*");
    await approvals.deny("ann", "", "save_note:x");
    await act("run-0", 1);
    await act("", 3); // by hand: no run
    for (let cycle = 1; cycle <= 5; cycle++) await act("run-1", cycle);
    expect(await kept()).toHaveLength(7);

    clock += FORGET_AFTER_MS / 2;
    await act("run-1", 6);
    expect(await kept()).toHaveLength(8);
    // Within the lag a redelivered call of a committed cycle is still answered from its record.
    const again = await act("run-1", 3, 5);
    expect(again.outcome).toBe(ActionOutcome.REPLAYED);
    expect(runs).toBe(8);

    clock += FORGET_AFTER_MS / 2 + 1;
    await act("run-1", 7);
    // Cycles 1-4 were declared committed FORGET_AFTER_MS ago; 5 only half that.
    expect(await kept()).toEqual(["calls/ann/3-0", "calls/ann/run-run-1/5-0", "calls/ann/run-run-1/6-0", "calls/ann/run-run-1/7-0"]);
    // The earlier run's answers went with its calls; this run's, and those given without a run, stay.
    expect((await store.keys("approvals/ann")).sort()).toEqual(["approvals/ann/norun", "approvals/ann/run-run-1"]);
    expect((await approvals.of("ann", "run-1")).approved).toEqual(new Set(["save_note:*"]));

    // One sweep per agent per SWEEP_EVERY_MS.
    clock += SWEEP_EVERY_MS / 2;
    await act("run-1", 8);
    expect(await kept()).toHaveLength(5);
    clock += SWEEP_EVERY_MS / 2;
    await act("run-1", 9);
    expect(await kept()).toEqual(["calls/ann/3-0", "calls/ann/run-run-1/7-0", "calls/ann/run-run-1/8-0", "calls/ann/run-run-1/9-0"]);
  });

  it("a caller that declares nothing keeps every record", async () => {
    for (let cycle = 1; cycle <= 4; cycle++) {
      await act("run-1", cycle, 0);
      clock += FORGET_AFTER_MS;
    }
    expect(await kept()).toHaveLength(4);
  });

  it("an agent that runs for hours keeps a bounded number of records", async () => {
    let most = 0;
    for (let cycle = 1; cycle <= 400; cycle++) {
      await act("run-1", cycle);
      most = Math.max(most, (await kept()).length);
      clock += 10_000;
    }
    // Ten-second cycles: what the lag and the sweep interval hold, and no more.
    expect(most).toBeLessThanOrEqual((FORGET_AFTER_MS + SWEEP_EVERY_MS) / 10_000 + 2);
    expect((await kept()).length).toBeLessThan(130);
    expect(runs).toBe(400);
  }, 30_000);

  it("reads approval keys as written: another run's go, this run's and those without a run stay", () => {
    expect(approvalsOfAnotherRun("approvals/ann/run-r0", runFolder("r1"))).toBe(true);
    expect(approvalsOfAnotherRun("approvals/ann/run-r1", runFolder("r1"))).toBe(false);
    expect(approvalsOfAnotherRun("approvals/ann/norun", runFolder("r1"))).toBe(false);
  });

  it("reads record keys as written: other runs and cycles up to the bound go, hand-made calls and odd keys stay", () => {
    expect(callCommitted("calls/ann/run-r1/4-0", runFolder("r1"), 4)).toBe(true);
    expect(callCommitted("calls/ann/run-r1/5-0", runFolder("r1"), 4)).toBe(false);
    expect(callCommitted("calls/ann/run-r0/99-1", runFolder("r1"), 4)).toBe(true);
    expect(callCommitted("calls/ann/3-0", runFolder("r1"), 4)).toBe(false);
    expect(callCommitted("calls/ann/run-r1/x-0", runFolder("r1"), 4)).toBe(false);
    expect(callCommitted("calls/ann/run-r1", runFolder("r1"), 4)).toBe(false);
  });
});

describe("act - a forgotten record over JetStream KV", () => {
  const { connect } = useNats();

  it("leaves nothing in the bucket's stream, not even a delete marker, and its key may be claimed again", async () => {
    const transport = await connect();
    const store = await openKvRecordStore(transport.connection, { bucket: "act_forget" });
    const ledger = new IdempotencyLedger(store);
    const key = { agentId: "ann", cycle: 2, step: 0, runId: "run-1" };
    const claim = await ledger.claim(key, Date.now() + 60_000);
    if (claim.kind !== "run") throw new Error(`claimed as ${claim.kind}`);
    claim.finish({ toolName: "save_note" } as never);
    await ledger.settled();
    await store.create("calls/ann/run-run-1/3-0", new Uint8Array([1]));
    const messages = async () => Number((await (await jetstreamManager(transport.connection)).streams.info("KV_act_forget")).state.messages);
    expect(await messages()).toBe(2);
    await store.delete("calls/ann/run-run-1/2-0");
    expect(await messages()).toBe(1);
    expect(await store.keys("calls/ann")).toEqual(["calls/ann/run-run-1/3-0"]);
    expect((await ledger.claim(key, Date.now() + 60_000)).kind).toBe("run");
  }, 20_000);

  it("a NATS user not allowed to purge the stream (permissions from before) still deletes, leaving a delete marker", async () => {
    const limited = await startNats({
      extraConfig: `authorization { users = [ { user: "act", password: "pw", permissions: { publish: { deny: ["$JS.API.STREAM.PURGE.>"] } } } ] }`,
    });
    const user = await connectNats({ servers: limited.url, user: "act", pass: "pw" });
    try {
      const store = await openKvRecordStore(user.connection, { bucket: "act_forget_old" });
      await store.create("calls/ann/run-r/1-0", new Uint8Array([1]));
      await store.delete("calls/ann/run-r/1-0");
      expect(await store.get("calls/ann/run-r/1-0")).toBeUndefined();
      expect(await store.keys("calls/ann")).toEqual([]);
      expect(await store.create("calls/ann/run-r/1-0", new Uint8Array([2]))).toBeGreaterThan(0);
    } finally {
      await user.close();
      await limited.stop();
    }
  }, 20_000);
});
