import { BusError, toWireError } from "@boyd/bus";
import { ActionOutcome, StatusCode, type ActionResult, type Decision } from "@boyd/proto";

/** How service calls are retried within a cycle. */
export interface RetryPolicy {
  /** Absolute deadline (unix ms) after which nothing is retried. */
  readonly deadline: number;
  /**
   * Time one attempt may take, ms (never past `deadline`). A request lost
   * with a killed process is never answered, and NATS does not say so: only
   * an attempt shorter than the phase leaves time to ask its replacement.
   * @default the whole time to the deadline
   */
  readonly attemptMs?: number;
  /** First backoff, doubled each retry. @default 100 */
  readonly baseDelayMs?: number;
  /** Longest backoff. @default 2000 */
  readonly maxDelayMs?: number;
  /** Retries after DEADLINE_EXCEEDED. @default 2 */
  readonly timeoutRetries?: number;
  /** Told about each retry, e.g. to warn in the cycle report. */
  readonly onRetry?: (message: string) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Calls a service with the controller's recovery rules: UNAVAILABLE (the
 * service or NATS is away) is retried with backoff until the deadline;
 * DEADLINE_EXCEEDED is retried a bounded number of times with backoff;
 * every other error is final and rethrown (PERMISSION_DENIED, bad input...).
 * `call` gets the attempt's deadline to pass on.
 */
export async function withRecovery<T>(what: string, policy: RetryPolicy, call: (deadline: number) => Promise<T>): Promise<T> {
  let delay = policy.baseDelayMs ?? 100;
  const maxDelay = policy.maxDelayMs ?? 2_000;
  let timeouts = 0;
  for (;;) {
    try {
      return await call(policy.attemptMs ? Math.min(policy.deadline, Date.now() + policy.attemptMs) : policy.deadline);
    } catch (err) {
      const e = toWireError(err);
      const retry = e.code === "UNAVAILABLE" || (e.code === "DEADLINE_EXCEEDED" && timeouts++ < (policy.timeoutRetries ?? 2));
      const wait = Math.min(delay, maxDelay);
      if (!retry || Date.now() + wait >= policy.deadline) {
        throw new BusError(e.code, `${what}: ${e.message}`, { cause: err });
      }
      policy.onRetry?.(`${what}: ${e.code} (${e.message}); retrying in ${wait} ms`);
      await sleep(wait);
      delay *= 2;
    }
  }
}

/** How the controller treats an action's outcome (per error class, as the references do). */
export type ResultClass =
  /** The tool ran and did what it was asked (or a replay of such a run). */
  | "ok"
  /** The tool ran out of time: retried with backoff. */
  | "timeout"
  /** A policy, a person or the psyche refused: reported, recorded as a correction, never retried. */
  | "denied"
  /** The tool ran and failed: retried once with adjusted input, when there is an adjustment. */
  | "tool_error"
  /** Input the tool refused, or an unknown tool: retried once with adjusted input. */
  | "rejected"
  /** The tool's budget is spent. */
  | "budget"
  /** Anything else: reported. */
  | "unknown";

/** The recovery class of an action result. */
export function classifyResult(result: ActionResult): ResultClass {
  switch (result.outcome) {
    case ActionOutcome.EXECUTED:
    case ActionOutcome.REPLAYED:
      return result.output?.success ? "ok" : result.output?.error?.code === StatusCode.DEADLINE_EXCEEDED ? "timeout" : "tool_error";
    case ActionOutcome.TIMED_OUT:
      return "timeout";
    case ActionOutcome.VETOED:
    case ActionOutcome.DENIED_BY_POLICY:
    case ActionOutcome.DENIED_BY_USER:
    case ActionOutcome.APPROVAL_EXPIRED:
      return "denied";
    case ActionOutcome.REJECTED:
      return "rejected";
    case ActionOutcome.BUDGET_EXHAUSTED:
      return "budget";
    default:
      return "unknown";
  }
}

/**
 * The input for the one retry of a failed call, or undefined when there is
 * no adjustment worth trying (a deterministic failure retried with the same
 * input fails the same way). In order: another input decide ranked for the
 * same tool; for a refused input, the same input without the optional
 * fields the validation error names (`tool input: depth: ...`), so the tool
 * falls back to its defaults; for a transient tool error (UNAVAILABLE,
 * INTERNAL, RESOURCE_EXHAUSTED, ABORTED), the same input.
 */
export function retryInput(decision: Decision, result: ActionResult, required: readonly string[]): string | undefined {
  const call = decision.call!;
  const other = decision.explanation?.alternatives.find((a) => a.toolName === call.toolName && a.inputJson !== call.inputJson);
  if (other) return other.inputJson;
  const error = result.output?.error;
  if (result.outcome === ActionOutcome.REJECTED) {
    let input: unknown;
    try {
      input = JSON.parse(call.inputJson || "{}");
    } catch {
      return undefined;
    }
    if (typeof input !== "object" || input === null || Array.isArray(input)) return undefined;
    const named = new Set([...(error?.message ?? "").matchAll(/input: ([A-Za-z_][\w]*)(?:[.[]|:)/g)].map((m) => m[1]!));
    const drop = Object.keys(input).filter((k) => named.has(k) && !required.includes(k));
    if (drop.length === 0) return undefined;
    return JSON.stringify(Object.fromEntries(Object.entries(input).filter(([k]) => !drop.includes(k))));
  }
  return error && TRANSIENT.has(error.code) ? call.inputJson : undefined;
}

const TRANSIENT = new Set([StatusCode.UNAVAILABLE, StatusCode.INTERNAL, StatusCode.RESOURCE_EXHAUSTED, StatusCode.ABORTED]);
