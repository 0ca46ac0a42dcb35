import { GoalStatus, StopReason, WorkingMemoryKind, type RememberSession, type SessionState, type WorkingMemoryEntry } from "@boyd/proto";
import { memoryView, type SessionView } from "./consolidate.js";
import { invalid } from "./errors.js";
import { checkAgentId, checkRequired } from "./validate.js";
import { cut } from "./working-memory.js";

/** Checks a state about to be saved, naming the first bad field. */
export function checkSessionState(state: SessionState | undefined, field = "state"): SessionState {
  if (!state) throw invalid(field, "is required");
  checkAgentId(state.agentId, `${field}.agent_id`);
  const seen = new Set<string>();
  state.goals.forEach((g, i) => {
    if (g.symbolId === "") throw invalid(`${field}.goals[${i}].symbol_id`, "is required");
    if (seen.has(g.symbolId)) throw invalid(`${field}.goals[${i}].symbol_id`, `${JSON.stringify(g.symbolId)} appears twice`);
    seen.add(g.symbolId);
    if (g.priority > 255) throw invalid(`${field}.goals[${i}].priority`, `must be in 0..255, got ${g.priority}`);
  });
  state.plans.forEach((p, i) => {
    if (!seen.has(p.goalId)) throw invalid(`${field}.plans[${i}].goal_id`, `${JSON.stringify(p.goalId)} is not one of the state's goals`);
  });
  return state;
}

/**
 * What Remember works from when its caller sent the session's part
 * (RememberRequest.session): the same view sessionView makes of a saved
 * session, with the same defaults, checked and named as the request's.
 */
export function sentSessionView(sent: RememberSession): SessionView {
  sent.activeGoalIds.forEach((g, i) => checkRequired(g, `session.active_goal_ids[${i}]`));
  return memoryView([...sent.activeGoalIds], sent.config, "session.config");
}

const STOP_WORDS: Record<number, string> = {
  [StopReason.ALL_GOALS_DONE]: "all goals done",
  [StopReason.MAX_CYCLES]: "cycle limit reached",
  [StopReason.ITERATION_BUDGET]: "iteration budget spent",
  [StopReason.CRITICAL_FAILURE]: "critical failure",
  [StopReason.CANCELLED]: "cancelled",
};

/**
 * The working-memory entries a resume injects, after akh-medu's session
 * summary: what the previous session got done (0.9), what is pending
 * (0.85) and the last decisions as next steps (0.85). `decisions` are the
 * agent's DECISION entries, newest first.
 */
export function resumeSummary(state: SessionState, decisions: readonly WorkingMemoryEntry[], now: number): WorkingMemoryEntry[] {
  const completed = state.goals.filter((g) => g.status === GoalStatus.COMPLETED).length;
  const pending = state.goals.filter((g) => g.status === GoalStatus.ACTIVE || g.status === GoalStatus.SUSPENDED || g.status === GoalStatus.PENDING);
  const stop = STOP_WORDS[state.lastStopReason];
  const entry = (content: string, relevance: number, symbols: string[]): WorkingMemoryEntry => ({
    id: 0,
    content,
    symbols,
    kind: WorkingMemoryKind.REFLECTION,
    timestampUnixMs: now,
    relevance,
    sourceCycle: state.cycleCount,
    referenceCount: 0,
    accessCycles: [],
    toolName: "",
  });
  const out = [entry(`Previous session (through cycle ${state.cycleCount}): completed ${completed} of ${state.goals.length} goals${stop ? `; stopped: ${stop}` : ""}`, 0.9, [])];
  if (pending.length > 0) {
    out.push(entry(`Pending from last session: ${cut(pending.map((g) => g.description || g.symbolId).join("; "), 400)}`, 0.85, pending.map((g) => g.symbolId)));
  }
  const steps = decisions.slice(0, 3);
  if (steps.length > 0) {
    out.push(entry(`Next steps: ${steps.map((d) => cut(d.toolName ? `${d.toolName} (${d.content})` : d.content, 120)).join("; ")}`, 0.85, [...new Set(steps.flatMap((d) => d.symbols))]));
  }
  return out;
}
