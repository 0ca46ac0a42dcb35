import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { BusError } from "@boyd/bus";
import { FRAME_HEADER, GroupCommitLog, openUnderLock, withWalErrors, type DirectoryLock } from "@boyd/wal";
import { decodeRecordOp, encodeRecordOp, type RecordOp } from "./file-ops.js";
import { readLegacyRecords, removeLegacyRecords } from "./file-legacy.js";
import { assertKey, type RecordStore, type StoredRecord, type WriteOptions } from "./record-store.js";

/** The write-ahead log of act's records, in its data directory. */
export const RECORDS_WAL = "records.wal";

// Compact when the log holds more dead bytes (replaced or deleted records) than live ones, plus this much slack.
const COMPACT_SLACK_BYTES = 1 << 20;

/**
 * Records for embedded mode: held in memory and made durable by one
 * append-only write-ahead log (`<dir>/records.wal`). A write is
 * acknowledged once an fdatasync covers it (or once written, when the
 * caller says a power loss may take it: WriteOptions); writes to different keys made
 * at once share that sync (group commit), so claiming a call costs one
 * synced append instead of a temp file, an fsync and a rename. The log is
 * compacted in the background. Compare-and-set is serialised per key inside
 * the process: one act owns the directory, holding its lock (`@boyd/wal`
 * lockDirectory) until closed; an open while another live store, in this
 * process or another, holds it is refused (FAILED_PRECONDITION). Record
 * files of the older one-file-per-key layout (`*.rec`) are migrated into
 * the log on open.
 */
export async function openFileRecordStore(dir: string, options: { onBackgroundError?: (err: unknown) => void } = {}): Promise<RecordStore> {
  return storeCall(() => openUnderLock(dir, "act's record store", (lock) => openLocked(dir, lock, options)));
}

async function openLocked(dir: string, lock: DirectoryLock, options: { onBackgroundError?: (err: unknown) => void }): Promise<RecordStore> {
  const file = join(dir, RECORDS_WAL);
  const opened = await storeCall(() => GroupCommitLog.open(file));
  const records = new FileRecords(opened.log, lock, options.onBackgroundError);
  opened.payloads.forEach((payload, i) => records.apply(decodeRecordOp(payload, file, i)));
  const legacy = await readLegacyRecords(dir);
  if (legacy.files.length > 0) {
    // A log already there was made from these files by a migration that crashed before removing them: the log wins.
    if (opened.payloads.length === 0) {
      legacy.ops.forEach((op) => records.apply(op));
      await storeCall(() => opened.log.rewrite(() => records.snapshot()));
    }
    await removeLegacyRecords(dir, legacy.files);
  }
  return records.store();
}

class FileRecords {
  private readonly records = new Map<string, StoredRecord>();
  private readonly locks = new Map<string, Promise<unknown>>();
  private liveBytes = 0;
  private compacting = false;

  constructor(
    private readonly log: GroupCommitLog,
    private readonly dirLock: DirectoryLock,
    private readonly onBackgroundError: ((err: unknown) => void) | undefined,
  ) {}

  apply(op: RecordOp): void {
    const old = this.records.get(op.key);
    if (old) this.liveBytes -= sizeOf(op.key, old.value);
    if (op.op === "del") this.records.delete(op.key);
    else {
      this.records.set(op.key, { revision: op.revision, value: op.value });
      this.liveBytes += sizeOf(op.key, op.value);
    }
  }

  *snapshot(): Generator<Buffer> {
    for (const [key, { revision, value }] of this.records) yield encodeRecordOp({ op: "put", key, revision, value });
  }

  store(): RecordStore {
    const get = async (key: string): Promise<StoredRecord | undefined> => {
      assertKey(key);
      return this.records.get(key);
    };
    return {
      get,
      create: (key, value, options) =>
        this.serial(key, async () => {
          if (this.records.has(key)) throw new BusError("ALREADY_EXISTS", `record ${key} exists`);
          return this.put(key, value, 1, options);
        }),
      update: (key, value, revision, options) =>
        this.serial(key, async () => {
          const current = this.records.get(key);
          if (current?.revision !== revision) throw new BusError("ABORTED", `record ${key} is at revision ${current?.revision ?? "none"}, not ${revision}`);
          return this.put(key, value, revision + 1, options);
        }),
      put: (key, value, options) => this.serial(key, () => this.put(key, value, (this.records.get(key)?.revision ?? 0) + 1, options)),
      delete: (key, options) => this.serial(key, async () => (this.records.has(key) ? this.write({ op: "del", key }, options) : undefined)),
      keys: async (prefix) => {
        assertKey(prefix);
        return [...this.records.keys()].filter((k) => k.startsWith(`${prefix}/`));
      },
      close: async () => {
        try {
          await Promise.all(this.locks.values());
          await this.log.close();
        } finally {
          await this.dirLock.release();
        }
      },
      // Embedded mode: one act, in this process, owns the data directory's log.
      owner: { pid: process.pid, life: randomUUID() },
    };
  }

  private async put(key: string, value: Uint8Array, revision: number, options: WriteOptions | undefined): Promise<number> {
    await this.write({ op: "put", key, revision, value }, options);
    return revision;
  }

  private async write(op: RecordOp, options: WriteOptions | undefined): Promise<void> {
    await storeCall(() => this.log.append([encodeRecordOp(op)], () => this.apply(op), { sync: options?.sync ?? true }));
    this.compactIfWasteful();
  }

  private compactIfWasteful(): void {
    if (this.compacting || this.log.bytes - this.liveBytes <= this.liveBytes + COMPACT_SLACK_BYTES) return;
    this.compacting = true;
    this.log
      .rewrite(() => this.snapshot())
      .catch((err: unknown) => this.onBackgroundError?.(err))
      .finally(() => (this.compacting = false));
  }

  // Runs `fn` after every earlier operation on the same key.
  private serial<T>(key: string, fn: () => Promise<T>): Promise<T> {
    try {
      assertKey(key);
    } catch (err) {
      return Promise.reject(err as Error);
    }
    const before = this.locks.get(key) ?? Promise.resolve();
    const run = before.then(fn, fn);
    const tail = run.catch(() => {});
    this.locks.set(key, tail);
    void tail.then(() => this.locks.get(key) === tail && this.locks.delete(key));
    return run;
  }
}

function sizeOf(key: string, value: Uint8Array): number {
  return FRAME_HEADER + 7 + Buffer.byteLength(key, "utf8") + value.length;
}

/** Runs a log call, turning its WalError into a BusError with the same code. */
function storeCall<T>(call: () => Promise<T>): Promise<T> {
  return withWalErrors(call, (err) => new BusError(err.code, err.message, { cause: err }));
}
