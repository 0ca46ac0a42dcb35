import { agentEventChannel, createClient, InProcessTransport, MemoryEventLog } from "@boyd/bus";
import { AgentServiceDefinition, ApprovalRequest, ApprovalVerdict, type Event } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { PendingApprovals } from "../src/agents/pending-approvals.js";
import { startController } from "../src/service.js";

const request = (id: string, agentId: string, requestedAt: number, deadline = requestedAt + 60_000): ApprovalRequest =>
  ApprovalRequest.fromPartial({ id, agentId, requestedAtUnixMs: requestedAt, deadlineUnixMs: deadline, preview: `q ${id}` });
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

  it("pending approvals - a controller that starts while act waits lists the request from the event log (a restart forgets nothing)", async () => {
    const transport = new InProcessTransport();
    const events = agentEventChannel({ transport, sink: new MemoryEventLog(transport) });
    const now = Date.now();
    await events.publish("ann", "approval.requested", requested(request("a1", "ann", now)));
    await events.publish("bob", "approval.requested", requested(request("b1", "bob", now)));
    await events.publish("bob", "approval.resolved", resolved("b1", "bob"));
    await events.publish("cid", "approval.requested", requested(request("c1", "cid", now - 10_000, now - 1)));
    const controller = await startController({ transport, events });
    try {
      const agents = createClient(transport, AgentServiceDefinition, { timeoutMs: 5_000 });
      expect((await agents.listApprovals({ agentId: "" })).requests.map((r) => r.id)).toEqual(["a1"]);
    } finally {
      await controller.stop();
      await transport.close();
    }
  });
});
