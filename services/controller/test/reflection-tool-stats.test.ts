import { describe, expect, it } from "vitest";
import { computeToolStats, flaggedTools, type ToolExecution } from "../src/reflection/tool-stats.js";

function calls(toolName: string, outcomes: readonly boolean[], opts: { startCycle?: number; goalId?: string } = {}): ToolExecution[] {
  const start = opts.startCycle ?? 1;
  return outcomes.map((success, i) => ({ toolName, success, cycle: start + i, goalId: opts.goalId ?? "g1" }));
}

describe("reflection tool stats", () => {
  it("tool stats - counts invocations, successes and rate per tool, sorted by name", () => {
    const history = [...calls("reason", [true, false, true, true]), ...calls("kg_query", [true, true])];
    expect(computeToolStats(history)).toEqual([
      { toolName: "kg_query", invocations: 2, successes: 2, successRate: 1, flagged: false },
      { toolName: "reason", invocations: 4, successes: 3, successRate: 0.75, flagged: false },
    ]);
  });

  it("tool stats - an empty history gives no entries", () => {
    expect(computeToolStats([])).toEqual([]);
  });

  it("tool stats - a low rate is flagged once the tool has the minimum number of calls", () => {
    // One failed call is noise; two failed calls are a pattern.
    expect(computeToolStats(calls("shell_exec", [false]))[0]?.flagged).toBe(false);
    expect(computeToolStats(calls("shell_exec", [false, false]))[0]?.flagged).toBe(true);
  });

  it("tool stats - a rate exactly at the floor is not flagged, just below is", () => {
    // 3/10 = 0.3 sits on the default floor.
    const atFloor = calls("http_fetch", [true, true, true, false, false, false, false, false, false, false]);
    expect(computeToolStats(atFloor)[0]).toMatchObject({ successRate: 0.3, flagged: false });
    const below = calls("http_fetch", [true, true, false, false, false, false, false, false, false, false]);
    expect(computeToolStats(below)[0]).toMatchObject({ successRate: 0.2, flagged: true });
  });

  it("tool stats - minimum rate and minimum calls are configurable", () => {
    const h = calls("file_io", [true, false, false]);
    expect(computeToolStats(h, { minSuccessRate: 0.5 })[0]?.flagged).toBe(true);
    expect(computeToolStats(h, { minSuccessRate: 0.3 })[0]?.flagged).toBe(false);
    expect(computeToolStats(calls("file_io", [false]), { minInvocations: 1 })[0]?.flagged).toBe(true);
    expect(computeToolStats(calls("file_io", [false, false]), { minInvocations: 3 })[0]?.flagged).toBe(false);
  });

  it("tool stats - afterCycle keeps only calls strictly after that cycle", () => {
    const h = calls("reason", [false, false, true, true], { startCycle: 1 }); // cycles 1..4
    expect(computeToolStats(h, { afterCycle: 2 })[0]).toMatchObject({ invocations: 2, successes: 2 });
    expect(computeToolStats(h, { afterCycle: 4 })).toEqual([]);
  });

  it("tool stats - goalId keeps only calls made for that goal", () => {
    const h = [...calls("reason", [true], { goalId: "a" }), ...calls("reason", [false, false], { goalId: "b" })];
    expect(computeToolStats(h, { goalId: "a" })[0]).toMatchObject({ invocations: 1, successes: 1 });
    expect(computeToolStats(h, { goalId: "b" })[0]).toMatchObject({ invocations: 2, successes: 0, flagged: true });
  });

  it("tool stats - flaggedTools lists the flagged names in order", () => {
    const stats = computeToolStats([...calls("shell_exec", [false, false]), ...calls("kg_query", [true]), ...calls("http_fetch", [false, false, false])]);
    expect(flaggedTools(stats)).toEqual(["http_fetch", "shell_exec"]);
  });
});
