import { DeliverPolicy, jetstream, jetstreamManager, JetStreamApiError, StorageType, type JetStreamClient } from "@nats-io/jetstream";
import { EVENT_HEADERS } from "./events.js";
import { EventIdTaken, type LoggedMessage, type EventLog, type ReplayOptions } from "./event-log.js";
import { fromNatsHeaders, headerOption, type NatsTransport } from "./nats.js";
import type { Envelope } from "./transport.js";
import { EVENT_PREFIX } from "./subjects.js";

/** Options of {@link openJetStreamEventLog}. */
export interface JetStreamEventLogOptions {
  /** Stream name. @default "BOYD_EVENTS" */
  stream?: string;
  /** Subjects the stream keeps. @default ["boyd.events.v1.>"] */
  subjects?: string[];
  /** Drop events older than this, ms; 0 keeps them. @default 0 */
  maxAgeMs?: number;
  /** Memory instead of file storage (tests). @default false */
  memory?: boolean;
  /** Copies of the stream across a NATS cluster. @default 1 */
  replicas?: number;
  /**
   * Open the stream as it is, without creating or updating it: for readers
   * (`boyd events`, users' apps) whose NATS user may only read the stream.
   * @default false
   */
  readOnly?: boolean;
}

/** How long the server keeps a replay's consumer that its reader could not delete. */
const REPLAY_INACTIVE_MS = 10_000;

/**
 * Opens (creating if needed) a JetStream stream for events. `emit` is an
 * acknowledged JetStream publish: live subscribers get it like any publish,
 * and it is stored before `emit` resolves.
 */
export async function openJetStreamEventLog(transport: NatsTransport, options: JetStreamEventLogOptions = {}): Promise<EventLog> {
  const nc = transport.connection;
  const name = options.stream ?? "BOYD_EVENTS";
  if (options.readOnly) {
    // No account-info probe either: a reader's permissions need not include it.
    const jsm = await jetstreamManager(nc, { checkAPI: false });
    await jsm.streams.info(name);
    return new JetStreamEventLog(jetstream(nc), name, false);
  }
  const jsm = await jetstreamManager(nc);
  const config = {
    name,
    subjects: options.subjects ?? [`${EVENT_PREFIX}.>`],
    storage: options.memory ? StorageType.Memory : StorageType.File,
    max_age: (options.maxAgeMs ?? 0) * 1_000_000,
    num_replicas: options.replicas ?? 1,
  };
  try {
    await jsm.streams.info(name);
    await jsm.streams.update(name, config);
  } catch (err) {
    if (!(err instanceof JetStreamApiError)) throw err;
    await jsm.streams.add(config);
  }
  return new JetStreamEventLog(jetstream(nc), name, true);
}

class JetStreamEventLog implements EventLog {
  constructor(
    private readonly js: JetStreamClient,
    private readonly stream: string,
    /** A reader opened read-only (the outside client) may not delete consumers; the server drops its idle ones. */
    private readonly deletesConsumers: boolean,
  ) {}

  async emit(subject: string, message: Envelope): Promise<number> {
    const ack = await this.js.publish(subject, message.data, headerOption(message.headers));
    if (ack.duplicate) await this.checkDuplicate(subject, message, ack.seq);
    return ack.seq;
  }

  /**
   * JetStream drops a message whose Nats-Msg-Id it stored before and acks
   * it as a duplicate, naming the stored one's sequence. That is the point
   * for a retry of the same event; for a different event given the same id
   * (two publishers numbering one agent's events from the same log) it is a
   * silent loss, so the stored message is read back and compared.
   */
  private async checkDuplicate(subject: string, message: Envelope, seq: number): Promise<void> {
    const stored = await this.storedAt(subject, seq);
    if (stored && Buffer.compare(stored.data, message.data) === 0) return;
    throw new EventIdTaken(message.headers[EVENT_HEADERS.messageId] ?? "", stored);
  }

  /** The message stored at `seq` if it is on `subject` (a replay of that subject from there). */
  private async storedAt(subject: string, seq: number): Promise<LoggedMessage | undefined> {
    for await (const m of this.replay(subject, { fromSeq: seq })) return m.seq === seq ? m : undefined;
    return undefined;
  }

  async *replay(filter: string, options: ReplayOptions = {}): AsyncIterable<LoggedMessage> {
    const consumer = await this.js.consumers.get(this.stream, {
      filter_subjects: filter,
      // A reader that may not delete its consumer (the outside client) leaves it this long, not nats.js's 5 minutes.
      inactive_threshold: REPLAY_INACTIVE_MS,
      ...(options.lastPerSubject
        ? { deliver_policy: DeliverPolicy.LastPerSubject }
        : options.fromSeq
          ? { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: options.fromSeq }
          : {}),
    });
    try {
      const info = await consumer.info(true);
      if (info.num_pending === 0) return;
      const messages = await consumer.consume();
      try {
        for await (const m of messages) {
          yield { seq: m.seq, subject: m.subject, data: m.data, headers: fromNatsHeaders(m.headers) };
          if (m.info.pending === 0) break;
        }
      } finally {
        await messages.close();
      }
    } finally {
      // Each replay is one consumer on the server: left behind, one per agent taken up
      // filled the server's consumer limit at about 1,000 agents (bench:scale).
      if (this.deletesConsumers) await consumer.delete().catch(() => {});
    }
  }
}
