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

  it("a question about notes neither saves a note nor reports progress", async () => {
    const d = await decideFor("what did my notes say about the meeting?");
    expect(d.explanation!.alternatives.map((a) => a.toolName)).not.toContain("save_note");
    expect(d.explanation!.contextFactors).toContain("excluded save_note: the goal does not ask for what save_note does");
    expect((await decideFor("find the moons of Mars")).explanation!.alternatives.map((a) => a.toolName)).not.toContain("report_progress");
  });
});
