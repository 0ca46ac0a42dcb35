import { context, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span, type SpanOptions, type Tracer } from "@opentelemetry/api";
import { LOG_CONTEXT, type LogContext } from "./log-context.js";
import { instruments } from "./metrics.js";
import { state } from "./state.js";
import { formatTraceparent, parseTraceparent, validSpanContext } from "./trace-context.js";

/** One request being served: its context, then its end. */
export interface ServedRpc {
  /** Runs the handler with the call's trace (and agent, for logs) active. */
  run<T>(fn: () => T): T;
  /** Records the call with its final status code (`OK`, `DEADLINE_EXCEEDED`, ...). */
  end(code: string, message?: string): void;
}

/** Instruments of one served rpc method, made once when the method is bound. */
export interface RpcServerInstruments {
  /** Starts serving one request that carried these headers. */
  begin(traceparent: string | undefined, agentId: string | undefined): ServedRpc;
}

/** One outgoing call: the traceparent to send, then its end. */
export interface CalledRpc {
  /**
   * The traceparent header to send: the CLIENT span's, else the active
   * trace's, else the one the caller gave; undefined when there is none
   * (the caller then starts a fresh trace).
   */
  readonly traceparent: string | undefined;
  /** Records the call with the status code it ended with. */
  end(code: string, message?: string): void;
}

/** Instruments of one rpc method of a typed client. */
export interface RpcClientInstruments {
  /** Starts one call; `traceparent` is one the caller passed explicitly. */
  begin(traceparent: string | undefined, agentId: string | undefined): CalledRpc;
}

// Codes that mean the server failed rather than the request: only these
// mark a SERVER span as an error (OpenTelemetry's gRPC conventions).
const SERVER_FAULTS: ReadonlySet<string> = new Set(["UNKNOWN", "DEADLINE_EXCEEDED", "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS"]);

/**
 * Span and metrics for the server side of `<service>/<method>`: a SERVER
 * span, child of the caller's traceparent, and requests and duration by
 * final status code. With tracing off the call still runs under the
 * caller's trace id (a non-recording span), so its logs and the calls it
 * makes stay in that trace; without a context manager it costs a clock
 * read and two metric updates.
 */
export function rpcServerInstruments(service: string, method: string): RpcServerInstruments {
  const rpc: Rpc = { name: `${service}/${method}`, service, method };
  const spanOptions = rpcSpanOptions(SpanKind.SERVER, rpc);
  const duration = instruments.rpcServerDuration.child(service, method);
  const requests = perCode((code) => instruments.rpcServerRequests.child(service, method, code));
  return {
    begin(traceparent, agentId) {
      const started = performance.now();
      if (!state.contextOn) return new ServedCall(started, undefined, undefined, duration, requests);
      const remote = parseTraceparent(traceparent);
      // Always from the root: whatever context the transport's callback
      // inherited (the caller's, in process; the socket's, over NATS) is not
      // this call's.
      let ctx = remote ? trace.setSpanContext(ROOT_CONTEXT, remote) : ROOT_CONTEXT;
      let span: Span | undefined;
      if (state.tracer) {
        span = startRpcSpan(state.tracer, rpc.name, spanOptions, agentId, ctx);
        ctx = trace.setSpan(ctx, span);
      }
      if (agentId) ctx = ctx.setValue(LOG_CONTEXT, { agentId } satisfies LogContext);
      return new ServedCall(started, ctx, span, duration, requests);
    },
  };
}

/**
 * Span and metrics for the client side of `<service>/<method>`: a CLIENT
 * span under the active context (or under an explicitly given
 * traceparent of another trace), and the call's duration by status code.
 */
export function rpcClientInstruments(service: string, method: string): RpcClientInstruments {
  const rpc: Rpc = { name: `${service}/${method}`, service, method };
  const spanOptions = rpcSpanOptions(SpanKind.CLIENT, rpc);
  const durations = perCode((code) => instruments.rpcClientDuration.child(service, method, code));
  return {
    begin(given, agentId) {
      const started = performance.now();
      if (!state.contextOn) return new CalledCall(started, given, undefined, durations);
      let parent = context.active();
      const explicit = parseTraceparent(given);
      // A handler passing its own call's traceparent on should not detach
      // the call from the handler's span, which continues that same trace.
      if (explicit && validSpanContext(parent)?.traceId !== explicit.traceId) parent = trace.setSpanContext(ROOT_CONTEXT, explicit);
      if (state.tracer) {
        const span = startRpcSpan(state.tracer, rpc.name, spanOptions, agentId, parent);
        return new CalledCall(started, formatTraceparent(span.spanContext()), span, durations);
      }
      if (explicit) return new CalledCall(started, given, undefined, durations);
      const sc = validSpanContext(parent);
      return new CalledCall(started, sc ? formatTraceparent(sc) : undefined, undefined, durations);
    },
  };
}

interface Rpc {
  readonly name: string;
  readonly service: string;
  readonly method: string;
}

/** A method's span options, made once when it is bound: the SDK copies attributes, so every span can share them. */
function rpcSpanOptions(kind: SpanKind, rpc: Rpc): SpanOptions {
  const attributes: Attributes = Object.freeze({ "rpc.system": "boyd", "rpc.service": rpc.service, "rpc.method": rpc.method });
  return Object.freeze({ kind, attributes });
}

/** A span of an rpc call: the method's shared options, plus the agent when there is one (set after, not in a new attributes object). */
function startRpcSpan(tracer: Tracer, name: string, options: SpanOptions, agentId: string | undefined, parent: Context): Span {
  const span = tracer.startSpan(name, options, parent);
  if (agentId) span.setAttribute("boyd.agent_id", agentId);
  return span;
}

/** Metric children by status code, made on first use: label hashing once per code, not per call. */
function perCode<T>(make: (code: string) => T): (code: string) => T {
  const children = new Map<string, T>();
  return (code) => {
    let child = children.get(code);
    if (child === undefined) {
      child = make(code);
      children.set(code, child);
    }
    return child;
  };
}

function endSpan(span: Span, code: string, message: string | undefined, isError: boolean): void {
  span.setAttribute("rpc.response.status_code", code);
  if (isError) span.setStatus({ code: SpanStatusCode.ERROR, message: message ? `${code}: ${message}` : code });
  span.end();
}

class ServedCall implements ServedRpc {
  constructor(
    private readonly started: number,
    private readonly ctx: Context | undefined,
    private readonly span: Span | undefined,
    private readonly duration: { observe(seconds: number): void },
    private readonly requests: (code: string) => { inc(): void },
  ) {}

  run<T>(fn: () => T): T {
    return this.ctx ? context.with(this.ctx, fn) : fn();
  }

  end(code: string, message?: string): void {
    this.duration.observe((performance.now() - this.started) / 1000);
    this.requests(code).inc();
    if (this.span) endSpan(this.span, code, message, SERVER_FAULTS.has(code));
  }
}

class CalledCall implements CalledRpc {
  constructor(
    private readonly started: number,
    readonly traceparent: string | undefined,
    private readonly span: Span | undefined,
    private readonly durations: (code: string) => { observe(seconds: number): void },
  ) {}

  end(code: string, message?: string): void {
    this.durations(code).observe((performance.now() - this.started) / 1000);
    if (this.span) endSpan(this.span, code, message, code !== "OK");
  }
}
