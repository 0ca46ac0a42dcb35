import { join } from "node:path";
import { lockDirectory, withWalErrors, type DirectoryLock } from "@boyd/wal";
import { KeyedMutex } from "../agent-lock.js";
import { MemoryStoreError } from "../errors.js";
import { AgentFiles } from "./file-agent.js";
import { indexDocFile, readIndexDoc, writeIndexDoc } from "./file-index-docs.js";
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
  type StoredDoc,
  type StoredIndexDoc,
  type StoredRecord,
} from "./port.js";

/** Options of {@link openFileStore}. */
export interface FileStoreOptions {
  /** Directory holding one sub-directory per agent. Created if missing. */
  dir: string;
  /** Tell about a torn log tail that was cut off on open (a write a crash interrupted before it was acknowledged). */
  onTornTail?: (file: string, discardedBytes: number) => void;
  /** Tell about a background compaction that failed (the log stays whole and keeps growing until one succeeds). */
  onBackgroundError?: (err: unknown) => void;
  /**
   * Which writes are acknowledged only after an fdatasync.
   * - "session" (default): a session save, the controller's commit point at
   *   the end of each cycle; its sync also covers every earlier write of the
   *   agent. Other writes (working memory, facts, episodes, provenance,
   *   corrections) are acknowledged once written to the log: they survive
   *   the process being killed (kill -9), and reach the disk with the next
   *   session save or within 100 ms, so a power loss can take at most the
   *   records of the cycle in progress, which the cycle redoes from the last
   *   saved session. One sync per cycle instead of one per write.
   * - "every-write": every write waits for its sync (still shared by the
   *   writes made at once).
   */
  sync?: "session" | "every-write";
}

/**
 * Opens the embedded adapter: each agent's documents and record logs live
 * in memory, made durable by one append-only write-ahead log per agent
 * (`<dir>/<agent>/memory.wal`, checksummed records, a torn last record cut
 * off on open). A session save is acknowledged once an fdatasync covers it
 * and every earlier write of the agent; other writes once they are written
 * (see FileStoreOptions.sync); writes made at once share one sync.
 * Documents are appended whole, never rewritten in place; the log is
 * compacted in the background by an atomic rewrite. One store owns the
 * directory (embedded mode), so nothing is read twice from disk: it holds
 * the directory's lock (`@boyd/wal` lockDirectory) until closed, and an open
 * while another live store, in this process or another, holds it is refused
 * (FAILED_PRECONDITION).
 */
export async function openFileStore(options: FileStoreOptions): Promise<MemoryStore> {
  const lock = await withWalErrors(
    () => lockDirectory(options.dir, "the memory store"),
    (err) => new MemoryStoreError(err.code, err.message, { cause: err }),
  );
  return new FileStore(options, lock);
}

class FileStore implements MemoryStore {
  readonly name = "files";
  readonly holdsRecordsInMemory = true;

  position(): number {
    return 0;
  }
  private readonly lock = new KeyedMutex();
  private readonly agents = new Map<string, Promise<AgentFiles>>();
  private closed = false;

  constructor(
    private readonly options: FileStoreOptions,
    private readonly dirLock: DirectoryLock,
  ) {}

  async getDoc(agentId: string, doc: DocName): Promise<StoredDoc | undefined> {
    return (await this.agent(agentId)).doc(doc);
  }

  putDoc(agentId: string, doc: DocName, value: Uint8Array, expectedRevision: number): Promise<number> {
    return this.lock.run(`${agentId}\0${doc}`, async () => {
      const agent = await this.agent(agentId);
      const current = agent.doc(doc)?.revision ?? 0;
      if (current !== expectedRevision) throw new MemoryStoreError("ABORTED", `${doc} of ${agentId} is at revision ${current}, not ${expectedRevision}`);
      await agent.write([{ op: "doc", doc, revision: current + 1, value }], this.syncs(doc));
      return current + 1;
    });
  }

  addRecords(agentId: string, log: LogName, records: readonly StoredRecord[]): Promise<boolean[]> {
    return this.lock.run(`${agentId}\0${log}`, async () => {
      const agent = await this.agent(agentId);
      const existing = agent.records(log);
      const seen = new Set<string>();
      const added = records.map((r) => {
        const fresh = !existing.has(r.id) && !seen.has(r.id);
        seen.add(r.id);
        return fresh;
      });
      const fresh = records.filter((_, i) => added[i]);
      if (fresh.length > 0) await agent.write(fresh.map((r) => ({ op: "put", log, id: r.id, value: r.value })), this.syncs(log));
      return added;
    });
  }

  async readRecords(agentId: string, log: LogName): Promise<StoredRecord[]> {
    return [...(await this.agent(agentId)).records(log)].map(([id, value]) => ({ id, value }));
  }

  async readRecordsById(agentId: string, log: LogName, ids: readonly string[]): Promise<(StoredRecord | undefined)[]> {
    return pickRecords((await this.agent(agentId)).records(log), ids);
  }

  async readChanges(agentId: string, log: LogName, since: LogCursor | undefined): Promise<LogChanges> {
    return (await this.agent(agentId)).changes(log, since);
  }

  removeRecords(agentId: string, log: LogName, ids: readonly string[]): Promise<void> {
    return this.lock.run(`${agentId}\0${log}`, async () => {
      const agent = await this.agent(agentId);
      const existing = agent.records(log);
      const gone = [...new Set(ids)].filter((id) => existing.has(id));
      if (gone.length > 0) await agent.write(gone.map((id) => ({ op: "del", log, id })), this.syncs(log));
    });
  }

  async readChangesSince(agentId: string, log: LogName, since: LogPosition | undefined): Promise<LogChangesSince> {
    return (await this.agent(agentId)).changesSince(log, since);
  }

  getIndexDoc(agentId: string, log: LogName): Promise<StoredIndexDoc | undefined> {
    return this.indexCall(() => readIndexDoc(indexDocFile(this.agentDir(agentId), log)), "read", log);
  }

  /**
   * After a sync of the agent's log: the document's position is one this
   * process issued, so the changes it covers are written; synced first,
   * they are on disk before it is, and a power loss never leaves a
   * snapshot covering changes the log lost.
   */
  putIndexDoc(agentId: string, log: LogName, value: Uint8Array): Promise<boolean> {
    return this.lock.run(`${agentId}\0idx\0${log}`, async () => {
      await (await this.agent(agentId)).flush();
      await this.indexCall(() => writeIndexDoc(indexDocFile(this.agentDir(agentId), log), value), "write", log);
      return true;
    });
  }

  private agentDir(agentId: string): string {
    return join(this.options.dir, encodeToken(agentId));
  }

  private async indexCall<T>(call: () => Promise<T>, verb: string, log: LogName): Promise<T> {
    try {
      return await call();
    } catch (err) {
      throw new MemoryStoreError("UNAVAILABLE", `cannot ${verb} the recall snapshot of ${log}: ${(err as Error).message}`, { cause: err });
    }
  }

  /** Whether a write to `name` waits for its sync. */
  private syncs(name: DocName | LogName): boolean {
    return name === "session" || this.options.sync === "every-write";
  }

  /** Waits for every write in flight and syncs what is unsynced, then releases the agents and, last, the directory. */
  async close(): Promise<void> {
    this.closed = true;
    const agents = [...this.agents.values()];
    this.agents.clear();
    try {
      await Promise.all(agents.map(async (a) => (await a.catch(() => undefined))?.close()));
    } finally {
      await this.dirLock.release();
    }
  }

  private agent(agentId: string): Promise<AgentFiles> {
    if (this.closed) return Promise.reject(new MemoryStoreError("UNAVAILABLE", "the memory store is closed"));
    let agent = this.agents.get(agentId);
    if (!agent) {
      agent = AgentFiles.load(this.agentDir(agentId), this.options);
      // A failed load (e.g. DATA_LOSS) must not be cached as the agent's state.
      agent.catch(() => this.agents.delete(agentId));
      this.agents.set(agentId, agent);
    }
    return agent;
  }
}
