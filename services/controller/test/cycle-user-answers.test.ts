import { GoalChangeKind, GoalSource, GoalStatus, Plan, PlanStatus, PlanStep, StepStatus } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { applyUserAnswer, asksThePerson, questionOf, readUserAnswer, type AnswerContext } from "../src/cycle/user-answers.js";
import { addGoal } from "../src/goals/index.js";

const goals = addGoal([], { description: "Read the notes file", symbolId: "goal:notes" }).goals;
const asking = addGoal([], { description: "Ask the user which planet they like best", symbolId: "goal:ask" }).goals;
const step = (index: number, extra: Partial<PlanStep>): PlanStep => PlanStep.fromPartial({ index, toolName: "kg_query", toolInputJson: "{}", status: StepStatus.COMPLETED, ...extra });
const plan = Plan.fromPartial({
  goalId: "goal:notes",
  steps: [step(0, { canFail: true }), step(1, { toolName: "user_interact", toolInputJson: '{"question":"How should I proceed?"}' })],
  status: PlanStatus.COMPLETED,
});
const about = { tool: "file_io", input: { action: "read", path: "missing.md" } };
const ctx = (answer: string, extra: Partial<AnswerContext> = {}): AnswerContext => ({ answer, goals, goalId: "goal:notes", plan, stepIndex: 1, about, cycle: 4, now: 1_000, agent: undefined, ...extra });
const apply = (answer: string, extra: Partial<AnswerContext> = {}) => applyUserAnswer(readUserAnswer(answer), ctx(answer, extra));

describe("answers to the agent's questions", () => {
  it("grammar - skip, stop/abort/cancel, add goal, name: value pairs, anything else is a note", () => {
    for (const a of ["skip", "Skip.", " skip this "]) expect(readUserAnswer(a), a).toEqual({ kind: "skip" });
    for (const a of ["stop", "ABORT", "cancel", "give up", "stop it!"]) expect(readUserAnswer(a), a).toEqual({ kind: "stop" });
    expect(readUserAnswer("add goal: Find the moons of Mars => phobos")).toEqual({ kind: "add-goal", description: "Find the moons of Mars", criteria: "phobos" });
    expect(readUserAnswer("New goal Find the rings of Saturn")).toEqual({ kind: "add-goal", description: "Find the rings of Saturn" });
    expect(readUserAnswer("path: notes.md")).toEqual({ kind: "values", values: { path: "notes.md" } });
    expect(readUserAnswer("Path = notes.md; top_k=3; recursive: true")).toEqual({ kind: "values", values: { path: "notes.md", top_k: 3, recursive: true } });
    for (const a of ["I like Mars", "skip the boring part", "stop and think: then go", "add goal:", "path notes.md"]) expect(readUserAnswer(a).kind, a).toBe("note");
  });

  it("skip - the goal is set aside (dormant), not failed", () => {
    const e = apply("skip");
    expect(e.goals[0]).toMatchObject({ status: GoalStatus.DORMANT, statusReason: "skipped by the person" });
    expect(e.goalChanges.map((c) => c.change)).toEqual([GoalChangeKind.STATUS]);
    expect(e.said).toBe("goal:notes set aside");
  });

  it("stop - the goal fails, stopped by the person; a goal already finished is left alone", () => {
    expect(apply("abort").goals[0]).toMatchObject({ status: GoalStatus.FAILED, statusReason: "stopped by the person" });
    const done = apply("skip").goals;
    const again = apply("stop", { goals: done });
    expect(again.goals[0]!.status).toBe(GoalStatus.DORMANT);
    expect(again.said).toBe("goal:notes is no longer active; nothing to stop");
  });

  it("add goal - a new user goal joins, the current goal goes on", () => {
    const e = apply("add goal: Find the moons of Mars => phobos");
    expect(e.goals).toHaveLength(2);
    expect(e.goals[1]).toMatchObject({ description: "Find the moons of Mars", successCriteria: "phobos", source: GoalSource.USER, status: GoalStatus.ACTIVE });
    expect(e.goals[0]!.status).toBe(GoalStatus.ACTIVE);
    expect(e.said).toBe(`added ${e.goals[1]!.symbolId}`);
  });

  it("values - the step that asked runs the call it asked about again, with the person's values", () => {
    const e = apply("path: notes.md");
    expect(e.plan!.status).toBe(PlanStatus.ACTIVE);
    expect(e.plan!.steps[1]).toMatchObject({ toolName: "file_io", status: StepStatus.PENDING });
    expect(JSON.parse(e.plan!.steps[1]!.toolInputJson)).toEqual({ action: "read", path: "notes.md" });
    expect(e.said).toBe('file_io runs again with path="notes.md"');
    // A question about nothing in particular keeps the values as notes only.
    const loose = apply("path: notes.md", { about: undefined });
    expect(loose.plan).toBe(plan);
    expect(loose.said).toBe('noted path="notes.md"');
  });

  it("note - guidance changes nothing, except that it answers a goal that is itself a question to the person", () => {
    const e = apply("I like Mars");
    expect(e.goals).toEqual(goals);
    expect(e.said).toBe("kept as guidance");
    const answered = apply("I like Mars", { goals: asking, goalId: "goal:ask" });
    expect(answered.goals[0]).toMatchObject({ status: GoalStatus.COMPLETED, statusReason: "the person answered: I like Mars" });
  });

  it("question - the question's text and the call it is about are read from its input", () => {
    expect(questionOf(JSON.stringify({ question: "How?", about }))).toEqual({ question: "How?", about });
    expect(questionOf(JSON.stringify({ question: "Which?" }))).toEqual({ question: "Which?", about: undefined });
    expect(questionOf("nonsense")).toEqual({ question: "", about: undefined });
  });
});

describe("user answers - a question goal with a later step", () => {
  it("only a goal that is nothing but a question is met by the answer", () => {
    expect(asksThePerson("Ask the user which region to deploy to")).toBe(true);
    expect(asksThePerson("ask the user what to write, then save it to answer.md")).toBe(false);
    expect(asksThePerson("Ask the operator for the port and write it to port.txt")).toBe(false);
  });
});
