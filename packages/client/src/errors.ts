import type { ServiceError } from "@grpc/grpc-js";
import { renderVisibly as printable, StatusCode } from "@boyd/bus";

/** gRPC status codes by name, as the server sends them (the bus's one vocabulary). */
export { StatusCode };

/** A status code's name, e.g. `"NOT_FOUND"`. */
export type StatusName = Exclude<keyof typeof StatusCode, "OK">;

const NAME_OF = new Map<number, StatusName>(
  Object.entries(StatusCode).flatMap(([name, n]) => (name === "OK" ? [] : [[n, name as StatusName]])),
);

// Worth retrying unchanged: the failure was about time or availability,
// not about the request.
const RETRYABLE: ReadonlySet<StatusName> = new Set(["UNAVAILABLE", "DEADLINE_EXCEEDED", "ABORTED", "RESOURCE_EXHAUSTED"]);

/** What every {@link BoydError} may carry besides its code. */
export interface BoydErrorOptions {
  /** The underlying error (the grpc-js ServiceError, an AbortSignal's reason). */
  readonly cause?: unknown;
}

/**
 * A failed call to Boyd. `code` is the gRPC status, `details` the server's
 * explanation, `method` the RPC that failed (e.g. "GetAgent"). Each common
 * status has its own subclass, so callers can `catch` by type:
 *
 * ```ts
 * try { await client.getAgent("mars"); }
 * catch (err) { if (err instanceof NotFoundError) ...; else throw err; }
 * ```
 */
export class BoydError extends Error {
  override readonly name: string = "BoydError";

  constructor(
    readonly code: StatusName,
    readonly details: string,
    readonly method: string,
    options: BoydErrorOptions = {},
  ) {
    super(`${method}: ${details} (${code})`, options.cause === undefined ? undefined : { cause: options.cause });
  }

  /** The numeric gRPC status code. */
  get status(): number {
    return StatusCode[this.code];
  }

  /** Whether repeating the same call may succeed. */
  get retryable(): boolean {
    return RETRYABLE.has(this.code);
  }
}

/** The call was cancelled: by the caller's AbortSignal, or by `close()`. */
export class CancelledError extends BoydError {
  override readonly name: string = "CancelledError";
  constructor(details: string, method: string, options?: BoydErrorOptions) {
    super("CANCELLED", details, method, options);
  }
}

/** The request was malformed: a missing or bad field. */
export class InvalidArgumentError extends BoydError {
  override readonly name: string = "InvalidArgumentError";
  constructor(details: string, method: string, options?: BoydErrorOptions) {
    super("INVALID_ARGUMENT", details, method, options);
  }
}

/** The call's deadline passed before it finished. */
export class DeadlineExceededError extends BoydError {
  override readonly name: string = "DeadlineExceededError";
  constructor(details: string, method: string, options?: BoydErrorOptions) {
    super("DEADLINE_EXCEEDED", details, method, options);
  }
}

/** The agent, goal, plan, rule or approval named does not exist. */
export class NotFoundError extends BoydError {
  override readonly name: string = "NotFoundError";
  constructor(details: string, method: string, options?: BoydErrorOptions) {
    super("NOT_FOUND", details, method, options);
  }
}

/** Something with that id exists already (an agent: pass `fresh` to replace it). */
export class AlreadyExistsError extends BoydError {
  override readonly name: string = "AlreadyExistsError";
  constructor(details: string, method: string, options?: BoydErrorOptions) {
    super("ALREADY_EXISTS", details, method, options);
  }
}

/** The caller is known but not allowed to do this. */
export class PermissionDeniedError extends BoydError {
  override readonly name: string = "PermissionDeniedError";
  constructor(details: string, method: string, options?: BoydErrorOptions) {
    super("PERMISSION_DENIED", details, method, options);
  }
}

/** The caller presented no valid credentials (a missing or wrong token). */
export class UnauthenticatedError extends BoydError {
  override readonly name: string = "UnauthenticatedError";
  constructor(details: string, method: string, options?: BoydErrorOptions) {
    super("UNAUTHENTICATED", details, method, options);
  }
}

/** A limit was hit (too many runs, a message too large). */
export class ResourceExhaustedError extends BoydError {
  override readonly name: string = "ResourceExhaustedError";
  constructor(details: string, method: string, options?: BoydErrorOptions) {
    super("RESOURCE_EXHAUSTED", details, method, options);
  }
}

/** The agent is not in a state that allows the call (already running, say). */
export class FailedPreconditionError extends BoydError {
  override readonly name: string = "FailedPreconditionError";
  constructor(details: string, method: string, options?: BoydErrorOptions) {
    super("FAILED_PRECONDITION", details, method, options);
  }
}

/** The server does not offer this call (an older server). */
export class UnimplementedError extends BoydError {
  override readonly name: string = "UnimplementedError";
  constructor(details: string, method: string, options?: BoydErrorOptions) {
    super("UNIMPLEMENTED", details, method, options);
  }
}

/** The server failed; its logs say why. */
export class InternalError extends BoydError {
  override readonly name: string = "InternalError";
  constructor(details: string, method: string, options?: BoydErrorOptions) {
    super("INTERNAL", details, method, options);
  }
}

/** The server could not be reached, or is shutting down. Retry later. */
export class UnavailableError extends BoydError {
  override readonly name: string = "UnavailableError";
  constructor(details: string, method: string, options?: BoydErrorOptions) {
    super("UNAVAILABLE", details, method, options);
  }
}

type Subclass = new (details: string, method: string, options?: BoydErrorOptions) => BoydError;

const CLASS_OF: Partial<Record<StatusName, Subclass>> = {
  CANCELLED: CancelledError,
  INVALID_ARGUMENT: InvalidArgumentError,
  DEADLINE_EXCEEDED: DeadlineExceededError,
  NOT_FOUND: NotFoundError,
  ALREADY_EXISTS: AlreadyExistsError,
  PERMISSION_DENIED: PermissionDeniedError,
  UNAUTHENTICATED: UnauthenticatedError,
  RESOURCE_EXHAUSTED: ResourceExhaustedError,
  FAILED_PRECONDITION: FailedPreconditionError,
  UNIMPLEMENTED: UnimplementedError,
  INTERNAL: InternalError,
  UNAVAILABLE: UnavailableError,
};

/** The typed error for a status: its subclass when there is one, else a plain BoydError. */
export function boydError(code: StatusName, details: string, method: string, options?: BoydErrorOptions): BoydError {
  const Class = CLASS_OF[code];
  return Class ? new Class(details, method, options) : new BoydError(code, details, method, options);
}

/** The status name of a numeric code; codes this client does not know are UNKNOWN. */
export function statusName(code: number): StatusName {
  return NAME_OF.get(code) ?? "UNKNOWN";
}

/**
 * What a failed call throws. A caller's abort wins over the status grpc-js
 * reports for it (CANCELLED either way, but with the abort's reason as the
 * cause); a ServiceError keeps its status; anything else is UNKNOWN. The
 * details are made printable: servers may echo user input.
 */
export function toBoydError(err: unknown, method: string, signal?: AbortSignal): BoydError {
  if (err instanceof BoydError) return err;
  if (signal?.aborted) return new CancelledError("cancelled by the caller's AbortSignal", method, { cause: signal.reason });
  const e = err as Partial<ServiceError> | undefined;
  if (typeof e?.code === "number") return boydError(statusName(e.code), printable(e.details || e.message || "no details"), method, { cause: err });
  return new BoydError("UNKNOWN", printable(err instanceof Error ? err.message : String(err)), method, { cause: err });
}
