import { BoydError, type StatusName } from "@boyd/client";

/** The JSON body of every failed API call: `{ "error": { "code", "message" } }`. */
export interface ErrorBody {
  readonly error: { readonly code: string; readonly message: string };
}

/** An API failure with its HTTP status; `code` is a gRPC status name, as the page's callers know them. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: StatusName,
    message: string,
  ) {
    super(message);
  }

  get body(): ErrorBody {
    return { error: { code: this.code, message: this.message } };
  }
}

/** A request the console refuses before asking AgentService: 400 naming what is wrong and where. */
export function badRequest(message: string): ApiError {
  return new ApiError(400, "INVALID_ARGUMENT", message);
}

// The HTTP status closest to each gRPC status (as grpc-gateway maps them,
// but FAILED_PRECONDITION is 412: the state of the agent, not the request, is wrong).
const HTTP_STATUS: Readonly<Record<StatusName, number>> = {
  CANCELLED: 499,
  UNKNOWN: 500,
  INVALID_ARGUMENT: 400,
  DEADLINE_EXCEEDED: 504,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  PERMISSION_DENIED: 403,
  RESOURCE_EXHAUSTED: 429,
  FAILED_PRECONDITION: 412,
  ABORTED: 409,
  OUT_OF_RANGE: 400,
  UNIMPLEMENTED: 501,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  DATA_LOSS: 500,
  UNAUTHENTICATED: 401,
};

/** The HTTP status of a gRPC status name. */
export function httpStatusOf(code: StatusName): number {
  return HTTP_STATUS[code] ?? 500;
}

/**
 * Any failure as an ApiError: AgentService's own status and text pass
 * through; anything else is a 500 that says nothing of the server's insides.
 */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof BoydError) return new ApiError(httpStatusOf(err.code), err.code, err.details);
  return new ApiError(500, "INTERNAL", "internal error");
}
