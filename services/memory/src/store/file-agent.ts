import { join } from "node:path";
import { FRAME_HEADER, GroupCommitLog, withWalErrors } from "@boyd/wal";
import { MemoryStoreError } from "../errors.js";
import { decodeOp, encodeOp, type FileOp } from "./file-ops.js";
import { readLegacy, removeLegacy } from "./file-legacy.js";
import { ChangeJournal } from "./change-journal.js";
import { randomBytes } from "node:crypto";
import type { DocName, LogChanges, LogChangesSince, LogCursor, LogName, LogPosition, StoredDoc } from "./port.js";

/** The write-ahead log of one agent's memory, in the agent's directory. */
export const WAL_FILE = "memory.wal";

// Compact when the log holds more dead bytes (replaced documents, removed
// records) than live ones, plus this much slack.
const COMPACT_SLACK_BYTES = 1 << 20;

/** How an agent's state is opened: where to report a torn tail and failures of background compaction. */
export interface AgentFilesOptions {
  readonly onTornTail?: ((file: string, discardedBytes: number) => void) | undefined;
  readonly onBackgroundError?: ((err: unknown) => void) | undefined;
}

/**
 * One agent's memory: its documents and record logs held in memory, made
 * durable by one write-ahead log. A write is applied in memory only once it
 * is on disk, so readers never see what a crash could still take away.
 * Writes to different documents and logs of the agent that run at once
 * share one sync (the log's group commit); the log is compacted in the
 * background, after the write that tipped it over was acknowledged.
 * The caller says which writes wait for a sync (see FileStoreOptions.sync).
 */
export class AgentFiles {
  private readonly docs = new Map<DocName, StoredDoc>();
  private readonly logs = new Map<LogName, Map<string, Uint8Array>>();
  private readonly journals = new Map<LogName, ChangeJournal>();
  /**
   * Names the numbering of the logs' changes (journal positions), so a
   * stored position (readChangesSince) is followed only by the same
   * numbering: a new id written first in a new log file and in each
   * compacted one ("0" for a file from before epochs, until its first
   * compaction). Replaying the file numbers the changes as they were
   * numbered when made, so a position a recall snapshot stored is followed
   * after a restart too; a file made anew (say, deleted by hand) numbers
   * them under another epoch, and old positions are read whole.
   */
  private epoch = "0";
  private liveBytes = 0;
  private compacting = false;

  private constructor(
    private readonly log: GroupCommitLog,
    private readonly options: AgentFilesOptions,
  ) {}

  /** Loads an agent directory, migrating the legacy one-file-per-document layout into the log once. */
  static async load(dir: string, options: AgentFilesOptions): Promise<AgentFiles> {
    const file = join(dir, WAL_FILE);
    const opened = await storeCall(() => GroupCommitLog.open(file));
    if (opened.tornTail) options.onTornTail?.(file, opened.tornTail.discardedBytes);
    const agent = new AgentFiles(opened.log, options);
    opened.payloads.forEach((payload, i) => agent.apply(decodeOp(payload, file, i)));
    const legacy = await readLegacy(dir, options.onTornTail);
    if (legacy) {
      // A log already there was made from these files by a migration that
      // crashed before removing them: the log wins.
      if (opened.payloads.length === 0) {
        legacy.ops.forEach((op) => agent.apply(op));
        await storeCall(() => opened.log.rewrite(() => agent.snapshot()));
      }
      await storeCall(() => removeLegacy(dir, legacy.files));
    }
    return agent;
  }

  doc(name: DocName): StoredDoc | undefined {
    return this.docs.get(name);
  }

  /** The records of a log (a live view: callers copy what they keep). */
  records(name: LogName): ReadonlyMap<string, Uint8Array> {
    return this.logs.get(name) ?? new Map<string, Uint8Array>();
  }

  /** The log's changes since `since` (see MemoryStore.readChanges). */
  changes(name: LogName, since: LogCursor | undefined): LogChanges {
    return this.journal(name).changes(this.records(name), since);
  }

  /**
   * The log's changes since a stored position (see
   * MemoryStore.readChangesSince): `<epoch>:<journal position>`, followed
   * while the journal reaches back that far in the same epoch.
   */
  changesSince(name: LogName, since: LogPosition | undefined): LogChangesSince {
    const journal = this.journal(name);
    const at = since === undefined ? undefined : this.positionIn(since);
    const changes = journal.changes(this.records(name), at === undefined ? undefined : { journal, position: at });
    return { position: `${this.epoch}:${changes.cursor.position}`, reset: changes.reset, upserts: changes.upserts, removed: changes.removed };
  }

  /** The journal position a stored position names in this epoch, or undefined. */
  private positionIn(position: LogPosition): number | undefined {
    const colon = position.lastIndexOf(":");
    if (colon < 0 || position.slice(0, colon) !== this.epoch) return undefined;
    const n = Number(position.slice(colon + 1));
    return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
  }

  /** Resolves once every write made so far is durable (a recall snapshot is written after what it covers). */
  flush(): Promise<void> {
    return storeCall(() => this.log.flush());
  }

  /** Logs `ops` and applies them once they are written and, with `sync` true, durable (with every earlier write); "pipelined" starts that sync without waiting for it. */
  async write(ops: readonly FileOp[], sync: boolean | "pipelined"): Promise<void> {
    // A new file starts with its epoch (replayed first, it numbers nothing away).
    if (this.log.bytes === 0 && this.epoch === "0") ops = [{ op: "epoch", value: randomBytes(8) }, ...ops];
    await storeCall(() => this.log.append(ops.map(encodeOp), () => ops.forEach((op) => this.apply(op)), { sync }));
    this.compactIfWasteful();
  }

  close(): Promise<void> {
    return this.log.close();
  }

  private apply(op: FileOp): void {
    if (op.op === "epoch") return this.startEpoch(Buffer.from(op.value).toString("hex"));
    if (op.op === "doc") {
      const old = this.docs.get(op.doc);
      if (old) this.liveBytes -= sizeOf({ op: "doc", doc: op.doc, revision: 0, value: old.value });
      this.docs.set(op.doc, { value: op.value, revision: op.revision });
      this.liveBytes += sizeOf(op);
      return;
    }
    let records = this.logs.get(op.log);
    if (!records) this.logs.set(op.log, (records = new Map()));
    const old = records.get(op.id);
    if (old) {
      this.liveBytes -= sizeOf({ op: "put", log: op.log, id: op.id, value: old });
      records.delete(op.id); // a re-added id moves to the end, as in the KV adapter
    }
    if (op.op === "put") {
      records.set(op.id, op.value);
      this.liveBytes += sizeOf(op);
    }
    if (old || op.op === "put") this.journal(op.log).note(op.id);
  }

  private journal(name: LogName): ChangeJournal {
    let journal = this.journals.get(name);
    if (!journal) this.journals.set(name, (journal = new ChangeJournal()));
    return journal;
  }

  private compactIfWasteful(): void {
    if (this.compacting || this.log.bytes - this.liveBytes <= this.liveBytes + COMPACT_SLACK_BYTES) return;
    this.compacting = true;
    this.log
      .rewrite(() => this.snapshot())
      .catch((err: unknown) => this.options.onBackgroundError?.(err))
      .finally(() => (this.compacting = false));
  }

  /**
   * Numbers the logs' changes anew, as replaying the file from this epoch
   * on does: each log's live records, in order, are its first changes.
   * Positions of the old numbering are no longer followed (read whole).
   */
  private startEpoch(id: string): void {
    this.epoch = id;
    this.journals.clear();
    for (const [log, records] of this.logs) for (const key of records.keys()) this.journal(log).note(key);
  }

  /** The file's live content, a new epoch first (compaction and migration write it; nothing else runs meanwhile). */
  private *snapshot(): Generator<Buffer> {
    const epoch = randomBytes(8);
    this.startEpoch(epoch.toString("hex"));
    yield encodeOp({ op: "epoch", value: epoch });
    for (const [doc, { value, revision }] of this.docs) yield encodeOp({ op: "doc", doc, revision, value });
    for (const [log, records] of this.logs) for (const [id, value] of records) yield encodeOp({ op: "put", log, id, value });
  }
}

function sizeOf(op: FileOp): number {
  const name = op.op === "doc" ? op.doc : op.op === "epoch" ? "" : op.log;
  const id = op.op === "doc" ? 4 : op.op === "put" || op.op === "del" ? Buffer.byteLength(op.id, "utf8") : 0;
  return FRAME_HEADER + 4 + name.length + id + (op.op === "del" ? 0 : op.value.length);
}

/** Runs a log call, turning its WalError into the MemoryStoreError the port promises. */
function storeCall<T>(call: () => Promise<T>): Promise<T> {
  return withWalErrors(call, (err) => new MemoryStoreError(err.code, err.message, { cause: err }));
}
