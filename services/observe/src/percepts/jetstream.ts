import { createHash } from "node:crypto";
import { BusError, fromNatsHeaders, headerOption, PERCEPT_PREFIX, type NatsTransport } from "@boyd/bus";
import type { Percept } from "@boyd/proto";
import { AckPolicy, DeliverPolicy, DiscardPolicy, jetstreamManager, JetStreamApiCodes, JetStreamApiError, RetentionPolicy, StorageType, type JetStreamManager } from "@nats-io/jetstream";
import { Kvm } from "@nats-io/kv";
import { createInbox, type Msg, type NatsConnection } from "@nats-io/transport-node";
import { PERCEPTS } from "../constants.js";
import { deliveredBucket, SharedDeliveredIds } from "./delivered.js";
import { deadLetter, EMPTY_BATCH, perceptSubject, readPercept, type DropListener, type DropReason, type PerceptBatch, type PerceptInbox, type TakeOptions } from "./port.js";

/** Options of {@link openJetStreamPerceptInbox}. */
export interface JetStreamPerceptInboxOptions {
  /** Stream name. @default "BOYD_PERCEPTS" */
  stream?: string;
  /** Drop percepts nobody observed within this time, ms; 0 keeps them. @default 7 days */
  maxAgeMs?: number;
  /** Percepts kept per agent; beyond it the stream discards the oldest. @default 1000 */
  maxPerAgent?: number;
  /** Time a taken percept may stay unacknowledged (observe crashed mid-call) before it is redelivered, ms. @default 30000 */
  ackWaitMs?: number;
  /** Window in which a second publish of one percept id is dropped by the stream, ms. @default 120000 */
  duplicateWindowMs?: number;
  /** Memory instead of file storage (tests). @default false */
  memory?: boolean;
  /** Copies of the stream across a NATS cluster. @default 1 */
  replicas?: number;
  /** Percept ids this replica remembers per agent after delivery without asking the shared bucket. @default 4096 */
  rememberedIds?: number;
  /** Told about each percept refused (malformed, misaddressed, duplicate). */
  onDrop?: DropListener;
}

/** One message of a pull, with what its ack subject says. */
interface Pulled {
  msg: Msg;
  streamSeq: number;
  /** Milliseconds since the epoch at which the stream stored it. */
  storedAt: number;
  /** Messages still pending for the consumer after this one. */
  pending: number;
}

const ACK = new TextEncoder().encode("+ACK");
const NAK = new TextEncoder().encode("-NAK");
const NANOS_PER_MS = 1_000_000;

/**
 * The distributed-mode inbox. Percepts live in a work-queue stream on
 * `boyd.percepts.v1.*`; each agent has one durable pull consumer filtered
 * to its subject, shared by every observe replica: a take pulls what is
 * there, a commit acknowledges it (and the stream deletes it), a release
 * (or a replica that dies before committing) makes JetStream deliver it
 * again. Percepts published while no observe runs wait in the stream.
 * The ids delivered are kept in a KV bucket beside the stream, so a late
 * copy the stream stored again is dropped by whichever replica takes it.
 */
export class JetStreamPerceptInbox implements PerceptInbox {
  private readonly consumers = new Map<string, Promise<string>>();

  constructor(
    private readonly nc: NatsConnection,
    private readonly jsm: JetStreamManager,
    /** The stream's name. */
    readonly stream: string,
    private readonly ackWaitMs: number,
    private readonly options: JetStreamPerceptInboxOptions,
    private readonly delivered: SharedDeliveredIds,
  ) {}

  async take(agentId: string, options: TakeOptions): Promise<PerceptBatch> {
    if (options.limit < 1) return EMPTY_BATCH;
    let pulled: Pulled[];
    try {
      pulled = await this.pull(agentId, options);
    } catch (err) {
      if (err instanceof BusError) throw err;
      throw new BusError("UNAVAILABLE", `percept stream ${this.stream} unreachable: ${(err as Error).message}`, { cause: err });
    }
    pulled.sort((a, b) => a.streamSeq - b.streamSeq);
    const keep: Pulled[] = [];
    const percepts: Percept[] = [];
    const ids = new Set<string>();
    let later = 0;
    let bytes = 0;
    for (const p of pulled) {
      // Past this observation's byte budget: back to the stream, first in the next take.
      if (later > 0 || (keep.length > 0 && bytes + p.msg.data.length > PERCEPTS.maxBatchBytes)) {
        p.msg.respond(NAK);
        later++;
        continue;
      }
      const percept = this.decode(agentId, p);
      if (!percept) {
        p.msg.respond(ACK); // refused for good: never hand it out again
        continue;
      }
      if (ids.has(percept.id) || this.delivered.knownHere(agentId, percept.id)) {
        p.msg.respond(ACK);
        this.drop("duplicate", { subject: p.msg.subject, agentId, perceptId: percept.id });
        continue;
      }
      ids.add(percept.id);
      bytes += p.msg.data.length;
      keep.push(p);
      percepts.push(percept);
    }
    await this.dropDeliveredElsewhere(agentId, keep, percepts);
    let settled = false;
    const settle = async (reply: Uint8Array, after: () => unknown): Promise<void> => {
      if (settled) return;
      settled = true;
      for (const p of keep) p.msg.respond(reply);
      await this.nc.flush();
      await after();
    };
    return {
      percepts,
      dropped: 0,
      waiting: (pulled.at(-1)?.pending ?? 0) + later, // the latest message knows what is left behind it
      // Marked after the ack: a replica dying in between risks a late copy
      // delivered twice, where marking first would risk losing a percept
      // whose observation never reached its caller.
      commit: () => settle(ACK, () => this.delivered.add(agentId, percepts.map((p) => p.id))),
      release: () => settle(NAK, () => undefined),
    };
  }

  /** Acknowledges and leaves out the percepts another replica already delivered (both lists are cut in place). */
  private async dropDeliveredElsewhere(agentId: string, keep: Pulled[], percepts: Percept[]): Promise<void> {
    if (percepts.length === 0) return;
    const delivered = await this.delivered.deliveredOf(agentId, percepts.map((p) => p.id));
    for (let i = percepts.length - 1; i >= 0; i--) {
      const percept = percepts[i]!;
      if (!delivered.has(percept.id)) continue;
      keep[i]!.msg.respond(ACK);
      this.drop("duplicate", { subject: keep[i]!.msg.subject, agentId, perceptId: percept.id });
      keep.splice(i, 1);
      percepts.splice(i, 1);
    }
  }

  /** Nothing to release: uncommitted percepts are redelivered by JetStream. */
  close(): Promise<void> {
    return Promise.resolve();
  }

  /** The agent's durable consumer, created on first use (identical creates by several replicas are harmless). */
  private consumer(agentId: string): Promise<string> {
    let name = this.consumers.get(agentId);
    if (!name) {
      name = this.ensureConsumer(agentId);
      this.consumers.set(agentId, name);
      name.catch(() => this.consumers.delete(agentId));
    }
    return name;
  }

  private async ensureConsumer(agentId: string): Promise<string> {
    const name = consumerName(agentId);
    const ackWait = this.ackWaitMs * NANOS_PER_MS;
    try {
      const info = await this.jsm.consumers.info(this.stream, name);
      if (info.config.ack_wait !== ackWait) await this.jsm.consumers.update(this.stream, name, { ack_wait: ackWait });
    } catch (err) {
      if (!(err instanceof JetStreamApiError && err.code === JetStreamApiCodes.ConsumerNotFound)) throw err;
      await this.jsm.consumers.add(this.stream, {
        durable_name: name,
        filter_subject: perceptSubject(agentId),
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ack_wait: ackWait,
      });
    }
    return name;
  }

  /**
   * One no-wait pull: the server answers at once with what it has (up to
   * the limit) and ends with a status. nats.js's `fetch` has no no-wait
   * form and would hold every observation for at least a second when the
   * agent has fewer percepts than the limit, so the pull is made as
   * JetStream's pull protocol describes (nats ADR-13). A consumer that
   * vanished (no responders) is created again and pulled once more.
   */
  private async pull(agentId: string, options: TakeOptions, retry = true): Promise<Pulled[]> {
    const consumer = await this.consumer(agentId);
    const batch = Math.min(options.limit, 256); // the server's largest pull batch
    // Under the connection's inbox prefix: a NATS user may subscribe to its
    // own replies only. nats.js keeps the prefix in the connection's options,
    // which its type does not show (its JetStream client reads it the same way).
    const inbox = createInbox((this.nc as NatsConnection & { options?: { inboxPrefix?: string } }).options?.inboxPrefix);
    const sub = this.nc.subscribe(inbox, { max: batch + 1 });
    const stop = (): void => sub.unsubscribe();
    const timer = setTimeout(stop, Math.max(1, Math.min(PERCEPTS.pullTimeoutMs, options.deadline - Date.now())));
    options.signal?.addEventListener("abort", stop, { once: true });
    const pulled: Pulled[] = [];
    let status = 0;
    try {
      this.nc.publish(`$JS.API.CONSUMER.MSG.NEXT.${this.stream}.${consumer}`, JSON.stringify({ batch, no_wait: true }), { reply: inbox });
      for await (const msg of sub) {
        if (!msg.reply) {
          status = msg.headers?.code ?? 0;
          break; // 404 no messages, 408 request ended...: the pull is over
        }
        pulled.push({ msg, ...ackInfo(msg.reply) });
        if (pulled.length === batch) break;
      }
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", stop);
      sub.unsubscribe();
    }
    if (status === 503 && pulled.length === 0) {
      this.consumers.delete(agentId);
      if (retry) return this.pull(agentId, options, false);
      throw new BusError("UNAVAILABLE", `percept consumer ${consumer} on stream ${this.stream} does not answer`);
    }
    if (options.signal?.aborted) {
      for (const p of pulled) p.msg.respond(NAK);
      throw options.signal.reason;
    }
    return pulled;
  }

  private decode(agentId: string, p: Pulled): Percept | undefined {
    // A percept sent without an id gets one from its stream position, which
    // stays the same when it is redelivered.
    const headers = fromNatsHeaders(p.msg.headers);
    const received = readPercept(p.msg.data, headers, agentId, { id: () => `${this.stream}:${p.streamSeq}`, receivedAt: p.storedAt });
    if ("percept" in received) return received.percept;
    deadLetter((subject, data, h) => this.nc.publish(subject, data, headerOption(h)), { subject: p.msg.subject, data: p.msg.data, headers }, agentId, received.why);
    this.drop(received.refused, { subject: p.msg.subject, agentId, why: received.why, ...(received.perceptId ? { perceptId: received.perceptId } : {}) });
    return undefined;
  }

  private drop(reason: DropReason, detail: Parameters<DropListener>[1]): void {
    this.options.onDrop?.(reason, detail);
  }
}

/**
 * The durable consumer of one agent: `observe-<agentId>` when the id is
 * plain, else a hash (consumer names may not hold every character an agent
 * id may). The two forms differ in their separator, so they never collide.
 */
export function consumerName(agentId: string): string {
  return /^[A-Za-z0-9_-]+$/.test(agentId) ? `observe-${agentId}` : `observe_${createHash("sha256").update(agentId).digest("hex").slice(0, 40)}`;
}

// `$JS.ACK.<stream>.<consumer>.<delivered>.<stream seq>.<consumer seq>.<ns>.<pending>`,
// or the form with domain and account hash after ACK (and a token at the end).
function ackInfo(reply: string): Omit<Pulled, "msg"> {
  const t = reply.split(".");
  const o = t.length === 9 ? 2 : 4;
  return { streamSeq: Number(t[o + 3]), storedAt: Math.floor(Number(t[o + 5]) / NANOS_PER_MS), pending: Number(t[o + 6]) || 0 };
}

/**
 * Opens (creating or updating) the percept stream and returns the inbox.
 * The stream is a work queue: a percept is deleted once an observation
 * acknowledged it. A percept published with a `Nats-Msg-Id` header (as
 * {@link publishPercept} does) is stored once per duplicate window.
 */
export async function openJetStreamPerceptInbox(transport: NatsTransport, options: JetStreamPerceptInboxOptions = {}): Promise<JetStreamPerceptInbox> {
  const nc = transport.connection;
  const jsm = await jetstreamManager(nc);
  const name = options.stream ?? PERCEPTS.defaultStream;
  const config = {
    name,
    subjects: [`${PERCEPT_PREFIX}.*`],
    retention: RetentionPolicy.Workqueue,
    storage: options.memory ? StorageType.Memory : StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: (options.maxAgeMs ?? PERCEPTS.defaultMaxAgeMs) * NANOS_PER_MS,
    max_msgs_per_subject: options.maxPerAgent ?? PERCEPTS.defaultMaxPerAgent,
    duplicate_window: (options.duplicateWindowMs ?? PERCEPTS.defaultDuplicateWindowMs) * NANOS_PER_MS,
    num_replicas: options.replicas ?? 1,
  };
  try {
    await jsm.streams.info(name);
    await jsm.streams.update(name, config);
  } catch (err) {
    if (!(err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamNotFound)) throw err;
    await jsm.streams.add(config);
  }
  const delivered = await new Kvm(nc).create(deliveredBucket(name), {
    history: 1,
    // A delivered id need not outlive the percepts it could be a copy of.
    ttl: options.maxAgeMs || PERCEPTS.defaultMaxAgeMs,
    storage: options.memory ? StorageType.Memory : StorageType.File,
    replicas: options.replicas ?? 1,
  });
  return new JetStreamPerceptInbox(nc, jsm, name, options.ackWaitMs ?? PERCEPTS.defaultAckWaitMs, options, new SharedDeliveredIds(delivered, options.rememberedIds));
}
