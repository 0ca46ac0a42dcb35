import { keptWriterEncoder } from "@boyd/bus";
import { Correction, EpisodicEntry, Fact, ProvenanceRecord, SessionState, WorkingMemoryEntry } from "@boyd/proto";
import { WORKING_MEMORY } from "./constants.js";
import { isConflict, MemoryStoreError } from "./errors.js";
import type { RecordVectors } from "./record-vectors.js";
import type { LogCursor, LogName, LogPosition, MemoryStore, ReadAfter, StoredRecord } from "./store/port.js";

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
/** JSON a store holds (`what` names it in the DATA_LOSS error when it is not JSON). */
export const parseStoredJson = (bytes: Uint8Array, what: string): unknown => {
  try {
    return JSON.parse(fromText.decode(bytes));
  } catch (err) {
    throw new MemoryStoreError("DATA_LOSS", `${what} is not valid JSON`, { cause: err });
  }
};

/** An entry's proto JSON as UTF-8, made once per entry object: entries never change once made (see copyWm). */
function entryJsonOf(e: WorkingMemoryEntry, entryJson: WeakMap<WorkingMemoryEntry, Buffer>): Buffer {
  let encoded = entryJson.get(e);
  if (encoded === undefined) {
    encoded = Buffer.from(JSON.stringify(WorkingMemoryEntry.toJSON(e)));
    entryJson.set(e, encoded);
  }
  return encoded;
}

const COMMA = Buffer.from(",");

/** `head`, the entries' JSON separated by commas, then `tail`: one copy of bytes already made, no string of it all. */
function jsonList(head: string, entries: readonly WorkingMemoryEntry[], tail: string, entryJson: WeakMap<WorkingMemoryEntry, Buffer>): Uint8Array {
  const parts: Buffer[] = [Buffer.from(head)];
  entries.forEach((e, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(entryJsonOf(e, entryJson));
  });
  parts.push(Buffer.from(tail));
  return Buffer.concat(parts);
}

/**
 * Working memory as stored, without its archive: JSON of its live entries
 * (proto JSON) and counters, the bytes JSON.stringify gives for
 * `{nextId, entries, capacity, resumedVersion}`. Every Remember writes it
 * whole; only the entries made since the last write are turned into JSON.
 */
function encodeWm(state: WmState, entryJson: WeakMap<WorkingMemoryEntry, Buffer>): Uint8Array {
  const tail = `],"capacity":${JSON.stringify(state.capacity)},"resumedVersion":${JSON.stringify(state.resumedVersion)}}`;
  return jsonList(`{"nextId":${JSON.stringify(state.nextId)},"entries":[`, state.entries, tail, entryJson);
}

/** The archive as stored: `{"entries": [...]}`, each archived decision turned into JSON once. */
function encodeArchive(archive: readonly WorkingMemoryEntry[], entryJson: WeakMap<WorkingMemoryEntry, Buffer>): Uint8Array {
  return jsonList(`{"entries":[`, archive, "]}", entryJson);
}

function decodeArchive(bytes: Uint8Array, agentId: string): WorkingMemoryEntry[] {
  const raw = parseStoredJson(bytes, `decision archive of ${agentId}`) as { entries: unknown[] };
  return raw.entries.map((e) => WorkingMemoryEntry.fromJSON(e));
}

/**
 * The archive from both places it may be: the archive document, and inside
 * a working-memory document written before the archive had its own (or by
 * a write that stopped between the two). One entry per id, in id order,
 * the newest maxArchivedDecisions.
 */
function mergeArchives(inline: readonly WorkingMemoryEntry[], stored: readonly WorkingMemoryEntry[]): WorkingMemoryEntry[] {
  if (inline.length === 0) return [...stored];
  if (stored.length === 0) return [...inline];
  const byId = new Map<number, WorkingMemoryEntry>();
  for (const e of [...inline, ...stored]) byId.set(e.id, e);
  return [...byId.values()].sort((a, b) => a.id - b.id).slice(-WORKING_MEMORY.maxArchivedDecisions);
}

/** Whether `mutate` changed the archive: it only adds, sorts and trims, never changes an entry. */
function archiveChanged(before: readonly WorkingMemoryEntry[], after: readonly WorkingMemoryEntry[]): boolean {
  return before.length !== after.length || before.some((e, i) => e !== after[i]);
}

/** A working-memory document; `archive` is what one written before the archive had its own document carries inline. */
function decodeWm(bytes: Uint8Array, agentId: string): WmState {
  const raw = parseStoredJson(bytes, `working memory of ${agentId}`) as { nextId: number; entries: unknown[]; archive?: unknown[]; capacity?: number; resumedVersion?: number };
  return {
    nextId: raw.nextId,
    entries: raw.entries.map((e) => WorkingMemoryEntry.fromJSON(e)),
    archive: (raw.archive ?? []).map((e) => WorkingMemoryEntry.fromJSON(e)),
    capacity: raw.capacity ?? WORKING_MEMORY.defaultCapacity,
    resumedVersion: raw.resumedVersion ?? 0,
  };
}

/**
 * A copy its holder may change without touching the original: the lists
 * are new; the entries in them are shared. Nothing changes an entry once
 * made (working-memory.ts adds, replaces, removes, sorts and trims entries,
 * live and archived, but never edits one; replies leave the process as
 * copies or bytes), so the entries need no copy and encodeWm keeps each
 * one's JSON: a write turns only new entries into JSON, not all 100.
 */
function copyWm(state: WmState): WmState {
  return { ...state, entries: [...state.entries], archive: [...state.archive] };
}

/** Entries a reply hands out, as the caller's own: whatever it changes in them leaves the stored ones as they are. */
export function ownCopies(entries: readonly WorkingMemoryEntry[]): WorkingMemoryEntry[] {
  return entries.map((e) => ({ ...e, symbols: [...e.symbols], accessCycles: [...e.accessCycles] }));
}

// Optimistic-concurrency retries of a working-memory update before giving up
// with ABORTED (only reachable when several replicas write one agent at once).
const WM_RETRIES = 8;

/** The working-memory document as read: a copy of its state (the caller may change it) and its store revision. */
export interface WmRead {
  readonly state: WmState;
  readonly revision: number;
}

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
  // its JSON once, not every time. Working memory's lists are copied out
  // (callers change them; its entries are never changed, see copyWm);
  // sessions are shared (never modify one).
  private readonly wmDecoded = new WeakMap<Uint8Array, WmState>();
  private readonly sessionDecoded = new WeakMap<Uint8Array, SessionDoc>();
  private readonly archiveDecoded = new WeakMap<Uint8Array, WorkingMemoryEntry[]>();
  // Proto JSON of each working-memory entry, live or archived, by entry object (see encodeWm).
  private readonly entryJson = new WeakMap<WorkingMemoryEntry, Buffer>();
  // Session saves encode into one protobuf writer kept between them (see sessionBytes).
  private readonly encodeSession = keptWriterEncoder(SessionState);

  /** `vectors`: stores a text vector with each record recall ranks, and takes it back when reading. */
  constructor(
    readonly store: MemoryStore,
    private readonly vectors?: RecordVectors,
  ) {}

  private decode<L extends LogName>(agentId: string, log: L, r: StoredRecord): LogRecord<L> {
    let record = this.decoded.get(r.value) as LogRecord<L> | undefined;
    if (record === undefined) {
      const json = parseStoredJson(r.value, `${log} record ${r.id} of ${agentId}`);
      record = codecOf(log).fromJSON(json);
      this.vectors?.keep(record as object, json);
      this.decoded.set(r.value, record);
    }
    return record;
  }

  /** The agent's working memory (empty when never written) and its revision. */
  async readWm(agentId: string): Promise<{ state: WmState; revision: number }> {
    const { state, revision } = await this.readWmDocs(agentId);
    return { state, revision };
  }

  /** The agent's live working-memory entries and capacity, without reading the archive (one store read, not two). */
  async readLiveWm(agentId: string): Promise<{ entries: WorkingMemoryEntry[]; capacity: number }> {
    const doc = await this.store.getDoc(agentId, "wm");
    if (!doc) return { entries: [], capacity: WORKING_MEMORY.defaultCapacity };
    let state = this.wmDecoded.get(doc.value);
    if (!state) {
      state = decodeWm(doc.value, agentId);
      this.wmDecoded.set(doc.value, state);
    }
    return { entries: [...state.entries], capacity: state.capacity };
  }

  /**
   * Working memory and its archive, read at once. The archive is its own
   * document, written only when decisions leave working memory: inside the
   * working-memory document it made every cycle's write grow with the
   * agent's age (136 KB of 138 KB at cycle 400 of bench:cycle).
   */
  private async readWmDocs(agentId: string): Promise<{ state: WmState; revision: number }> {
    const [{ state, revision }, { entries: stored }] = await Promise.all([this.readWmDoc(agentId), this.readArchive(agentId)]);
    return { state: { ...state, archive: mergeArchives(state.archive, stored) }, revision };
  }

  /**
   * The working-memory document updateWm starts from, read ahead: before
   * the caller takes the agent's lock, beside its other reads (one round
   * trip fewer in sequence over KV). Pass it to updateWm.
   */
  readWmForUpdate(agentId: string, after: ReadAfter = 0): Promise<WmRead> {
    return this.readWmDoc(agentId, after);
  }

  /** The working-memory document: a copy of its state, whose archive is only what an older document carries inside. */
  private async readWmDoc(agentId: string, after: ReadAfter = 0): Promise<{ state: WmState; revision: number }> {
    const doc = await this.store.getDoc(agentId, "wm", after);
    if (!doc) return { state: { nextId: 1, entries: [], archive: [], capacity: WORKING_MEMORY.defaultCapacity, resumedVersion: 0 }, revision: 0 };
    let state = this.wmDecoded.get(doc.value);
    if (!state) {
      state = decodeWm(doc.value, agentId);
      this.wmDecoded.set(doc.value, state);
    }
    return { state: copyWm(state), revision: doc.revision };
  }

  private async readArchive(agentId: string, after: ReadAfter = 0): Promise<{ entries: WorkingMemoryEntry[]; revision: number }> {
    const doc = await this.store.getDoc(agentId, "archive", after);
    if (!doc) return { entries: [], revision: 0 };
    let entries = this.archiveDecoded.get(doc.value);
    if (!entries) {
      entries = decodeArchive(doc.value, agentId);
      this.archiveDecoded.set(doc.value, entries);
    }
    return { entries, revision: doc.revision };
  }

  /**
   * Applies `mutate` to the agent's working memory and writes it back with
   * compare-and-set; on a lost race it re-reads and re-applies, so `mutate`
   * must depend only on the state it is given. `mutate` sees the archive
   * empty (it only ever adds to it): the archive document is read and
   * written only when decisions left, merged with what they add, and
   * written first, so a stop between the two writes leaves decisions both
   * archived and live (reads list them once), never in neither.
   */
  async updateWm<T>(agentId: string, mutate: (state: WmState) => T, readAhead?: Promise<WmRead>): Promise<{ state: WmState; result: T }> {
    for (let attempt = 0; ; attempt++) {
      // A document read ahead (see readWmForUpdate) is checked by the write's compare-and-set: if another write
      // came in between, the put is refused and the next attempt reads it again.
      const { state, revision } = await (attempt === 0 && readAhead ? readAhead : this.readWmDoc(agentId));
      // An archive still inside an older working-memory document moves to its own on the first write.
      const inline = [...state.archive];
      const result = mutate(state);
      try {
        if (inline.length > 0 || archiveChanged(inline, state.archive)) {
          const stored = await this.readArchive(agentId);
          state.archive = mergeArchives(stored.entries, state.archive);
          const archived = encodeArchive(state.archive, this.entryJson);
          await this.store.putDoc(agentId, "archive", archived, stored.revision);
          this.archiveDecoded.set(archived, [...state.archive]);
        }
        const value = encodeWm(state, this.entryJson);
        await this.store.putDoc(agentId, "wm", value, revision);
        this.wmDecoded.set(value, { ...state, entries: [...state.entries], archive: [] });
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
      const raw = parseStoredJson(stored.value, `session of ${agentId}`) as { version: number; state: string };
      doc = { version: raw.version, state: SessionState.decode(Buffer.from(raw.state, "base64")) };
      this.sessionDecoded.set(stored.value, doc);
    }
    return { doc, revision: stored.revision };
  }

  /** Writes the session if its store revision is still `expectedRevision` (throws ABORTED otherwise); resolves with the new revision. */
  async writeSession(agentId: string, doc: SessionDoc, expectedRevision: number): Promise<number> {
    const value = this.sessionBytes(doc);
    const revision = await this.store.putDoc(agentId, "session", value, expectedRevision);
    this.sessionDecoded.set(value, doc);
    return revision;
  }

  /**
   * A session document as stored: the bytes `JSON.stringify({version,
   * state: base64 of SessionState})` gives, made without the string
   * copies. Base64 is ASCII and needs no escape in JSON, so the text is
   * written byte for byte; the state is encoded into one writer kept
   * between saves (a new one grew from 128 bytes by doubling, ~6 copies
   * for a 4 KB session, at every cycle's save).
   */
  private sessionBytes(doc: SessionDoc): Uint8Array {
    const state = this.encodeSession(doc.state);
    const text = `{"version":${JSON.stringify(doc.version)},"state":"${Buffer.from(state.buffer, state.byteOffset, state.byteLength).toString("base64")}"}`;
    // Its own memory, not a slice of Node's shared pool: the store keeps the document until the next save.
    const value = Buffer.allocUnsafeSlow(text.length);
    value.write(text, "latin1");
    return value;
  }

  /** Adds records whose ids are new; per record, whether it was added. */
  add<L extends LogName>(agentId: string, log: L, records: readonly { id: string; record: LogRecord<L> }[], after: ReadAfter = 0): Promise<boolean[]> {
    const codec = codecOf(log);
    return this.store.addRecords(
      agentId,
      log,
      records.map((r) => ({ id: r.id, value: json({ ...(codec.toJSON(r.record) as object), ...this.vectors?.fieldsFor(log, r.record) }) })),
      after,
    );
  }

  /** The log's records added or replaced since `since`, and ids removed (see MemoryStore.readChanges; shared records: do not modify them). */
  async changes<L extends LogName>(
    agentId: string,
    log: L,
    since: LogCursor | undefined,
    after: ReadAfter = 0,
  ): Promise<{ cursor: LogCursor; reset: boolean; upserts: { id: string; record: LogRecord<L> }[]; removed: readonly string[] }> {
    const c = await this.store.readChanges(agentId, log, since, after);
    return { cursor: c.cursor, reset: c.reset, upserts: c.upserts.map((r) => ({ id: r.id, record: this.decode(agentId, log, r) })), removed: c.removed };
  }

  /** As changes, from a stored position (see MemoryStore.readChangesSince); every record decoded before it returns. */
  async changesSince<L extends LogName>(
    agentId: string,
    log: L,
    since: LogPosition | undefined,
    after: ReadAfter = 0,
  ): Promise<{ position: LogPosition; reset: boolean; upserts: { id: string; record: LogRecord<L> }[]; removed: readonly string[] }> {
    const c = await this.store.readChangesSince(agentId, log, since, after);
    return { position: c.position, reset: c.reset, upserts: c.upserts.map((r) => ({ id: r.id, record: this.decode(agentId, log, r) })), removed: c.removed };
  }

  /** Every record of a log, oldest first (shared with other readers: do not modify them). */
  async read<L extends LogName>(agentId: string, log: L): Promise<LogRecord<L>[]> {
    return (await this.store.readRecords(agentId, log)).map((r) => this.decode(agentId, log, r));
  }

  /** Every record of a log with its store id, oldest first (shared with other readers: do not modify them). */
  async readWithIds<L extends LogName>(agentId: string, log: L): Promise<{ id: string; record: LogRecord<L> }[]> {
    return (await this.store.readRecords(agentId, log)).map((r) => ({ id: r.id, record: this.decode(agentId, log, r) }));
  }

  /** The records of a log with these store ids (undefined where the log has none), without reading the whole log (shared: do not modify them). */
  async readByIds<L extends LogName>(agentId: string, log: L, ids: readonly string[], after: ReadAfter = 0): Promise<(LogRecord<L> | undefined)[]> {
    return (await this.store.readRecordsById(agentId, log, ids, after)).map((r) => r && this.decode(agentId, log, r));
  }

  /** Removes records by id. */
  remove(agentId: string, log: LogName, ids: readonly string[]): Promise<void> {
    return ids.length ? this.store.removeRecords(agentId, log, ids) : Promise.resolve();
  }
}
