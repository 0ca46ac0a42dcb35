import { BusError, type StatusCodeName } from "@boyd/bus";

/**
 * A failure of the durable store. Its `code` is a status code name, so the
 * bus carries it to the caller unchanged (the bus keeps any typed error
 * whose code is a status name) without the store depending on the bus.
 */
export class MemoryStoreError extends Error {
  override readonly name = "MemoryStoreError";
  /** Whether retrying the same call may succeed. */
  readonly retryable: boolean;

  constructor(
    /** ABORTED (lost a compare-and-set), DATA_LOSS, UNAVAILABLE, RESOURCE_EXHAUSTED, INTERNAL, or FAILED_PRECONDITION (the store's directory is held by another open store). */
    readonly code: Extract<StatusCodeName, "ABORTED" | "DATA_LOSS" | "UNAVAILABLE" | "RESOURCE_EXHAUSTED" | "INTERNAL" | "FAILED_PRECONDITION">,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.retryable = code === "ABORTED" || code === "UNAVAILABLE";
  }
}

/** Whether `err` is a lost compare-and-set (someone else wrote first). */
export function isConflict(err: unknown): err is MemoryStoreError {
  return err instanceof MemoryStoreError && err.code === "ABORTED";
}

/** An INVALID_ARGUMENT naming the offending field. */
export function invalid(field: string, problem: string): BusError {
  return new BusError("INVALID_ARGUMENT", `${field}: ${problem}`);
}
