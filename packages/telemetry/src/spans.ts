import { context, ROOT_CONTEXT, SpanStatusCode, trace, TraceFlags, type AttributeValue, type Attributes, type Context, type Link, type Span } from "@opentelemetry/api";
import { randomSpanId, randomTraceId } from "./ids.js";
import { LOG_CONTEXT, type LogContext } from "./log-context.js";
import { recordCycle } from "./metrics.js";
import { state } from "./state.js";
import { formatTraceparent, validSpanContext } from "./trace-context.js";

/** The span a traced block runs in, as the block sees it. */
export interface SpanHandle {
  /** W3C trace id (32 hex digits): the same on every span of the trace, recorded or not. */
  readonly traceId: string;
  /** The span as a W3C traceparent. */
  readonly traceparent: string;
  /** Sets an attribute when the span is recorded; a no-op otherwise. */
  setAttribute(key: string, value: AttributeValue): void;
}

/** How a cycle ended, for its metrics and span. */
export type CycleOutcomeLabel = "ok" | "failed" | "aborted";

/**
 * Runs one cycle of an agent as its own trace: a root span `cycle`
 * (boyd.agent_id, boyd.cycle, boyd.outcome) linked to the span that asked
 * for it, if any, with the agent and cycle on every log line inside, and
 * the cycle's duration and outcome counted. A run may last hours and its
 * caller may be long gone (detached runs), so each cycle starts a new
 * trace rather than hanging under the caller's; the link leads back.
 * With tracing off the cycle still gets a fresh trace id, which the calls
 * and events inside carry.
 */
export async function traceCycle<T>(agentId: string, cycle: number, fn: (span: SpanHandle) => Promise<T>): Promise<T> {
  const started = performance.now();
  let outcome: CycleOutcomeLabel = "ok";
  let span: Span | undefined;
  try {
    const caller = state.contextOn ? validSpanContext(context.active()) : undefined;
    let ctx: Context;
    if (state.tracer) {
      const links: Link[] = caller ? [{ context: caller }] : [];
      span = state.tracer.startSpan("cycle", { root: true, links, attributes: { "boyd.agent_id": agentId, "boyd.cycle": cycle } });
      ctx = trace.setSpan(ROOT_CONTEXT, span);
    } else {
      ctx = trace.setSpanContext(ROOT_CONTEXT, { traceId: randomTraceId(), spanId: randomSpanId(), traceFlags: TraceFlags.SAMPLED });
    }
    const handle = handleOf(ctx, span);
    if (!state.contextOn) return await fn(handle);
    return await context.with(ctx.setValue(LOG_CONTEXT, { agentId, cycle } satisfies LogContext), () => fn(handle));
  } catch (err) {
    outcome = (err as { code?: unknown })?.code === "ABORTED" ? "aborted" : "failed";
    if (span) failSpan(span, err);
    throw err;
  } finally {
    recordCycle(outcome, (performance.now() - started) / 1000);
    span?.setAttribute("boyd.outcome", outcome);
    span?.end();
  }
}

/**
 * Runs `fn` in a child span `name` of the active span (a phase of a
 * cycle: observe, orient, decide, act, ...), so the calls it makes nest
 * under it. Just runs `fn` when spans are not recorded.
 */
export async function inSpan<T>(name: string, fn: () => Promise<T>, attributes?: Attributes): Promise<T> {
  const tracer = state.tracer;
  if (!tracer) return fn();
  const span = tracer.startSpan(name, attributes ? { attributes } : {});
  try {
    return await context.with(trace.setSpan(context.active(), span), fn);
  } catch (err) {
    failSpan(span, err);
    throw err;
  } finally {
    span.end();
  }
}

function handleOf(ctx: Context, span: Span | undefined): SpanHandle {
  const sc = trace.getSpanContext(ctx)!;
  return {
    traceId: sc.traceId,
    traceparent: formatTraceparent(sc),
    setAttribute: span ? (key, value) => void span.setAttribute(key, value) : () => {},
  };
}

function failSpan(span: Span, err: unknown): void {
  span.recordException(err instanceof Error ? err : String(err));
  span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
}
