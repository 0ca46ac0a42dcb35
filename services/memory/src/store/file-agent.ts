import { join } from "node:path";
import { FRAME_HEADER, GroupCommitLog, withWalErrors } from "@boyd/wal";
import { MemoryStoreError } from "../errors.js";
import { decodeOp, encodeOp, type FileOp } from "./file-ops.js";
import { readLegacy, removeLegacy } from "./file-legacy.js";
import { ChangeJournal } from "./change-journal.js";
import type { DocName, LogChanges, LogCursor, LogName, StoredDoc } from "./port.js";

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

  /** Logs `ops` and applies them once they are written and, with `sync`, durable (with every earlier write). */
  async write(ops: readonly FileOp[], sync: boolean): Promise<void> {
    await storeCall(() => this.log.append(ops.map(encodeOp), () => ops.forEach((op) => this.apply(op)), { sync }));
    this.compactIfWasteful();
  }

  close(): Promise<void> {
    return this.log.close();
  }

  private apply(op: FileOp): void {
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

  private *snapshot(): Generator<Buffer> {
    for (const [doc, { value, revision }] of this.docs) yield encodeOp({ op: "doc", doc, revision, value });
    for (const [log, records] of this.logs) for (const [id, value] of records) yield encodeOp({ op: "put", log, id, value });
  }
}

function sizeOf(op: FileOp): number {
  const name = op.op === "doc" ? op.doc : op.log;
  const id = op.op === "doc" ? 4 : Buffer.byteLength(op.id, "utf8");
  return FRAME_HEADER + 4 + name.length + id + (op.op === "del" ? 0 : op.value.length);
}

/** Runs a log call, turning its WalError into the MemoryStoreError the port promises. */
function storeCall<T>(call: () => Promise<T>): Promise<T> {
  return withWalErrors(call, (err) => new MemoryStoreError(err.code, err.message, { cause: err }));
}
