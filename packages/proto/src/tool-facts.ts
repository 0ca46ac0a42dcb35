/**
 * Built-in tools whose output restates what the agent already remembers
 * (memory_recall: its episodes and facts). Such output is no new fact: kept
 * as one, it would come back in every later recall as an echo of itself,
 * and could stand as evidence for what it only repeats.
 */
const RECOLLECTING_TOOLS: ReadonlySet<string> = new Set(["memory_recall"]);

/** Whether a tool's output only restates the agent's memory, so no fact is made of it (act's RecordFacts, memory's Remember). */
export function restatesMemory(toolName: string): boolean {
  return RECOLLECTING_TOOLS.has(toolName);
}
