import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@boyd/bus";
import { ApprovalMode, ApprovalVerdict, GoalStatus, MemoryServiceDefinition, WorkingMemoryKind } from "@boyd/proto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../src/index.js";
import { ingestSolar } from "./fixtures/run.js";

// A goal that is a question for the person: after two planned steps that find nothing, the agent asks it (cycle 3).
const ASK = "Ask the user which planet they like best";
const ASK_ID = "goal:Ask the user which planet they like best";

describe("an agent's questions and the person's answers, end to end (embedded stack)", () => {
  let dir: string;
  let stack: Stack;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "boyd-answers-"));
    await chmod(dir, 0o755);
    stack = await startStack({ dataDir: dir });
    await ingestSolar(stack);
  });

  afterAll(async () => {
    await stack?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  /** Runs an agent whose questions get `answer` and whose other approvals are approved; returns the report and what was asked. */
  async function runAnswering(agentId: string, answer: string, mode = ApprovalMode.YOLO, maxCycles = 4) {
    const asked: string[] = [];
    const sub = stack.events.subscribe({ agentId, kind: "approval.requested" }, async (e) => {
      if (e.kind?.$case !== "approvalRequested") return;
      const r = e.kind.value.request!;
      const question = r.subject?.$case === "action" && r.subject.value.detail?.$case === "userQuestion";
      asked.push(`${question ? "question" : "approval"}:${r.toolName}`);
      await stack.agents.resolveApproval({ decision: { approvalId: r.id, agentId, verdict: ApprovalVerdict.APPROVE, answeredBy: "e2e", comment: question ? answer : "" } });
    });
    await stack.agents.createAgent({ agentId, goals: [{ description: ASK }], config: { approvalMode: mode, approvalTimeoutMs: 10_000 } as never });
    const { report } = await stack.agents.run({ agentId, maxCycles });
    await sub.drain();
    return { report: report!, asked };
  }

  const goal = (report: { goals: Array<{ symbolId: string; status: GoalStatus; statusReason: string }> }, id: string) => report.goals.find((g) => g.symbolId === id);

  it("ask_user - in paranoid mode the question is asked once (no approval to ask), and its answer lands in working memory", async () => {
    const { report, asked } = await runAnswering("paranoid", "I like Mars", ApprovalMode.PARANOID);
    expect(asked.filter((a) => a.endsWith(":user_interact"))).toEqual(["question:user_interact"]);
    // The goal was a question for the person: the answer meets it.
    expect(goal(report, ASK_ID)).toMatchObject({ status: GoalStatus.COMPLETED, statusReason: "the person answered: I like Mars" });
    const memory = createClient(stack.transport, MemoryServiceDefinition, { timeoutMs: 10_000 });
    const { entries } = await memory.recent({ agentId: "paranoid", limit: 50, kinds: [WorkingMemoryKind.OBSERVATION], symbol: "user_answer" });
    expect(entries.map((e) => e.content)).toContain(`the person answered "Which planet they like best?" with "I like Mars": ${ASK_ID} answered`);
  });

  it("ask_user - 'stop' fails the goal, stopped by the person, and the run ends there", async () => {
    const { report } = await runAnswering("stopper", "stop");
    expect(goal(report, ASK_ID)).toMatchObject({ status: GoalStatus.FAILED, statusReason: "stopped by the person" });
    expect(Number(report.cyclesRun)).toBe(3);
  });

  it("ask_user - 'skip' sets the goal aside (dormant), not failed", async () => {
    const { report } = await runAnswering("skipper", "Skip");
    expect(goal(report, ASK_ID)).toMatchObject({ status: GoalStatus.DORMANT, statusReason: "skipped by the person" });
  });

  it("ask_user - 'add goal: ...' adds a goal that the agent then works on and completes", async () => {
    const { report } = await runAnswering("adder", "add goal: Find the moons that orbit Mars => phobos, deimos", ApprovalMode.YOLO, 8);
    expect(goal(report, "goal:Find the moons that orbit Mars")).toMatchObject({ status: GoalStatus.COMPLETED });
    expect(goal(report, ASK_ID)!.status).not.toBe(GoalStatus.COMPLETED);
  });
});
