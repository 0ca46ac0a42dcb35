/**
 * What someone tells an agent (a percept on boyd.percepts.v1.<agent>) is
 * remembered word for word and is evidence for the goals it bears on, as
 * a file read is: quoted, with who said it. Before, a percept was counted
 * in the observation's summary and then dropped.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@boyd/bus";
import { publishPercept } from "@boyd/observe";
import { GoalStatus, MemoryServiceDefinition, WorkingMemoryKind } from "@boyd/proto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../src/index.js";

describe("percepts: told, remembered, evidence (embedded stack)", () => {
  let dir: string;
  let stack: Stack;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "boyd-told-"));
    stack = await startStack({ dataDir: dir });
  });

  afterAll(async () => {
    await stack?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const goalOf = async (agentId: string) => (await stack.agents.listGoals({ agentId })).goals.find((g) => !g.parentId)!;

  it("'Find out whether the nightly build passed => green' stays open until ci says so; then it completes, quoting ci; the percept is in working memory", async () => {
    const agentId = "builds";
    await stack.agents.createAgent({ agentId, config: { confirmSideEffectPlans: false }, goals: [{ description: "Find out whether the nightly build passed", successCriteria: "green", blockedBy: [] }] });
    await stack.agents.run({ agentId, maxCycles: 2 });
    expect((await goalOf(agentId)).status).toBe(GoalStatus.ACTIVE);

    // Told about another build: nothing about the nightly one.
    await publishPercept(stack.transport, { agentId, source: "ci", content: "The weekly build is green." });
    await stack.agents.run({ agentId, maxCycles: 1 });
    expect((await goalOf(agentId)).status).toBe(GoalStatus.ACTIVE);

    await publishPercept(stack.transport, { agentId, source: "ci", content: "Nightly build 142 passed: all checks green." });
    const { report } = await stack.agents.run({ agentId, maxCycles: 3 });
    const goal = await goalOf(agentId);
    expect(goal.status, JSON.stringify(report?.goals)).toBe(GoalStatus.COMPLETED);
    expect(goal.proof!.summary).toBe('told by ci: "Nightly build 142 passed: all checks green."');

    const memory = createClient(stack.transport, MemoryServiceDefinition, { timeoutMs: 10_000 });
    const recent = await memory.recent({ agentId, limit: 100, kinds: [WorkingMemoryKind.PERCEPT], symbol: "" });
    expect(recent.entries.map((e) => e.content).sort()).toEqual(["ci: Nightly build 142 passed: all checks green.", "ci: The weekly build is green."]);
    // Recall finds it at once, before any consolidation, as a fact sourced "percept".
    const recalled = await stack.agents.recall({ agentId, query: "weekly build green", topK: 5 });
    expect(recalled.facts.map((f) => [f.content, f.source])).toContainEqual(["ci: The weekly build is green.", "percept"]);
  });

  it("a percept that denies it ('the nightly build is not green') never completes the goal", async () => {
    const agentId = "denied";
    await stack.agents.createAgent({ agentId, config: { confirmSideEffectPlans: false }, goals: [{ description: "Find out whether the nightly build passed", successCriteria: "green", blockedBy: [] }] });
    await publishPercept(stack.transport, { agentId, content: "The nightly build passed but is not green yet." });
    await stack.agents.run({ agentId, maxCycles: 3 });
    expect((await goalOf(agentId)).status).not.toBe(GoalStatus.COMPLETED);
  });
});
