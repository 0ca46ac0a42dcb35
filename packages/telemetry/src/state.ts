import type { Tracer } from "@opentelemetry/api";

/** What {@link startTracing} switched on, read on every instrumented call. */
export interface TelemetryState {
  /** Whether {@link startTracing} ran and was not shut down, whatever it switched on. */
  started: boolean;
  /** The SDK tracer when spans are recorded; undefined keeps every span helper on its cheap path. */
  tracer: Tracer | undefined;
  /** Whether a context manager is registered, i.e. whether `context.with` carries anything. */
  contextOn: boolean;
}

// Kept on globalThis: should two copies of this module ever be loaded (a
// bundle plus a workspace link), they must agree on whether tracing is on,
// as the OpenTelemetry API's own globals do.
const KEY = Symbol.for("@boyd/telemetry.state");
const holder = globalThis as { [KEY]?: TelemetryState };

/** The process-wide telemetry switches. */
export const state: TelemetryState = (holder[KEY] ??= { started: false, tracer: undefined, contextOn: false });
