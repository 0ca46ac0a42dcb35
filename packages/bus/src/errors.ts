import { errors as natsErrors } from "@nats-io/transport-node";

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
 * domain packages need not depend on the bus. Anything else becomes INTERNAL
 * with a fixed message, so stacks and internals never leak across the
 * boundary. INTERNAL itself never passes its message on.
 */
export function toWireError(err: unknown): BusError {
  if (err instanceof BusError) return err;
  if (natsAway(err)) return new BusError("UNAVAILABLE", `NATS: ${err.message}`, { cause: err });
  const code = err instanceof Error ? (err as { code?: unknown }).code : undefined;
  if (typeof code === "string" && isStatusCodeName(code) && code !== "OK" && code !== "INTERNAL" && code !== "UNKNOWN") {
    return new BusError(code, err instanceof Error ? err.message : String(err), { cause: err });
  }
  return new BusError("INTERNAL", "internal error", { cause: err });
}

// What nats.js throws when a request gets no answer or the connection is
// down or closing: a handler that fails on one failed because NATS (or a
// service behind it) is away, which the caller may retry. As INTERNAL, a
// cycle gave up on an Act whose KV read fell in a nats-server restart.
const NATS_AWAY = [natsErrors.TimeoutError, natsErrors.NoRespondersError, natsErrors.RequestError, natsErrors.ConnectionError, natsErrors.ClosedConnectionError, natsErrors.DrainingConnectionError];

function natsAway(err: unknown): err is Error {
  // JetStream's "not enabled" (its API had no responders: a server restarting) is not exported, so it goes by name.
  return err instanceof Error && (err.name === "JetStreamNotEnabled" || NATS_AWAY.some((type) => err instanceof type));
}
