/**
 * @boyd/client: a typed Node client for Boyd's AgentService over gRPC.
 * `connect()` returns a {@link BoydClient}; calls fail with typed errors
 * (NotFoundError, DeadlineExceededError...), event streams are async
 * iterators, and every call takes a deadline and an AbortSignal.
 */
export { connect, BoydClient, type ConnectOptions, type WatchOptions, type RunCyclesItem } from "./client.js";
export type { CallOptions, RequestInput, ResponseOf, UnaryMethod, StreamMethod } from "./calls.js";
export type { TlsOptions, Pem, SecurityOptions } from "./credentials.js";
export type { NatsOptions } from "./nats-events.js";
export {
  BoydError,
  CancelledError,
  InvalidArgumentError,
  DeadlineExceededError,
  NotFoundError,
  AlreadyExistsError,
  PermissionDeniedError,
  UnauthenticatedError,
  ResourceExhaustedError,
  FailedPreconditionError,
  UnimplementedError,
  InternalError,
  UnavailableError,
  StatusCode,
  type StatusName,
  type BoydErrorOptions,
} from "./errors.js";
// The message types and enums the methods take and return.
export { AgentState, ApprovalVerdict, EventKind, GoalStatus, StopReason, type AgentInfo, type Event, type Goal, type RunReport } from "@boyd/proto";
