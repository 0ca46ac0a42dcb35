import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { grpcClientSecurity } from "@boyd/bus";
import { AgentServiceClient, AgentState, ApprovalVerdict, GetAgentRequest, ListApprovalsRequest, type AgentInfo, type ApprovalRequest } from "@boyd/proto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../src/index.js";

// A goal that states a fact: its plan writes to the graph, so the agent first asks "Confirm the plan ...".
const GOAL = "Note that a whale eats plankton";

describe("approvals already waiting, seen through the API (embedded stack, bus and gRPC)", () => {
  let dir: string;
  let stack: Stack;
  let grpc: AgentServiceClient;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "boyd-pending-"));
    await chmod(dir, 0o755);
    stack = await startStack({ dataDir: dir, grpcAddress: "127.0.0.1:0" });
    const security = grpcClientSecurity({});
    grpc = new AgentServiceClient(`127.0.0.1:${stack.controller!.grpc!.port}`, security.credentials, security.options);
  }, 60_000);

  afterAll(async () => {
    grpc?.close();
    await stack?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  /** GetAgent over the bus until `ready` holds (the run is in the background). */
  async function agentWhen(agentId: string, ready: (a: AgentInfo) => boolean, timeoutMs = 30_000): Promise<AgentInfo> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { agent } = await stack.agents.getAgent({ agentId });
      if (ready(agent!)) return agent!;
      if (Date.now() > deadline) throw new Error(`agent ${agentId} never got there: ${JSON.stringify(agent)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const grpcGetAgent = (agentId: string) =>
    new Promise<AgentInfo>((resolve, reject) => grpc.getAgent(GetAgentRequest.fromPartial({ agentId }), (err, res) => (err ? reject(err) : resolve(res.agent!))));
  const grpcListApprovals = (agentId: string) =>
    new Promise<ApprovalRequest[]>((resolve, reject) => grpc.listApprovals(ListApprovalsRequest.fromPartial({ agentId }), (err, res) => (err ? reject(err) : resolve(res.requests))));

  it("pending approvals - a plan confirmation waits: GetAgent says AWAITING_APPROVAL with the request, ListApprovals lists it, answering its id lets the run finish", async () => {
    await stack.agents.createAgent({ agentId: "whale", goals: [{ description: GOAL }], config: { approvalTimeoutMs: 60_000 } as never });
    await stack.agents.run({ agentId: "whale", maxCycles: 2, detach: true });

    // Nobody watched the events: the API alone must show what the agent waits for.
    const waiting = await agentWhen("whale", (a) => a.pendingApprovals.length > 0);
    expect(waiting.state).toBe(AgentState.AWAITING_APPROVAL);
    expect(waiting.pendingApprovals).toHaveLength(1);
    const [request] = waiting.pendingApprovals;
    expect(request!.preview).toMatch(/^Confirm the plan for "Note that a whale eats plankton"\?/);
    expect(request!.agentId).toBe("whale");

    const listed = await stack.agents.listApprovals({ agentId: "whale" });
    expect(listed.requests.map((r) => r.id)).toEqual([request!.id]);
    expect((await stack.agents.listApprovals({ agentId: "" })).requests.map((r) => r.id)).toContain(request!.id);
    // The same over gRPC, as grpcurl or a generated client sees it.
    expect((await grpcGetAgent("whale")).state).toBe(AgentState.AWAITING_APPROVAL);
    expect((await grpcListApprovals("whale")).map((r) => r.id)).toEqual([request!.id]);

    await stack.agents.resolveApproval({ decision: { approvalId: request!.id, agentId: "whale", verdict: ApprovalVerdict.APPROVE, answeredBy: "e2e", comment: "yes", decidedAtUnixMs: 0 } });
    // Answered: it no longer waits (the write it then asks about may, in safe mode; answer those too).
    const after = await agentWhen("whale", (a) => !a.pendingApprovals.some((r) => r.id === request!.id));
    expect(after.pendingApprovals.map((r) => r.id)).not.toContain(request!.id);
    const answered = new Set([request!.id]);
    const fresh = (a: AgentInfo) => a.pendingApprovals.filter((r) => !answered.has(r.id));
    for (;;) {
      const a = await agentWhen("whale", (x) => (x.state !== AgentState.RUNNING && x.state !== AgentState.AWAITING_APPROVAL) || fresh(x).length > 0, 60_000);
      const next = fresh(a)[0];
      if (!next) {
        expect(a.state).toBe(AgentState.STOPPED);
        expect(a.completedGoals).toBe(1);
        break;
      }
      answered.add(next.id);
      await stack.agents.resolveApproval({ decision: { approvalId: next.id, agentId: "whale", verdict: ApprovalVerdict.APPROVE, answeredBy: "e2e", comment: "", decidedAtUnixMs: 0 } });
    }
    expect((await stack.agents.listApprovals({ agentId: "whale" })).requests).toEqual([]);
  }, 90_000);

  it("pending approvals - ListApprovals for an agent that does not exist is NOT_FOUND, not an empty list", async () => {
    await expect(stack.agents.listApprovals({ agentId: "nobody-here" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
