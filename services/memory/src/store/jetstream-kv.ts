import { jetstreamManager, type JetStreamManager } from "@nats-io/jetstream";
import { Kvm, type KV } from "@nats-io/kv";
import type { NatsConnection } from "@nats-io/transport-node";
import { MemoryStoreError } from "../errors.js";
import { RecentlyUsed } from "../recently-used.js";
import { ChangeJournal } from "./change-journal.js";
import { RevisionWatch } from "./revision-watch.js";
import { getKvIndexDoc, kvPosition, parseKvPosition, putKvIndexDoc, readKvChangesSince, readLogChanges, readLogVersion, versionKey, wrongSequence, type KvParts } from "./kv-feeds.js";
import {
  encodeToken,
  pickRecords,
  type DocName,
  type LogChanges,
  type LogChangesSince,
  type LogCursor,
  type LogName,
  type LogPosition,
  type MemoryStore,
  type ReadAfter,
  type StoredDoc,
  type StoredIndexDoc,
  type StoredRecord,
} from "./port.js";

/** Options of {@link openKvStore}. */
export interface KvStoreOptions {
  /** A connection to a JetStream-enabled NATS server (e.g. `NatsTransport.connection`). */
  connection: NatsConnection;
  /** Bucket name; created if missing. @default "boyd_memory" */
  bucket?: string;
  /** Stream replicas of a newly created bucket. @default 1 */
  replicas?: number;
  /** Logs (an agent's episodes, facts, corrections, provenance) kept as read; the least recently used beyond are read again when next needed. @default 1024 */
  logsKept?: number;
}

// NATS's default max_payload; a value near it would be refused by the
// server with a less helpful message.
const MAX_VALUE_BYTES = 1024 * 1024 - 4096;

/**
 * Opens the distributed adapter on a JetStream KV bucket. Keys are
 * `<agent>.doc.<name>` and `<agent>.<log>.<record id>` (tokens encoded with
 * encodeToken). Documents use the key's revision for compare-and-set
 * (create when 0, update with the revision otherwise), so replicas of the
 * service serving one agent never clobber each other. Logs are read back
 * in revision order, i.e. the order records were added. Documents are not
 * cached: any replica may have written last. Logs are cached per process
 * and checked on every read against the log's version key
 * (`<agent>.ver.<log>`; provenance has none, see UNVERSIONED), which
 * every add or remove rewrites after its records: one KV get when nothing
 * changed; otherwise only the log's changes since the last read are
 * fetched (batched direct gets from the next stream sequence), so a read
 * does not grow with the log. A read
 * bound to a memory position (ReadAfter) asks neither: a headers-only
 * watch of the documents and version keys (RevisionWatch) says whether
 * what this process holds is still the latest.
 */
export async function openKvStore(options: KvStoreOptions): Promise<MemoryStore> {
  const bucket = options.bucket ?? "boyd_memory";
  const kv = await new Kvm(options.connection).create(bucket, { history: 1, replicas: options.replicas ?? 1 });
  const jsm = await jetstreamManager(options.connection);
  return new KvStore(kv, bucket, jsm, await RevisionWatch.start(kv, jsm, bucket), options.logsKept);
}

/**
 * A log as this process last read it, brought up to date in place (a
 * refresh costs the changes, not a copy of the log). A refresh that fails
 * midway drops the whole cache, so a half-applied one is never read.
 */
interface CachedLog {
  /** Revision of the log's version key when read (0: no version key, nothing cached). */
  version: number;
  /** Stream sequence of the last change applied. */
  seq: number;
  /** Live records by id, in revision order (a change moves its id to the end). */
  records: Map<string, Uint8Array>;
  /** The ids changes touched, for readChanges. */
  journal: ChangeJournal;
}

// Documents whose value object is kept per process (see DocValues): a few
// per agent, so the decoded state of a thousand busy agents stays warm.
const DOC_VALUES_KEPT = 4_096;
// Logs kept as read (about four an agent), so a replica holds the agents it
// serves now, not every agent it ever served with all their facts.
const LOGS_KEPT = 1_024;

// Agents whose write position is kept (see KvStore.position): one number each.
const WRITTEN_POSITIONS_KEPT = 100_000;

/**
 * Logs kept without a version key: a read asks for the changes after the
 * sequence it holds, one request whether or not any came, as a version get
 * would be. A version key saves a request only where the revision watch
 * follows it (a read bound to a memory position then asks nothing); nothing
 * follows provenance, which every Remember adds to, so its bump was one
 * more write and acknowledgement each cycle for no read it spared.
 */
const UNVERSIONED: ReadonlySet<LogName> = new Set(["provenance"]);

/**
 * The last value object seen per document key, by revision. A get of a
 * revision this process already holds hands back that same object, so the
 * repository's decoded-document cache (keyed by the value object, as the
 * file store hands out) finds it, instead of every get decoding the
 * document again. The bytes are compared too (a few microseconds against
 * a decode): a bucket deleted and made again numbers its revisions from 1
 * anew. Least recently used keys go first.
 */
class DocValues {
  private readonly byKey: RecentlyUsed<StoredDoc>;

  constructor(max: number) {
    this.byKey = new RecentlyUsed(max);
  }

  /** The value held for `key`, if any. */
  held(key: string): StoredDoc | undefined {
    return this.byKey.get(key);
  }

  keep(key: string, doc: StoredDoc): StoredDoc {
    const held = this.byKey.get(key);
    const kept = held && held.revision === doc.revision && Buffer.compare(held.value, doc.value) === 0 ? held : doc;
    this.byKey.set(key, kept);
    return kept;
  }
}

class KvStore implements MemoryStore {
  readonly name = "jetstream-kv";
  readonly holdsRecordsInMemory = false;
  /** Logs read, by agent and log: the most recently used only (a log not kept is read again, from its snapshot or whole). */
  private readonly logs: RecentlyUsed<Promise<CachedLog>>;
  private readonly docValues = new DocValues(DOC_VALUES_KEPT);
  /** Per agent, the latest revision among this process's writes of its documents and version keys. */
  private readonly written = new RecentlyUsed<number>(WRITTEN_POSITIONS_KEPT);

  constructor(
    private readonly kv: KV,
    private readonly bucket: string,
    private readonly jsm: JetStreamManager,
    private readonly revisions: RevisionWatch,
    logsKept = LOGS_KEPT,
  ) {
    this.logs = new RecentlyUsed(logsKept);
  }

  position(agentId: string): number {
    return this.written.get(agentId) ?? 0;
  }

  /** A write this process made: of a key the watch follows, known at once and part of the agent's position (one it does not follow would never be reached). */
  private wrote(agentId: string, key: string, revision: number, generation: number): void {
    if (!this.revisions.follows(key)) return;
    this.revisions.note(key, revision, false, generation);
    if (revision > (this.written.get(agentId) ?? 0)) this.written.set(agentId, revision);
  }

  async getDoc(agentId: string, doc: DocName, after: ReadAfter = 0): Promise<StoredDoc | undefined> {
    const key = `${encodeToken(agentId)}.doc.${doc}`;
    const known = await this.revisions.latest(key, after);
    if (known?.removed) return undefined;
    const held = known && this.docValues.held(key);
    if (held && held.revision === known.revision) return held;
    const generation = this.revisions.generation;
    const entry = await unavailable(() => this.kv.get(key), "read", doc);
    if (entry) this.revisions.note(key, entry.revision, entry.operation !== "PUT", generation);
    if (!entry || entry.operation !== "PUT") return undefined;
    return this.docValues.keep(key, { value: entry.value, revision: entry.revision });
  }

  async putDoc(agentId: string, doc: DocName, value: Uint8Array, expectedRevision: number): Promise<number> {
    tooLarge(value, `${doc} of ${agentId}`);
    const key = `${encodeToken(agentId)}.doc.${doc}`;
    const generation = this.revisions.generation;
    try {
      const revision = expectedRevision === 0 ? await this.kv.create(key, value) : await this.kv.update(key, value, expectedRevision);
      this.docValues.keep(key, { value, revision });
      this.wrote(agentId, key, revision, generation);
      return revision;
    } catch (err) {
      if (wrongSequence(err)) throw new MemoryStoreError("ABORTED", `${doc} of ${agentId} is no longer at revision ${expectedRevision}`, { cause: err });
      throw new MemoryStoreError("UNAVAILABLE", `cannot write ${doc} of ${agentId}: ${(err as Error).message}`, { cause: err });
    }
  }

  async addRecords(agentId: string, log: LogName, records: readonly StoredRecord[], after: ReadAfter = 0): Promise<boolean[]> {
    const prefix = `${encodeToken(agentId)}.${log}.`;
    records.forEach((r) => tooLarge(r.value, `${log} record ${r.id}`));
    const held = await this.held(agentId, log, records, after);
    // Each id once, its first record: as the file store, a repeated id in one call is not added twice.
    const fresh: StoredRecord[] = [];
    const ids = new Set<string>();
    for (const r of records) {
      if (held.has(r.id) || ids.has(r.id)) continue;
      ids.add(r.id);
      fresh.push(r);
    }
    if (fresh.length === 0) return records.map(() => false);
    // Sent together, in order, the version bump last: the stream stores one
    // connection's messages in the order they were sent, so the revision
    // order (the order records read back in) is the order given, a reader
    // that sees the new version finds the records, and N records cost one
    // round trip, not N + 1. A bump after creates that all failed (another
    // replica added the same ids first) only makes readers look again.
    const versioned = !UNVERSIONED.has(log);
    const [outcomes, bumped] = await Promise.all([Promise.allSettled(fresh.map((r) => this.kv.create(prefix + encodeToken(r.id), r.value))), versioned ? this.bumpVersion(agentId, log) : 0]);
    // A create over a delete marker (an id removed, then added again) is a
    // second write nats.js makes after its first failed, so it can land
    // after the bump: bumped again, every record is followed by a bump.
    if (versioned && outcomes.some((o) => o.status === "fulfilled" && o.value > bumped)) await this.bumpVersion(agentId, log);
    const added = new Map(fresh.map((r, i) => [r.id, outcomes[i]!]));
    return records.map((r) => {
      const outcome = added.get(r.id);
      if (!outcome) return false;
      added.delete(r.id); // a second record with the same id is not added
      if (outcome.status === "fulfilled") return true;
      const err: unknown = outcome.reason;
      if (!wrongSequence(err)) throw new MemoryStoreError("UNAVAILABLE", `cannot add to ${log} of ${agentId}: ${(err as Error).message}`, { cause: err });
      return false;
    });
  }

  /**
   * The ids of `records` the log holds now. Asked of the store only when
   * this process's copy of the log has one of them: a record seen before is
   * usually still there (a fact found again), and checking it costs one
   * version get instead of a failed create and nats.js's follow-up get per
   * record; a new id costs nothing here.
   */
  private async held(agentId: string, log: LogName, records: readonly StoredRecord[], after: ReadAfter): Promise<Set<string>> {
    const cached = await this.logs.get(`${agentId}\0${log}`)?.catch(() => undefined);
    if (!cached || !records.some((r) => cached.records.has(r.id))) return new Set();
    const { records: current } = await this.current(agentId, log, after);
    return new Set(records.filter((r) => current.has(r.id)).map((r) => r.id));
  }

  async readRecords(agentId: string, log: LogName): Promise<StoredRecord[]> {
    const { records } = await this.current(agentId, log);
    return [...records].map(([id, value]) => ({ id, value }));
  }

  async readRecordsById(agentId: string, log: LogName, ids: readonly string[], after: ReadAfter = 0): Promise<(StoredRecord | undefined)[]> {
    return pickRecords((await this.current(agentId, log, after)).records, ids);
  }

  async readChanges(agentId: string, log: LogName, since: LogCursor | undefined, after: ReadAfter = 0): Promise<LogChanges> {
    const { records, journal } = await this.current(agentId, log, after);
    return journal.changes(records, since);
  }

  /** The cached log, brought up to date (as of memory position `after`, when given). */
  private async current(agentId: string, log: LogName, after: ReadAfter = 0): Promise<CachedLog> {
    const key = `${agentId}\0${log}`;
    // Reads of one log share one refresh; a read that starts while another
    // refreshes waits for it and then checks the version itself.
    const previous = this.logs.get(key);
    const next = (async () => {
      const cached = previous ? await previous.catch(() => undefined) : undefined;
      return unavailable(() => this.refresh(agentId, log, cached, after), "read", log);
    })();
    this.logs.set(key, next);
    next.catch(() => {
      if (this.logs.get(key) === next) this.logs.delete(key);
    });
    return next;
  }

  async removeRecords(agentId: string, log: LogName, ids: readonly string[]): Promise<void> {
    const prefix = `${encodeToken(agentId)}.${log}.`;
    await unavailable(() => Promise.all(ids.map((id) => this.kv.purge(prefix + encodeToken(id)))), "remove from", log);
    if (ids.length > 0 && !UNVERSIONED.has(log)) await unavailable(() => this.bumpVersion(agentId, log), "remove from", log);
  }

  /** Rewrites the log's version key after its records changed, so other processes' caches see the change; its new revision. */
  private async bumpVersion(agentId: string, log: LogName): Promise<number> {
    const generation = this.revisions.generation;
    try {
      const revision = await this.kv.put(versionKey(agentId, log), new Uint8Array(0));
      this.wrote(agentId, versionKey(agentId, log), revision, generation);
      return revision;
    } catch (err) {
      throw new MemoryStoreError("UNAVAILABLE", `cannot mark ${log} of ${agentId} changed: ${(err as Error).message}`, { cause: err });
    }
  }

  /**
   * The log as it is now: the cached copy when the version key has not
   * moved, else the cached copy with the changes since its last sequence
   * applied (always, for a log without a version key). The version is read
   * before the changes, so a write that lands in between is fetched again
   * on the next read, never missed.
   */
  private async refresh(agentId: string, log: LogName, cached: CachedLog | undefined, after: ReadAfter): Promise<CachedLog> {
    const { version, existed } = UNVERSIONED.has(log) ? { version: 0, existed: false } : await this.logVersion(agentId, log, after);
    if (cached && existed && cached.version === version) return cached;
    const base = cached ?? { version: 0, seq: 0, records: new Map<string, Uint8Array>(), journal: new ChangeJournal() };
    const { records, journal } = base;
    const seq = await readLogChanges(this.parts(), agentId, log, base.seq + 1, (id, value) => {
      records.delete(id);
      if (value) records.set(id, value);
      journal.note(id);
    });
    base.version = version;
    base.seq = seq;
    return base;
  }

  /** The log's version: as the watch knows it when the read is bound to a position it reached, else read from the store. */
  private async logVersion(agentId: string, log: LogName, after: ReadAfter): Promise<{ version: number; existed: boolean }> {
    const key = versionKey(agentId, log);
    const known = await this.revisions.latest(key, after);
    if (known && !known.removed) return { version: known.revision, existed: true };
    const generation = this.revisions.generation;
    const read = await readLogVersion(this.parts(), agentId, log);
    this.revisions.note(key, read.version, false, generation);
    return read;
  }

  /**
   * From a stored position: only the changes after it (kv-feeds.ts), without
   * reading the log into this process's cache; without one, the whole log
   * from the cache, with the position it reached.
   */
  async readChangesSince(agentId: string, log: LogName, since: LogPosition | undefined, after: ReadAfter = 0): Promise<LogChangesSince> {
    const at = parseKvPosition(since);
    if (at) return unavailable(async () => readKvChangesSince(this.parts(), agentId, log, at, await this.logVersion(agentId, log, after)), "read", log);
    const cached = await this.current(agentId, log, after);
    const upserts = [...cached.records].map(([id, value]): StoredRecord => ({ id, value }));
    return { position: kvPosition({ seq: cached.seq, version: cached.version }), reset: true, upserts, removed: [] };
  }

  getIndexDoc(agentId: string, log: LogName): Promise<StoredIndexDoc | undefined> {
    return unavailable(() => getKvIndexDoc(this.parts(), agentId, log), "read the index of", log);
  }

  putIndexDoc(agentId: string, log: LogName, value: Uint8Array): Promise<boolean> {
    return unavailable(() => putKvIndexDoc(this.parts(), agentId, log, value), "write the index of", log);
  }

  private parts(): KvParts {
    return { kv: this.kv, bucket: this.bucket, jsm: this.jsm };
  }

  async close(): Promise<void> {
    // The connection belongs to the caller.
    this.revisions.stop();
  }
}

function tooLarge(value: Uint8Array, what: string): void {
  if (value.length > MAX_VALUE_BYTES) throw new MemoryStoreError("RESOURCE_EXHAUSTED", `${what} is ${value.length} bytes; the KV store takes at most ${MAX_VALUE_BYTES}`);
}

async function unavailable<T>(work: () => Promise<T>, verb: string, what: string): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof MemoryStoreError) throw err;
    throw new MemoryStoreError("UNAVAILABLE", `cannot ${verb} ${what}: ${(err as Error).message}`, { cause: err });
  }
}
