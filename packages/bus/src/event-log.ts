import type { Envelope, Transport } from "./transport.js";
import { subjectMatches } from "./subjects.js";

/** An event as stored in a log: its sequence number, subject and envelope. */
export interface LoggedMessage {
  readonly seq: number;
  readonly subject: string;
  readonly data: Uint8Array;
  readonly headers: Record<string, string>;
}

/**
 * Where events go. `emit` delivers to live subscribers; a log also keeps the
 * event so a subscriber that arrives later can `replay` it.
 */
export interface EventSink {
  /** Publishes the event; with a log, resolves with its sequence once stored. */
  emit(subject: string, message: Envelope): Promise<number | undefined>;
}

/** An {@link EventSink} that keeps events for replay. */
export interface EventLog extends EventSink {
  /**
   * Every stored event matching `filter` (NATS wildcards allowed) with a
   * sequence >= `fromSeq`, in order, up to the last one stored when the
   * replay began.
   */
  replay(filter: string, options?: ReplayOptions): AsyncIterable<LoggedMessage>;
}

/** Options of {@link EventLog.replay}. */
export interface ReplayOptions {
  /** First log sequence to replay. @default 1 */
  fromSeq?: number;
  /** Only the newest stored event of each subject (ignores fromSeq). @default false */
  lastPerSubject?: boolean;
}

/** Live delivery only: events go to current subscribers and are not kept. */
export function liveEvents(transport: Transport): EventSink {
  return {
    emit(subject, message) {
      transport.publish(subject, message);
      return Promise.resolve(undefined);
    },
  };
}

/**
 * An in-memory event log for embedded mode: events are delivered live over
 * the transport and kept (up to `maxEvents` and `maxBytes` of payload,
 * oldest dropped) for replay. A cycle's events are about 17 KB: 100,000
 * events were 250 MB of a laptop's memory; 64 MiB keeps the last ~3,800
 * cycles.
 */
export class MemoryEventLog implements EventLog {
  /** Events kept are `events[first..]`: dropping the oldest moves `first`, not every element (an array shift of every event kept, per event, once the log was full). */
  private events: LoggedMessage[] = [];
  private first = 0;
  private nextSeq = 1;
  /** Payload bytes of the events kept. */
  private bytes = 0;

  constructor(
    private readonly transport: Transport,
    private readonly maxEvents = 100_000,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  emit(subject: string, message: Envelope): Promise<number> {
    const seq = this.nextSeq++;
    this.events.push({ seq, subject, data: message.data, headers: { ...message.headers } });
    this.bytes += message.data.length;
    while (this.events.length - this.first > this.maxEvents || (this.bytes > this.maxBytes && this.events.length - this.first > 1)) this.drop();
    this.transport.publish(subject, message);
    return Promise.resolve(seq);
  }

  /** Drops the oldest event; the array is cut once as many have been dropped as are kept (amortized: one copy per event kept). */
  private drop(): void {
    this.bytes -= this.events[this.first]!.data.length;
    this.events[this.first++] = undefined as never; // let it go now
    if (this.first < this.events.length - this.first) return;
    this.events = this.events.slice(this.first);
    this.first = 0;
  }

  /** The events kept, oldest first. */
  private kept(): LoggedMessage[] {
    return this.events.slice(this.first);
  }

  async *replay(filter: string, options: ReplayOptions = {}): AsyncIterable<LoggedMessage> {
    if (options.lastPerSubject) {
      const newest = new Map<string, LoggedMessage>();
      for (const e of this.kept()) if (subjectMatches(filter, e.subject)) newest.set(e.subject, e);
      yield* [...newest.values()].sort((a, b) => a.seq - b.seq);
      return;
    }
    const from = options.fromSeq ?? 1;
    const last = this.nextSeq - 1;
    for (const e of this.kept()) {
      if (e.seq > last) break;
      if (e.seq >= from && subjectMatches(filter, e.subject)) yield e;
    }
  }
}
