import { AgentState, ListApprovalsResponse } from "@boyd/proto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, serveConsole, type ServedConsole } from "./fixtures.js";

// A goal that states a fact: its plan writes to the graph, so the agent first asks "Confirm the plan ...".
const GOAL = "Note that a whale eats plankton";

let served: ServedConsole;
let call: ReturnType<typeof api>;

beforeAll(async () => {
  served = await serveConsole("boyd-console-approvals-");
  call = api(served.console.url);
});

afterAll(async () => {
  await served?.stop();
});

interface AgentJson {
  state?: string;
  completedGoals?: number;
  started?: boolean;
}

/** The next approval waiting for `agent` not in `answered`, over HTTP; undefined once its goal is done (or its run over). */
async function nextApproval(agent: string, answered: ReadonlySet<string>, timeoutMs = 30_000): Promise<{ id: string; preview: string } | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const listed = await call("GET", `/api/agents/${agent}/approvals`);
    expect(listed.status).toBe(200);
    const fresh = ListApprovalsResponse.fromJSON(listed.json).requests.find((r) => !answered.has(r.id));
    if (fresh) return { id: fresh.id, preview: fresh.preview };
    const { json } = await call("GET", `/api/agents/${agent}`);
    const { state, completedGoals, started } = (json as { agent: AgentJson }).agent;
    if (answered.size > 0 && (completedGoals === 1 || !started)) return undefined;
    if (Date.now() > deadline) throw new Error(`no approval for ${agent} within ${timeoutMs} ms (state ${state})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("approvals over HTTP", () => {
  // The confirmation is a question (user_interact): an approval's reason is the answer, and a bare approval answers "yes".
  it("a started agent's plan confirmation is listed over HTTP; approving it (and what follows) from the console lets the run finish", async () => {
    await served.stack.agents.createAgent({ agentId: "whale", goals: [{ description: GOAL }], config: { approvalTimeoutMs: 60_000 } as never });
    expect(await call("POST", "/api/agents/whale/start", { max_cycles: 3 })).toMatchObject({ status: 200 });
    const answered = new Set<string>();
    const first = await nextApproval("whale", answered);
    expect(first!.preview).toMatch(/^Confirm the plan for "Note that a whale eats plankton"\?/);
    const { json } = await call("GET", "/api/agents/whale");
    expect(json).toMatchObject({ agent: { state: "AGENT_STATE_AWAITING_APPROVAL" } });
    for (let next = first; next; next = await nextApproval("whale", answered)) {
      const resolved = await call("POST", `/api/agents/whale/approvals/${encodeURIComponent(next.id)}`, { approved: true });
      expect(resolved).toMatchObject({ status: 200, json: { request: { id: next.id } } });
      answered.add(next.id);
    }
    const done = await served.stack.agents.getAgent({ agentId: "whale" });
    expect(done.agent!.completedGoals).toBe(1);
    expect(done.agent!.state).not.toBe(AgentState.AWAITING_APPROVAL);
    // An answered request is gone: answering it again is AgentService's NOT_FOUND.
    const again = await call("POST", `/api/agents/whale/approvals/${encodeURIComponent(first!.id)}`, { approved: false });
    expect(again).toMatchObject({ status: 404, json: { error: { code: "NOT_FOUND" } } });
  });

  it("an answer that is not { approved, reason } is a 400 naming the field", async () => {
    expect(await call("POST", "/api/agents/whale/approvals/x", { approved: "yes" })).toMatchObject({ status: 400, json: { error: { message: expect.stringContaining("field approved") } } });
    expect(await call("POST", "/api/agents/whale/approvals/x", { approved: true, verdict: 1 })).toMatchObject({ status: 400, json: { error: { message: 'approval answer: unknown field "verdict"' } } });
  });
});
