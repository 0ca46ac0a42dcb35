import { writeSync } from "node:fs";
import { open, readFile, rename, rm, truncate, type FileHandle } from "node:fs/promises";
import { dirname } from "node:path";
import { ensureDir, syncDir } from "./dirs.js";
import { WalError } from "./errors.js";
import { frameOf, parseFrames } from "./frames.js";

/** A torn last record found (and cut off) when opening: a crash interrupted its append, so it was never acknowledged. */
export interface TornTail {
  /** Where the last whole record ends. */
  readonly offset: number;
  readonly discardedBytes: number;
}

/** What opening a log found. */
export interface OpenedLog {
  readonly log: GroupCommitLog;
  /** The payloads of its records, oldest first. */
  readonly payloads: Buffer[];
  readonly tornTail?: TornTail;
}

/** Options of {@link GroupCommitLog.open}. */
export interface LogOptions {
  /**
   * Most milliseconds an append made with `sync: false` stays unsynced when
   * no synced append follows it. @default 100
   */
  readonly lazySyncMs?: number;
  /**
   * Milliseconds the file stays open after the last write, so a busy log
   * pays no open and close per batch while thousands of idle ones hold no
   * descriptor. @default 1000
   */
  readonly idleCloseMs?: number;
}

/** Options of one append. */
export interface AppendOptions {
  /**
   * true (the default): acknowledged once an fdatasync covers the records,
   * so they survive a power loss. false: acknowledged once written to the
   * file (they survive the process being killed, as the kernel holds them),
   * and made durable by the next synced append or within `lazySyncMs`: for
   * writes whose caller commits later with a synced one (a cycle's records,
   * then its session). "pipelined": acknowledged once written, like false,
   * with a sync started at once behind it; every later append waits for
   * that sync, so at most the latest pipelined append (and lazy writes
   * since the last sync) is acknowledged but not yet on disk. A commit
   * made once per unit of work (a cycle's session) then costs its writer
   * no wait for the disk: the sync overlaps the work that follows it.
   */
  readonly sync?: boolean | "pipelined";
}

/** Counters, for tests and benchmarks: how many syncs the appends took. */
export interface LogStats {
  /** Appends acknowledged. */
  appends: number;
  /** Batches written (appends made while a write or sync ran share the next one). */
  writes: number;
  /** fdatasyncs made: one per batch holding a synced append, and one per lazy flush. */
  syncs: number;
  /** Rewrites (compactions) done. */
  rewrites: number;
}

interface AppendTask {
  readonly kind: "append";
  readonly bytes: Buffer;
  readonly sync: boolean;
  readonly onDurable: (() => void) | undefined;
  resolve(): void;
  reject(err: unknown): void;
}

interface RewriteTask {
  readonly kind: "rewrite";
  readonly snapshot: () => Iterable<Uint8Array>;
  resolve(): void;
  reject(err: unknown): void;
}

// Snapshot frames are written in chunks of about this size.
const REWRITE_CHUNK_BYTES = 1 << 20;

/**
 * An append-only file of checksummed records with group commit. Appends are
 * queued; one writer takes every append queued so far, writes them with one
 * write and one fdatasync, and only then acknowledges them, in order. Appends
 * that arrive while a sync runs wait for the next batch, so N concurrent
 * writers cost about one sync, not N, and an acknowledged record is on disk.
 *
 * The directory is synced only when the file is created or renamed, never per
 * append. A failed write or sync poisons the log (Linux may drop the dirty
 * pages after a failed fsync, so retrying could acknowledge lost data):
 * every later append fails until the log is reopened.
 */
export class GroupCommitLog {
  readonly stats: LogStats = { appends: 0, writes: 0, syncs: 0, rewrites: 0 };
  private readonly queue: Array<AppendTask | RewriteTask> = [];
  private draining: Promise<void> | undefined;
  private failure: WalError | undefined;
  private closed = false;
  /** Bytes written but not yet synced, and the timer that will sync them. */
  private dirty = false;
  private lazyTimer: NodeJS.Timeout | undefined;
  /** The file opened for appending, kept between batches until idle (see LogOptions.idleCloseMs). */
  private handle: FileHandle | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  /** Appends of a batch are being applied: one made by an onDurable waits behind the rest of the batch. */
  private settling = false;

  private constructor(
    /** The log file. */
    readonly path: string,
    private exists: boolean,
    private size: number,
    private readonly options: LogOptions,
  ) {}

  /** Opens (without creating) the log at `path`: its records, with a torn tail cut off. */
  static async open(path: string, options: LogOptions = {}): Promise<OpenedLog> {
    let data: Buffer;
    try {
      data = await readFile(path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return { log: new GroupCommitLog(path, false, 0, options), payloads: [] };
      throw new WalError("UNAVAILABLE", `cannot read ${path}: ${(err as Error).message}`, { cause: err });
    }
    const { payloads, validBytes } = parseFrames(data, path);
    const log = new GroupCommitLog(path, true, validBytes, options);
    if (validBytes === data.length) return { log, payloads };
    await cutTail(path, validBytes);
    return { log, payloads, tornTail: { offset: validBytes, discardedBytes: data.length - validBytes } };
  }

  /** Bytes in the file. */
  get bytes(): number {
    return this.size;
  }

  /**
   * Appends `payloads` as consecutive records. Resolves once a sync covers
   * them (or, with `sync: false`, once they are written). `onDurable` runs
   * right then, before any later append or rewrite is handled: the place to
   * apply the write to in-memory state, so a snapshot taken by a later
   * rewrite includes it.
   */
  append(payloads: readonly Uint8Array[], onDurable?: () => void, options: AppendOptions = {}): Promise<void> {
    const sync = options.sync ?? true;
    if (sync === "pipelined") return this.appendPipelined(payloads, onDurable);
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new WalError("UNAVAILABLE", `${this.path} is closed`));
      const task: AppendTask = { kind: "append", bytes: framed(payloads), sync, onDurable, resolve, reject };
      if (this.writesNow(task)) return this.writeNow(task);
      this.queue.push(task);
      this.kick();
    });
  }

  /**
   * A lazy append with a sync queued right behind it: every later append
   * is queued after that sync (FIFO), so none is acknowledged before it.
   * The sync's failure poisons the log, and the next append reports it.
   */
  private appendPipelined(payloads: readonly Uint8Array[], onDurable: (() => void) | undefined): Promise<void> {
    const written = this.append(payloads, onDurable, { sync: false });
    if (!this.closed) this.flush().catch(() => {});
    return written;
  }

  /**
   * A lazy append to an idle log whose file is open needs no batch: it is
   * written at once, in this call (a page-cache write of a few hundred
   * bytes, microseconds), instead of waiting a turn of the event loop and a
   * thread-pool round trip. Anything queued or being written goes first,
   * so the order of the file, of onDurable and of acknowledgements stays
   * the order of the appends.
   */
  private writesNow(task: AppendTask): boolean {
    return !task.sync && this.handle !== undefined && this.draining === undefined && this.queue.length === 0 && !this.settling && this.failure === undefined;
  }

  private writeNow(task: AppendTask): void {
    try {
      writeAll(this.handle!.fd, task.bytes);
    } catch (err) {
      return this.settle([task], this.poison(err));
    }
    this.settle([task], undefined, task.bytes.length, false);
    this.closeWhenIdle();
  }

  /**
   * Replaces the file with the records `snapshot` yields (compaction): it is
   * called after every earlier append is durable and applied, the records go
   * to a temp file that is synced and renamed over the log, and the directory
   * is synced. A crash leaves the old file or the new one, both whole.
   */
  rewrite(snapshot: () => Iterable<Uint8Array>): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new WalError("UNAVAILABLE", `${this.path} is closed`));
      this.queue.push({ kind: "rewrite", snapshot, resolve, reject });
      this.kick();
    });
  }

  /** Syncs what unsynced appends wrote; resolves when it is durable. */
  flush(): Promise<void> {
    return this.append([], undefined, { sync: true });
  }

  /** Waits for every queued write and syncs what is unsynced, then refuses new ones. */
  async close(): Promise<void> {
    if (this.closed) return this.draining;
    if (this.dirty) await this.flush().catch(() => {});
    this.closed = true;
    clearTimeout(this.lazyTimer);
    await this.draining;
    await this.closeHandle();
  }

  private kick(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    // Start on the next turn of the event loop, so writes issued together share the first batch too.
    this.draining ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drain());
  }

  /** Closes the file once no batch came for idleCloseMs; the next batch opens it again. */
  private closeWhenIdle(): void {
    if (!this.handle || this.closed) return;
    // Refreshed, not made again: a busy log arms this once per batch.
    if (this.idleTimer) return void this.idleTimer.refresh();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = undefined;
      if (!this.draining) void this.closeHandle();
    }, this.options.idleCloseMs ?? 1_000).unref();
  }

  /** Closes the kept file; a failed close is harmless here (everything acknowledged was written, and synced where asked). */
  private async closeHandle(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    await handle?.close().catch(() => {});
  }

  /** The file opened for appending, creating it (and making its name durable) on first use. */
  private async appendHandle(): Promise<FileHandle> {
    if (this.handle) return this.handle;
    const created = !this.exists;
    if (created) await ensureDir(dirname(this.path));
    const handle = await open(this.path, "a");
    if (created) {
      try {
        await syncDir(dirname(this.path));
      } catch (err) {
        await handle.close().catch(() => {});
        throw err;
      }
      this.exists = true;
    }
    this.handle = handle;
    return handle;
  }

  private async drain(): Promise<void> {
    // A batch that empties the queue makes the log idle as it is acknowledged (see settle); a later append
    // then starts another drain, or is written at once, and this one must not take more from the queue.
    const mine = this.draining;
    try {
      while (this.draining === mine && this.queue.length > 0) {
        const head = this.queue[0]!;
        if (head.kind === "rewrite") {
          this.queue.shift();
          await this.runRewrite(head);
          continue;
        }
        const batch: AppendTask[] = [];
        while (this.queue[0]?.kind === "append") batch.push(this.queue.shift() as AppendTask);
        await this.runBatch(batch);
      }
    } finally {
      if (this.draining === mine) this.becomeIdle();
    }
  }

  private becomeIdle(): void {
    this.draining = undefined;
    this.closeWhenIdle();
  }

  private async runBatch(batch: readonly AppendTask[]): Promise<void> {
    const bytes = batch.length === 1 ? batch[0]!.bytes : Buffer.concat(batch.map((t) => t.bytes));
    // One synced append in the batch syncs it all, and whatever lazy appends wrote before it.
    const sync = batch.some((t) => t.sync);
    let synced: boolean;
    try {
      if (this.failure) throw this.failure;
      synced = await this.writeAndSync(bytes, sync);
    } catch (err) {
      return this.settle(batch, this.poison(err));
    }
    this.settle(batch, undefined, bytes.length, synced);
  }

  /** The failure every later append gets: a failed write or sync poisons the log (see the class comment). */
  private poison(err: unknown): WalError {
    this.failure ??= new WalError("UNAVAILABLE", `cannot append to ${this.path}: ${(err as Error).message}; it takes no more writes until reopened`, { cause: err });
    return this.failure;
  }

  /** Acknowledges a batch written (`written` bytes, `synced` or not), applying each append in order; or rejects it all with `failure`. */
  private settle(batch: readonly AppendTask[], failure: WalError | undefined, written = 0, synced = false): void {
    if (failure) {
      for (const t of batch) t.reject(failure);
      return;
    }
    this.size += written;
    if (written > 0) this.stats.writes++;
    if (synced) this.markSynced();
    else if (written > 0) this.markDirty();
    for (const t of batch) if (t.bytes.length > 0) this.stats.appends++;
    // Idle before the callers resume, so the append they make next can be written at once (writesNow).
    if (this.draining && this.queue.length === 0) this.becomeIdle();
    this.settling = true;
    try {
      for (const t of batch) {
        try {
          t.onDurable?.();
          t.resolve();
        } catch (err) {
          t.reject(err);
        }
      }
    } finally {
      this.settling = false;
    }
  }

  private markSynced(): void {
    this.dirty = false;
    this.stats.syncs++;
    clearTimeout(this.lazyTimer);
    this.lazyTimer = undefined;
  }

  private markDirty(): void {
    this.dirty = true;
    this.lazyTimer ??= setTimeout(() => {
      this.lazyTimer = undefined;
      // A failed lazy sync has poisoned the log: the next append reports it.
      if (this.dirty && !this.closed) this.flush().catch(() => {});
    }, this.options.lazySyncMs ?? 100).unref();
  }

  /** Writes `bytes` (and syncs them and anything unsynced when `sync`); resolves with whether it synced. */
  private async writeAndSync(bytes: Buffer, sync: boolean): Promise<boolean> {
    if (bytes.length === 0 && (!sync || !this.dirty)) return false;
    const handle = await this.appendHandle();
    // Written in this turn (see writesNow): only the sync is worth a thread-pool round trip.
    if (bytes.length > 0) writeAll(handle.fd, bytes);
    if (sync) await handle.datasync();
    return sync;
  }

  private async runRewrite(task: RewriteTask): Promise<void> {
    if (this.failure) return task.reject(this.failure);
    const temp = `${this.path}.rewrite`;
    // The kept file is the one the rename replaces: later appends open the new one.
    await this.closeHandle();
    try {
      await ensureDir(dirname(this.path));
      const size = await writeSnapshot(temp, task.snapshot());
      await rename(temp, this.path);
      await syncDir(dirname(this.path));
      this.exists = true;
      this.size = size;
      this.stats.rewrites++;
      // The synced snapshot holds every write applied so far, lazy ones too.
      this.dirty = false;
      task.resolve();
    } catch (err) {
      // The log is still the old file or the new one, both whole: later appends go on.
      await rm(temp, { force: true }).catch(() => {});
      task.reject(new WalError("UNAVAILABLE", `cannot rewrite ${this.path}: ${(err as Error).message}`, { cause: err }));
    }
  }
}

async function writeSnapshot(file: string, payloads: Iterable<Uint8Array>): Promise<number> {
  const handle = await open(file, "w");
  let size = 0;
  try {
    let chunk: Buffer[] = [];
    let chunkBytes = 0;
    for (const payload of payloads) {
      const frame = frameOf(payload);
      chunk.push(frame);
      chunkBytes += frame.length;
      if (chunkBytes >= REWRITE_CHUNK_BYTES) {
        await handle.writeFile(Buffer.concat(chunk));
        size += chunkBytes;
        chunk = [];
        chunkBytes = 0;
      }
    }
    await handle.writeFile(Buffer.concat(chunk));
    size += chunkBytes;
    await handle.sync();
  } finally {
    await handle.close();
  }
  return size;
}

/** The records as they are written; one record is its frame as made, not copied again (a working-memory document is ~30 KB). */
function framed(payloads: readonly Uint8Array[]): Buffer {
  return payloads.length === 1 ? frameOf(payloads[0]!) : Buffer.concat(payloads.map(frameOf));
}

/** Writes all of `bytes` at the end of the file open for appending at `fd` (a write may take only part of them). */
function writeAll(fd: number, bytes: Buffer): void {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
}

/** Cuts an unacknowledged torn tail, so later appends follow a whole record. */
async function cutTail(path: string, validBytes: number): Promise<void> {
  try {
    await truncate(path, validBytes);
    const handle = await open(path, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (err) {
    throw new WalError("UNAVAILABLE", `cannot cut the torn tail of ${path} at byte ${validBytes}: ${(err as Error).message}`, { cause: err });
  }
}
