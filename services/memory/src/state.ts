import { Correction, EpisodicEntry, Fact, ProvenanceRecord, SessionState, WorkingMemoryEntry } from "@boyd/proto";
import { WORKING_MEMORY } from "./constants.js";
import { isConflict, MemoryStoreError } from "./errors.js";
import type { RecordVectors } from "./record-vectors.js";
import type { LogCursor, LogName, MemoryStore, StoredRecord } from "./store/port.js";

/** An agent's working memory as stored: live entries, the id counter and the decision archive. */
export interface WmState {
  /** Next id to assign (ids start at 1 and never repeat for an agent). */
  nextId: number;
  /** Live entries, oldest first. */
  entries: WorkingMemoryEntry[];
  /** DECISION entries that left working memory, oldest first (the per-goal tool history). */
  archive: WorkingMemoryEntry[];
  /** Capacity last enforced (Consolidate reports pressure against it). */
  capacity: number;
  /** Session version whose resume summary was already injected (so a retried resume does not inject twice). */
  resumedVersion: number;
}

/** An agent's session as stored: the state (without working memory) and its version. */
export interface SessionDoc {
  version: number;
  state: SessionState;
}

/** Encodes proto messages of one type as JSON for the store. */
interface Codec<T> {
  toJSON(message: T): unknown;
  fromJSON(object: unknown): T;
}

/** The record types kept in each log. */
export const LOG_CODECS = {
  episodes: EpisodicEntry,
  facts: Fact,
  corrections: Correction,
  provenance: ProvenanceRecord,
} satisfies Record<LogName, Codec<unknown>>;

/** The record type of each log. */
interface LogRecords {
  episodes: EpisodicEntry;
  facts: Fact;
  corrections: Correction;
  provenance: ProvenanceRecord;
}
type LogRecord<L extends LogName> = LogRecords[L];

function codecOf<L extends LogName>(log: L): Codec<LogRecord<L>> {
  // The table above pairs each log with its message type; TS cannot follow a generic index through it.
  return LOG_CODECS[log] as unknown as Codec<LogRecord<L>>;
}

const text = new TextEncoder();
const fromText = new TextDecoder();
const json = (value: unknown): Uint8Array => text.encode(JSON.stringify(value));
const parse = (bytes: Uint8Array, what: string): unknown => {
  try {
    return JSON.parse(fromText.decode(bytes));
  } catch (err) {
    throw new MemoryStoreError("DATA_LOSS", `${what} is not valid JSON`, { cause: err });
  }
};

// Optimistic-concurrency retries of a working-memory update before giving up
// with ABORTED (only reachable when several replicas write one agent at once).
const WM_RETRIES = 8;

/**
 * Typed access to an agent's state over the store port: encodes documents
 * and records, and retries working-memory updates that lost a
 * compare-and-set to another replica.
 */
export class Repository {
  // Decoded records by the stored bytes they came from: both stores hand
  // back the same bytes object for a record until it changes, so a log read
  // again is not parsed again. Records read are shared: never modify one.
  private readonly decoded = new WeakMap<Uint8Array, unknown>();

  /** `vectors`: stores a text vector with each record recall ranks, and takes it back when reading. */
  constructor(
    readonly store: MemoryStore,
    private readonly vectors?: RecordVectors,
  ) {}

  private decode<L extends LogName>(agentId: string, log: L, r: StoredRecord): LogRecord<L> {
    let record = this.decoded.get(r.value) as LogRecord<L> | undefined;
    if (record === undefined) {
      const json = parse(r.value, `${log} record ${r.id} of ${agentId}`);
      record = codecOf(log).fromJSON(json);
      this.vectors?.keep(record as object, json);
      this.decoded.set(r.value, record);
    }
    return record;
  }

  /** The agent's working memory (empty when never written) and its revision. */
  async readWm(agentId: string): Promise<{ state: WmState; revision: number }> {
    const doc = await this.store.getDoc(agentId, "wm");
    if (!doc) return { state: { nextId: 1, entries: [], archive: [], capacity: WORKING_MEMORY.defaultCapacity, resumedVersion: 0 }, revision: 0 };
    const raw = parse(doc.value, `working memory of ${agentId}`) as { nextId: number; entries: unknown[]; archive: unknown[]; capacity?: number; resumedVersion?: number };
    return {
      state: {
        nextId: raw.nextId,
        entries: raw.entries.map((e) => WorkingMemoryEntry.fromJSON(e)),
        archive: raw.archive.map((e) => WorkingMemoryEntry.fromJSON(e)),
        capacity: raw.capacity ?? WORKING_MEMORY.defaultCapacity,
        resumedVersion: raw.resumedVersion ?? 0,
      },
      revision: doc.revision,
    };
  }

  /**
   * Applies `mutate` to the agent's working memory and writes it back with
   * compare-and-set; on a lost race it re-reads and re-applies, so `mutate`
   * must depend only on the state it is given.
   */
  async updateWm<T>(agentId: string, mutate: (state: WmState) => T): Promise<{ state: WmState; result: T }> {
    for (let attempt = 0; ; attempt++) {
      const { state, revision } = await this.readWm(agentId);
      const result = mutate(state);
      const value = json({
        nextId: state.nextId,
        entries: state.entries.map((e) => WorkingMemoryEntry.toJSON(e)),
        archive: state.archive.map((e) => WorkingMemoryEntry.toJSON(e)),
        capacity: state.capacity,
        resumedVersion: state.resumedVersion,
      });
      try {
        await this.store.putDoc(agentId, "wm", value, revision);
        return { state, result };
      } catch (err) {
        if (!isConflict(err) || attempt + 1 >= WM_RETRIES) throw err;
      }
    }
  }

  /** The agent's session and its store revision, or undefined. */
  async readSession(agentId: string): Promise<{ doc: SessionDoc; revision: number } | undefined> {
    const stored = await this.store.getDoc(agentId, "session");
    if (!stored) return undefined;
    const raw = parse(stored.value, `session of ${agentId}`) as { version: number; state: string };
    return { doc: { version: raw.version, state: SessionState.decode(Buffer.from(raw.state, "base64")) }, revision: stored.revision };
  }

  /** Writes the session if its store revision is still `expectedRevision`; throws ABORTED otherwise. */
  async writeSession(agentId: string, doc: SessionDoc, expectedRevision: number): Promise<void> {
    const bytes = SessionState.encode(doc.state).finish();
    await this.store.putDoc(agentId, "session", json({ version: doc.version, state: Buffer.from(bytes).toString("base64") }), expectedRevision);
  }

  /** Adds records whose ids are new; per record, whether it was added. */
  add<L extends LogName>(agentId: string, log: L, records: readonly { id: string; record: LogRecord<L> }[]): Promise<boolean[]> {
    const codec = codecOf(log);
    return this.store.addRecords(
      agentId,
      log,
      records.map((r) => ({ id: r.id, value: json({ ...(codec.toJSON(r.record) as object), ...this.vectors?.fieldsFor(log, r.record) }) })),
    );
  }

  /** The log's records added or replaced since `since`, and ids removed (see MemoryStore.readChanges; shared records: do not modify them). */
  async changes<L extends LogName>(
    agentId: string,
    log: L,
    since: LogCursor | undefined,
  ): Promise<{ cursor: LogCursor; reset: boolean; upserts: { id: string; record: LogRecord<L> }[]; removed: readonly string[] }> {
    const c = await this.store.readChanges(agentId, log, since);
    return { cursor: c.cursor, reset: c.reset, upserts: c.upserts.map((r) => ({ id: r.id, record: this.decode(agentId, log, r) })), removed: c.removed };
  }

  /** Every record of a log, oldest first (shared with other readers: do not modify them). */
  async read<L extends LogName>(agentId: string, log: L): Promise<LogRecord<L>[]> {
    return (await this.store.readRecords(agentId, log)).map((r) => this.decode(agentId, log, r));
  }

  /** Every record of a log with its store id, oldest first (shared with other readers: do not modify them). */
  async readWithIds<L extends LogName>(agentId: string, log: L): Promise<{ id: string; record: LogRecord<L> }[]> {
    return (await this.store.readRecords(agentId, log)).map((r) => ({ id: r.id, record: this.decode(agentId, log, r) }));
  }

  /** Removes records by id. */
  remove(agentId: string, log: LogName, ids: readonly string[]): Promise<void> {
    return ids.length ? this.store.removeRecords(agentId, log, ids) : Promise.resolve();
  }
}
