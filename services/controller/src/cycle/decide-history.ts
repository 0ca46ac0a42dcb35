import { WorkingMemoryKind, type WorkingMemoryEntry } from "@boyd/proto";

/**
 * Working memory's recent entries as Decide reads them (DecideRequest
 * `history`): the DECISION entries, which give each goal's tool history,
 * and the TOOL_RESULT entries, whose output a plan step can chain from.
 * A decision that names its tool goes without its text (decide parses the
 * text only of older entries that do not name it). Observations and
 * inferences, and those texts, were about half of every Decide request's
 * bytes, and decide never read them.
 */
export function decideHistory(entries: readonly WorkingMemoryEntry[]): WorkingMemoryEntry[] {
  const history: WorkingMemoryEntry[] = [];
  for (const e of entries) {
    if (e.kind === WorkingMemoryKind.TOOL_RESULT) history.push(e);
    else if (e.kind === WorkingMemoryKind.DECISION) history.push(e.toolName ? { ...e, content: "" } : e);
  }
  return history;
}
