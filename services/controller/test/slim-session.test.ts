import { ActionOutcome, type ToolRun } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { KEPT_TOOL_RUNS, keptToolRuns, MAX_KEPT_TOOL_RUNS } from "../src/cycle/slim-session.js";

const runs = (from: number, to: number): ToolRun[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ toolName: "kg_query", success: true, cycle: from + i, goalId: "goal:g", outcome: ActionOutcome.EXECUTED }));
const cycles = (kept: readonly ToolRun[]) => [Number(kept[0]!.cycle), Number(kept.at(-1)!.cycle), kept.length];

// With reflection off, every tool run since the (never made) last
// reflection was kept: an agent's whole life of runs in every SaveSession.
describe("keptToolRuns", () => {
  it("keeps every run since the last reflection while reflection is on, and at least the newest few", () => {
    expect(cycles(keptToolRuns(runs(1, 100), 50))).toEqual([51, 100, 50]);
    expect(cycles(keptToolRuns(runs(1, 100), 90))).toEqual([100 - KEPT_TOOL_RUNS + 1, 100, KEPT_TOOL_RUNS]);
  });

  it("keeps the newest few only when reflection is off, and never more than the bound however long since a reflection", () => {
    expect(cycles(keptToolRuns(runs(1, 1_000), 0, false))).toEqual([1_000 - KEPT_TOOL_RUNS + 1, 1_000, KEPT_TOOL_RUNS]);
    expect(cycles(keptToolRuns(runs(1, 1_000), 0, true))).toEqual([1_000 - MAX_KEPT_TOOL_RUNS + 1, 1_000, MAX_KEPT_TOOL_RUNS]);
  });
});
