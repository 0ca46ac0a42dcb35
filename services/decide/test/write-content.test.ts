import { GoalAnswers, PlanStatus, StepStatus, WorkingMemoryKind, type Plan, type WorkingMemoryEntry } from "@boyd/proto";
import { BUILTIN_TOOLS } from "@boyd/tools";
import { describe, expect, it } from "vitest";
import { buildInput, createDecideHandlers, scoringContext } from "../src/index.js";
import { quotedIn } from "../src/content.js";
import { goal } from "./fixtures/requests.js";

const fileIo = BUILTIN_TOOLS.find((t) => t.name === "file_io")!;

function result(content: string, toolName: string): WorkingMemoryEntry {
  return { id: 0, content, symbols: ["goal:1"], kind: WorkingMemoryKind.TOOL_RESULT, timestampUnixMs: 0, relevance: 0.7, sourceCycle: 1, referenceCount: 0, accessCycles: [], toolName };
}

/** A two-step plan: step 0 (done) then the write, which depends on it. */
function writeAfter(tool: string): Plan {
  const step = (index: number, toolName: string, status: StepStatus) => ({ index, toolName, toolInputJson: "", rationale: "", description: "", status, statusReason: "", dependsOn: index ? [index - 1] : [], canFail: false, fallback: undefined, expectedEffects: [], hasSideEffects: false });
  return { goalId: "goal:1", steps: [step(0, tool, StepStatus.COMPLETED), step(1, "file_io", StepStatus.PENDING)], status: PlanStatus.ACTIVE, failureReason: "", attempt: 0, strategy: "", strategies: [], ordering: 0, hasSideEffects: true, confirmed: false, risks: [], estimatedDurationMs: 0, createdAtUnixMs: 0 } as Plan;
}

function inputFor(description: string, s: { history?: WorkingMemoryEntry[]; plan?: Plan; answers?: string[] } = {}) {
  const g = goal(description);
  const answers = s.answers ? GoalAnswers.fromPartial({ kind: 1, answers: s.answers.map((label) => ({ symbolId: label, label })) }) : undefined;
  const ctx = scoringContext({ goals: [g], activeGoalIds: [g.symbolId], goalContexts: [{ goalId: g.symbolId, triples: [], inferences: [], answers }], episodes: [], pressure: 0, history: s.history ?? [], psyche: undefined, plan: s.plan });
  return buildInput(fileIo, ctx);
}

describe("what a file write writes", () => {
  it("the text the goal quotes, never the quoted path, never an apostrophe", () => {
    expect(inputFor("write 'hello world' to the file notes.md")).toEqual({ input: { action: "write", path: "notes.md", content: "hello world" } });
    expect(inputFor('save "buy milk" in todo.txt')).toEqual({ input: { action: "write", path: "todo.txt", content: "buy milk" } });
    expect(inputFor("write “Ship it” to 'release.md'")).toEqual({ input: { action: "write", path: "release.md", content: "Ship it" } });
    expect(quotedIn("write what's new in Mars' orbit to notes.md")).toBeUndefined();
  });

  it("the output of the step the write depends on, skipping failed calls", () => {
    const history = [result("REJECTED: bad input", "kg_query"), result("total 3 files", "shell_exec")];
    expect(inputFor("save the report to out/report.txt", { history, plan: writeAfter("shell_exec") })).toEqual({ input: { action: "write", path: "out/report.txt", content: "total 3 files" } });
  });

  it("the goal's answers when nothing is quoted and no step came before", () => {
    expect(inputFor("write the moons of Mars to moons.md", { answers: ["phobos", "deimos"] })).toEqual({ input: { action: "write", path: "moons.md", content: "phobos\ndeimos\n" } });
  });

  it("nothing to write: the write is no candidate (instead of a call the tool refuses)", () => {
    expect(inputFor("save the report to out/report.txt")).toEqual({ missing: ["content"] });
  });

  it("a write goal with nothing quoted plans the write last, its input built when it runs", async () => {
    const handlers = createDecideHandlers({ now: () => 0 });
    const g = goal("run the tests and save the report to out/report.txt");
    const { plan } = await handlers.generatePlan({ agentId: "a", goal: g, attempt: 0, orientation: undefined, usedTools: [], tools: [], rules: [] }, {} as never);
    const last = plan!.steps.at(-1)!;
    expect(last.toolName).toBe("file_io");
    expect(last.toolInputJson).toBe("");
    expect(last.dependsOn).toEqual([last.index - 1]);
  });
});
