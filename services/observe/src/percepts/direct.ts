import { fromNatsHeaders } from "@boyd/bus";
import { createInbox, type NatsConnection } from "@nats-io/transport-node";
import { PERCEPTS } from "../constants.js";

/** One stored percept message, as a direct get returns it. */
export interface StoredPercept {
  readonly seq: number;
  readonly subject: string;
  readonly data: Uint8Array;
  /** The sender's headers (the stream's own `Nats-*` ones left out). */
  readonly headers: Readonly<Record<string, string>>;
  /** Milliseconds since the epoch at which the stream stored it. */
  readonly storedAt: number;
}

/** Messages of one subject read from a stream, and how many more wait behind them. */
export interface StoredRead {
  /** Oldest first. */
  readonly messages: readonly StoredPercept[];
  /** Messages of the subject stored after the last one read. */
  readonly pending: number;
}

/** Where and how long to read. */
export interface DirectRead {
  readonly stream: string;
  readonly subject: string;
  /** The first stream sequence to look at. */
  readonly fromSeq: number;
  /** Most messages to read (the server sends at most this many). */
  readonly batch: number;
  /** Absolute deadline, unix ms. */
  readonly deadline: number;
  readonly signal?: AbortSignal | undefined;
}

// Headers the server adds to a direct get: not the sender's, so not handed on (dead letters).
const STREAM_HEADERS = new Set(["nats-stream", "nats-sequence", "nats-time-stamp", "nats-subject", "nats-num-pending", "nats-last-sequence", "nats-ttl"]);

/**
 * Reads up to `batch` messages of one subject, from `fromSeq` on, with a
 * batched direct get (nats-server 2.11+, the stream with allow_direct):
 * no consumer, nothing held on the server, one request. The server answers
 * with the messages, then an end-of-batch status (or 404 when there are
 * none). Made by hand, as the pull of the old per-agent consumers was, so
 * the read has its caller's deadline and abort signal and answers under
 * the connection's inbox prefix (a NATS user reads only its own replies).
 */
export async function readStored(nc: NatsConnection, read: DirectRead): Promise<StoredRead> {
  const batch = Math.max(1, Math.min(read.batch, PERCEPTS.maxDirectBatch));
  // nats.js keeps the prefix in the connection's options, which its type does not show.
  const inbox = createInbox((nc as NatsConnection & { options?: { inboxPrefix?: string } }).options?.inboxPrefix);
  const sub = nc.subscribe(inbox, { max: batch + 1 });
  const stop = (): void => sub.unsubscribe();
  const timer = setTimeout(stop, Math.max(1, Math.min(PERCEPTS.pullTimeoutMs, read.deadline - Date.now())));
  read.signal?.addEventListener("abort", stop, { once: true });
  const messages: StoredPercept[] = [];
  let pending = 0;
  let status = -1;
  try {
    nc.publish(`$JS.API.DIRECT.GET.${read.stream}`, JSON.stringify({ seq: read.fromSeq, next_by_subj: read.subject, batch }), { reply: inbox });
    for await (const msg of sub) {
      const code = msg.headers?.code ?? 0;
      if (code !== 0) {
        status = code; // 204 end of batch, 404 nothing stored, 408...: the read is over
        break;
      }
      const all = fromNatsHeaders(msg.headers);
      pending = Number(msg.headers?.get("Nats-Num-Pending")) || 0;
      messages.push({ seq: Number(msg.headers?.get("Nats-Sequence")), subject: msg.headers?.get("Nats-Subject") || read.subject, data: msg.data, headers: senderHeaders(all), storedAt: Date.parse(msg.headers?.get("Nats-Time-Stamp") ?? "") || Date.now() });
      if (messages.length === batch) break;
    }
  } finally {
    clearTimeout(timer);
    read.signal?.removeEventListener("abort", stop);
    sub.unsubscribe();
  }
  read.signal?.throwIfAborted();
  if (status === -1 && messages.length === 0) throw new Error(`direct get on stream ${read.stream} got no answer within ${PERCEPTS.pullTimeoutMs} ms`);
  if (status === 503) throw new Error(`stream ${read.stream} does not answer direct gets (no responders: is allow_direct set?)`);
  if (status !== -1 && status !== 204 && status !== 404 && messages.length === 0) throw new Error(`direct get on stream ${read.stream} answered status ${status}`);
  return { messages, pending };
}

function senderHeaders(all: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(all)) if (!STREAM_HEADERS.has(k.toLowerCase())) out[k] = v;
  return out;
}
