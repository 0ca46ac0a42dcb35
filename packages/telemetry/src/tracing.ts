import { context, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, SimpleSpanProcessor, TracerProvider, type SpanExporter, type SpanProcessor } from "@opentelemetry/sdk-trace";
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
   * Keep the caller's trace id active in handlers (so logs and outgoing
   * calls carry it) even when no spans are recorded. Costs an
   * AsyncLocalStorage hop per served call. @default true
   */
  correlateLogs?: boolean;
}

/** Stops what {@link startTracing} started. */
export interface Tracing {
  /** Flushes pending spans, then unregisters everything (idempotent). */
  shutdown(): Promise<void>;
}

/**
 * Registers this process's tracing globally: an AsyncLocalStorage context
 * manager, the W3C trace-context propagator and, when spans are to be
 * recorded (`exporter: "otlp"` or a `spanExporter`), an SDK tracer provider
 * whose resource names the service. With `exporter: "none"` no tracer
 * provider is registered: spans are never created, yet a served call still
 * runs under its caller's trace id (non-recording), so logs correlate. One
 * call per process; call `shutdown` before starting again (tests).
 */
export function startTracing(options: TracingOptions): Tracing {
  if (state.contextOn || state.tracer) throw new Error("startTracing: tracing is already started in this process; shut it down first");
  const processor = spanProcessor(options);
  const correlate = options.correlateLogs ?? true;
  let provider: TracerProvider | undefined;
  if (processor || correlate) {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    state.contextOn = true;
  }
  if (processor) {
    provider = new TracerProvider({ resource: resourceFromAttributes({ "service.name": options.serviceName }), spanProcessors: [processor] });
    trace.setGlobalTracerProvider(provider);
    state.tracer = provider.getTracer("@boyd/telemetry");
  }
  let stopped: Promise<void> | undefined;
  return {
    shutdown() {
      stopped ??= (async () => {
        state.tracer = undefined;
        state.contextOn = false;
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

function spanProcessor(options: TracingOptions): SpanProcessor | undefined {
  if (options.spanExporter) return new SimpleSpanProcessor({ exporter: options.spanExporter });
  if (options.exporter !== "otlp") return undefined;
  return new BatchSpanProcessor({ exporter: new OTLPTraceExporter(options.otlpEndpoint ? { url: options.otlpEndpoint } : {}) });
}
