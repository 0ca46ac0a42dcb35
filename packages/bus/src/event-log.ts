import { BusError } from "./errors.js";
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

/**
 * What a log with de-duplication ids (JetStream's `Nats-Msg-Id`) throws
 * when the id of an event it was given already names another event: the
 * log kept that one and dropped this, so the publisher must number its
 * event again. A publish of the same bytes again (a retry whose first ack
 * was lost) is not this: it resolves with the stored sequence.
 */
export class EventIdTaken extends BusError {
  constructor(
    readonly messageId: string,
    /** The event stored under the id, when it could be read back. */
    readonly stored: LoggedMessage | undefined,
  ) {
    super("ALREADY_EXISTS", `event id ${messageId} is already taken by ${stored ? `the event stored at ${stored.seq} on ${stored.subject}` : "another event"}; this event was not stored`);
  }
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
 *
 * The newest event of each subject is also kept by agent (the subject's
 * first four tokens, `boyd.events.v1.<agent>`), so `lastPerSubject` reads
 * only the agent's subjects: every Run of an agent not running asks for
 * its newest events (to go on numbering them), and a scan of every event
 * kept (tens of thousands once the log is full) cost tens of milliseconds
 * a call.
 */
export class MemoryEventLog implements EventLog {
  /** Events kept are `events[first..]`: dropping the oldest moves `first`, not every element (an array shift of every event kept, per event, once the log was full). */
  private events: LoggedMessage[] = [];
  private first = 0;
  private nextSeq = 1;
  /** Payload bytes of the events kept. */
  private bytes = 0;
  /** The newest event kept of each subject, by the subject's group (see groupOf). */
  private readonly newest = new Map<string, Map<string, LoggedMessage>>();

  constructor(
    private readonly transport: Transport,
    private readonly maxEvents = 100_000,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  emit(subject: string, message: Envelope): Promise<number> {
    const seq = this.nextSeq++;
    const logged: LoggedMessage = { seq, subject, data: message.data, headers: { ...message.headers } };
    this.events.push(logged);
    this.bytes += message.data.length;
    const group = groupOf(subject);
    let subjects = this.newest.get(group);
    if (!subjects) this.newest.set(group, (subjects = new Map()));
    subjects.set(subject, logged);
    while (this.events.length - this.first > this.maxEvents || (this.bytes > this.maxBytes && this.events.length - this.first > 1)) this.drop();
    this.transport.publish(subject, message);
    return Promise.resolve(seq);
  }

  /** Drops the oldest event; the array is cut once as many have been dropped as are kept (amortized: one copy per event kept). */
  private drop(): void {
    const oldest = this.events[this.first]!;
    this.bytes -= oldest.data.length;
    this.forget(oldest);
    this.events[this.first++] = undefined as never; // let it go now
    if (this.first < this.events.length - this.first) return;
    this.events = this.events.slice(this.first);
    this.first = 0;
  }

  /** A dropped event that was its subject's newest leaves no event of that subject kept. */
  private forget(dropped: LoggedMessage): void {
    const group = groupOf(dropped.subject);
    const subjects = this.newest.get(group);
    if (subjects?.get(dropped.subject) !== dropped) return;
    subjects.delete(dropped.subject);
    if (subjects.size === 0) this.newest.delete(group);
  }

  async *replay(filter: string, options: ReplayOptions = {}): AsyncIterable<LoggedMessage> {
    if (options.lastPerSubject) {
      yield* this.newestMatching(filter);
      return;
    }
    // Sequences are consecutive, so an event's place follows from its number; found again
    // for each one, as events emitted while the caller holds one may drop or move the rest.
    const last = this.nextSeq - 1;
    for (let seq = Math.max(1, options.fromSeq ?? 1); seq <= last; seq++) {
      const oldest = this.events[this.first];
      if (!oldest) return;
      if (seq < oldest.seq) seq = oldest.seq;
      const e = this.events[this.first + seq - oldest.seq]!;
      if (subjectMatches(filter, e.subject)) yield e;
    }
  }

  /** The newest event of each subject matching `filter`, in log order: from the filter's group alone when it names one. */
  private newestMatching(filter: string): LoggedMessage[] {
    const group = groupOf(filter);
    const groups = group.includes("*") || group.includes(">") ? [...this.newest.values()] : [this.newest.get(group) ?? new Map<string, LoggedMessage>()];
    const found: LoggedMessage[] = [];
    for (const subjects of groups) for (const e of subjects.values()) if (subjectMatches(filter, e.subject)) found.push(e);
    return found.sort((a, b) => a.seq - b.seq);
  }
}

// Tokens of a subject that name its group: `boyd.events.v1.<agent>`.
const GROUP_TOKENS = 4;

/** A subject's (or pattern's) first GROUP_TOKENS tokens. */
function groupOf(subject: string): string {
  let end = -1;
  for (let i = 0; i < GROUP_TOKENS; i++) {
    end = subject.indexOf(".", end + 1);
    if (end < 0) return subject;
  }
  return subject.slice(0, end);
}
