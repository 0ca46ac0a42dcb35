import { BusError } from "./errors.js";

// How a gRPC call the server itself ends tells its caller why, instead of
// finishing as if it had succeeded.

/** The status of calls ended by a shutdown: UNAVAILABLE, which clients retry. */
export function shuttingDown(): BusError {
  return new BusError("UNAVAILABLE", "the server is shutting down; call again later");
}

/** The calls being served, so shutdown can end them with a status. */
export class InFlightCalls {
  private readonly calls = new Map<AbortController, { streaming: boolean }>();

  add(controller: AbortController, streaming: boolean): () => void {
    this.calls.set(controller, { streaming });
    return () => this.calls.delete(controller);
  }

  endStreams(reason: BusError): void {
    for (const [controller, { streaming }] of this.calls) if (streaming) controller.abort(reason);
  }

  endAll(reason: BusError): void {
    for (const controller of this.calls.keys()) controller.abort(reason);
  }
}

/**
 * Why the server ended a call itself (its deadline, shutdown), or undefined
 * when it did not: the handler finished, or the caller went away.
 */
export function endedByServer(signal: AbortSignal, cancelledByCaller: boolean): BusError | undefined {
  if (!signal.aborted || cancelledByCaller) return undefined;
  const reason: unknown = signal.reason;
  return reason instanceof BusError && reason.code !== "CANCELLED" ? reason : undefined;
}
