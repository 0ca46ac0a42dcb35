import { invalid } from "./errors.js";

// An agent id is also a NATS subject token (common.proto), so it may not
// hold separators or wildcards; we also refuse control characters.
const AGENT_ID = /^[^\s.*>\p{Cc}]{1,128}$/u;

/** Refuses an empty or malformed agent id, naming the field. */
export function checkAgentId(value: string, field = "agent_id"): string {
  if (value === "") throw invalid(field, "is required");
  if (!AGENT_ID.test(value)) throw invalid(field, `${JSON.stringify(value)} is not a valid agent id (1..128 characters, no whitespace, '.', '*' or '>')`);
  return value;
}

/** Refuses a value outside [0, 1], naming the field. */
export function checkUnit(value: number, field: string): number {
  if (!(value >= 0 && value <= 1)) throw invalid(field, `must be in [0, 1], got ${value}`);
  return value;
}

/** A limit-style optional count: default when unset, refused outside 1..max. */
export function checkLimit(value: number | undefined, field: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) throw invalid(field, `must be in 1..${max}, got ${value}`);
  return value;
}

/** Refuses an empty string, naming the field. */
export function checkRequired(value: string, field: string): string {
  if (value.trim() === "") throw invalid(field, "is required");
  return value;
}

/** Refuses a record that names another agent than the request's. */
export function checkSameAgent(recordAgent: string, requestAgent: string, field: string): void {
  if (recordAgent !== "" && recordAgent !== requestAgent) throw invalid(field, `is ${JSON.stringify(recordAgent)} but the request is for ${JSON.stringify(requestAgent)}`);
}
