import { describe, expect, it } from "vitest";
import { createDecideHandlers } from "../src/index.js";
import { decideRequest, goal } from "./fixtures/requests.js";

const handlers = createDecideHandlers({ now: () => 0 });
const ctx = {} as Parameters<typeof handlers.decide>[1];
const decideFor = async (description: string) => (await handlers.decide(decideRequest(goal(description)), ctx)).decision!;
const planFor = async (description: string) => (await handlers.generatePlan({ agentId: "a", goal: goal(description), attempt: 0, orientation: decideRequest(goal(description)).orientation, usedTools: [], tools: [], rules: [] }, ctx)).plan!;

describe("goals that ask for a tool's job", () => {
  it("'note that the meeting moved to Friday' saves the note (the part after the lead), planned as that one step", async () => {
    const d = await decideFor("note that the meeting moved to Friday");
    expect(d.call!.toolName).toBe("save_note");
    expect(JSON.parse(d.call!.inputJson)).toEqual({ text: "the meeting moved to Friday" });
    expect(d.score!.base).toBe(0.95);
    const plan = await planFor("Jot down: buy stamps before Monday");
    expect(plan.steps.map((s) => [s.toolName, JSON.parse(s.toolInputJson)])).toEqual([["save_note", { text: "buy stamps before Monday" }]]);
    expect(plan.hasSideEffects).toBe(false);
  });

  it("a note that states a relation still records the fact first; the note comes after", async () => {
    const d = await decideFor("Note that Priya owns billing");
    expect(d.call!.toolName).toBe("kg_mutate");
    expect(d.explanation!.alternatives.find((a) => a.toolName === "save_note")!.score!.base).toBe(0.85);
  });

  it("'report progress' reports, with the text after the colon as the message", async () => {
    const d = await decideFor("report progress: 2 of 3 files converted");
    expect(d.call!.toolName).toBe("report_progress");
    expect(JSON.parse(d.call!.inputJson)).toEqual({ message: "2 of 3 files converted" });
    expect((await planFor("give a status update")).steps.map((s) => s.toolName)).toEqual(["report_progress"]);
  });

  it("'Read docs/handbook.md and find ...' reads the file first (not the graph for its name), planned first, with no risk named for a read", async () => {
    const d = await decideFor("Read docs/handbook.md and find how many days of paid leave full-time employees get");
    expect(d.call!.toolName).toBe("file_io");
    expect(JSON.parse(d.call!.inputJson)).toMatchObject({ action: "read", path: "docs/handbook.md" });
    expect(d.score!.base).toBe(0.95);
    const plan = await planFor("Read handbook.md and find the paid leave of full-time employees");
    expect(plan.steps[0]!.toolName).toBe("file_io");
    expect(JSON.parse(plan.steps[0]!.toolInputJson)).toEqual({ action: "read", path: "handbook.md" });
    expect(plan.steps[0]!.canFail).toBe(true);
    // One read of it: the similarity-matched file_io step is not added again.
    expect(plan.steps.filter((s) => s.toolName === "file_io")).toHaveLength(1);
    expect(plan.risks.join("; ")).not.toContain("file_io");
    // The graph is asked about the goal's topic, not the file's folder or "how many".
    const later = await planFor("Read docs/handbook.md and find how many days of leave carry over");
    expect(JSON.parse(later.steps.find((s) => s.toolName === "kg_query")!.toolInputJson)).toMatchObject({ symbol: "days" });
    // A goal that names no file, or asks to write one, is not read first.
    expect((await decideFor("find the moons of Mars")).call!.toolName).not.toBe("file_io");
    expect((await planFor("write the moons of Mars to moons.md")).steps[0]!.toolName).not.toBe("file_io");
  });

  it("a question about notes neither saves a note nor reports progress", async () => {
    const d = await decideFor("what did my notes say about the meeting?");
    expect(d.explanation!.alternatives.map((a) => a.toolName)).not.toContain("save_note");
    expect(d.explanation!.contextFactors).toContain("excluded save_note: the goal does not ask for what save_note does");
    expect((await decideFor("find the moons of Mars")).explanation!.alternatives.map((a) => a.toolName)).not.toContain("report_progress");
  });
});
