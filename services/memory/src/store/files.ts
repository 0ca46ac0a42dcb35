import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { KeyedMutex } from "../agent-lock.js";
import { MemoryStoreError } from "../errors.js";
import { AgentFiles } from "./file-agent.js";
import { encodeToken, type DocName, type LogName, type MemoryStore, type StoredDoc, type StoredRecord } from "./port.js";

/** Options of {@link openFileStore}. */
export interface FileStoreOptions {
  /** Directory holding one sub-directory per agent. Created if missing. */
  dir: string;
  /** Tell about a torn log tail that was cut off on open (a write a crash interrupted before it was acknowledged). */
  onTornTail?: (file: string, discardedBytes: number) => void;
  /** Tell about a background compaction that failed (the log stays whole and keeps growing until one succeeds). */
  onBackgroundError?: (err: unknown) => void;
}

/**
 * Opens the embedded adapter: each agent's documents and record logs live
 * in memory, made durable by one append-only write-ahead log per agent
 * (`<dir>/<agent>/memory.wal`, checksummed records, a torn last record cut
 * off on open). A write is acknowledged once an fdatasync covers it, and
 * writes to an agent's documents and logs made at once share that sync.
 * Documents are appended whole, never rewritten in place; the log is
 * compacted in the background by an atomic rewrite. One process owns the
 * directory (embedded mode), so nothing is read twice from disk.
 */
export async function openFileStore(options: FileStoreOptions): Promise<MemoryStore> {
  await mkdir(options.dir, { recursive: true });
  return new FileStore(options);
}

class FileStore implements MemoryStore {
  readonly name = "files";
  private readonly lock = new KeyedMutex();
  private readonly agents = new Map<string, Promise<AgentFiles>>();
  private closed = false;

  constructor(private readonly options: FileStoreOptions) {}

  async getDoc(agentId: string, doc: DocName): Promise<StoredDoc | undefined> {
    return (await this.agent(agentId)).doc(doc);
  }

  putDoc(agentId: string, doc: DocName, value: Uint8Array, expectedRevision: number): Promise<number> {
    return this.lock.run(`${agentId}\0${doc}`, async () => {
      const agent = await this.agent(agentId);
      const current = agent.doc(doc)?.revision ?? 0;
      if (current !== expectedRevision) throw new MemoryStoreError("ABORTED", `${doc} of ${agentId} is at revision ${current}, not ${expectedRevision}`);
      await agent.write([{ op: "doc", doc, revision: current + 1, value }]);
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
      if (fresh.length > 0) await agent.write(fresh.map((r) => ({ op: "put", log, id: r.id, value: r.value })));
      return added;
    });
  }

  async readRecords(agentId: string, log: LogName): Promise<StoredRecord[]> {
    return [...(await this.agent(agentId)).records(log)].map(([id, value]) => ({ id, value }));
  }

  removeRecords(agentId: string, log: LogName, ids: readonly string[]): Promise<void> {
    return this.lock.run(`${agentId}\0${log}`, async () => {
      const agent = await this.agent(agentId);
      const existing = agent.records(log);
      const gone = [...new Set(ids)].filter((id) => existing.has(id));
      if (gone.length > 0) await agent.write(gone.map((id) => ({ op: "del", log, id })));
    });
  }

  /** Waits for every write in flight, then releases the agents. */
  async close(): Promise<void> {
    this.closed = true;
    const agents = [...this.agents.values()];
    this.agents.clear();
    await Promise.all(agents.map(async (a) => (await a.catch(() => undefined))?.close()));
  }

  private agent(agentId: string): Promise<AgentFiles> {
    if (this.closed) return Promise.reject(new MemoryStoreError("UNAVAILABLE", "the memory store is closed"));
    let agent = this.agents.get(agentId);
    if (!agent) {
      agent = AgentFiles.load(join(this.options.dir, encodeToken(agentId)), this.options);
      // A failed load (e.g. DATA_LOSS) must not be cached as the agent's state.
      agent.catch(() => this.agents.delete(agentId));
      this.agents.set(agentId, agent);
    }
    return agent;
  }
}
