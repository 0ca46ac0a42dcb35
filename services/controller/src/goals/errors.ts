import type { StatusCodeName } from "@boyd/bus";

/** Status codes a goal operation can fail with. */
export type GoalErrorCode = Extract<StatusCodeName, "INVALID_ARGUMENT" | "NOT_FOUND" | "ALREADY_EXISTS" | "FAILED_PRECONDITION">;

/**
 * A rejected goal operation: bad input, an unknown goal, or a change the
 * goal's state does not allow. `code` is a status code name so the bus and
 * the gRPC surface can carry it to the caller unchanged; `field` names the
 * offending input so a client can point at it without parsing the message.
 */
export class GoalError extends Error {
  override readonly name = "GoalError";
  /** Goal errors are about the request, never about a transient fault. */
  readonly retryable = false;

  constructor(
    /** Status code name (gRPC semantics). */
    readonly code: GoalErrorCode,
    /** Input field the error is about, e.g. "priority"; "" when none. */
    readonly field: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(field === "" ? message : `${field}: ${message}`, options);
  }
}

/** An INVALID_ARGUMENT naming the offending field. */
export function invalidGoalInput(field: string, problem: string): GoalError {
  return new GoalError("INVALID_ARGUMENT", field, problem);
}
