import { PlanOrdering, PlanStatus, PlanStrategy, StepStatus } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { createDecideHandlers } from "../src/index.js";
import { activated, decideRequest, goal, triple } from "./fixtures/requests.js";

const handlers = createDecideHandlers({ now: () => 1_700_000_000_000 });
const ctx = {} as Parameters<typeof handlers.generatePlan>[1];
const plan = async (description: string, attempt = 0, extra: { known?: boolean; usedTools?: string[]; criteria?: string } = {}) => {
  const g = goal(description, { successCriteria: extra.criteria ?? "" });
  const orientation = decideRequest(g, extra.known ? { knowledge: [triple("sparrow", "is-a", "bird")], inferences: [activated("bird")] } : {}).orientation;
  return handlers.generatePlan({ agentId: "agent-1", goal: g, attempt, orientation, usedTools: extra.usedTools ?? [], tools: [], rules: [] }, ctx);
};
const tools = (r: Awaited<ReturnType<typeof plan>>) => r.plan!.steps.map((s) => s.toolName);

describe("planning", () => {
  it("matches the goal to strategy patterns by similarity", async () => {
    const r = await plan("find out what is similar to a sparrow");
    const similar = r.strategyMatches.find((m) => m.strategy === PlanStrategy.SIMILARITY)!;
    expect(similar.selected).toBe(true);
    expect(r.strategyMatches).toHaveLength(5);
    expect(r.strategyMatches[0]!.similarity).toBeGreaterThanOrEqual(r.strategyMatches[4]!.similarity);
    expect(r.plan!.strategies).toContain(PlanStrategy.SIMILARITY);
    // A creation goal that states no fact gets no write: the agent records only what it read.
    const creation = await plan("record and link the new species");
    expect(creation.plan!.strategies).toContain(PlanStrategy.CREATION);
    expect(tools(creation)).not.toContain("kg_mutate");
    // One that states a fact ends by recording that fact, and only it.
    const stated = await plan("Record that the kakapo is a parrot");
    expect(tools(stated).at(-1)).toBe("kg_mutate");
    expect(JSON.parse(stated.plan!.steps.at(-1)!.toolInputJson)).toEqual({ subject: "kakapo", predicate: "is-a", object: "parrot", goal: "goal:1" });
  });

  it("explores first on even attempts and reasons first on odd ones", async () => {
    const even = await plan("why can a sparrow fly", 0, { known: true });
    expect(even.plan!.ordering).toBe(PlanOrdering.EXPLORE_FIRST);
    expect(tools(even)[0]).not.toBe("memory_recall");
    expect(tools(even)).toContain("reason");
    const odd = await plan("why can a sparrow fly", 1, { known: true, usedTools: ["kg_query"] });
    expect(odd.plan!.ordering).toBe(PlanOrdering.REASON_FIRST);
    expect(tools(odd).slice(0, 2)).toEqual(["memory_recall", "reason"]);
    expect(odd.plan!.attempt).toBe(1);
    expect(odd.plan!.strategy).toMatch(/^Attempt 1 \(reason first/);
  });

  it("appends outward tools the goal asks for, with side effects and risks from their danger", async () => {
    const r = await plan("run `pnpm test` in the workspace and save the report to out/report.txt");
    const p = r.plan!;
    expect(tools(r)).toContain("shell_exec");
    const shell = p.steps.find((s) => s.toolName === "shell_exec")!;
    expect(JSON.parse(shell.toolInputJson)).toEqual({ argv: ["pnpm", "test"] });
    expect(shell.hasSideEffects).toBe(true);
    expect(p.hasSideEffects).toBe(true);
    expect(p.confirmed).toBe(false);
    expect(p.risks.some((x) => /shell_exec is critical: it needs approval/.test(x))).toBe(true);
    expect(p.status).toBe(PlanStatus.ACTIVE);
    expect(p.createdAtUnixMs).toBe(1_700_000_000_000);
  });

  it("side effects - a change the goal does not name may be left out (may fail, even as the last step); one it names may not", async () => {
    const job = (await plan("Find out whether the nightly build passed")).plan!.steps.find((s) => s.hasSideEffects);
    // The similarity match schedules a job: nothing the goal asked for.
    expect(job?.toolName).toBe("create_job");
    expect(job!.canFail).toBe(true);
    const shell = (await plan("run `pnpm test` in the workspace")).plan!.steps.find((s) => s.toolName === "shell_exec")!;
    expect(shell.canFail).toBe(false);
  });

  it("side effects - a file read is no side effect, so the plan needs no confirmation; a write is one", async () => {
    const read = (await plan("read the file notes/todo.md in the workspace")).plan!;
    const readStep = read.steps.find((s) => s.toolName === "file_io")!;
    expect(JSON.parse(readStep.toolInputJson)).toMatchObject({ action: "read" });
    expect(readStep.hasSideEffects).toBe(false);
    expect(read.hasSideEffects).toBe(false);
    expect(read.risks.join("; ")).not.toContain("changes state");
    const write = (await plan("Record that the kakapo is a parrot")).plan!;
    expect(write.steps.at(-1)).toMatchObject({ toolName: "kg_mutate", hasSideEffects: true });
    expect(write.hasSideEffects).toBe(true);
  });

  it("fallback question - a risky step's fallback asks the person about that call, so an answer can name a value to retry it with", async () => {
    const shell = (await plan("run `pnpm test` in the workspace")).plan!.steps.find((s) => s.toolName === "shell_exec")!;
    expect(shell.fallback!.toolName).toBe("user_interact");
    const asked = JSON.parse(shell.fallback!.inputJson) as { question: string; about: unknown };
    expect(asked.question).toMatch(/with shell_exec\. How should I proceed\? \(skip, stop, add goal: \.\.\., or name: value to try again\)$/);
    expect(asked.about).toEqual({ tool: "shell_exec", input: { argv: ["pnpm", "test"] } });
  });

  it("gives every step a rationale, dependencies, and a fallback or permission to fail", async () => {
    const r = await plan("download https://example.org/report.html from the web", 0);
    const steps = r.plan!.steps;
    expect(tools(r)).toEqual(["kg_query", "http_fetch"]);
    steps.forEach((s, i) => {
      expect(s.index).toBe(i);
      expect(s.status).toBe(StepStatus.PENDING);
      expect(s.rationale.length).toBeGreaterThan(10);
      expect(s.dependsOn).toEqual(i === 0 ? [] : [i - 1]);
    });
    expect(steps[0]!.canFail).toBe(true);
    expect(steps[0]!.fallback!.toolName).toBe("gap_analysis");
    expect(steps[1]!.canFail).toBe(false); // the step that does the job may not fail silently
    expect(steps[1]!.fallback!.toolName).toBe("library_search");
  });

  it("backtracks with a different route and gives up after three attempts", async () => {
    const first = await plan("learn about sparrows", 0);
    const second = await plan("learn about sparrows", 1, { usedTools: tools(first) });
    expect(tools(second)).not.toEqual(tools(first));
    const third = await plan("learn about sparrows", 2, { usedTools: [...tools(first), ...tools(second)] });
    expect(third.plan!.ordering).toBe(PlanOrdering.EXPLORE_FIRST);
    expect(tools(third)).not.toEqual(tools(first)); // the first already-used step is dropped
    await expect(plan("learn about sparrows", 3)).rejects.toThrow(/attempt 3 is past max_backtrack_attempts \(3\)/);
    await expect(handlers.generatePlan({ agentId: "a", goal: undefined, attempt: 0, orientation: undefined, usedTools: [], tools: [], rules: [] }, ctx)).rejects.toThrow(/goal\.symbol_id is required/);
  });

  it("the agent's max_backtrack_attempts, sent with the request, is the limit: a fourth plan when it allows five", async () => {
    const g = goal("learn about sparrows", {});
    const orientation = decideRequest(g, {}).orientation;
    const ask = (attempt: number) => handlers.generatePlan({ agentId: "agent-1", goal: g, attempt, maxAttempts: 5, orientation, usedTools: [], tools: [], rules: [] }, ctx);
    expect((await ask(3)).plan!.attempt).toBe(3);
    await expect(ask(5)).rejects.toThrow(/attempt 5 is past max_backtrack_attempts \(5\)/);
  });

});
