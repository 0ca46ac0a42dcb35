import type { SessionState, ToolRun } from "@boyd/proto";

/**
 * Tool runs a session keeps at least: reflection judges the runs since the
 * last reflection (every 5 cycles by default), and the newest few show an
 * agent's recent calls to whoever loads it. Every SaveSession carries them,
 * so the rest (200 used to be kept) is dropped.
 */
export const KEPT_TOOL_RUNS = 32;

/**
 * Tool runs kept at most, however long since the last reflection: with
 * reflection off (or rare) every run since it was kept, up to an agent's
 * whole life carried in every save. Reflection then judges the newest.
 */
export const MAX_KEPT_TOOL_RUNS = 256;

/**
 * The runs to keep after `runs`: every one since the last reflection when
 * reflection is on (`reflects`; up to {@link MAX_KEPT_TOOL_RUNS}), and at
 * least the newest {@link KEPT_TOOL_RUNS}.
 */
export function keptToolRuns(runs: readonly ToolRun[], lastReflectionCycle: number, reflects = true): ToolRun[] {
  const sinceReflection = reflects ? runs.filter((r) => Number(r.cycle) > lastReflectionCycle) : [];
  return sinceReflection.length > KEPT_TOOL_RUNS ? sinceReflection.slice(-MAX_KEPT_TOOL_RUNS) : runs.slice(-KEPT_TOOL_RUNS);
}

/**
 * The session as SaveSession needs it. Working memory stays out: memory
 * keeps it in its own store (Remember wrote every entry) and ignores the
 * copy in a save; LoadSession fills it in again.
 */
export function sessionToSave(state: SessionState): SessionState {
  return state.workingMemory.length === 0 ? state : { ...state, workingMemory: [] };
}
