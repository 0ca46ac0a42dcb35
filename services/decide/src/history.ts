import { WorkingMemoryKind, type WorkingMemoryEntry } from "@boyd/proto";

/** What the scorer knows about earlier tool use on one goal. */
export interface ToolHistory {
  /** Distinct tools, most recently used first. */
  recent: string[];
  /** Calls per tool. */
  uses: Map<string, number>;
}

const DECISION_PREFIX = /^Decide: tool=([\w.-]+)[,\s]/;

/**
 * Tool history of a goal from working-memory DECISION entries about it
 * (entries carry the tool name; older ones written as "Decide: tool=X, ..."
 * are parsed). `entries` are newest first.
 */
export function toolHistory(entries: readonly WorkingMemoryEntry[], goalId: string): ToolHistory {
  const recent: string[] = [];
  const uses = new Map<string, number>();
  for (const e of entries) {
    if (e.kind !== WorkingMemoryKind.DECISION || !e.symbols.includes(goalId)) continue;
    const tool = e.toolName || DECISION_PREFIX.exec(e.content)?.[1];
    if (!tool) continue;
    if (!uses.has(tool)) recent.push(tool);
    uses.set(tool, (uses.get(tool) ?? 0) + 1);
  }
  return { recent, uses };
}
