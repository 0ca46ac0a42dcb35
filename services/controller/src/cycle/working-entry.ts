import type { WorkingMemoryEntry, WorkingMemoryKind } from "@boyd/proto";

/** A new working-memory entry (id 0: memory assigns it) produced in `cycle`. */
export function workingEntry(kind: WorkingMemoryKind, content: string, relevance: number, cycle: number, now: number, extra: Partial<WorkingMemoryEntry> = {}): WorkingMemoryEntry {
  return { id: 0, content, symbols: [], kind, timestampUnixMs: now, relevance, sourceCycle: cycle, referenceCount: 0, accessCycles: [], toolName: "", ...extra };
}
