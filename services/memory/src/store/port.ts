/**
 * The durable-state port of the memory service. Two adapters implement it:
 * files under a data directory (embedded mode) and a JetStream KV bucket
 * (distributed mode); one conformance suite runs against both.
 *
 * Two shapes of state:
 * - documents: one value per (agent, name), replaced whole with
 *   compare-and-set on a revision (session state, working memory, the
 *   archive of decisions that left working memory);
 * - record logs: keyed records per (agent, log), added if absent, read back
 *   in the order they were added (episodes, facts, corrections, provenance).
 */

/** Documents an agent has. */
export type DocName = "session" | "wm" | "archive";

/** Record logs an agent has. */
export type LogName = "episodes" | "facts" | "corrections" | "provenance";

/** A document's value and the revision to pass back when replacing it. */
export interface StoredDoc {
  readonly value: Uint8Array;
  /** Opaque, > 0; changes on every write. */
  readonly revision: number;
}

/** One record of a log. */
export interface StoredRecord {
  /** Unique within the log; adding an id that exists is a no-op. */
  readonly id: string;
  readonly value: Uint8Array;
}

/**
 * Where a reader of a log's changes got to. Opaque: pass back the cursor
 * the last readChanges returned.
 */
export interface LogCursor {
  /** What issued it (a cursor from a rebuilt cache is not followed). */
  readonly journal: object;
  readonly position: number;
}

/** A log's changes since a cursor. */
export interface LogChanges {
  /** Pass to the next readChanges. */
  readonly cursor: LogCursor;
  /**
   * Whether `upserts` is the whole log (no cursor, or one the store cannot
   * follow): the reader drops what it derived before.
   */
  readonly reset: boolean;
  /** Records added or replaced since the cursor, each once, with its current value, in the log's order (oldest first). */
  readonly upserts: readonly StoredRecord[];
  /** Ids removed since the cursor (and not added again). */
  readonly removed: readonly string[];
}

/**
 * A place in a log's changes that can be stored (inside a recall snapshot)
 * and handed back later, by this process or another: opaque text the
 * adapter made (KV: a stream sequence; files: a position in the agent's
 * write-ahead log). One the adapter cannot follow gets the whole log.
 */
export type LogPosition = string;

/** A log's changes since a stored position (see MemoryStore.readChangesSince). */
export interface LogChangesSince {
  /** Where these changes end: pass it to the next readChangesSince, or store it. */
  readonly position: LogPosition;
  /** Whether `upserts` is the whole log (no position, or one the store cannot follow): the reader drops what it derived before. */
  readonly reset: boolean;
  /** Records added or replaced since the position, each once, with its current value, oldest change first. */
  readonly upserts: readonly StoredRecord[];
  /** Ids removed since the position (and not added again); may name ids the reader never had. */
  readonly removed: readonly string[];
}

/**
 * An index document of a log: data derived from the log (the recall
 * snapshot) that a reader loads instead of reading every record. Any size
 * (the KV adapter splits it under NATS's max_payload); the last write wins.
 */
export interface StoredIndexDoc {
  readonly value: Uint8Array;
  /** Opaque, > 0; changes on every write. */
  readonly revision: number;
}

/**
 * A memory position a read must see (RememberResponse.memory_position, passed
 * back as after_position): an adapter that follows its store's writes may
 * answer from what it holds once it has followed them that far. 0: no
 * position; read the store.
 */
export type ReadAfter = number;

/** The durable store the handlers write through. */
export interface MemoryStore {
  /** "files" or "jetstream-kv", for logs. */
  readonly name: string;
  /** The document, or undefined when it was never written. */
  getDoc(agentId: string, doc: DocName, after?: ReadAfter): Promise<StoredDoc | undefined>;
  /**
   * Replaces a document if its revision is still `expectedRevision` (0: it
   * must not exist yet). Throws MemoryStoreError ABORTED otherwise; either
   * the old or the new value survives a crash, never a mix.
   */
  putDoc(agentId: string, doc: DocName, value: Uint8Array, expectedRevision: number): Promise<number>;
  /** Adds records whose ids are new; returns, per record, whether it was added (false: the id existed). */
  addRecords(agentId: string, log: LogName, records: readonly StoredRecord[], after?: ReadAfter): Promise<boolean[]>;
  /**
   * Every record of the log, oldest first. Adapters hand back the same
   * `value` object for a record until it changes (the repository decodes a
   * value once); callers must not modify it.
   */
  readRecords(agentId: string, log: LogName): Promise<StoredRecord[]>;
  /**
   * The records of the log with these ids, as readRecords would give them
   * (undefined for an id the log does not hold), without reading the rest
   * of the log.
   */
  readRecordsById(agentId: string, log: LogName, ids: readonly string[], after?: ReadAfter): Promise<(StoredRecord | undefined)[]>;
  /**
   * What changed in the log since `since` (everything, with `reset`, when
   * `since` is undefined or too old), as up to date as readRecords. A
   * reader that keeps state derived from a log pays for the changes, not
   * for the log's size.
   */
  readChanges(agentId: string, log: LogName, since: LogCursor | undefined, after?: ReadAfter): Promise<LogChanges>;
  /**
   * What changed in the log since `since`, a position an earlier call (of
   * any process) returned; everything, with `reset`, when `since` is
   * undefined or a position this store cannot follow. As up to date as
   * readRecords, and unlike readChanges its position outlives the process:
   * a recall snapshot stores it, and a reader loading the snapshot reads
   * only the changes after it.
   */
  readChangesSince(agentId: string, log: LogName, since: LogPosition | undefined, after?: ReadAfter): Promise<LogChangesSince>;
  /**
   * Whether the store holds every record of an agent in memory once it has
   * opened the agent (files: the write-ahead log is loaded whole). Recall
   * snapshots there save only the index build, not a read, so none is
   * written by default (see RecallIndexes).
   */
  readonly holdsRecordsInMemory: boolean;
  /** The log's index document, or undefined when none was written (or a write of it was lost midway). */
  getIndexDoc(agentId: string, log: LogName): Promise<StoredIndexDoc | undefined>;
  /**
   * Replaces the log's index document. Written in the background, never
   * waited for by a request; when two writers race, one of their documents
   * survives whole (resolves false for the one that lost and left nothing).
   */
  putIndexDoc(agentId: string, log: LogName, value: Uint8Array): Promise<boolean>;
  /**
   * Where this process's writes of the agent's documents and log versions
   * reached in the store's order (KV: the bucket's stream sequence), for
   * RememberResponse.memory_position: a read bound to it (see ReadAfter)
   * sees those writes. 0 when the store keeps no such order (files, whose
   * one process holds everything it wrote).
   */
  position(agentId: string): number;
  /** Removes records by id (unknown ids are ignored). */
  removeRecords(agentId: string, log: LogName, ids: readonly string[]): Promise<void>;
  /** Flushes and releases resources. */
  close(): Promise<void>;
}

/** The records with these ids among a log's (id -> value), undefined for the ids it lacks: readRecordsById for an adapter that holds the log. */
export function pickRecords(records: ReadonlyMap<string, Uint8Array>, ids: readonly string[]): (StoredRecord | undefined)[] {
  return ids.map((id) => {
    const value = records.get(id);
    return value && { id, value };
  });
}

/**
 * Encodes an id as a token safe in file names and KV keys: letters, digits,
 * '_' and '-' pass; every other byte becomes "=HH". Injective, so two ids
 * never share a key, and "..", "/" or "." can never reach a path or subject.
 */
export function encodeToken(id: string): string {
  let out = "";
  for (const byte of Buffer.from(id, "utf8")) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9_-]/.test(c) ? c : `=${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** Inverse of {@link encodeToken}. */
export function decodeToken(token: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < token.length; i++) {
    if (token[i] === "=") {
      bytes.push(parseInt(token.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(token.charCodeAt(i));
  }
  return Buffer.from(bytes).toString("utf8");
}
