/** What a handler knows about the call it serves, whatever carried it. */
export interface CallContext {
  /** `<package>.<Service>` */
  readonly service: string;
  /** The rpc name, e.g. `Echo`. */
  readonly method: string;
  /**
   * Absolute deadline, unix milliseconds. Infinity when a gRPC caller set
   * none: the call may last as long as it needs (a live event stream).
   */
  readonly deadline: number;
  /** Aborted when the deadline passes or the server stops; pass it on to I/O. */
  readonly signal: AbortSignal;
  /** The agent the call acts for, if the caller named one. */
  readonly agentId?: string;
  /** W3C trace context of the call. */
  readonly traceparent?: string;
}

/** Options of one call from a typed client. */
export interface CallOptions {
  /** Time allowed for the call, in ms (ignored when `deadline` is set). */
  timeoutMs?: number;
  /** Absolute deadline, unix ms; a handler passes its own context's deadline on. */
  deadline?: number;
  agentId?: string;
  traceparent?: string;
}
