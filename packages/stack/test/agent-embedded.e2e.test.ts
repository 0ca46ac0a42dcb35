import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@boyd/bus";
import { ActionOutcome, ActServiceDefinition, GoalChangeKind, GoalStatus, LoopState, MemoryServiceDefinition, PlanChangeKind, PlanStatus, RememberRequest, StopReason, WorkingMemoryEntry, WorkingMemoryKind, type Event } from "@boyd/proto";
import { lineContainsInOrder, waitFor } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../src/index.js";
import { ACT_TOOLS, approveEverything, ingestSolar, recordEvents } from "./fixtures/run.js";

const status = (goals: readonly { symbolId: string; status: GoalStatus }[]) => Object.fromEntries(goals.map((g) => [g.symbolId, GoalStatus[g.status]]));

describe("an agent end to end, embedded (one process, embedded graph, file stores)", () => {
  let dir: string;
  let stack: Stack;

  beforeAll(async () => {
    // mkdtemp makes a 0700 directory the sandbox user cannot traverse: the shell tools must work in it all the same.
    dir = await mkdtemp(join(tmpdir(), "boyd-e2e-"));
    stack = await startStack({ dataDir: dir, actConfig: ACT_TOOLS, env: { ...process.env, BOYD_APPROVAL_MODE: "cautious" } });
    await ingestSolar(stack);
  });

  afterAll(async () => {
    await stack?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("multi-goal run - every goal completes from facts found in the graph, each phase is an event, the session is persisted", async () => {
    const events = recordEvents(stack, "solar");
    await stack.agents.createAgent({
      agentId: "solar",
      goals: [
        { description: "Find the moons that orbit Mars", successCriteria: "phobos, deimos" },
        { description: "Find which moons of Saturn have a subsurface ocean", successCriteria: "enceladus, subsurface water" },
      ],
    });
    const { report } = await stack.agents.run({ agentId: "solar", maxCycles: 10 });
    await stack.transport.flush(); // events are delivered on the next turn
    expect(report!.stopReason).toBe(StopReason.ALL_GOALS_DONE);
    expect(Object.values(status(report!.goals))).toEqual(["COMPLETED", "COMPLETED"]);
    for (const g of report!.goals) expect(g.progress!.loopState).toBe(LoopState.CONVERGED);

    // One cycle.started ... cycle.finished per cycle, with every phase between, in order.
    const finished = events.filter((e) => e.kind?.$case === "cycleFinished");
    expect(finished.map((e) => Number(e.cycle))).toEqual(Array.from({ length: Number(report!.cyclesRun) }, (_, i) => i + 1));
    const first = events.filter((e) => Number(e.cycle) === 1).map((e) => e.kind!.$case);
    expect(first.filter((k) => ["cycleStarted", "observed", "oriented", "decided", "acted", "cycleFinished"].includes(k))).toEqual(["cycleStarted", "observed", "oriented", "decided", "acted", "cycleFinished"]);
    expect(first).toContain("planChanged");
    const sequences = events.map((e) => Number(e.sequence));
    expect([...sequences].sort((a, b) => a - b)).toEqual(sequences);

    const agent = (await stack.agents.getAgent({ agentId: "solar" })).agent!;
    expect(agent.completedGoals).toBe(2);
    expect(Number(agent.cycleCount)).toBe(Number(report!.finalCycle));
    expect(Number(agent.sessionVersion)).toBeGreaterThan(Number(report!.finalCycle));
  });

  it("a stalled multi-part goal is decomposed: children linked to the parent, the parts that can be found complete", async () => {
    const events = recordEvents(stack, "split");
    await stack.agents.createAgent({
      agentId: "split",
      goals: [{ description: "Find the moons of Mars and the rings of Uranus", successCriteria: "phobos, deimos and uranus rings", stallThreshold: 2 }],
    });
    const { report } = await stack.agents.run({ agentId: "split", maxCycles: 40 });
    await stack.transport.flush(); // events are delivered on the next turn
    const parent = report!.goals.find((g) => !g.parentId)!;
    const children = report!.goals.filter((g) => g.parentId === parent.symbolId);
    expect(events.some((e) => e.kind?.$case === "goalChanged" && e.kind.value.change === GoalChangeKind.DECOMPOSED)).toBe(true);
    expect(parent.childIds).toEqual(children.map((c) => c.symbolId));
    expect(children.map((c) => c.priority)).toEqual([128, 127, 126]); // never above the parent (128)
    expect(children.filter((c) => c.status === GoalStatus.COMPLETED).map((c) => c.successCriteria)).toEqual(["phobos", "deimos"]);
    expect(children.find((c) => c.successCriteria === "uranus rings")!.status).toBe(GoalStatus.FAILED);
    // The parent was suspended while its children ran, then settled.
    expect(events.some((e) => e.kind?.$case === "goalChanged" && e.kind.value.goal!.symbolId === parent.symbolId && e.kind.value.goal!.status === GoalStatus.SUSPENDED)).toBe(true);
    expect([GoalStatus.COMPLETED, GoalStatus.FAILED]).toContain(parent.status);
  });

  it("a failed plan step backtracks to a new plan (attempt + 1) before the goal can fail", async () => {
    const events = recordEvents(stack, "backtrack");
    await stack.agents.createAgent({ agentId: "backtrack", goals: [{ description: "Fetch the launch report from the reports folder", successCriteria: "launch window opens" }], config: { confirmSideEffectPlans: false, approvalTimeoutMs: 2_000 } as never });
    const { report } = await stack.agents.run({ agentId: "backtrack", maxCycles: 12 });
    await stack.transport.flush(); // events are delivered on the next turn
    const plans = events.flatMap((e) => (e.kind?.$case === "planChanged" ? [e.kind.value] : []));
    const failed = plans.find((p) => p.change === PlanChangeKind.FAILED);
    expect(lineContainsInOrder(failed?.plan?.failureReason ?? "", ["fetch_report", "exited with 1"])).toBe(true);
    const next = plans.find((p) => p.change === PlanChangeKind.CREATED && p.plan!.attempt === failed!.plan!.attempt + 1);
    expect(next, "a new plan after the failure").toBeDefined();
    expect(plans.indexOf(next!)).toBeGreaterThan(plans.indexOf(failed!));
    // The missing file can never be read: the goal fails, but only after backtracking.
    expect(report!.goals[0]!.status).toBe(GoalStatus.FAILED);
    const cycles = events.filter((e) => e.kind?.$case === "cycleFinished").map((e) => e.kind!.$case === "cycleFinished" && e.kind.value.warnings.join(" ")).join(" ");
    expect(cycles).toContain("backtracking");
  });

  it("approval - a side-effect plan is confirmed and a dangerous call approved through AgentService, then it runs", async () => {
    const answered: string[] = [];
    approveEverything(stack, "publish", answered);
    await stack.agents.createAgent({ agentId: "publish", goals: [{ description: "Publish the mission report to the team", successCriteria: "mission report published" }] });
    const events = recordEvents(stack, "publish");
    const { report } = await stack.agents.run({ agentId: "publish", maxCycles: 8 });
    await stack.transport.flush(); // events are delivered on the next turn
    expect(report!.goals[0]!.status).toBe(GoalStatus.COMPLETED);
    expect(answered).toContain("question:user_interact");
    expect(answered).toContain("approval:publish_report");
    expect(events.some((e) => e.kind?.$case === "planChanged" && e.kind.value.change === PlanChangeKind.CONFIRMED)).toBe(true);
    const ran = events.flatMap((e) => (e.kind?.$case === "acted" ? [e.kind.value.result!] : [])).find((r) => r.toolName === "publish_report" && r.output?.success);
    expect(ran?.output?.content).toContain("mission report published");
  });

  it("a denied approval is not retried: the step fails, the denial is reported", async () => {
    await stack.agents.createAgent({ agentId: "denied", goals: [{ description: "Publish the mission report to the team", successCriteria: "mission report published" }], config: { confirmSideEffectPlans: false, toolCallBudgets: {} } as never });
    const denials: string[] = [];
    stack.events.subscribe({ agentId: "denied", kind: "approval.requested" }, async (e) => {
      if (e.kind?.$case !== "approvalRequested") return;
      denials.push(e.kind.value.request!.toolName);
      await stack.agents.resolveApproval({ decision: { approvalId: e.kind.value.request!.id, agentId: "denied", verdict: 2, answeredBy: "e2e", comment: "not today" } });
    });
    const events = recordEvents(stack, "denied");
    const { report } = await stack.agents.run({ agentId: "denied", maxCycles: 4 });
    await stack.transport.flush(); // events are delivered on the next turn
    expect(denials.length).toBeGreaterThan(0);
    expect(report!.goals[0]!.status).not.toBe(GoalStatus.COMPLETED);
    // One act per denial: a person's no is never asked again in the same cycle.
    const denied = events.flatMap((e) => (e.kind?.$case === "acted" && e.kind.value.result!.outcome === ActionOutcome.DENIED_BY_USER ? [e] : []));
    expect(denied.length).toBe(denials.length);
    expect(new Set(denied.map((e) => Number(e.cycle))).size).toBe(denied.length);
    const warnings = events.flatMap((e) => (e.kind?.$case === "cycleFinished" ? e.kind.value.warnings : []));
    expect(warnings.some((w) => lineContainsInOrder(w, ["publish_report denied by user: ", "not today"]))).toBe(true);
    // The refusal's reason is no fact the agent learned (it stays in working memory).
    const memory = createClient(stack.transport, MemoryServiceDefinition);
    const facts = (await memory.recall({ agentId: "denied", query: "publish report denied by user not today", symbols: [], topK: 50, includeFacts: true })).facts.map((f) => f.content);
    expect(facts.filter((f) => f.startsWith("DENIED_BY_USER: "))).toEqual([]);
    const recent = await memory.recent({ agentId: "denied", limit: 100, kinds: [], symbol: "" });
    expect(recent.entries.some((e) => e.content.startsWith("DENIED_BY_USER: "))).toBe(true);
  });

  it("what memory_recall brings back is no new fact, by act's record or by Remember: recalled later, memory holds no echo of itself", async () => {
    const agentId = "echo";
    const memory = createClient(stack.transport, MemoryServiceDefinition);
    const act = createClient(stack.transport, ActServiceDefinition);
    await memory.recordFacts({ agentId, facts: [{ id: "", agentId, content: "Jupiter has four large moons, found by Galileo", source: "note", tags: [], cycle: 1, createdAtUnixMs: 1 }] });
    const call = (cycle: number, toolName: string, input: unknown) =>
      act.act({ agentId, decision: { agentId, cycle, goalId: "g", call: { toolName, inputJson: JSON.stringify(input), idempotencyKey: { agentId, cycle, step: 0, runId: "r" } } } as never });
    const recalled = (await call(1, "memory_recall", { query: "jupiter moons galileo" })).result!.output!;
    expect(recalled.content).toContain("fact: Jupiter has four large moons");
    // A tool that reads the graph is a fact: once it is recorded, so would the recollection be.
    await call(2, "kg_query", { symbol: "io" });
    const known = async () => (await memory.recall({ agentId, query: "io orbits jupiter galileo moons", symbols: [], topK: 50, includeFacts: true })).facts;
    await waitFor(async () => (await known()).some((f) => f.source === "tool:kg_query"), 10_000, () => "act never recorded the kg_query output as a fact");
    // The cycle's own path: Remember turns TOOL_RESULT entries into facts.
    const remembered = await memory.remember(
      RememberRequest.fromPartial({ agentId, cycle: 3, entries: [WorkingMemoryEntry.fromPartial({ kind: WorkingMemoryKind.TOOL_RESULT, content: recalled.content, toolName: "memory_recall", sourceCycle: 3 })] }),
    );
    expect(remembered.facts).toEqual([]);
    expect((await known()).filter((f) => f.source === "tool:memory_recall").map((f) => f.content)).toEqual([]);
  });

  it("budgets - a tool's per-run budget removes it from the candidates and the iteration budget stops the run", async () => {
    await stack.agents.createAgent({
      agentId: "budget",
      goals: [{ description: "Find the rings of Uranus", successCriteria: "uranus rings ice" }],
      config: { iterationBudget: 4, toolCallBudgets: { kg_query: 1 }, defaultStallThreshold: 100 } as never,
    });
    const seen: Event[] = recordEvents(stack, "budget");
    const { report } = await stack.agents.run({ agentId: "budget", maxCycles: 20 });
    await stack.transport.flush(); // events are delivered on the next turn
    expect(report!.stopReason).toBe(StopReason.ITERATION_BUDGET);
    const tools = seen.flatMap((e) => (e.kind?.$case === "acted" ? [e.kind.value.result!.toolName] : []));
    expect(tools.filter((t) => t === "kg_query").length).toBeLessThanOrEqual(1);
    expect(tools.length).toBe(4);
  });

  it("bad input - unknown agent NOT_FOUND, bad id and config fields named, duplicate ALREADY_EXISTS", async () => {
    await expect(stack.agents.run({ agentId: "nobody" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(stack.agents.createAgent({ agentId: "bad id!" })).rejects.toMatchObject({ code: "INVALID_ARGUMENT", message: expect.stringContaining("agent_id") });
    await expect(stack.agents.createAgent({ agentId: "cfg", config: { maxCycles: 5000 } as never })).rejects.toMatchObject({ code: "INVALID_ARGUMENT", message: expect.stringContaining("config.max_cycles") });
    await expect(stack.agents.createAgent({ agentId: "g", goals: [{ description: " " }] as never })).rejects.toMatchObject({ code: "INVALID_ARGUMENT", message: expect.stringContaining("goals[0].description") });
    await expect(stack.agents.createAgent({ agentId: "solar" })).rejects.toMatchObject({ code: "ALREADY_EXISTS" });
    // Nothing was stored for the refused agents.
    await expect(stack.agents.getAgent({ agentId: "cfg" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("recall, consolidate, reflect and plan on an agent after its run", async () => {
    const recalled = await stack.agents.consolidate({ agentId: "solar" });
    expect(recalled.pressureAfter).toBeGreaterThanOrEqual(0);
    const reflection = (await stack.agents.reflect({ agentId: "solar", apply: false })).report!;
    expect(reflection.tools.length).toBeGreaterThan(0);
    const plan = (await stack.agents.getPlan({ agentId: "solar", goalId: "goal:Find the moons that orbit Mars" })).plan!;
    expect([PlanStatus.ACTIVE, PlanStatus.COMPLETED, PlanStatus.FAILED, PlanStatus.SUPERSEDED]).toContain(plan.status);
    expect(plan.steps.length).toBeGreaterThan(0);
  });
});
