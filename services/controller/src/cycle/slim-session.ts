import type { SessionState, ToolRun } from "@boyd/proto";

/**
 * Tool runs a session keeps at least: reflection judges the runs since the
 * last reflection (every 5 cycles by default), and the newest few show an
 * agent's recent calls to whoever loads it. Every SaveSession carries them,
 * so the rest (200 used to be kept) is dropped.
 */
export const KEPT_TOOL_RUNS = 32;

/** The runs to keep after `runs`: every one since the last reflection, and at least the newest {@link KEPT_TOOL_RUNS}. */
export function keptToolRuns(runs: readonly ToolRun[], lastReflectionCycle: number): ToolRun[] {
  const sinceReflection = runs.filter((r) => Number(r.cycle) > lastReflectionCycle);
  return sinceReflection.length > KEPT_TOOL_RUNS ? sinceReflection : runs.slice(-KEPT_TOOL_RUNS);
}

/**
 * The session as SaveSession needs it. Working memory stays out: memory
 * keeps it in its own store (Remember wrote every entry) and ignores the
 * copy in a save; LoadSession fills it in again.
 */
export function sessionToSave(state: SessionState): SessionState {
  return state.workingMemory.length === 0 ? state : { ...state, workingMemory: [] };
}
