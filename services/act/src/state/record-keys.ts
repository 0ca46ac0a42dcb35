import type { IdempotencyKey } from "@boyd/proto";
import { keyToken } from "./record-store.js";

/**
 * The keys of act's per-agent records, written and read in one place: the
 * ledger and the session approvals write them, and the sweep of committed
 * calls (CommittedCalls) reads them back to tell what it may delete.
 *
 *   calls/<agent>/run-<run>/<cycle>-<step>   a call of a run (IdempotencyLedger)
 *   calls/<agent>/<cycle>-<step>             a call made without a run (by hand, older controllers)
 *   approvals/<agent>/run-<run>              a run's approval answers (SessionApprovals)
 *   approvals/<agent>/norun                  answers given without a run
 *
 * A `run-` folder cannot collide with a flat call key or with `norun`.
 */

/** The folder of one run's records: `run-<run>`. */
export function runFolder(runId: string): string {
  return `run-${keyToken(runId)}`;
}

/** The prefix of an agent's call records. */
export function callsOf(agentId: string): string {
  return `calls/${keyToken(agentId)}`;
}

/** The prefix of an agent's approval answers. */
export function approvalsOf(agentId: string): string {
  return `approvals/${keyToken(agentId)}`;
}

/** The record key of a call. */
export function callKey(key: IdempotencyKey): string {
  const run = key.runId ? `${runFolder(key.runId)}/` : "";
  return `${callsOf(key.agentId)}/${run}${key.cycle}-${key.step}`;
}

/** The record key of a run's approval answers. */
export function approvalsKey(agentId: string, runId: string): string {
  return `${approvalsOf(agentId)}/${runId ? runFolder(runId) : "norun"}`;
}

/**
 * Whether a call key is of a call of another run than `run` (a
 * {@link runFolder}), or of that run at or before cycle `upTo`. A call made
 * without a run never is.
 */
export function callCommitted(key: string, run: string, upTo: number): boolean {
  const parts = key.split("/");
  if (parts.length !== 4 || !parts[2]!.startsWith("run-")) return false;
  if (parts[2] !== run) return true;
  const cycle = Number(parts[3]!.split("-")[0]);
  return Number.isInteger(cycle) && cycle <= upTo;
}

/** Whether an approvals key is another run's than `run` (a {@link runFolder}); answers given without a run never are. */
export function approvalsOfAnotherRun(key: string, run: string): boolean {
  const folder = key.split("/")[2] ?? "";
  return folder.startsWith("run-") && folder !== run;
}
