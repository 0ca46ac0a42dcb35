import { BusError } from "./errors.js";
import { timerDelay } from "./timers.js";

/**
 * One request a handler is serving: what ends it early (its deadline, the
 * server stopping) and the abort signal that tells the handler so.
 *
 * Why not an AbortController and a timer per request: creating the signal
 * was the largest single cost of serving a call in a CPU profile (an
 * EventTarget, about 2.5 µs), and most handlers never read it. The signal is
 * made on first read, already aborted if the call ended before; the timer
 * is only armed while an asynchronous handler is still running.
 */
export class PendingCall {
  private controller: AbortController | undefined;
  private reason: BusError | undefined;
  private rejectReply: ((reason: BusError) => void) | undefined;
  private timer: NodeJS.Timeout | undefined;

  /** `msUntilDeadline`: time the handler has, from now. */
  constructor(private readonly msUntilDeadline: number) {}

  /** Aborted when the deadline passes or the server stops. */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.reason) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  /**
   * The handler's result, or a rejection with the reason the call ended
   * first (DEADLINE_EXCEEDED, or UNAVAILABLE when the server stopped).
   */
  settle<T>(work: T | Promise<T>): Promise<T> {
    if (this.reason) return Promise.reject(this.reason);
    if (!(work instanceof Promise)) return Promise.resolve(work);
    return new Promise<T>((resolve, reject) => {
      this.rejectReply = reject;
      this.timer = setTimeout(expire, timerDelay(this.msUntilDeadline), this);
      work.then(resolve, reject);
    });
  }

  /** Ends the call with `reason` (first reason wins): its signal aborts and its reply rejects. */
  abort(reason: BusError): void {
    if (this.reason) return;
    this.reason = reason;
    this.controller?.abort(reason);
    this.rejectReply?.(reason);
  }

  /** The call has replied: its timer, if any, is no longer needed. */
  finish(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
  }
}

// A module function rather than a closure per call.
function expire(call: PendingCall): void {
  call.abort(new BusError("DEADLINE_EXCEEDED", "handler did not finish before the deadline"));
}
