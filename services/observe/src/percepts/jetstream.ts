import { BusError, headerOption, PERCEPT_PREFIX, type NatsTransport } from "@boyd/bus";
import type { Percept } from "@boyd/proto";
import { DiscardPolicy, jetstreamManager, JetStreamApiCodes, JetStreamApiError, RetentionPolicy, StorageType, type JetStreamManager, type StreamConfig } from "@nats-io/jetstream";
import { Kvm } from "@nats-io/kv";
import type { NatsConnection } from "@nats-io/transport-node";
import { PERCEPTS } from "../constants.js";
import { claimsBucket, PerceptClaims, type ClaimsSeen } from "./claims.js";
import { deliveredBucket, SharedDeliveredIds } from "./delivered.js";
import { readStored, type StoredPercept, type StoredRead } from "./direct.js";
import { deadLetter, EMPTY_BATCH, perceptSubject, readPercept, type DropListener, type DropReason, type PerceptBatch, type PerceptInbox, type TakeOptions } from "./port.js";

/** Options of {@link openJetStreamPerceptInbox}. */
export interface JetStreamPerceptInboxOptions {
  /** Stream name. @default "BOYD_PERCEPTS" */
  stream?: string;
  /** Drop percepts nobody observed within this time, ms; 0 keeps them. @default 7 days */
  maxAgeMs?: number;
  /** Percepts kept per agent; beyond it the stream discards the oldest. @default 1000 */
  maxPerAgent?: number;
  /** Time a take holds its percepts uncommitted (observe crashed mid-call) before another take may hand them out, ms. @default 30000 */
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
  /**
   * Told what became of the per-agent consumers older versions left on the
   * stream (see removeOldConsumers): the names removed, or why they could
   * not be (the inbox opens all the same). Not called when there were none.
   */
  onOldConsumers?: (outcome: { readonly removed: readonly string[]; readonly error?: unknown }) => void;
}

/** A stored percept picked for an observation, decoded. */
interface Picked {
  readonly stored: StoredPercept;
  readonly percept: Percept;
}

/** What one read of an agent's stored percepts yields for an observation. */
interface Selection {
  readonly picked: Picked[];
  /** Refused or duplicate: removed from the stream, never handed out. */
  readonly discarded: StoredPercept[];
  /** Free percepts left for the next observation (the limit or the byte budget reached). */
  readonly later: number;
}

const NANOS_PER_MS = 1_000_000;

/**
 * The distributed-mode inbox. Percepts live in one stream on
 * `boyd.percepts.v1.*`, a subject per agent, shared by every observe
 * replica, with no consumer: a take reads the agent's subject with a
 * batched direct get and claims what it takes in a KV key of the agent
 * (checked against its revision, so concurrent takes on two replicas get
 * disjoint percepts); a commit deletes the percepts from the stream; a
 * release (or a replica that dies before committing, once its claim's
 * hold has passed) leaves them for the next take. An agent with nothing
 * in flight costs the server its stored percepts and nothing else, so the
 * server's work does not grow with the number of agents. Percepts
 * published while no observe runs wait in the stream. The ids delivered
 * are kept in a KV bucket beside it, so a late copy the stream stored
 * again is dropped by whichever replica takes it.
 */
export class JetStreamPerceptInbox implements PerceptInbox {
  constructor(
    private readonly nc: NatsConnection,
    private readonly jsm: JetStreamManager,
    /** The stream's name. */
    readonly stream: string,
    private readonly holdMs: number,
    private readonly options: JetStreamPerceptInboxOptions,
    private readonly delivered: SharedDeliveredIds,
    private readonly claims: PerceptClaims,
  ) {}

  async take(agentId: string, options: TakeOptions): Promise<PerceptBatch> {
    if (options.limit < 1) return EMPTY_BATCH;
    try {
      for (let attempt = 0; attempt < PERCEPTS.maxClaimAttempts; attempt++) {
        const batch = await this.attempt(agentId, options);
        if (batch) return batch;
      }
      throw new BusError("UNAVAILABLE", `percepts of agent ${agentId}: other observe replicas kept claiming them first (${PERCEPTS.maxClaimAttempts} attempts)`);
    } catch (err) {
      if (err instanceof BusError || options.signal?.aborted) throw err;
      throw new BusError("UNAVAILABLE", `percept stream ${this.stream} unreachable: ${(err as Error).message}`, { cause: err });
    }
  }

  /** Nothing to release: uncommitted percepts stay in the stream, and their claims run out. */
  close(): Promise<void> {
    return Promise.resolve();
  }

  /** One read and claim; undefined when another replica claimed between the two (read again). */
  private async attempt(agentId: string, options: TakeOptions): Promise<PerceptBatch | undefined> {
    const subject = perceptSubject(agentId);
    const first = await this.read(subject, options.limit, options);
    // Nothing stored: one request, no claim (what most observations of an idle agent cost).
    if (first.messages.length === 0) return EMPTY_BATCH;
    const seen = await this.claims.read(agentId);
    // Percepts in flight on another take are skipped: read past them.
    const read = seen.held.size > 0 ? await this.read(subject, options.limit + seen.held.size, options) : first;
    const free = read.messages.filter((m) => !seen.held.has(m.seq));
    const chosen = this.select(agentId, free, options.limit);
    await this.dropDeliveredElsewhere(agentId, chosen);
    await this.remove(chosen.discarded);
    const waiting = read.pending + chosen.later;
    if (chosen.picked.length === 0) return { ...EMPTY_BATCH, waiting };
    const token = await this.claims.claim(agentId, seen, chosen.picked.map((p) => p.stored.seq), this.holdMs);
    if (!token) return undefined;
    return this.batch(agentId, chosen.picked, token, waiting);
  }

  private read(subject: string, batch: number, options: TakeOptions): Promise<StoredRead> {
    return readStored(this.nc, { stream: this.stream, subject, fromSeq: 1, batch, deadline: options.deadline, signal: options.signal });
  }

  /** Oldest first, up to `limit` and the observation's byte budget; refused and repeated ids set aside. */
  private select(agentId: string, free: readonly StoredPercept[], limit: number): Selection {
    const picked: Picked[] = [];
    const discarded: StoredPercept[] = [];
    const ids = new Set<string>();
    let later = 0;
    let bytes = 0;
    for (const stored of free) {
      if (later > 0 || picked.length >= limit || (picked.length > 0 && bytes + stored.data.length > PERCEPTS.maxBatchBytes)) {
        later++; // first in the next take
        continue;
      }
      const percept = this.decode(agentId, stored);
      if (!percept) {
        discarded.push(stored); // refused for good: never hand it out again
      } else if (ids.has(percept.id) || this.delivered.knownHere(agentId, percept.id)) {
        discarded.push(stored);
        this.drop("duplicate", { subject: stored.subject, agentId, perceptId: percept.id });
      } else {
        ids.add(percept.id);
        bytes += stored.data.length;
        picked.push({ stored, percept });
      }
    }
    return { picked, discarded, later };
  }

  /** Sets aside the percepts another replica already delivered (moved from picked to discarded, in place). */
  private async dropDeliveredElsewhere(agentId: string, chosen: Selection): Promise<void> {
    if (chosen.picked.length === 0) return;
    const delivered = await this.delivered.deliveredOf(agentId, chosen.picked.map((p) => p.percept.id));
    for (let i = chosen.picked.length - 1; i >= 0; i--) {
      const { stored, percept } = chosen.picked[i]!;
      if (!delivered.has(percept.id)) continue;
      chosen.discarded.push(stored);
      chosen.picked.splice(i, 1);
      this.drop("duplicate", { subject: stored.subject, agentId, perceptId: percept.id });
    }
  }

  private batch(agentId: string, picked: readonly Picked[], token: string, waiting: number): PerceptBatch {
    const percepts = picked.map((p) => p.percept);
    let settled = false;
    const once = async (settle: () => Promise<void>): Promise<void> => {
      if (settled) return;
      settled = true;
      await settle();
    };
    return {
      percepts,
      dropped: 0,
      waiting,
      commit: () => once(() => this.commit(agentId, picked, token)),
      release: () => once(() => this.claims.drop(agentId, token).catch(() => undefined)),
    };
  }

  /**
   * Consumes a claimed batch. A claim that ran out meanwhile (this replica
   * stalled past its hold) may have let another take hand the same
   * percepts out: the observation fails rather than deliver them twice.
   * Marked delivered before they are deleted and before the claim goes: a
   * take that read them before the delete and the claims after it finds
   * them delivered and drops them, as it does a copy a failed delete left.
   */
  private async commit(agentId: string, picked: readonly Picked[], token: string): Promise<void> {
    const seen: ClaimsSeen = await this.claims.read(agentId);
    if (!seen.claims.some((c) => c.token === token)) {
      throw new BusError("UNAVAILABLE", `percepts of agent ${agentId}: this observation's claim ran out (held ${this.holdMs} ms) before it was committed; they go to the next one`);
    }
    await this.delivered.add(agentId, picked.map((p) => p.percept.id));
    await this.remove(picked.map((p) => p.stored));
    await this.claims.drop(agentId, token).catch(() => undefined); // removed from the stream: a claim left behind holds nothing
  }

  /** Deletes messages from the stream (one already gone is no error). */
  private async remove(messages: readonly StoredPercept[]): Promise<void> {
    await Promise.all(
      messages.map((m) =>
        this.jsm.streams.deleteMessage(this.stream, m.seq, false).catch((err: unknown) => {
          if (!alreadyGone(err)) throw err;
        }),
      ),
    );
  }

  private decode(agentId: string, stored: StoredPercept): Percept | undefined {
    // A percept sent without an id gets one from its stream position, which
    // stays the same for every take that reads it.
    const received = readPercept(stored.data, stored.headers, agentId, { id: () => `${this.stream}:${stored.seq}`, receivedAt: stored.storedAt });
    if ("percept" in received) return received.percept;
    deadLetter((subject, data, h) => this.nc.publish(subject, data, headerOption(h)), { subject: stored.subject, data: stored.data, headers: stored.headers }, agentId, received.why);
    this.drop(received.refused, { subject: stored.subject, agentId, why: received.why, ...(received.perceptId ? { perceptId: received.perceptId } : {}) });
    return undefined;
  }

  private drop(reason: DropReason, detail: Parameters<DropListener>[1]): void {
    this.options.onDrop?.(reason, detail);
  }
}

/**
 * Opens (creating or updating) the percept stream and its two KV buckets
 * (claims in flight, ids delivered) and returns the inbox. The stream keeps
 * its work-queue retention, though no consumer reads it any more: a
 * percept is deleted once an observation committed it, and an existing
 * stream is updated in place. Direct gets are turned on (allow_direct),
 * which is how takes read it. A percept published with a `Nats-Msg-Id`
 * header (as {@link publishPercept} does) is stored once per duplicate
 * window.
 */
export async function openJetStreamPerceptInbox(transport: NatsTransport, options: JetStreamPerceptInboxOptions = {}): Promise<JetStreamPerceptInbox> {
  const nc = transport.connection;
  const jsm = await jetstreamManager(nc);
  const name = options.stream ?? PERCEPTS.defaultStream;
  await ensureStream(jsm, perceptStreamConfig(name, options));
  // Leftovers: a failure to remove them (a NATS user without the permission) does not keep observe from starting.
  const removed: string[] = [];
  await removeOldConsumers(jsm, name, removed).then(
    () => removed.length > 0 && options.onOldConsumers?.({ removed }),
    (error: unknown) => options.onOldConsumers?.({ removed, error }),
  );
  const maxAgeMs = options.maxAgeMs || PERCEPTS.defaultMaxAgeMs;
  const bucket = { history: 1, storage: options.memory ? StorageType.Memory : StorageType.File, replicas: options.replicas ?? 1 };
  const kvm = new Kvm(nc);
  // A delivered id need not outlive the percepts it could be a copy of; nor need a claim.
  const delivered = await kvm.create(deliveredBucket(name), { ...bucket, ttl: maxAgeMs });
  const claims = await kvm.create(claimsBucket(name), { ...bucket, ttl: maxAgeMs });
  return new JetStreamPerceptInbox(nc, jsm, name, options.ackWaitMs ?? PERCEPTS.defaultAckWaitMs, options, new SharedDeliveredIds(delivered, options.rememberedIds), new PerceptClaims(claims));
}

/** How older versions named an agent's durable consumer: `observe-<agent id>`, or `observe_<digest>` for an id not fit for a name. */
const OLD_CONSUMER = /^observe(?:-[A-Za-z0-9_-]+|_[0-9a-f]{40})$/;
// Deletes in flight at once.
const DELETES_AT_ONCE = 32;

/**
 * Deletes the durable consumers older versions kept on the percept stream,
 * one per agent ever observed (about 125 KiB of nats-server's memory each),
 * which nothing reads since takes became direct gets. Any other consumer
 * (one of the user's own) is left. A consumer another replica deleted first
 * is no error.
 */
async function removeOldConsumers(jsm: JetStreamManager, stream: string, removed: string[]): Promise<void> {
  const old: string[] = [];
  for await (const info of jsm.consumers.list(stream)) if (OLD_CONSUMER.test(info.name)) old.push(info.name);
  for (let i = 0; i < old.length; i += DELETES_AT_ONCE) {
    const batch = old.slice(i, i + DELETES_AT_ONCE);
    await Promise.all(
      batch.map((consumer) =>
        jsm.consumers.delete(stream, consumer).catch((err: unknown) => {
          if (!(err instanceof JetStreamApiError && err.code === JetStreamApiCodes.ConsumerNotFound)) throw err;
        }),
      ),
    );
    removed.push(...batch);
  }
}

/** A delete of a message another take deleted first: "no message found", or nats-server's "sequence not found" (10043). */
function alreadyGone(err: unknown): boolean {
  return err instanceof JetStreamApiError && (err.code === JetStreamApiCodes.NoMessageFound || err.code === SEQUENCE_NOT_FOUND);
}

const SEQUENCE_NOT_FOUND = 10043;

function perceptStreamConfig(name: string, options: JetStreamPerceptInboxOptions): Partial<StreamConfig> & { name: string } {
  return {
    name,
    subjects: [`${PERCEPT_PREFIX}.*`],
    retention: RetentionPolicy.Workqueue,
    storage: options.memory ? StorageType.Memory : StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: (options.maxAgeMs ?? PERCEPTS.defaultMaxAgeMs) * NANOS_PER_MS,
    max_msgs_per_subject: options.maxPerAgent ?? PERCEPTS.defaultMaxPerAgent,
    duplicate_window: (options.duplicateWindowMs ?? PERCEPTS.defaultDuplicateWindowMs) * NANOS_PER_MS,
    num_replicas: options.replicas ?? 1,
    allow_direct: true,
  };
}

async function ensureStream(jsm: JetStreamManager, config: Partial<StreamConfig> & { name: string }): Promise<void> {
  try {
    await jsm.streams.info(config.name);
    await jsm.streams.update(config.name, config);
  } catch (err) {
    if (!(err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamNotFound)) throw err;
    await jsm.streams.add(config);
  }
}
