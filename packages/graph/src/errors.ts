/** Codes a graph error can carry; the names are gRPC's, so the bus maps them one to one. */
export type GraphErrorCode = "INVALID_ARGUMENT" | "NOT_FOUND" | "FAILED_PRECONDITION" | "DATA_LOSS" | "UNAVAILABLE" | "INTERNAL";

/**
 * The one error type of the graph package. `code` says what kind of failure
 * it is (bad input, a store that cannot be read, a backend that is down);
 * `retryable` whether the same call may succeed later.
 */
export class GraphError extends Error {
  override readonly name = "GraphError";
  readonly retryable: boolean;

  constructor(
    readonly code: GraphErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.retryable = code === "UNAVAILABLE";
  }
}

/** Shorthand for an INVALID_ARGUMENT GraphError. */
export function invalid(message: string): GraphError {
  return new GraphError("INVALID_ARGUMENT", message);
}
