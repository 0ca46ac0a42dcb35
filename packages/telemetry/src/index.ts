/**
 * @boyd/telemetry: traces, metrics and log correlation for every Boyd
 * process. OpenTelemetry stays behind this door: other packages speak of
 * rpcs, cycles and phases, never of tracers.
 *
 * - {@link startTracing}: the process's tracing (OTLP, an in-memory
 *   exporter in tests, or none), W3C trace context in and out.
 * - {@link metricsRegistry}, {@link renderMetrics}: Prometheus metrics, Node
 *   process metrics included; `record*` functions feed the Boyd instruments.
 * - {@link traceLogFields}: a pino `mixin` putting trace, span, agent and
 *   cycle on each log line; {@link withLogContext} adds agent and cycle.
 * - {@link rpcServerInstruments}, {@link rpcClientInstruments}: what the bus
 *   uses per rpc; {@link traceCycle}, {@link inSpan}: what the controller uses.
 */
export { startTracing, type Tracing, type TracingOptions } from "./tracing.js";
export { parseTraceparent, formatTraceparent, activeTraceparent, activeTraceId } from "./trace-context.js";
export { traceLogFields, traceLogFields as logMixin, withLogContext, type LogContext, type TraceLogFields } from "./log-context.js";
export {
  metricsRegistry,
  renderMetrics,
  setServiceLabel,
  recordCycle,
  recordToolExecution,
  recordToolDenial,
  recordWorkingMemory,
} from "./metrics.js";
export { rpcServerInstruments, rpcClientInstruments, type RpcServerInstruments, type RpcClientInstruments, type ServedRpc, type CalledRpc } from "./rpc.js";
export { traceCycle, inSpan, type SpanHandle, type CycleOutcomeLabel } from "./spans.js";
export { InMemorySpanExporter, type ReadableSpan, type SpanExporter } from "@opentelemetry/sdk-trace";
