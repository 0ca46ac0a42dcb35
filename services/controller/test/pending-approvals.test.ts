import { ApprovalVerdict, type ApprovalRequest, type Event } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { PendingApprovals } from "../src/agents/pending-approvals.js";

const request = (id: string, agentId: string, requestedAt: number, deadline = requestedAt + 60_000): ApprovalRequest =>
  ({ id, agentId, requestedAtUnixMs: requestedAt, deadlineUnixMs: deadline, preview: `q ${id}` }) as ApprovalRequest;
const requested = (r: ApprovalRequest): Event => ({ agentId: r.agentId, cycle: 1, timeUnixMs: 0, traceId: "", sequence: 1, kind: { $case: "approvalRequested", value: { request: r } } });
const resolved = (id: string, agentId: string): Event => ({
  agentId,
  cycle: 1,
  timeUnixMs: 0,
  traceId: "",
  sequence: 2,
  kind: { $case: "approvalResolved", value: { decision: { approvalId: id, agentId, verdict: ApprovalVerdict.APPROVE, answeredBy: "t", comment: "", decidedAtUnixMs: 1 } } },
});

describe("PendingApprovals", () => {
  it("pending approvals - a request waits from its requested event to its resolved event, oldest first, per agent", () => {
    const book = new PendingApprovals(() => 1_000);
    book.observe(requested(request("b", "ann", 200)));
    book.observe(requested(request("a", "ann", 100)));
    book.observe(requested(request("c", "bob", 150)));
    expect(book.waiting("ann").map((r) => r.id)).toEqual(["a", "b"]);
    expect(book.waiting().map((r) => r.id)).toEqual(["a", "c", "b"]);
    book.observe(resolved("a", "ann"));
    expect(book.waiting("ann").map((r) => r.id)).toEqual(["b"]);
  });

  it("pending approvals - a request past its deadline is no longer waiting even if its resolved event never came", () => {
    let now = 1_000;
    const book = new PendingApprovals(() => now);
    book.observe(requested(request("a", "ann", 900, 2_000)));
    expect(book.waiting("ann")).toHaveLength(1);
    now = 2_000;
    expect(book.waiting("ann")).toEqual([]);
  });
});
