import { randomUUID } from "node:crypto";
import { BusError, decodeMessageHeader, encodeMessageHeader, Header, isStatusCodeName, type Envelope, type Transport } from "@boyd/bus";
import { ApprovalDecision, ApprovalRequest, ApprovalVerdict, type Event } from "@boyd/proto";

/** Where approval events go (the agent's event stream). */
export type EventPublisher = (agentId: string, kind: "approval.requested" | "approval.resolved", event: Event) => Promise<unknown>;

/** Prefix of the subjects on which a waiting act replica takes answers. */
export const APPROVAL_PREFIX = "boyd.approvals.v1";

/**
 * Approval requests and their answers, across replicas.
 *
 * The replica that needs an answer publishes an `approval.requested` event
 * and serves `boyd.approvals.v1.<id>` until the deadline. An answer may
 * reach any replica (ResolveApproval is load-balanced): that replica
 * forwards it to the subject, so the one waiting takes it. The pending set
 * is therefore shared without a store: a request is pending exactly while
 * someone serves its subject, and "nobody serves it" is NOT_FOUND.
 */
export class ApprovalBroker {
  constructor(
    private readonly transport: Transport,
    private readonly publish: EventPublisher,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Raises `request` (its id and times are filled in) and resolves with
   * the answer: a person's, or EXPIRED with answered_by "deadline" once
   * `timeoutMs` passes or `signal` aborts. Never rejects for a missing
   * answer; an expiry is a denial the caller must honour.
   */
  async ask(
    draft: Omit<ApprovalRequest, "id" | "requestedAtUnixMs" | "deadlineUnixMs">,
    timeoutMs: number,
    signal?: AbortSignal,
    /** Numbers of the two events in the agent's event sequence (reserved by the caller); 0 when none. */
    sequence: () => number = () => 0,
  ): Promise<{ request: ApprovalRequest; decision: ApprovalDecision }> {
    const requestedAt = this.now();
    const request: ApprovalRequest = { ...draft, id: randomUUID().replaceAll("-", ""), requestedAtUnixMs: requestedAt, deadlineUnixMs: requestedAt + timeoutMs };
    let settle!: (d: ApprovalDecision) => void;
    const answered = new Promise<ApprovalDecision>((resolve) => (settle = resolve));
    let open = true;
    const subscription = this.transport.serve(subjectOf(request.id), request.id, async (message): Promise<Envelope> => {
      let decision: ApprovalDecision;
      try {
        decision = ApprovalDecision.decode(message.data);
      } catch {
        return failure("INVALID_ARGUMENT", "malformed ApprovalDecision");
      }
      const problem = checkAnswer(decision, request);
      if (problem) return failure("INVALID_ARGUMENT", problem);
      if (!open) return failure("NOT_FOUND", `approval ${request.id} was already answered`);
      open = false;
      settle({ ...decision, agentId: request.agentId, decidedAtUnixMs: decision.decidedAtUnixMs || this.now() });
      return { data: ApprovalRequest.encode(request).finish(), headers: {} };
    });
    const expire = (): void => {
      if (!open) return;
      open = false;
      settle({ approvalId: request.id, agentId: request.agentId, verdict: ApprovalVerdict.EXPIRED, answeredBy: "deadline", comment: signal?.aborted ? "the call was cancelled" : `no answer within ${timeoutMs} ms`, decidedAtUnixMs: this.now() });
    };
    const timer = setTimeout(expire, timeoutMs);
    signal?.addEventListener("abort", expire, { once: true });
    try {
      // Serve first, then announce, so an instant answer finds someone.
      await this.transport.flush();
      await this.publish(request.agentId, "approval.requested", event(request.agentId, request.cycle, this.now(), sequence(), { $case: "approvalRequested", value: { request } }));
      const decision = await answered;
      await this.publish(request.agentId, "approval.resolved", event(request.agentId, request.cycle, this.now(), sequence(), { $case: "approvalResolved", value: { decision } }));
      return { request, decision };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", expire);
      await subscription.drain();
    }
  }

  /**
   * Delivers an answer to whichever replica waits for it and returns the
   * request it answered. NOT_FOUND when no one waits (unknown, expired or
   * already answered); INVALID_ARGUMENT for an answer that is no answer.
   */
  async resolve(decision: ApprovalDecision, timeoutMs = 5_000): Promise<ApprovalRequest> {
    if (!/^[0-9a-f]{32}$/.test(decision.approvalId)) throw new BusError("INVALID_ARGUMENT", `approval_id ${JSON.stringify(decision.approvalId)} is not an approval id`);
    const verdictProblem = checkVerdict(decision.verdict);
    if (verdictProblem) throw new BusError("INVALID_ARGUMENT", verdictProblem);
    let reply: Envelope;
    try {
      reply = await this.transport.request(subjectOf(decision.approvalId), { data: ApprovalDecision.encode(decision).finish(), headers: {} }, timeoutMs);
    } catch (err) {
      if (err instanceof BusError && err.code === "UNAVAILABLE") throw new BusError("NOT_FOUND", `no pending approval ${decision.approvalId} (unknown, expired or already answered)`);
      throw err;
    }
    const status = reply.headers[Header.status];
    if (status && status !== "OK") throw new BusError(isStatusCodeName(status) ? status : "UNKNOWN", decodeMessageHeader(reply.headers[Header.message] ?? status));
    return ApprovalRequest.decode(reply.data);
  }
}

function subjectOf(id: string): string {
  return `${APPROVAL_PREFIX}.${id}`;
}

function checkVerdict(verdict: ApprovalVerdict): string | undefined {
  const ok = [ApprovalVerdict.APPROVE, ApprovalVerdict.DENY, ApprovalVerdict.APPROVE_ALL_SIMILAR];
  return ok.includes(verdict) ? undefined : `verdict must be APPROVE, DENY or APPROVE_ALL_SIMILAR, got ${ApprovalVerdict[verdict] ?? verdict}`;
}

function checkAnswer(decision: ApprovalDecision, request: ApprovalRequest): string | undefined {
  if (decision.agentId && decision.agentId !== request.agentId) return `approval ${request.id} belongs to agent ${request.agentId}, not ${decision.agentId}`;
  return checkVerdict(decision.verdict);
}

function failure(code: string, message: string): Envelope {
  return { data: new Uint8Array(), headers: { [Header.status]: code, [Header.message]: encodeMessageHeader(message) } };
}

function event(agentId: string, cycle: number, time: number, sequence: number, kind: Event["kind"]): Event {
  return { agentId, cycle, timeUnixMs: time, traceId: "", sequence, kind };
}
