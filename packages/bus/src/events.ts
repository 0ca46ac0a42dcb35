import { activeTraceparent } from "@boyd/telemetry";
import type { MessageCodec } from "./definition.js";
import { BusError } from "./errors.js";
import { EventIdTaken, liveEvents, type EventLog, type EventSink, type LoggedMessage } from "./event-log.js";
import { Header, type Headers } from "./headers.js";
import { keptWriterEncoder } from "./kept-writer.js";
import { EVENT_PREFIX, assertToken, eventSubject } from "./subjects.js";
import type { Envelope, ErrorReporter, Subscription, Transport } from "./transport.js";

/** Which events to receive: one agent or all (`*`), one kind or all (`>`). */
export interface EventFilter {
  /** @default "*" (every agent) */
  agentId?: string;
  /** A kind such as `cycle.started`, or a pattern such as `cycle.*`. @default ">" */
  kind?: string;
}

/** Headers every event carries besides `traceparent`. */
export const EVENT_HEADERS = {
  /** `application/x-protobuf; messageType=<full name>`. */
  contentType: "Content-Type",
  /** JetStream's de-duplication id. */
  messageId: "Nats-Msg-Id",
} as const;

/** Where an event came from. */
export interface EventMeta {
  readonly subject: string;
  readonly agentId: string;
  readonly kind: string;
  /** Log sequence, when the event was replayed from a log. */
  readonly seq?: number;
  /** W3C trace context the event was published in (e.g. its cycle's), when there was one. */
  readonly traceparent?: string;
}

/** Typed agent events on `boyd.events.v1.<agentId>.<kind>`. */
export interface EventChannel<T> {
  /** Publishes an event; with a log, resolves with its sequence once stored. */
  publish(agentId: string, kind: string, event: T): Promise<number | undefined>;
  /** Receives live events matching the filter. */
  subscribe(filter: EventFilter, handler: (event: T, meta: EventMeta) => void | Promise<void>): Subscription;
  /** Replays stored events matching the filter (needs a log); undecodable ones are reported and skipped. */
  replay(filter: EventFilter, options?: { fromSeq?: number }): AsyncIterable<{ event: T; meta: EventMeta }>;
  /** The newest stored event of each subject matching the filter (one per kind); none without a log. */
  latest(filter: EventFilter): Promise<T[]>;
}

/** Options of {@link createEventChannel}. */
export interface EventChannelOptions<T> {
  transport: Transport;
  /** The event message's codec, e.g. the generated `Event`. */
  codec: MessageCodec<T>;
  /** Where events go: a log to keep them for replay, else live only. */
  sink?: EventSink | EventLog;
  /** Told about undecodable events and handler failures. */
  reportError?: ErrorReporter;
  /** Full name of the event message (`boyd.v1.Event`), named in each event's Content-Type header. */
  messageType?: string;
  /**
   * A stable id of the event, sent as `Nats-Msg-Id` so a JetStream log
   * stores a re-published event once; undefined sends none.
   */
  messageId?: (event: T, agentId: string, kind: string) => string | undefined;
  /**
   * Whether an event stored under the same id is this one told again (a
   * replica re-publishing what another published), so the publish counts
   * as done; otherwise the publish throws EventIdTaken. @default byte equality only
   */
  sameEvent?: (stored: T, event: T) => boolean;
}

/** Content type of the protobuf binary form, as event headers name it. */
export const PROTOBUF_CONTENT_TYPE = "application/x-protobuf";

/** Creates a typed event channel over a transport and optional log. */
export function createEventChannel<T>(options: EventChannelOptions<T>): EventChannel<T> {
  const { transport, codec } = options;
  const sink = options.sink ?? liveEvents(transport);
  const report = options.reportError ?? (() => {});
  const encode = keptWriterEncoder(codec);
  /** Whether the event stored under a publish's id is `event` told again (see sameEvent). */
  const storedIsThis = (stored: LoggedMessage, event: T): boolean => {
    try {
      return options.sameEvent?.(codec.decode(stored.data), event) ?? false;
    } catch {
      return false; // not an event at all, so not this one
    }
  };
  return {
    publish(agentId, kind, event) {
      // The publisher's trace (a cycle's) rides along, so a subscriber can
      // find the trace that produced the event.
      const traceparent = activeTraceparent();
      const id = options.messageId?.(event, agentId, kind);
      // Enough for a subscriber without the protos to know what it holds and to de-duplicate.
      const headers: Headers = {
        [EVENT_HEADERS.contentType]: options.messageType ? `${PROTOBUF_CONTENT_TYPE}; messageType=${options.messageType}` : PROTOBUF_CONTENT_TYPE,
        ...(id ? { [EVENT_HEADERS.messageId]: id } : {}),
        ...(traceparent ? { [Header.traceparent]: traceparent } : {}),
      };
      return emitChecked(sink, eventSubject(agentId, kind), { data: encode(event), headers }, event, storedIsThis);
    },
    subscribe(filter, handler) {
      return transport.subscribe(filterSubject(filter), async (message) => {
        let event: T;
        try {
          event = codec.decode(message.data);
        } catch (err) {
          report(err, { subject: message.subject });
          return;
        }
        await handler(event, metaOf(message.subject, message.headers));
      });
    },
    async *replay(filter, replayOptions) {
      if (!isLog(sink)) throw new BusError("FAILED_PRECONDITION", "this event channel keeps no log to replay");
      for await (const m of sink.replay(filterSubject(filter), replayOptions)) {
        // Anyone allowed to publish events can put garbage in the log; one
        // such message must not end every replay of its agent there.
        let event: T;
        try {
          event = codec.decode(m.data);
        } catch (err) {
          report(err, { subject: m.subject });
          continue;
        }
        yield { event, meta: { ...metaOf(m.subject, m.headers), seq: m.seq } };
      }
    },
    async latest(filter) {
      if (!isLog(sink)) return [];
      const found: T[] = [];
      for await (const m of sink.replay(filterSubject(filter), { lastPerSubject: true })) found.push(codec.decode(m.data));
      return found;
    },
  };
}

/** Emits `event` (as `message`) to the sink; an id taken by a stored event that `same` says is this one resolves with its sequence. */
async function emitChecked<T>(sink: EventSink, subject: string, message: Envelope, event: T, same: (stored: LoggedMessage, event: T) => boolean): Promise<number | undefined> {
  try {
    return await sink.emit(subject, message);
  } catch (err) {
    if (err instanceof EventIdTaken && err.stored && same(err.stored, event)) return err.stored.seq;
    throw err;
  }
}

function filterSubject(filter: EventFilter): string {
  const agent = filter.agentId ?? "*";
  if (agent !== "*") assertToken(agent, "agent id");
  return `${EVENT_PREFIX}.${agent}.${filter.kind ?? ">"}`;
}

function metaOf(subject: string, headers: Headers): EventMeta {
  const rest = subject.slice(EVENT_PREFIX.length + 1);
  const dot = rest.indexOf(".");
  const traceparent = headers[Header.traceparent];
  return { subject, agentId: rest.slice(0, dot), kind: rest.slice(dot + 1), ...(traceparent ? { traceparent } : {}) };
}

function isLog(sink: EventSink | EventLog): sink is EventLog {
  return typeof (sink as Partial<EventLog>).replay === "function";
}
