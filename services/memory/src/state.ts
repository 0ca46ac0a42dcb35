import { Correction, EpisodicEntry, Fact, ProvenanceRecord, SessionState, WorkingMemoryEntry } from "@boyd/proto";
import { WORKING_MEMORY } from "./constants.js";
import { isConflict, MemoryStoreError } from "./errors.js";
import type { LogName, MemoryStore, StoredRecord } from "./store/port.js";

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

/**
 * Working memory as stored: JSON of its entries (proto JSON), archive and
 * counters. Archived decisions never change once archived (see copyWm), so
 * each is turned into JSON once and its text kept beside it: the archive
 * grows with the agent's age (up to 1,000 decisions) and was most of the
 * bytes every cycle's write re-encoded.
 */
function encodeWm(state: WmState, archivedJson: WeakMap<WorkingMemoryEntry, string>): Uint8Array {
  const archive = state.archive.map((e) => {
    let encoded = archivedJson.get(e);
    if (encoded === undefined) {
      encoded = JSON.stringify(WorkingMemoryEntry.toJSON(e));
      archivedJson.set(e, encoded);
    }
    return encoded;
  });
  const rest = JSON.stringify({
    nextId: state.nextId,
    entries: state.entries.map((e) => WorkingMemoryEntry.toJSON(e)),
    capacity: state.capacity,
    resumedVersion: state.resumedVersion,
  });
  return text.encode(`${rest.slice(0, -1)},"archive":[${archive.join(",")}]}`);
}

function decodeWm(bytes: Uint8Array, agentId: string): WmState {
  const raw = parse(bytes, `working memory of ${agentId}`) as { nextId: number; entries: unknown[]; archive: unknown[]; capacity?: number; resumedVersion?: number };
  return {
    nextId: raw.nextId,
    entries: raw.entries.map((e) => WorkingMemoryEntry.fromJSON(e)),
    archive: raw.archive.map((e) => WorkingMemoryEntry.fromJSON(e)),
    capacity: raw.capacity ?? WORKING_MEMORY.defaultCapacity,
    resumedVersion: raw.resumedVersion ?? 0,
  };
}

/**
 * A copy its holder may change without touching the original: the lists
 * are new, and so are the live entries and their arrays. Archived entries
 * are shared: nothing changes one once archived (working-memory.ts only
 * adds, sorts and trims the archive), which lets encodeWm keep their JSON.
 */
function copyWm(state: WmState): WmState {
  return { ...state, entries: state.entries.map(copyEntry), archive: [...state.archive] };
}

function copyEntry(e: WorkingMemoryEntry): WorkingMemoryEntry {
  return { ...e, symbols: [...e.symbols], accessCycles: [...e.accessCycles] };
}

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
  // Working memory and sessions by the stored bytes they came from, on the
  // same ground: the file store hands back the bytes it was given until the
  // document is replaced, so a cycle's several reads of working memory parse
  // its JSON once, not every time. Working memory is copied out (callers
  // mutate it); sessions are shared (never modify one).
  private readonly wmDecoded = new WeakMap<Uint8Array, WmState>();
  private readonly sessionDecoded = new WeakMap<Uint8Array, SessionDoc>();
  private readonly archivedJson = new WeakMap<WorkingMemoryEntry, string>();

  constructor(readonly store: MemoryStore) {}

  private decode<L extends LogName>(agentId: string, log: L, r: StoredRecord): LogRecord<L> {
    let record = this.decoded.get(r.value) as LogRecord<L> | undefined;
    if (record === undefined) {
      record = codecOf(log).fromJSON(parse(r.value, `${log} record ${r.id} of ${agentId}`));
      this.decoded.set(r.value, record);
    }
    return record;
  }

  /** The agent's working memory (empty when never written) and its revision. */
  async readWm(agentId: string): Promise<{ state: WmState; revision: number }> {
    const doc = await this.store.getDoc(agentId, "wm");
    if (!doc) return { state: { nextId: 1, entries: [], archive: [], capacity: WORKING_MEMORY.defaultCapacity, resumedVersion: 0 }, revision: 0 };
    let state = this.wmDecoded.get(doc.value);
    if (!state) {
      state = decodeWm(doc.value, agentId);
      this.wmDecoded.set(doc.value, state);
    }
    return { state: copyWm(state), revision: doc.revision };
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
      const value = encodeWm(state, this.archivedJson);
      try {
        await this.store.putDoc(agentId, "wm", value, revision);
        this.wmDecoded.set(value, copyWm(state));
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
    let doc = this.sessionDecoded.get(stored.value);
    if (!doc) {
      const raw = parse(stored.value, `session of ${agentId}`) as { version: number; state: string };
      doc = { version: raw.version, state: SessionState.decode(Buffer.from(raw.state, "base64")) };
      this.sessionDecoded.set(stored.value, doc);
    }
    return { doc, revision: stored.revision };
  }

  /** Writes the session if its store revision is still `expectedRevision`; throws ABORTED otherwise. */
  async writeSession(agentId: string, doc: SessionDoc, expectedRevision: number): Promise<void> {
    const bytes = SessionState.encode(doc.state).finish();
    const value = json({ version: doc.version, state: Buffer.from(bytes).toString("base64") });
    await this.store.putDoc(agentId, "session", value, expectedRevision);
    this.sessionDecoded.set(value, doc);
  }

  /** Adds records whose ids are new; per record, whether it was added. */
  add<L extends LogName>(agentId: string, log: L, records: readonly { id: string; record: LogRecord<L> }[]): Promise<boolean[]> {
    const codec = codecOf(log);
    return this.store.addRecords(
      agentId,
      log,
      records.map((r) => ({ id: r.id, value: json(codec.toJSON(r.record)) })),
    );
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
