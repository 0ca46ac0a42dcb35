import type { ApprovalRequest, Event } from "@boyd/proto";

/**
 * The approval requests (and questions) still waiting for a person, as the
 * agents' event stream tells of them: an `approval.requested` opens one, its
 * `approval.resolved` or its deadline closes it. Act raises requests in
 * whichever replica runs the call and keeps no shared list; the controller
 * sees every agent's events, so it can answer "what is waiting?" for
 * GetAgent and ListApprovals without asking each act replica.
 */
export class PendingApprovals {
  private readonly open = new Map<string, ApprovalRequest>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Takes in one event; events other than approval ones are ignored. */
  observe(event: Event): void {
    const kind = event.kind;
    if (kind?.$case === "approvalRequested" && kind.value.request) {
      const request = kind.value.request;
      this.forgetExpired();
      if (request.id) this.open.set(request.id, request);
    } else if (kind?.$case === "approvalResolved" && kind.value.decision) {
      this.open.delete(kind.value.decision.approvalId);
    }
  }

  /** The requests waiting, oldest first; `agentId` narrows to one agent. */
  waiting(agentId?: string): ApprovalRequest[] {
    this.forgetExpired();
    const all = [...this.open.values()].filter((r) => !agentId || r.agentId === agentId);
    return all.sort((a, b) => Number(a.requestedAtUnixMs) - Number(b.requestedAtUnixMs));
  }

  // A request whose resolved event was lost (a publish failed, act died)
  // would otherwise wait here forever: past its deadline, act no longer takes an answer.
  private forgetExpired(): void {
    const now = this.now();
    for (const [id, r] of this.open) if (Number(r.deadlineUnixMs) > 0 && Number(r.deadlineUnixMs) <= now) this.open.delete(id);
  }
}
