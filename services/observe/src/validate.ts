import { BusError } from "@boyd/bus";
import type { Goal } from "@boyd/proto";

// An agent id is also a NATS subject token (common.proto): no separators,
// wildcards, whitespace or control characters; the memory service accepts
// the same set.
const AGENT_ID = /^[^\s.*>\p{Cc}]{1,128}$/u;

/** An INVALID_ARGUMENT naming the offending field. */
export function invalid(field: string, problem: string): BusError {
  return new BusError("INVALID_ARGUMENT", `${field}: ${problem}`);
}

/** Refuses an empty or malformed agent id, naming the field. */
export function checkAgentId(value: string, field = "agent_id"): string {
  if (value === "") throw invalid(field, "is required");
  if (!AGENT_ID.test(value)) throw invalid(field, `${JSON.stringify(value)} is not a valid agent id (1..128 characters, no whitespace, '.', '*' or '>')`);
  return value;
}

/** An optional count: `fallback` when unset, refused outside 0..max. */
export function checkCount(value: number | undefined, field: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0 || value > max) throw invalid(field, `must be in 0..${max}, got ${value}`);
  return value;
}

/** Refuses a goal without a symbol id, or two goals with the same one. */
export function checkGoals(goals: readonly Goal[]): readonly Goal[] {
  const seen = new Set<string>();
  goals.forEach((g, i) => {
    if (g.symbolId.trim() === "") throw invalid(`goals[${i}].symbol_id`, "is required");
    if (seen.has(g.symbolId)) throw invalid(`goals[${i}].symbol_id`, `${JSON.stringify(g.symbolId)} appears twice`);
    seen.add(g.symbolId);
  });
  return goals;
}
