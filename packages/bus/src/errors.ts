/**
 * Status codes carried by every reply, named as gRPC names them so one
 * vocabulary serves NATS headers, gRPC statuses and logs.
 */
export const StatusCode = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  DATA_LOSS: 15,
  UNAUTHENTICATED: 16,
} as const;

/** A status code name, e.g. `"INVALID_ARGUMENT"`. */
export type StatusCodeName = keyof typeof StatusCode;

const NAMES = new Map<number, StatusCodeName>(
  Object.entries(StatusCode).map(([name, n]) => [n, name as StatusCodeName]),
);

/** The name of a numeric status code; unknown numbers map to UNKNOWN. */
export function statusName(code: number): StatusCodeName {
  return NAMES.get(code) ?? "UNKNOWN";
}

/** Whether a string is a known status code name. */
export function isStatusCodeName(name: string): name is StatusCodeName {
  return Object.hasOwn(StatusCode, name);
}

// Codes a caller may retry as-is: the failure was about time or availability,
// not about the request itself.
const RETRYABLE: ReadonlySet<StatusCodeName> = new Set(["UNAVAILABLE", "DEADLINE_EXCEEDED", "ABORTED", "RESOURCE_EXHAUSTED"]);

/**
 * The one error type that crosses the bus. A handler throws it to choose the
 * status the caller sees; a client rethrows it with the code the server sent.
 */
export class BusError extends Error {
  override readonly name = "BusError";
  /** Whether retrying the same call may succeed. */
  readonly retryable: boolean;

  constructor(
    readonly code: StatusCodeName,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.retryable = RETRYABLE.has(code);
  }

  /** The numeric gRPC status code. */
  get status(): number {
    return StatusCode[this.code];
  }
}

/** Whether `err` is a BusError, optionally with a given code. */
export function isBusError(err: unknown, code?: StatusCodeName): err is BusError {
  return err instanceof BusError && (code === undefined || err.code === code);
}

/**
 * Turns anything thrown by a handler into what the caller may see: a
 * BusError keeps its code and message, and so does any other package's typed
 * error whose `code` is a status code name (e.g. the graph's GraphError), so
 * domain packages need not depend on the bus. A client library's error that
 * says its server is away (see treatAsUnavailable) is UNAVAILABLE. Anything else becomes INTERNAL
 * with a fixed message, so stacks and internals never leak across the
 * boundary. INTERNAL itself never passes its message on.
 */
export function toWireError(err: unknown): BusError {
  if (err instanceof BusError) return err;
  const away = awayFrom(err);
  if (away) return new BusError("UNAVAILABLE", `${away}: ${(err as Error).message}`, { cause: err });
  const code = err instanceof Error ? (err as { code?: unknown }).code : undefined;
  if (typeof code === "string" && isStatusCodeName(code) && code !== "OK" && code !== "INTERNAL" && code !== "UNKNOWN") {
    return new BusError(code, err instanceof Error ? err.message : String(err), { cause: err });
  }
  return new BusError("INTERNAL", "internal error", { cause: err });
}

// Tests for errors that mean a dependency is away (a NATS request with no
// answer, a connection down), registered by the transports that throw them:
// this file loads no client library (see ./plain.ts).
const awayTests: { readonly what: string; readonly test: (err: Error) => boolean }[] = [];

/**
 * Registers a test for errors a transport's client throws when `what` (its
 * server) is away: toWireError answers them UNAVAILABLE, naming `what`,
 * which callers retry, rather than INTERNAL.
 */
export function treatAsUnavailable(what: string, test: (err: Error) => boolean): void {
  awayTests.push({ what, test });
}

/** What is away, when `err` says so. */
function awayFrom(err: unknown): string | undefined {
  return err instanceof Error ? awayTests.find((t) => t.test(err))?.what : undefined;
}
