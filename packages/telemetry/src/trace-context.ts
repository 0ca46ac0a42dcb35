import { context, trace, TraceFlags, type Context, type SpanContext } from "@opentelemetry/api";

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const ZERO_TRACE = "0".repeat(32);
const ZERO_SPAN = "0".repeat(16);

/**
 * The span context a W3C `traceparent` names (marked remote), or undefined
 * when the value is missing, malformed or carries all-zero ids.
 */
export function parseTraceparent(value: string | undefined): SpanContext | undefined {
  if (!value) return undefined;
  const m = TRACEPARENT.exec(value);
  if (!m || m[1] === ZERO_TRACE || m[2] === ZERO_SPAN) return undefined;
  return { traceId: m[1]!, spanId: m[2]!, traceFlags: Number.parseInt(m[3]!, 16), isRemote: true };
}

/** A span context as a W3C `traceparent` header value (version 00). */
export function formatTraceparent(sc: SpanContext): string {
  return `00-${sc.traceId}-${sc.spanId}-${sc.traceFlags & TraceFlags.SAMPLED ? "01" : "00"}`;
}

/** The span context of `ctx` when it names a real trace. */
export function validSpanContext(ctx: Context): SpanContext | undefined {
  const sc = trace.getSpanContext(ctx);
  return sc && sc.traceId !== ZERO_TRACE && sc.spanId !== ZERO_SPAN ? sc : undefined;
}

/**
 * The `traceparent` of the span active here (a served call, a cycle, a
 * phase), or undefined outside any. Events and outgoing calls carry it so a
 * subscriber or callee joins the same trace.
 */
export function activeTraceparent(): string | undefined {
  const sc = validSpanContext(context.active());
  return sc ? formatTraceparent(sc) : undefined;
}

/** The trace id active here, or undefined outside any trace. */
export function activeTraceId(): string | undefined {
  return validSpanContext(context.active())?.traceId;
}
