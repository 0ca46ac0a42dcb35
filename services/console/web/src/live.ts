/**
 * The event stream of one agent over server-sent events. EventSource
 * reconnects by itself after a dropped connection and sends Last-Event-ID,
 * so the server replays from the last sequence seen. When the browser gives
 * up (the server was down, or answered with an error), the stream opens a
 * new EventSource with an explicit `from_seq` after a backoff; a manual
 * `reconnect()` does the same at once. Events are handed over in batches so a
 * replay of hundreds renders once, not hundreds of times.
 */
import { Event } from "@boyd/proto";
import { eventsUrl } from "./api.js";

export type ConnectionState = "connecting" | "live" | "reconnecting" | "offline";

export interface LiveStreamOptions {
  readonly agentId: string;
  /** The next sequence wanted: the stream replays from there. */
  readonly nextSequence: () => number;
  readonly onEvents: (events: Event[]) => void;
  readonly onState: (state: ConnectionState) => void;
  /** A malformed event: reported, never applied. */
  readonly onError: (message: string) => void;
}

/** The SSE event name the server gives every boyd.v1.Event (src/contract.ts). */
const SSE_EVENT = "boyd";
const FLUSH_MS = 50;
const MAX_BACKOFF_MS = 10_000;

export class LiveStream {
  private source: EventSource | undefined;
  private pending: Event[] = [];
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private backoffMs = 500;
  private closed = false;

  constructor(private readonly options: LiveStreamOptions) {}

  start(): void {
    this.open("connecting");
  }

  /** Drops the current connection and opens a new one from the last sequence seen. */
  reconnect(): void {
    if (this.closed) return;
    this.flush();
    this.open("reconnecting");
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.flushTimer);
    this.source?.close();
    this.source = undefined;
  }

  private open(state: ConnectionState): void {
    clearTimeout(this.retryTimer);
    this.source?.close();
    this.options.onState(state);
    const source = new EventSource(eventsUrl(this.options.agentId, this.options.nextSequence()));
    this.source = source;
    source.addEventListener("open", () => {
      this.backoffMs = 500;
      this.options.onState("live");
    });
    source.addEventListener(SSE_EVENT, (message) => this.receive(message.data));
    // "error" is both the browser's (connection lost: no data) and the server's own frame (`event: error`, a JSON body saying why).
    source.addEventListener("error", (e) => (e instanceof MessageEvent ? this.serverError(e.data) : this.failed(source)));
  }

  private receive(data: unknown): void {
    try {
      this.pending.push(Event.fromJSON(JSON.parse(String(data))));
    } catch (err) {
      this.options.onError(`an event from the server is not valid JSON: ${(err as Error).message}`);
      return;
    }
    this.flushTimer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  private flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.options.onEvents(batch);
  }

  private serverError(data: unknown): void {
    let message = String(data);
    try {
      const body = JSON.parse(message) as { error?: { code?: string; message?: string } };
      if (body.error?.message) message = `${body.error.code ?? "ERROR"}: ${body.error.message}`;
    } catch {
      // Not JSON: shown as it came.
    }
    this.options.onError(`event stream: ${message}`);
  }

  private failed(source: EventSource): void {
    if (this.closed || source !== this.source || source.readyState === EventSource.OPEN) return;
    if (source.readyState === EventSource.CONNECTING) {
      // The browser retries by itself, with Last-Event-ID.
      this.options.onState("reconnecting");
      return;
    }
    // The browser gave up: apply what arrived, then retry from the last sequence applied.
    this.flush();
    this.options.onState("offline");
    this.retryTimer = setTimeout(() => this.open("reconnecting"), this.backoffMs);
    this.backoffMs = Math.min(this.backoffMs * 2, MAX_BACKOFF_MS);
  }
}
