import { BusError, renderVisibly, StatusCode, type StatusCodeName } from "@boyd/bus";
import {
  ActionOutcome,
  ApprovalVerdict,
  Capability,
  DangerLevel,
  SafetyVerdict,
  type ActionResult,
  type ActRequest,
  type IdempotencyKey,
  type ApprovalRequest,
  type SafetyAssessment,
  type ShadowCheck,
  type ToolOutput,
} from "@boyd/proto";
import type { ApprovalBroker } from "./approvals.js";
import { claimedCall, type Claim, type ClaimedCall, type IdempotencyLedger } from "./idempotency.js";
import { factFrom, type MemorySink } from "./memory-sink.js";
import type { ToolRegistry } from "./registry.js";
import { guard } from "./safety/guardian.js";
import type { CompiledPolicy } from "./safety/policy.js";
import { shadowCheck } from "./safety/shadow.js";
import type { SessionApprovals } from "./session-approvals.js";
import type { CallAssessment, CallContext, ToolDefinition, ToolRun } from "./tool.js";

/** Everything one call goes through, injected so handlers stay pure. */
export interface ActDeps {
  readonly registry: ToolRegistry;
  readonly policy: CompiledPolicy;
  readonly approvals: ApprovalBroker;
  /** What people answered in each session, shared by every replica. */
  readonly sessions: SessionApprovals;
  readonly ledger?: IdempotencyLedger | undefined;
  readonly memory?: MemorySink | undefined;
  /** @default 120000 */
  readonly approvalTimeoutMs?: number | undefined;
  readonly now?: (() => number) | undefined;
}

/** Longest run id a key may carry (a UUID is 36); longer ids would not fit a record key. */
const MAX_RUN_ID_CHARS = 100;

/**
 * Carries out one decision: validate the input, claim the idempotency key,
 * read the call (typed action details), shadow check, safety verdict and,
 * if needed, a human's approval, then run it under its time limit and cap
 * its output. Every refusal is an ActionResult with its outcome and a
 * status naming why; only a malformed request rejects. `caller` aborts
 * when the caller gives up: waits end, a started tool still finishes and
 * its result is recorded for a redelivery.
 */
export async function executeDecision(request: ActRequest, deps: ActDeps, caller?: AbortSignal): Promise<ActionResult> {
  const now = deps.now ?? Date.now;
  const startedAt = now();
  const decision = request.decision;
  const call = decision?.call;
  if (!decision || !call) throw new BusError("INVALID_ARGUMENT", "decision.call is required");
  if (!call.toolName) throw new BusError("INVALID_ARGUMENT", "decision.call.tool_name is empty");
  const agentId = request.agentId || decision.agentId;
  if (!agentId) throw new BusError("INVALID_ARGUMENT", "agent_id is empty (neither the request nor the decision names an agent)");
  const cycle = decision.cycle;
  const key = call.idempotencyKey ?? { agentId, cycle, step: 0, runId: "" };
  if (key.runId.length > MAX_RUN_ID_CHARS) throw new BusError("INVALID_ARGUMENT", `decision.call.idempotency_key.run_id is ${key.runId.length} characters; at most ${MAX_RUN_ID_CHARS}`);

  const base: ActionResult = {
    agentId,
    cycle,
    toolName: call.toolName,
    idempotencyKey: key,
    outcome: ActionOutcome.UNSPECIFIED,
    output: undefined,
    shadow: undefined,
    safety: undefined,
    approvalRequest: undefined,
    approval: undefined,
    startedAtUnixMs: startedAt,
    durationMs: 0,
  };
  const finish = (outcome: ActionOutcome, output: ToolOutput, extra: Partial<ActionResult> = {}): ActionResult => ({ ...base, ...extra, outcome, output, durationMs: now() - startedAt });

  // 1. Known tool, valid input: nothing runs otherwise, and nothing is claimed.
  let tool: ToolDefinition;
  let input: unknown;
  try {
    ({ tool, input } = deps.registry.parse(call.toolName, call.inputJson));
  } catch (err) {
    return finish(ActionOutcome.REJECTED, failedOutput(err));
  }
  const timeoutMs = positive(request.timeoutMs) ?? positive(tool.descriptor.timeoutMs) ?? 60_000;
  const controller = new AbortController();
  const numbers = reservedNumbers(request);
  const context: CallContext = {
    agentId,
    cycle,
    goalId: decision.goalId,
    step: key.step,
    signal: controller.signal,
    deadline: startedAt + timeoutMs,
    outputCapBytes: tool.descriptor.outputCapBytes || 64 * 1024,
    ...(tool.descriptor.capabilities.includes(Capability.USER_INTERACTION) ? { ask: askVia(deps.approvals, agentId, cycle, call.toolName, numbers) } : {}),
  };

  // 2. At most once per key: claimed before anything runs, except for a call
  // that only reads (see onlyReads), claimed only if it comes to ask a person.
  // The records of cycles the caller committed are no longer needed.
  deps.ledger?.committed(key.agentId, key.runId, Number(request.committedCycle));
  const approvalTimeoutMs = positive(request.approvalTimeoutMs) ?? deps.approvalTimeoutMs ?? 120_000;
  // The session's approval answers are read while the key is claimed: over NATS, two KV round trips
  // at once instead of one after the other. A failed read surfaces where the answers are needed.
  const sessionRead = deps.sessions.of(agentId, key.runId);
  sessionRead.catch(() => undefined);
  // Waiting for another replica's run of the same key ends when the caller gives up.
  const claimKey = async (): Promise<Claim | undefined> => deps.ledger?.claim(key, startedAt + approvalTimeoutMs + timeoutMs, caller, { sideEffects: tool.descriptor.hasSideEffects, made: claimedCall(call.toolName, call.inputJson) });
  const replayOf = (c: Claim | undefined): ActionResult | undefined => {
    if (c?.kind === "done") return { ...c.result, outcome: ActionOutcome.REPLAYED };
    if (c?.kind === "other") return finish(ActionOutcome.REPLAYED, failedOutput(new BusError("ABORTED", otherCallRan(key, c.ran, call.toolName))));
    if (c?.kind !== "interrupted") return undefined;
    return finish(ActionOutcome.REPLAYED, failedOutput(new BusError("ABORTED", `an earlier attempt of this call started at ${new Date(c.startedAt).toISOString()} and never finished; it is not run twice`)));
  };
  let claim = onlyReads(tool) ? undefined : await claimKey();
  const replay = replayOf(claim);
  if (replay) return replay;
  const record = (result: ActionResult): ActionResult => {
    if (claim?.kind === "run") claim.finish(result);
    return result;
  };

  try {
    // 3. What would the call do?
    let assessment: CallAssessment;
    try {
      assessment = await tool.assess(input, context);
    } catch (err) {
      const outcome = err instanceof BusError && err.code === "PERMISSION_DENIED" ? ActionOutcome.DENIED_BY_POLICY : ActionOutcome.REJECTED;
      if (outcome === ActionOutcome.REJECTED && claim?.kind === "run") await claim.release();
      const result = finish(outcome, failedOutput(err));
      if (outcome === ActionOutcome.DENIED_BY_POLICY) {
        correct(deps, result, call.inputJson, (err as Error).message);
        return record(result);
      }
      return result;
    }

    // A caller that stores the output as a fact itself (a cycle's Remember) gets no RecordFacts of it from here.
    const facts = request.callerRecordsFacts ? undefined : deps.memory;

    // A question to the person is not an action to vet: asking whether the
    // agent may ask would put the same person two questions (the reference
    // intercepts ask_user before its safety check for the same reason).
    if (isQuestion(assessment)) return record(await runChecked(tool, input, context, controller, timeoutMs, deps, finish, {}, facts));

    // 4. The psyche's veto.
    const shadow: ShadowCheck = shadowCheck(request.psyche, {
      toolName: call.toolName,
      capabilities: tool.descriptor.capabilities,
      danger: assessment.danger,
      description: `tool=${call.toolName} input=${call.inputJson}`,
    });
    if (shadow.vetoed) return record(finish(ActionOutcome.VETOED, failedOutput(new BusError("PERMISSION_DENIED", `vetoed by shadow pattern ${shadow.vetoPattern}: ${shadow.explanation}`)), { shadow }));

    // 5. Policy, then a human if the policy asks.
    const session = await sessionRead;
    const { safety, similarityKey } = guard(deps.policy, {
      toolName: call.toolName,
      assessment,
      mode: request.approvalMode,
      approvedKeys: new Set([...session.approved, ...request.approvedSimilarityKeys]),
      deniedKeys: session.denied,
    });
    const seen = { shadow, safety };
    if (safety.verdict === SafetyVerdict.DENIED) {
      const result = finish(ActionOutcome.DENIED_BY_POLICY, failedOutput(new BusError("PERMISSION_DENIED", safety.reason)), seen);
      correct(deps, result, call.inputJson, safety.reason);
      return record(result);
    }
    let approved: Pick<ActionResult, "approvalRequest" | "approval"> | Record<string, never> = {};
    if (safety.verdict === SafetyVerdict.REQUIRES_APPROVAL) {
      // A redelivered call must not put the same question to a person twice.
      if (!claim) {
        claim = await claimKey();
        const replayed = replayOf(claim);
        if (replayed) return replayed;
      }
      // A caller that gives up ends the wait: nobody would see the answer.
      const { request: asked, decision: answer } = await deps.approvals.ask(approvalDraft(agentId, cycle, call.toolName, tool, assessment, safety, similarityKey, decision.explanation?.reasoning ?? ""), approvalTimeoutMs, caller, numbers);
      approved = { approvalRequest: asked, approval: answer };
      if (answer.verdict === ApprovalVerdict.EXPIRED || answer.verdict === ApprovalVerdict.DENY) {
        const expired = answer.verdict === ApprovalVerdict.EXPIRED;
        const why = expired ? `approval expired: ${answer.comment}` : `denied by ${answer.answeredBy || "a person"}${answer.comment ? `: ${answer.comment}` : ""}`;
        const result = finish(expired ? ActionOutcome.APPROVAL_EXPIRED : ActionOutcome.DENIED_BY_USER, failedOutput(new BusError("PERMISSION_DENIED", why)), { ...seen, ...approved });
        if (!expired) await deps.sessions.deny(agentId, key.runId, similarityKey);
        correct(deps, result, call.inputJson, why, { approvalId: asked.id, guidance: answer.comment, deniedByPerson: !expired });
        return record(result);
      }
      if (answer.verdict === ApprovalVerdict.APPROVE_ALL_SIMILAR) await deps.sessions.approveAll(agentId, key.runId, similarityKey);
    }

    // 6. Run, within the time limit (approval waiting does not count).
    return record(await runChecked(tool, input, context, controller, timeoutMs, deps, finish, { ...seen, ...approved }, facts));
  } catch (err) {
    if (claim?.kind === "run") await claim.release();
    throw err;
  }
}

/**
 * Whether a call can only read: no side effects declared and no capability
 * that reaches past the agent's own knowledge (writes, processes, the
 * network, a person). Running such a call twice harms nothing, so it takes
 * no idempotency claim (one KV write in sequence before the tool over
 * NATS) and records no result: a redelivered call reads again.
 */
function onlyReads(tool: ToolDefinition): boolean {
  return !tool.descriptor.hasSideEffects && !tool.descriptor.capabilities.some((c) => ACTING_CAPABILITIES.has(c));
}

const ACTING_CAPABILITIES: ReadonlySet<Capability> = new Set([
  Capability.WRITE_KG,
  Capability.WRITE_FILESYSTEM,
  Capability.NETWORK,
  Capability.PROCESS_EXEC,
  Capability.USER_INTERACTION,
]);

type Finish = (outcome: ActionOutcome, output: ToolOutput, extra?: Partial<ActionResult>) => ActionResult;

function isQuestion(assessment: CallAssessment): boolean {
  return assessment.action.detail?.$case === "userQuestion";
}

/** Runs a call that passed its checks, within its time limit, and records a fact from its output in `facts`. */
async function runChecked(
  tool: ToolDefinition,
  input: unknown,
  context: CallContext,
  controller: AbortController,
  timeoutMs: number,
  deps: ActDeps,
  finish: Finish,
  seen: Partial<ActionResult>,
  facts: MemorySink | undefined,
): Promise<ActionResult> {
  const now = deps.now ?? Date.now;
  const runStart = now();
  const ran = await runWithin(tool, input, { ...context, deadline: runStart + timeoutMs }, controller, timeoutMs);
  const output = ran.ok ? capOutput(ran.run, context.outputCapBytes, now() - runStart) : { ...failedOutput(ran.error), durationMs: now() - runStart };
  const timedOut = !ran.ok && ran.error instanceof BusError && ran.error.code === "DEADLINE_EXCEEDED";
  const result = finish(timedOut ? ActionOutcome.TIMED_OUT : ActionOutcome.EXECUTED, output, seen);
  if (output.success) {
    const fact = factFrom(context.agentId, context.cycle, tool.descriptor.name, ran.ok ? ran.run.content : "", now());
    if (fact) facts?.recordFacts(context.agentId, [fact]);
  }
  return result;
}

type Ran = { ok: true; run: ToolRun } | { ok: false; error: unknown };

// The reason every finished call's signal is aborted with, made once and
// frozen (every call shares it): an error captures a stack trace when
// made, some 30 us on every tool run.
const CALL_FINISHED = Object.freeze(new BusError("CANCELLED", "call finished"));

// The tool gets an abort signal at the deadline; one that ignores it is
// abandoned (its result discarded) rather than allowed to hold the cycle.
async function runWithin(tool: ToolDefinition, input: unknown, context: CallContext, controller: AbortController, timeoutMs: number): Promise<Ran> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<Ran>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new BusError("DEADLINE_EXCEEDED", `${tool.descriptor.name} took longer than ${timeoutMs} ms and was stopped`));
      // Give a well-behaved tool a moment to clean up and report itself.
      setTimeout(() => resolve({ ok: false, error: controller.signal.reason }), 1_000).unref();
    }, timeoutMs);
  });
  try {
    return await Promise.race([
      tool.run(input, context).then(
        (run): Ran => ({ ok: true, run }),
        (error: unknown): Ran => ({ ok: false, error: controller.signal.aborted ? controller.signal.reason : error }),
      ),
      expired,
    ]);
  } finally {
    clearTimeout(timer);
    controller.abort(CALL_FINISHED);
  }
}

/** Cuts content to `capBytes` at a character boundary, reporting the original size. */
export function capOutput(run: ToolRun, capBytes: number, durationMs: number): ToolOutput {
  const bytes = Buffer.byteLength(run.content, "utf8");
  let content = run.content;
  if (bytes > capBytes) {
    content = Buffer.from(run.content, "utf8").subarray(0, capBytes).toString("utf8").replace(/\uFFFD$/, "");
  }
  return {
    success: !run.failure,
    content,
    symbolsInvolved: [...(run.symbols ?? [])],
    error: run.failure ? { code: StatusCode[run.failure.code], message: run.failure.message } : undefined,
    truncated: bytes > capBytes,
    outputBytes: bytes,
    durationMs,
    dataJson: run.data === undefined ? "" : JSON.stringify(run.data),
  };
}

function failedOutput(err: unknown): ToolOutput {
  const code: StatusCodeName = err instanceof BusError ? err.code : "INTERNAL";
  const message = err instanceof BusError ? err.message : `tool failed: ${(err as Error)?.message ?? String(err)}`;
  return { success: false, content: message, symbolsInvolved: [], error: { code: StatusCode[code], message }, truncated: false, outputBytes: 0, durationMs: 0, dataJson: "" };
}

/** Why a call was refused a key another call holds: a cycle run again that decided differently. */
function otherCallRan(key: IdempotencyKey, ran: ClaimedCall, toolName: string): string {
  const what = ran.tool === toolName ? `${ran.tool} with other input` : ran.tool;
  return `step ${key.step} of cycle ${key.cycle} already ran ${what}; this call is not run under its key, and that call's result is not this one's`;
}

function positive(n: number | undefined): number | undefined {
  return n !== undefined && n > 0 ? n : undefined;
}

function approvalDraft(
  agentId: string,
  cycle: number,
  toolName: string,
  tool: ToolDefinition,
  a: CallAssessment,
  safety: SafetyAssessment,
  similarityKey: string,
  reasoning: string,
): Omit<ApprovalRequest, "id" | "requestedAtUnixMs" | "deadlineUnixMs"> {
  return {
    agentId,
    cycle,
    toolName,
    danger: a.danger,
    capabilities: tool.descriptor.capabilities,
    subject: { $case: "action", value: a.action },
    reason: renderVisibly(safety.reason),
    agentReasoning: renderVisibly(reasoning),
    consequences: renderVisibly(a.consequences),
    reversible: a.reversible,
    // What a person approves: paths, diffs, argv, URLs may come from the agent or a file and must not move the cursor or erase.
    preview: renderVisibly(a.preview, { multiline: true }),
    similarityKey,
  };
}

// A user_interact question travels as an approval request whose answer's
// comment is the reply, so every client that answers approvals answers
// questions too.
/**
 * The event numbers the caller reserved for this call's approval events
 * (ActRequest.event_sequence_base/count), handed out in order; 0 once
 * they run out or when none were reserved.
 */
function reservedNumbers(request: ActRequest): () => number {
  const base = Number(request.eventSequenceBase);
  let used = 0;
  return () => (base > 0 && used < request.eventSequenceCount ? base + used++ : 0);
}

function askVia(broker: ApprovalBroker, agentId: string, cycle: number, toolName: string, numbers: () => number): NonNullable<CallContext["ask"]> {
  return async (question, options, timeoutMs) => {
    const { decision } = await broker.ask(
      {
        agentId,
        cycle,
        toolName,
        danger: DangerLevel.SAFE,
        capabilities: [Capability.USER_INTERACTION],
        subject: { $case: "action", value: { detail: { $case: "userQuestion", value: { question, options: [...options] } } } },
        reason: "the agent asks a question",
        agentReasoning: "",
        consequences: "the answer becomes the tool's output",
        reversible: true,
        preview: renderVisibly(options.length ? `${question} [${options.join(" / ")}]` : question, { multiline: true }),
        similarityKey: "",
      },
      timeoutMs,
      undefined,
      numbers,
    );
    if (decision.verdict === ApprovalVerdict.EXPIRED) throw new BusError("DEADLINE_EXCEEDED", `nobody answered within ${timeoutMs} ms`);
    if (decision.verdict === ApprovalVerdict.DENY) throw new BusError("PERMISSION_DENIED", `${decision.answeredBy || "the user"} declined to answer${decision.comment ? `: ${decision.comment}` : ""}`);
    return decision.comment;
  };
}

/** How a refusal came about, for {@link correct}. */
interface Refusal {
  readonly approvalId?: string;
  /** The answerer's comment. */
  readonly guidance?: string;
  /** A person said no (not a policy, not an expired wait): the agent learns to stop proposing the call. */
  readonly deniedByPerson?: boolean;
}

// A refusal teaches the agent something: it goes to memory as a correction.
function correct(deps: ActDeps, result: ActionResult, inputJson: string, reason: string, { approvalId = "", guidance = "", deniedByPerson = false }: Refusal = {}): void {
  const key = result.idempotencyKey;
  deps.memory?.recordCorrection({
    // One per call: a redelivered read (which takes no claim) refused again adds nothing.
    id: key ? `refusal-${key.runId}-${key.cycle}-${key.step}` : "",
    agentId: result.agentId,
    original: `${result.toolName} ${inputJson}`.slice(0, 2_000),
    corrected: guidance,
    context: `${ActionOutcome[result.outcome]}: ${reason}`.slice(0, 1_000),
    toolName: result.toolName,
    approvalId,
    cycle: result.cycle,
    createdAtUnixMs: result.startedAtUnixMs,
    deniedByPerson,
  });
}
