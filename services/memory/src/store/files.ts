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
   * When writes reach the disk (every write reaches the kernel before it is
   * acknowledged, so none is lost when the process is killed, kill -9).
   * - "pipelined" (default): a session save, the controller's commit point
   *   at the end of each cycle, is acknowledged once written, and its
   *   fdatasync starts at once behind it, overlapping the next cycle; every
   *   later write of the agent waits for that sync. Other writes (working
   *   memory, facts, episodes, provenance, corrections) are acknowledged
   *   once written and reach the disk with the next sync or within 100 ms.
   *   A power loss can take the cycle in progress and the one saved just
   *   before it (both redone from the last session on disk); act syncs its
   *   claim on a side effect itself, so no tool runs twice.
   * - "session": a session save waits for its own sync, which covers every
   *   earlier write of the agent: a power loss takes only the cycle in
   *   progress. About one disk sync of latency more per cycle.
   * - "every-write": every write waits for its sync (still shared by the
   *   writes made at once).
   */
  sync?: "pipelined" | "session" | "every-write";
  /**
   * Agents held in memory at once. Past it, the least recently used agent
   * that no call is using is released (its writes synced first) and loaded
   * again from its log when next used, so a long-running process holds the
   * agents it works with, not every agent it ever opened. @default 64
   */
  maxOpenAgents?: number;
}

/** One agent's state as the store holds it: its loading or loaded files, and how many calls are using them. */
interface OpenAgent {
  readonly files: Promise<AgentFiles>;
  users: number;
}

/**
 * Opens the embedded adapter: each agent's documents and record logs live
 * in memory, made durable by one append-only write-ahead log per agent
 * (`<dir>/<agent>/memory.wal`, checksummed records, a torn last record cut
 * off on open). Every write is acknowledged once the kernel has it; a
 * session save also starts a sync of everything the agent wrote, which by
 * default the next write waits for rather than the save itself (see
 * FileStoreOptions.sync); writes made at once share one sync.
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
  /** The agents held, least recently used first (a use moves an agent to the end). */
  private readonly agents = new Map<string, OpenAgent>();
  /** Agents being released: loading one again waits until its log is closed, so two never write one file. */
  private readonly releasing = new Map<string, Promise<void>>();
  private closed = false;

  constructor(
    private readonly options: FileStoreOptions,
    private readonly dirLock: DirectoryLock,
  ) {}

  getDoc(agentId: string, doc: DocName): Promise<StoredDoc | undefined> {
    return this.using(agentId, (agent) => agent.doc(doc));
  }

  putDoc(agentId: string, doc: DocName, value: Uint8Array, expectedRevision: number): Promise<number> {
    return this.using(agentId, (agent) => this.lock.run(`${agentId}\0${doc}`, async () => {
      const current = agent.doc(doc)?.revision ?? 0;
      if (current !== expectedRevision) throw new MemoryStoreError("ABORTED", `${doc} of ${agentId} is at revision ${current}, not ${expectedRevision}`);
      await agent.write([{ op: "doc", doc, revision: current + 1, value }], this.syncs(doc));
      return current + 1;
    }));
  }

  addRecords(agentId: string, log: LogName, records: readonly StoredRecord[]): Promise<boolean[]> {
    return this.using(agentId, (agent) => this.lock.run(`${agentId}\0${log}`, async () => {
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
    }));
  }

  readRecords(agentId: string, log: LogName): Promise<StoredRecord[]> {
    return this.using(agentId, (agent) => [...agent.records(log)].map(([id, value]) => ({ id, value })));
  }

  readRecordsById(agentId: string, log: LogName, ids: readonly string[]): Promise<(StoredRecord | undefined)[]> {
    return this.using(agentId, (agent) => pickRecords(agent.records(log), ids));
  }

  readChanges(agentId: string, log: LogName, since: LogCursor | undefined): Promise<LogChanges> {
    return this.using(agentId, (agent) => agent.changes(log, since));
  }

  removeRecords(agentId: string, log: LogName, ids: readonly string[]): Promise<void> {
    return this.using(agentId, (agent) => this.lock.run(`${agentId}\0${log}`, async () => {
      const existing = agent.records(log);
      const gone = [...new Set(ids)].filter((id) => existing.has(id));
      if (gone.length > 0) await agent.write(gone.map((id) => ({ op: "del", log, id })), this.syncs(log));
    }));
  }

  readChangesSince(agentId: string, log: LogName, since: LogPosition | undefined): Promise<LogChangesSince> {
    return this.using(agentId, (agent) => agent.changesSince(log, since));
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
      await this.using(agentId, (agent) => agent.flush());
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

  /** Whether a write to `name` waits for its sync, or starts one it does not wait for (see FileStoreOptions.sync). */
  private syncs(name: DocName | LogName): boolean | "pipelined" {
    const policy = this.options.sync ?? "pipelined";
    if (policy === "every-write") return true;
    if (name !== "session") return false;
    return policy === "session" ? true : "pipelined";
  }

  /** Waits for every write in flight and syncs what is unsynced, then releases the agents and, last, the directory. */
  async close(): Promise<void> {
    this.closed = true;
    const agents = [...this.agents.values()];
    this.agents.clear();
    try {
      await Promise.all([...agents.map(async (a) => (await a.files.catch(() => undefined))?.close()), ...this.releasing.values()]);
    } finally {
      await this.dirLock.release();
    }
  }

  /** Runs `call` on the agent's files, loading them if they are not held; they are not released while it runs. */
  private async using<T>(agentId: string, call: (agent: AgentFiles) => T | Promise<T>): Promise<T> {
    if (this.closed) throw new MemoryStoreError("UNAVAILABLE", "the memory store is closed");
    const open = this.open(agentId);
    try {
      return await call(await open.files);
    } finally {
      open.users--;
    }
  }

  /** The agent as held, now the most recently used and with one more user; loading it (after a release in progress) if it is not held. */
  private open(agentId: string): OpenAgent {
    let open = this.agents.get(agentId);
    if (open) this.agents.delete(agentId); // set again below: the map's order is use order
    else {
      const released = this.releasing.get(agentId) ?? Promise.resolve();
      const files = released.then(() => AgentFiles.load(this.agentDir(agentId), this.options));
      open = { files, users: 0 };
      const loading = open;
      // A failed load (e.g. DATA_LOSS) must not be kept as the agent's state.
      files.catch(() => {
        if (this.agents.get(agentId) === loading) this.agents.delete(agentId);
      });
    }
    this.agents.set(agentId, open);
    open.users++; // before releasing others, so this one is never among them
    this.releaseLeastUsed();
    return open;
  }

  /** Past maxOpenAgents, releases the least recently used agents no call is using. */
  private releaseLeastUsed(): void {
    const max = this.options.maxOpenAgents ?? DEFAULT_MAX_OPEN_AGENTS;
    if (this.agents.size <= max) return;
    for (const [agentId, open] of this.agents) {
      if (this.agents.size <= max) return;
      if (open.users > 0) continue;
      this.agents.delete(agentId);
      this.release(agentId, open);
    }
  }

  /** Closes a released agent's log (syncing its unsynced writes); a later use loads it again once this is done. */
  private release(agentId: string, open: OpenAgent): void {
    const previous = this.releasing.get(agentId) ?? Promise.resolve();
    const done = previous
      .then(() => open.files)
      .then(
        (agent) => agent.close(),
        () => undefined, // it never loaded: nothing to close
      )
      .catch((err: unknown) => this.options.onBackgroundError?.(err))
      .finally(() => {
        if (this.releasing.get(agentId) === done) this.releasing.delete(agentId);
      });
    this.releasing.set(agentId, done);
  }
}

const DEFAULT_MAX_OPEN_AGENTS = 64;
