import { context, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  SimpleSpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
  type SpanExporter,
  type SpanProcessor,
} from "@opentelemetry/sdk-trace";
import { state } from "./state.js";

/** Options of {@link startTracing}. */
export interface TracingOptions {
  /** `service.name` of every span, e.g. `boyd-act`. */
  serviceName: string;
  /** `otlp` exports spans over OTLP/HTTP in batches; `none` records none. @default "none" */
  exporter?: "none" | "otlp";
  /**
   * OTLP traces URL (`.../v1/traces`). @default the exporter's own reading of
   * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT / OTEL_EXPORTER_OTLP_ENDPOINT
   */
  otlpEndpoint?: string;
  /** Spans go here, each as it ends (tests: an `InMemorySpanExporter`). Overrides `exporter`. */
  spanExporter?: SpanExporter;
  /**
   * Share of traces sampled, 0 to 1; a call follows its caller's decision.
   * 0 turns tracing off: no context manager, no spans, whatever the
   * exporter. Above 0, the trace active in a cycle or a served call is
   * carried through everything it awaits (so logs and outgoing calls carry
   * it), and sampled traces become spans when they have somewhere to go.
   * Carrying it costs every promise and timer of the process an
   * AsyncLocalStorage hook on Node 20 (tens of microseconds per bus call),
   * which is why it is off unless spans are exported or asked for.
   * @default 1 when spans have somewhere to go (`exporter: "otlp"` or a `spanExporter`), else 0
   */
  sampleRatio?: number;
}

/** Stops what {@link startTracing} started. */
export interface Tracing {
  /** Flushes pending spans, then unregisters everything (idempotent). */
  shutdown(): Promise<void>;
}

/**
 * Registers this process's tracing globally when its sample ratio is above
 * 0 (see {@link TracingOptions.sampleRatio}): an AsyncLocalStorage context
 * manager, the W3C trace-context propagator and, when spans have somewhere
 * to go (`exporter: "otlp"` or a `spanExporter`), an SDK tracer provider
 * whose resource names the service. With a ratio above 0 and no exporter,
 * spans are never created, yet a served call still runs under its caller's
 * trace id (non-recording), so logs correlate. At ratio 0 (the default
 * without an exporter) nothing is registered: calls still send a
 * traceparent and cycles still get trace ids, but nothing is carried
 * across awaits. One call per process; call `shutdown` before starting
 * again (tests).
 */
export function startTracing(options: TracingOptions): Tracing {
  if (state.started) throw new Error("startTracing: tracing is already started in this process; shut it down first");
  const exported = options.spanExporter !== undefined || options.exporter === "otlp";
  const ratio = checkedRatio(options.sampleRatio ?? (exported ? 1 : 0));
  const processor = ratio > 0 ? spanProcessor(options) : undefined;
  let provider: TracerProvider | undefined;
  state.started = true;
  if (ratio > 0) {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    state.contextOn = true;
  }
  if (processor) {
    const sampler = ratioSampler(ratio);
    provider = new TracerProvider({
      resource: resourceFromAttributes({ "service.name": options.serviceName }),
      spanProcessors: [processor],
      ...(sampler ? { sampler } : {}),
    });
    trace.setGlobalTracerProvider(provider);
    state.tracer = provider.getTracer("@boyd/telemetry");
  }
  let stopped: Promise<void> | undefined;
  return {
    shutdown() {
      stopped ??= (async () => {
        state.tracer = undefined;
        state.contextOn = false;
        state.started = false;
        try {
          await provider?.shutdown();
        } finally {
          trace.disable();
          context.disable();
          propagation.disable();
        }
      })();
      return stopped;
    },
  };
}

function checkedRatio(ratio: number): number {
  if (!(ratio >= 0 && ratio <= 1)) throw new Error(`startTracing: sampleRatio must be a number from 0 to 1, got ${String(ratio)}`);
  return ratio;
}

/** Below 1, roots are sampled by trace id and children follow their parent; at 1 the SDK's default (parent-based, always on), as before sampling existed. */
function ratioSampler(ratio: number): Sampler | undefined {
  return ratio < 1 ? new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) }) : undefined;
}

function spanProcessor(options: TracingOptions): SpanProcessor | undefined {
  if (options.spanExporter) return new SimpleSpanProcessor({ exporter: options.spanExporter });
  if (options.exporter !== "otlp") return undefined;
  return new BatchSpanProcessor({ exporter: new OTLPTraceExporter(options.otlpEndpoint ? { url: options.otlpEndpoint } : {}) });
}
