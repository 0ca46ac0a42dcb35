import { ActionOutcome, AdjustmentKind, Event } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { formatCycleLine } from "../src/agent-format.js";
import { RunTracker } from "../src/run-tracker.js";

const GOAL = "goal:Find the moons that orbit Pluto";
const base = { agentId: "a", cycle: 5, timeUnixMs: 0, traceId: "", sequence: 0 };

/** A cycle's events: decided, acted, optionally reflected, then finished with warnings and episodes. */
function cycle(extra: { reflected?: Parameters<typeof Event.fromPartial>[0]["kind"]; warnings?: string[]; summaries?: string[] }): Event[] {
  return [
    Event.fromPartial({ ...base, kind: { $case: "cycleStarted", value: { activeGoalIds: [GOAL] } } }),
    Event.fromPartial({ ...base, kind: { $case: "decided", value: { decision: { goalId: GOAL, call: { toolName: "kg_query", inputJson: "{}" } } } } }),
    Event.fromPartial({ ...base, kind: { $case: "acted", value: { result: { toolName: "kg_query", outcome: ActionOutcome.EXECUTED, output: { success: true, content: "ok" } } } } }),
    ...(extra.reflected ? [Event.fromPartial({ ...base, kind: extra.reflected })] : []),
    Event.fromPartial({
      ...base,
      kind: {
        $case: "cycleFinished",
        value: { toolName: "kg_query", outcome: ActionOutcome.EXECUTED, progress: [{ goalId: GOAL, error: 1 }], warnings: extra.warnings ?? [], consolidated: (extra.summaries ?? []).map((summary) => ({ summary, goalId: GOAL })) },
      },
    }),
  ];
}

function lineOf(events: readonly Event[]): string {
  const tracker = new RunTracker();
  let line = "";
  for (const e of events) {
    const done = tracker.take(e);
    if (done) line = formatCycleLine(done);
  }
  return line;
}

describe("cycle lines - memory signals", () => {
  it("a cycle line shows the context-health warning, what was consolidated and what reflection changed", () => {
    const line = lineOf(
      cycle({
        warnings: ["context health critical: working memory 100% full (10/10 entries); new entries now evict old ones unless it is consolidated"],
        summaries: ["kg_query on Pluto found nothing\nabout charon", "reason: no rule applies", "orient: 0 triples", "observe: 1 goal"],
        reflected: {
          $case: "reflected",
          value: {
            report: {
              cycle: 5,
              goals: [{ goalId: GOAL, cyclesWorked: 5, advanced: false, stagnant: true }],
              adjustments: [
                { kind: AdjustmentKind.DEMOTE_PRIORITY, goalId: GOAL, priorityDelta: -30, description: 'Demote "Find the moons that orbit Pluto" from 128 to 98: stagnant for 8 cycles', applied: true },
                { kind: AdjustmentKind.SUGGEST_NEW_GOAL, goalId: "", description: "Develop a new strategy", applied: false },
              ],
            },
          },
        },
      }),
    );
    const lines = line.split("\n");
    expect(lines[0]).toMatch(/^#5 +goal:Find the moons that orbit … +kg_query/);
    expect(lines[1]).toBe("    ⚠ context health critical: working memory 100% full (10/10 entries); new entries now evict old ones unless it is consolidated");
    // Episodes by their summaries, one line each (a newline in a summary is not a new line), the fourth counted.
    expect(lines[2]).toBe('    ⊕ consolidated 4 episode(s): "kg_query on Pluto found nothing about charon"; "reason: no rule applies"; "orient: 0 triples" and 1 more');
    expect(lines[3]).toBe('    ↻ reflected (1 goal(s) assessed, 0 advanced, 1 stagnant): Demote "Find the moons that orbit Pluto" from 128 to 98: stagnant for 8 cycles');
    expect(lines).toHaveLength(4);
  });

  it("a reflection that changed nothing says so; a cycle without either adds no line", () => {
    const quiet = lineOf(cycle({ reflected: { $case: "reflected", value: { report: { cycle: 5, goals: [{ goalId: GOAL, cyclesWorked: 4 }], adjustments: [] } } } }));
    expect(quiet.split("\n")[1]).toBe("    ↻ reflected (1 goal(s) assessed, 0 advanced, 0 stagnant): no change");
    expect(lineOf(cycle({})).split("\n")).toHaveLength(1);
  });

  it("episode summaries with control characters are printed escaped", () => {
    const line = lineOf(cycle({ summaries: ["bad \u001b[31mred"] }));
    expect(line).toContain('⊕ consolidated 1 episode(s): "bad \\x1b[31mred"');
  });
});
