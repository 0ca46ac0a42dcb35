import { BusError } from "@boyd/bus";

/** A stored value and the revision that wrote it. */
export interface StoredRecord {
  readonly value: Uint8Array;
  readonly revision: number;
}

/**
 * The act service's durable state (idempotency records, scheduled jobs):
 * small values under keys, with compare-and-set so two replicas never both
 * claim one call. Two adapters: files under the data directory (embedded
 * mode) and a JetStream KV bucket (distributed mode).
 *
 * Keys are `/`-separated tokens of `[A-Za-z0-9_=-]`; use {@link keyToken}
 * to turn arbitrary text into one.
 */
export interface RecordStore {
  get(key: string): Promise<StoredRecord | undefined>;
  /** Stores unless the key exists; ALREADY_EXISTS otherwise. Resolves with the new revision. */
  create(key: string, value: Uint8Array, options?: WriteOptions): Promise<number>;
  /** Stores if the key is at `revision`; ABORTED otherwise. */
  update(key: string, value: Uint8Array, revision: number, options?: WriteOptions): Promise<number>;
  /** Stores whatever is there. */
  put(key: string, value: Uint8Array, options?: WriteOptions): Promise<number>;
  delete(key: string, options?: WriteOptions): Promise<void>;
  /** Keys under a prefix (`prefix/...`), in no particular order. */
  keys(prefix: string): Promise<string[]>;
  close(): Promise<void>;
  /**
   * This open of the store, when one process of this machine owns it at a
   * time (the file adapter: the log in that process's data directory).
   * What an earlier owner left mid-way (a running claim) is then known to
   * be abandoned once that process is gone. Absent for a shared store
   * (JetStream KV), where a claim may belong to a live replica elsewhere.
   */
  readonly owner?: StoreOwner;
}

/** Who holds a locally owned store: the process, and which open of the store in it. */
export interface StoreOwner {
  readonly pid: number;
  /** Unique to one open of the store (a process that reopens it, or a restarted container keeping its pid, is a new life). */
  readonly life: string;
}

/** How durable a write must be before it is acknowledged. */
export interface WriteOptions {
  /**
   * true (the default): on disk, surviving a power loss. false: surviving
   * the process being killed, synced shortly after (the file adapter; the
   * KV adapter always waits for the server's acknowledgement). For records
   * whose loss in a power cut is harmless: a claim of a call without side
   * effects, a result (a lost one leaves the claim, so the call is reported
   * interrupted, never run twice).
   */
  readonly sync?: boolean;
}

const KEY_RE = /^[A-Za-z0-9_=-]+(\/[A-Za-z0-9_=-]+)*$/;

/** Throws INVALID_ARGUMENT unless `key` is a valid store key. */
export function assertKey(key: string): void {
  if (!KEY_RE.test(key) || key.length > 512) throw new BusError("INVALID_ARGUMENT", `record key ${JSON.stringify(key)} is not /-separated [A-Za-z0-9_=-] tokens`);
}

/**
 * One key token for arbitrary text: kept as-is when already safe, else
 * base64url (prefixed so the two forms never collide).
 */
export function keyToken(text: string): string {
  if (/^[A-Za-z0-9_-]{1,100}$/.test(text)) return text;
  return `=${Buffer.from(text, "utf8").toString("base64url")}`;
}

/** JSON helpers: records are JSON documents in practice. */
export const json = {
  encode: (value: unknown): Uint8Array => Buffer.from(JSON.stringify(value), "utf8"),
  decode: <T>(bytes: Uint8Array): T => JSON.parse(Buffer.from(bytes).toString("utf8")) as T,
};
