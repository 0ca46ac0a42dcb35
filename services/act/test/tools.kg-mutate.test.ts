// kg_mutate's provenance: every fact it writes names the agent, the goal it
// was written for and the cycle, so orient can tell the agent's own writes
// from what it read.
import type { MutateRequest, MutateResponse } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import type { CallContext } from "../src/tool.js";
import { agentSource, kgMutateTool } from "../src/tools/knowledge.js";
import type { OrientClient } from "../src/tools/graph-client.js";

function fakeOrient() {
  const requests: MutateRequest[] = [];
  const orient = {
    mutate: (r: MutateRequest): Promise<MutateResponse> => {
      requests.push(r);
      return Promise.resolve({ added: r.add?.length ?? 0, unchanged: 0, removed: r.remove?.length ?? 0, createdSymbols: [] } as unknown as MutateResponse);
    },
  } as unknown as OrientClient;
  return { orient, requests };
}

const context = (cycle: number): CallContext => ({ agentId: "agent-7", cycle, step: 0, signal: new AbortController().signal, deadline: Date.now() + 30_000, outputCapBytes: 64 * 1024 });

describe("kg_mutate - provenance", () => {
  it("writes each triple with source agent:<id>:goal:<goal>:cycle:<n>", async () => {
    const { orient, requests } = fakeOrient();
    const tool = kgMutateTool(orient);
    const input = tool.input.parse({ subject: "priya", predicate: "owns", object: "billing", goal: "goal:Note that Priya owns billing" });
    const run = await tool.run(input, context(12));
    expect(requests).toHaveLength(1);
    expect(requests[0]!.add).toHaveLength(1);
    expect(requests[0]!.add[0]).toMatchObject({ subject: "priya", predicate: "owns", object: "billing", source: "agent:agent-7:goal:goal:Note that Priya owns billing:cycle:12" });
    expect(agentSource("agent-7", "g1", 12)).toBe("agent:agent-7:goal:g1:cycle:12");
    expect((run.data as { source: string }).source).toBe("agent:agent-7:goal:goal:Note that Priya owns billing:cycle:12");
    // The approval preview shows the same triple, source included.
    const assessed = await tool.assess(input, context(12));
    const detail = assessed.action.detail as { $case: "kgMutation"; value: { assertTriples: { source: string }[] } };
    expect(detail.value.assertTriples[0]!.source).toBe("agent:agent-7:goal:goal:Note that Priya owns billing:cycle:12");
  });

  it("takes the goal from the call when the executor passes one, and still names agent and cycle without one", async () => {
    const { orient, requests } = fakeOrient();
    const tool = kgMutateTool(orient);
    await tool.run(tool.input.parse({ subject: "bob", predicate: "reports_to", object: "alice", goal: "goal:from-input" }), { ...context(3), goalId: "goal:from-call" } as CallContext);
    await tool.run(tool.input.parse({ subject: "bob", predicate: "reports_to", object: "alice" }), context(4));
    expect(requests.map((r) => r.add[0]!.source)).toEqual(["agent:agent-7:goal:goal:from-call:cycle:3", "agent:agent-7:goal::cycle:4"]);
  });
});
