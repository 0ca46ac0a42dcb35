import { context, createContextKey } from "@opentelemetry/api";
import { state } from "./state.js";
import { validSpanContext } from "./trace-context.js";

/** Fields every log line written inside a {@link withLogContext} carries. */
export interface LogContext {
  readonly agentId?: string;
  readonly cycle?: number;
}

/** What {@link traceLogFields} adds to a log line (snake_case, as the JSON logs spell fields). */
export interface TraceLogFields {
  trace_id?: string;
  span_id?: string;
  agent_id?: string;
  cycle?: number;
}

// Kept in the OpenTelemetry context rather than an AsyncLocalStorage of its
// own: one context manager carries both, so there is one async hook to pay.
export const LOG_CONTEXT = createContextKey("boyd.log-context");

/**
 * Runs `fn` with `fields` added to every log line written inside it
 * (through {@link traceLogFields}), merged over any outer log context.
 * Without tracing started (no context manager) `fn` just runs.
 */
export function withLogContext<T>(fields: LogContext, fn: () => T): T {
  if (!state.contextOn) return fn();
  const active = context.active();
  const outer = active.getValue(LOG_CONTEXT) as LogContext | undefined;
  return context.with(active.setValue(LOG_CONTEXT, outer ? { ...outer, ...fields } : fields), fn);
}

/**
 * The trace and span ids active here, plus the agent and cycle of the
 * enclosing {@link withLogContext}: a pino `mixin`, so each log line leads
 * to its trace (`pino({ mixin: traceLogFields })`). Empty outside any trace
 * or when tracing was never started.
 */
export function traceLogFields(): TraceLogFields {
  if (!state.contextOn) return {};
  const active = context.active();
  const fields: TraceLogFields = {};
  const sc = validSpanContext(active);
  if (sc) {
    fields.trace_id = sc.traceId;
    fields.span_id = sc.spanId;
  }
  const log = active.getValue(LOG_CONTEXT) as LogContext | undefined;
  if (log?.agentId !== undefined) fields.agent_id = log.agentId;
  if (log?.cycle !== undefined) fields.cycle = log.cycle;
  return fields;
}
