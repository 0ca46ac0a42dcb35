import type { ScoreRule } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { createDecideHandlers } from "../src/index.js";
import { decideRequest, goal, used } from "./fixtures/requests.js";

const handlers = createDecideHandlers({ now: () => 1_700_000_000_000 });
const ctx = {} as Parameters<typeof handlers.decide>[1];
const GIT = "run the command git status";
const refused: ScoreRule = { id: "rule:git", toolName: "shell_exec", matchCall: 'shell_exec {"argv":["git","status"]}', adjustment: -0.3 };
// kg_query already ran on the goal, so shell_exec is the best call left.
const history = [used("kg_query")];

async function decideWith(rules: ScoreRule[]) {
  const { decision } = await handlers.decide({ ...decideRequest(GIT, { history, rules }), tools: [] }, ctx);
  return decision!;
}

describe("learned rules - a call a person refused", () => {
  it("is scored down by the correction weight, shown in its breakdown, and another tool wins", async () => {
    const before = await decideWith([]);
    expect(before.call!.toolName).toBe("shell_exec");
    expect(before.call!.inputJson).toBe('{"argv":["git","status"]}');
    expect(before.score!.breakdown).not.toContain("correction");

    const after = await decideWith([refused]);
    expect(after.call!.toolName).not.toBe("shell_exec");
    const shell = after.explanation!.alternatives.find((a) => a.toolName === "shell_exec")!.score!;
    expect(shell.correction).toBe(-0.3);
    expect(shell.ruleIds).toEqual(["rule:git"]);
    expect(shell.raw).toBeCloseTo(before.score!.raw - 0.3, 12);
    expect(shell.total).toBeCloseTo((before.score!.raw - 0.3) * before.score!.priorityFactor, 12);
    expect(shell.breakdown).toMatch(/^\[score=\d\.\d\d: base=\d\.\d\d .* correction=-0\.30\]$/);
    expect(after.explanation!.contextFactors).toContain("learned rule rule:git: shell_exec -0.30 (a person refused this call before)");
  });

  it("matches only the exact call: another program, or another tool, keeps its score", async () => {
    const other = { ...refused, matchCall: 'shell_exec {"argv":["git","log"]}' };
    const d = await decideWith([other, { ...refused, toolName: "http_fetch" }]);
    expect(d.call!.toolName).toBe("shell_exec");
    expect(d.score!.correction).toBe(0);
    expect(d.score!.ruleIds).toEqual([]);
  });

  it("leaves the refused call out of a new plan and says why in the plan's risks", async () => {
    const plan = async (rules: ScoreRule[]) => (await handlers.generatePlan({ agentId: "agent-1", goal: goal(GIT), attempt: 0, orientation: decideRequest(GIT).orientation, usedTools: [], tools: [], rules }, ctx)).plan!;
    const before = await plan([]);
    expect(before.steps.map((s) => s.toolInputJson)).toContain('{"argv":["git","status"]}');
    expect(before.hasSideEffects).toBe(true);
    const after = await plan([refused]);
    expect(after.steps.map((s) => s.toolName)).not.toContain("shell_exec");
    expect(after.hasSideEffects).toBe(false);
    expect(after.risks).toContain('left out shell_exec {"argv":["git","status"]}: a person refused this call before (rule:git)');
  });
});
