import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { type BusError, connectNats, createClient, type NatsTransport } from "@boyd/bus";
import {
  ActionOutcome,
  ActServiceDefinition,
  ApprovalMode,
  ApprovalVerdict,
  Capability,
  DangerLevel,
  type ActRequest,
  type ApprovalRequest,
  type Event,
} from "@boyd/proto";
import { startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAct, type ActService } from "../src/index.js";
import { startHarness, type Harness } from "./fixtures/harness.js";

// Two act replicas on one NATS, sharing state through JetStream KV, as in a
// cluster: calls and answers are load-balanced between them.
let nats: NatsServer;
let a: NatsTransport;
let b: NatsTransport;
let c: NatsTransport;
let h: Harness;
let second: ActService;
let client: ReturnType<typeof createClient<typeof ActServiceDefinition>>;
const events: Event[] = [];
let cycle = 1000;

beforeAll(async () => {
  nats = await startNats();
  [a, b, c] = await Promise.all([connectNats({ servers: nats.url }), connectNats({ servers: nats.url }), connectNats({ servers: nats.url })]);
  h = await startHarness(a, { kvBucket: "act_approvals_test", config: { approvalTimeoutMs: 10_000, policy: { allow: { commands: ["sh"] } } } });
  second = await startAct({ transport: b, config: h.config });
  client = createClient(c, ActServiceDefinition, { timeoutMs: 30_000 });
  h.events.subscribe({}, (e) => void events.push(e));
  await a.flush();
});

afterAll(async () => {
  await second?.stop();
  await h?.close();
  for (const t of [a, b, c]) await t?.close();
  await nats?.stop();
});

/** Calls act from the third connection, with a fresh key unless one is given. */
function act(tool: string, input: unknown, extra: Partial<ActRequest> & { key?: { cycle: number; step: number; runId?: string } } = {}) {
  const { key, ...rest } = extra;
  const k = key ?? { cycle: ++cycle, step: 0 };
  return client.act({
    agentId: h.agentId,
    approvalMode: ApprovalMode.SAFE,
    ...rest,
    decision: { agentId: h.agentId, cycle: k.cycle, goalId: "g", call: { toolName: tool, inputJson: JSON.stringify(input), idempotencyKey: { agentId: h.agentId, ...k } }, explanation: { reasoning: "the goal asks for a report", confidence: 0.8, alternatives: [], strategy: "" } as never },
  });
}

/** Answers the next approval request for `tool` with `verdict`, from the third connection. */
function answerNext(tool: string, verdict: ApprovalVerdict, comment = ""): Promise<ApprovalRequest> {
  return new Promise((resolve, reject) => {
    const sub = h.events.subscribe({ agentId: h.agentId, kind: "approval.requested" }, (e) => {
      const request = e.kind?.$case === "approvalRequested" ? e.kind.value.request : undefined;
      if (request?.toolName !== tool) return;
      void sub.drain();
      client.resolveApproval({ decision: { approvalId: request.id, verdict, answeredBy: "reviewer", comment } }).then(() => resolve(request), reject);
    });
  });
}

describe("act - approvals end to end across replicas", () => {
  it("safe mode asks before a write; the approval shows a diff preview and the agent's reasoning; approving runs it", async () => {
    const answered = answerNext("file_io", ApprovalVerdict.APPROVE);
    const { result } = await act("file_io", { action: "write", path: "report.md", content: "# Report\nall good\n" });
    const request = await answered;
    expect(result!.outcome).toBe(ActionOutcome.EXECUTED);
    expect(request.preview).toContain("report.md");
    expect(request.subject?.$case === "action" && request.subject.value.detail?.$case === "fileWrite" && request.subject.value.detail.value.diffPreview).toContain("+all good");
    expect(request.agentReasoning).toBe("the goal asks for a report");
    expect(request.reason).toMatch(/safe mode asks/);
    expect(result!.approval!.verdict).toBe(ApprovalVerdict.APPROVE);
    expect(await readFile(join(h.workspace, "report.md"), "utf8")).toBe("# Report\nall good\n");
    const kinds = events.filter((e) => e.kind?.$case === "approvalResolved" && e.kind.value.decision?.approvalId === request.id);
    expect(kinds).toHaveLength(1);
  });

  it("a denial stops the call, says who denied and why, and is recorded as a correction in memory", async () => {
    const answered = answerNext("file_io", ApprovalVerdict.DENY, "never write secrets to disk");
    const { result } = await act("file_io", { action: "write", path: "keys.txt", content: "hunter2" });
    await answered;
    expect(result!.outcome).toBe(ActionOutcome.DENIED_BY_USER);
    expect(result!.output!.error!.message).toBe("denied by reviewer: never write secrets to disk");
    expect(existsSync(join(h.workspace, "keys.txt"))).toBe(false);
    await h.act.memory.flush();
    await second.memory.flush();
    const { rules } = await h.memory.listRules({ agentId: h.agentId });
    expect(rules.map((r) => r.text).join("\n")).toContain("never write secrets to disk");
  });

  it("approve-all-similar covers later calls with the same key, not other programs", async () => {
    const answered = answerNext("shell_exec", ApprovalVerdict.APPROVE_ALL_SIMILAR);
    const first = (await act("shell_exec", { argv: ["sh", "-c", "echo one"] }, { approvalMode: ApprovalMode.PARANOID })).result!;
    const request = await answered;
    expect(first.outcome).toBe(ActionOutcome.EXECUTED);
    expect(request.similarityKey).toBe("shell_exec:CRITICAL:sh");
    // The controller sends the session's approved keys; any replica honours them.
    const again = (await act("shell_exec", { argv: ["sh", "-c", "echo two"] }, { approvalMode: ApprovalMode.PARANOID, approvedSimilarityKeys: [request.similarityKey] })).result!;
    expect(again.outcome).toBe(ActionOutcome.EXECUTED);
    expect(again.approvalRequest).toBeUndefined();
    expect(again.safety!.reason).toContain("approved for this session");
  });

  it("no answer before the deadline is a denial; a late answer finds nothing", async () => {
    let seen: ApprovalRequest | undefined;
    const sub = h.events.subscribe({ agentId: h.agentId, kind: "approval.requested" }, (e) => {
      if (e.kind?.$case === "approvalRequested") seen = e.kind.value.request;
    });
    const { result } = await act("file_io", { action: "write", path: "late.txt", content: "x" }, { approvalTimeoutMs: 300 });
    await sub.drain();
    expect(result!.outcome).toBe(ActionOutcome.APPROVAL_EXPIRED);
    expect(result!.approval!.answeredBy).toBe("deadline");
    expect(existsSync(join(h.workspace, "late.txt"))).toBe(false);
    await expect(client.resolveApproval({ decision: { approvalId: seen!.id, verdict: ApprovalVerdict.APPROVE } })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("a caller that gives up ends the approval wait: the request expires and the late call is recorded as expired", async () => {
    const impatient = createClient(c, ActServiceDefinition, { timeoutMs: 400 });
    const key = { agentId: h.agentId, cycle: ++cycle, step: 0 };
    const resolved = new Promise<Event>((resolve) => {
      const sub = h.events.subscribe({ agentId: h.agentId, kind: "approval.resolved" }, (e) => {
        void sub.drain();
        resolve(e);
      });
    });
    const call = { toolName: "file_io", inputJson: JSON.stringify({ action: "write", path: "gave-up.txt", content: "x" }), idempotencyKey: key };
    await expect(impatient.act({ agentId: h.agentId, approvalMode: ApprovalMode.SAFE, decision: { agentId: h.agentId, cycle: key.cycle, call } })).rejects.toMatchObject({ code: "DEADLINE_EXCEEDED" });
    const event = await resolved;
    expect(event.kind?.$case === "approvalResolved" && event.kind.value.decision?.verdict).toBe(ApprovalVerdict.EXPIRED);
    const again = (await client.act({ agentId: h.agentId, approvalMode: ApprovalMode.SAFE, decision: { agentId: h.agentId, cycle: key.cycle, call } })).result!;
    expect(again.outcome).toBe(ActionOutcome.REPLAYED);
    expect(existsSync(join(h.workspace, "gave-up.txt"))).toBe(false);
  });

  it("an approval answers once: the second answer is NOT_FOUND; a bad verdict or id is INVALID_ARGUMENT", async () => {
    const asked = new Promise<ApprovalRequest>((resolve) => {
      const sub = h.events.subscribe({ agentId: h.agentId, kind: "approval.requested" }, (e) => {
        if (e.kind?.$case !== "approvalRequested") return;
        void sub.drain();
        resolve(e.kind.value.request!);
      });
    });
    const call = act("file_io", { action: "write", path: "twice.txt", content: "x" });
    const request = await asked;
    await expect(client.resolveApproval({ decision: { approvalId: request.id, verdict: ApprovalVerdict.EXPIRED } })).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
    await expect(client.resolveApproval({ decision: { approvalId: "not-an-id", verdict: ApprovalVerdict.APPROVE } })).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
    await client.resolveApproval({ decision: { approvalId: request.id, verdict: ApprovalVerdict.APPROVE } });
    await expect(client.resolveApproval({ decision: { approvalId: request.id, verdict: ApprovalVerdict.DENY } })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await call).result!.outcome).toBe(ActionOutcome.EXECUTED);
  });

  it("ask_user - a question to the person skips the safety gate: paranoid mode asks it once, and the answer is the output", async () => {
    const requests: ApprovalRequest[] = [];
    const sub = h.events.subscribe({ agentId: h.agentId, kind: "approval.requested" }, (e) => {
      const request = e.kind?.$case === "approvalRequested" ? e.kind.value.request : undefined;
      if (!request || request.toolName !== "user_interact") return;
      requests.push(request);
      // Whatever is asked is answered as a question would be, so a second prompt would show here.
      void client.resolveApproval({ decision: { approvalId: request.id, verdict: ApprovalVerdict.APPROVE, answeredBy: "reviewer", comment: "Mars" } });
    });
    // `about` names the call a question is about (a failed plan step's fallback carries it).
    const { result } = await act("user_interact", { question: "Which planet do you like best?", about: { tool: "file_io", input: { action: "read", path: "planets.md" } } }, { approvalMode: ApprovalMode.PARANOID });
    await sub.drain();
    expect(result!.outcome).toBe(ActionOutcome.EXECUTED);
    expect(result!.output!.content).toBe("Mars");
    expect(requests).toHaveLength(1);
    expect(requests[0]!.subject?.$case === "action" && requests[0]!.subject.value.detail?.$case).toBe("userQuestion");
    expect(result!.approvalRequest).toBeUndefined();
  });

  it("a shadow veto blocks the call before the guardian is asked", async () => {
    const psyche = {
      shadow: {
        vetoPatterns: [{ name: "destructive_action", capabilityTriggers: [], dangerLevelThreshold: DangerLevel.UNSPECIFIED, actionTriggers: ["rm -rf"], severity: 0.9, explanation: "destroys work" }],
        biasPatterns: [{ name: "shell_wary", capabilityTriggers: [Capability.PROCESS_EXEC], dangerLevelThreshold: DangerLevel.UNSPECIFIED, actionTriggers: [], severity: 0.3, explanation: "prefers not to run commands" }],
      },
    };
    const vetoed = (await act("shell_exec", { argv: ["sh", "-c", "rm -rf ./*"] }, { psyche: psyche as never, approvalMode: ApprovalMode.YOLO })).result!;
    expect(vetoed.outcome).toBe(ActionOutcome.VETOED);
    expect(vetoed.output!.error!.message).toContain("destructive_action: destroys work");
    expect(existsSync(join(h.workspace, "report.md"))).toBe(true);
    const biased = (await act("shell_exec", { argv: ["sh", "-c", "echo fine"] }, { psyche: psyche as never, approvalMode: ApprovalMode.YOLO })).result!;
    expect(biased.outcome).toBe(ActionOutcome.EXECUTED);
    expect(biased.shadow!.biasPatterns).toEqual(["shell_wary"]);
  });
});

describe("act - at most once per idempotency key", () => {
  it("a redelivered call returns the recorded result instead of acting twice", async () => {
    const key = { cycle: ++cycle, step: 0 };
    const input = { argv: ["sh", "-c", "echo ran >> once.log"] };
    const first = (await act("shell_exec", input, { key, approvalMode: ApprovalMode.YOLO })).result!;
    const again = (await act("shell_exec", input, { key, approvalMode: ApprovalMode.YOLO })).result!;
    expect(first.outcome).toBe(ActionOutcome.EXECUTED);
    expect(again.outcome).toBe(ActionOutcome.REPLAYED);
    expect(again.output!.success).toBe(true);
    expect(await readFile(join(h.workspace, "once.log"), "utf8")).toBe("ran\n");
  });

  it("the run is part of the key: a redelivery within a run replays, the same cycle and step of a new run (a session started over) executes", async () => {
    const at = ++cycle;
    const input = { argv: ["sh", "-c", "echo ran >> runs.log"] };
    const first = (await act("shell_exec", input, { key: { cycle: at, step: 0, runId: "run-a" }, approvalMode: ApprovalMode.YOLO })).result!;
    const redelivered = (await act("shell_exec", input, { key: { cycle: at, step: 0, runId: "run-a" }, approvalMode: ApprovalMode.YOLO })).result!;
    const newRun = (await act("shell_exec", input, { key: { cycle: at, step: 0, runId: "run-b" }, approvalMode: ApprovalMode.YOLO })).result!;
    expect([first.outcome, redelivered.outcome, newRun.outcome]).toEqual([ActionOutcome.EXECUTED, ActionOutcome.REPLAYED, ActionOutcome.EXECUTED]);
    expect(newRun.idempotencyKey).toMatchObject({ runId: "run-b", cycle: at, step: 0 });
    expect(await readFile(join(h.workspace, "runs.log"), "utf8")).toBe("ran\nran\n");
  });

  it("a run id too long for a record key is refused by name", async () => {
    const err = await act("kg_query", { symbol: "mars" }, { key: { cycle: ++cycle, step: 0, runId: "r".repeat(101) } }).then(
      () => undefined,
      (e: unknown) => e as BusError,
    );
    expect(err?.code).toBe("INVALID_ARGUMENT");
    expect(err?.message).toContain("decision.call.idempotency_key.run_id is 101 characters; at most 100");
  });

  it("two deliveries at once (on either replica) run once", async () => {
    const key = { cycle: ++cycle, step: 3 };
    const input = { argv: ["sh", "-c", "sleep 0.3; echo ran >> twice.log"] };
    const results = await Promise.all([0, 1, 2, 3].map(() => act("shell_exec", input, { key, approvalMode: ApprovalMode.YOLO })));
    const outcomes = results.map((r) => r.result!.outcome).sort();
    expect(outcomes).toEqual([ActionOutcome.EXECUTED, ActionOutcome.REPLAYED, ActionOutcome.REPLAYED, ActionOutcome.REPLAYED]);
    expect(await readFile(join(h.workspace, "twice.log"), "utf8")).toBe("ran\n");
  });

  it("a call refused for bad input claims nothing: fixed input under the same key runs", async () => {
    const key = { cycle: ++cycle, step: 0 };
    const bad = (await act("shell_exec", { argv: [] }, { key, approvalMode: ApprovalMode.YOLO })).result!;
    expect(bad.outcome).toBe(ActionOutcome.REJECTED);
    expect(bad.output!.error!.message).toMatch(/^shell_exec input: argv/);
    const good = (await act("shell_exec", { argv: ["sh", "-c", "echo fixed"] }, { key, approvalMode: ApprovalMode.YOLO })).result!;
    expect(good.outcome).toBe(ActionOutcome.EXECUTED);
    expect(good.output!.content).toBe("fixed\n");
  });
});
