import { mkdir, open, readFile, rename, rm, truncate, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { KeyedMutex } from "../agent-lock.js";
import { MemoryStoreError } from "../errors.js";
import { encodeToken, type DocName, type LogName, type MemoryStore, type StoredDoc, type StoredRecord } from "./port.js";

/** Options of {@link openFileStore}. */
export interface FileStoreOptions {
  /** Directory holding one sub-directory per agent. Created if missing. */
  dir: string;
  /** Tell about a torn log tail that was cut off on open (a write a crash interrupted before it was acknowledged). */
  onTornTail?: (file: string, discardedBytes: number) => void;
}

const DOC_MAGIC = 0x424d4431; // "BMD1"
const DOC_HEADER = 12; // magic, revision, crc32
const FRAME_HEADER = 8; // payload length, crc32
const OP_PUT = 1;
const OP_DEL = 2;

interface LogState {
  records: Map<string, Uint8Array>;
  /** Frames in the file, live or not; compaction runs when far above the live count. */
  frames: number;
}

/**
 * Opens the embedded adapter: documents are whole files replaced by write +
 * fsync + rename + directory fsync, so a crash leaves the old or the new
 * version, never a torn one; logs are append-only files of checksummed
 * frames, fsynced per append, a torn last frame cut off on open. One
 * process owns the directory (embedded mode), so logs are cached in memory
 * after the first read.
 */
export async function openFileStore(options: FileStoreOptions): Promise<MemoryStore> {
  await mkdir(options.dir, { recursive: true });
  return new FileStore(options);
}

class FileStore implements MemoryStore {
  readonly name = "files";
  private readonly lock = new KeyedMutex();
  private readonly logs = new Map<string, Promise<LogState>>();
  private tmpCounter = 0;

  constructor(private readonly options: FileStoreOptions) {}

  private agentDir(agentId: string): string {
    return join(this.options.dir, encodeToken(agentId));
  }

  async getDoc(agentId: string, doc: DocName): Promise<StoredDoc | undefined> {
    const file = join(this.agentDir(agentId), `${doc}.doc`);
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw new MemoryStoreError("UNAVAILABLE", `cannot read ${file}: ${(err as Error).message}`, { cause: err });
    }
    if (bytes.length < DOC_HEADER || bytes.readUInt32LE(0) !== DOC_MAGIC) throw new MemoryStoreError("DATA_LOSS", `${file} is not a memory document`);
    const value = bytes.subarray(DOC_HEADER);
    if (crc32(bytes.subarray(4, 8), crc32(value)) !== bytes.readUInt32LE(8)) throw new MemoryStoreError("DATA_LOSS", `${file} fails its checksum`);
    return { value: new Uint8Array(value), revision: bytes.readUInt32LE(4) };
  }

  putDoc(agentId: string, doc: DocName, value: Uint8Array, expectedRevision: number): Promise<number> {
    return this.lock.run(`${agentId}\0${doc}`, async () => {
      const current = (await this.getDoc(agentId, doc))?.revision ?? 0;
      if (current !== expectedRevision) throw new MemoryStoreError("ABORTED", `${doc} of ${agentId} is at revision ${current}, not ${expectedRevision}`);
      const revision = current + 1;
      const header = Buffer.alloc(DOC_HEADER);
      header.writeUInt32LE(DOC_MAGIC, 0);
      header.writeUInt32LE(revision, 4);
      header.writeUInt32LE(crc32(header.subarray(4, 8), crc32(value)), 8);
      await this.replaceFile(this.agentDir(agentId), `${doc}.doc`, Buffer.concat([header, value]));
      return revision;
    });
  }

  async addRecords(agentId: string, log: LogName, records: readonly StoredRecord[]): Promise<boolean[]> {
    return this.lock.run(`${agentId}\0${log}`, async () => {
      const state = await this.logState(agentId, log);
      const added = records.map((r, i) => !state.records.has(r.id) && records.findIndex((o) => o.id === r.id) === i);
      const fresh = records.filter((_, i) => added[i]);
      if (fresh.length > 0) {
        await this.append(agentId, log, fresh.map((r) => frame(OP_PUT, r.id, r.value)));
        for (const r of fresh) state.records.set(r.id, r.value);
        state.frames += fresh.length;
      }
      return added;
    });
  }

  async readRecords(agentId: string, log: LogName): Promise<StoredRecord[]> {
    const state = await this.logState(agentId, log);
    return [...state.records].map(([id, value]) => ({ id, value }));
  }

  async removeRecords(agentId: string, log: LogName, ids: readonly string[]): Promise<void> {
    await this.lock.run(`${agentId}\0${log}`, async () => {
      const state = await this.logState(agentId, log);
      const gone = [...new Set(ids)].filter((id) => state.records.has(id));
      if (gone.length === 0) return;
      await this.append(agentId, log, gone.map((id) => frame(OP_DEL, id, new Uint8Array(0))));
      for (const id of gone) state.records.delete(id);
      state.frames += gone.length;
      if (state.frames > 2 * state.records.size + 64) await this.compact(agentId, log, state);
    });
  }

  async close(): Promise<void> {
    this.logs.clear();
  }

  private logState(agentId: string, log: LogName): Promise<LogState> {
    const key = `${agentId}\0${log}`;
    let state = this.logs.get(key);
    if (!state) {
      state = this.loadLog(join(this.agentDir(agentId), `${log}.log`));
      // A failed load (e.g. DATA_LOSS) must not be cached as the log's state.
      state.catch(() => this.logs.delete(key));
      this.logs.set(key, state);
    }
    return state;
  }

  private async loadLog(file: string): Promise<LogState> {
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return { records: new Map(), frames: 0 };
      throw new MemoryStoreError("UNAVAILABLE", `cannot read ${file}: ${(err as Error).message}`, { cause: err });
    }
    const records = new Map<string, Uint8Array>();
    let offset = 0;
    let frames = 0;
    while (offset < bytes.length) {
      const length = offset + FRAME_HEADER <= bytes.length ? bytes.readUInt32LE(offset) : -1;
      const end = offset + FRAME_HEADER + length;
      const whole = length >= 0 && end <= bytes.length;
      if (!whole || crc32(bytes.subarray(offset + FRAME_HEADER, end)) !== bytes.readUInt32LE(offset + 4)) {
        // Only the last frame may be bad: a crash cut its append short.
        if (whole && end < bytes.length) throw new MemoryStoreError("DATA_LOSS", `${file}: record at byte ${offset} fails its checksum`);
        await truncate(file, offset);
        this.options.onTornTail?.(file, bytes.length - offset);
        break;
      }
      const payload = bytes.subarray(offset + FRAME_HEADER, end);
      const idLength = payload.readUInt16LE(1);
      const id = payload.subarray(3, 3 + idLength).toString("utf8");
      if (payload[0] === OP_DEL) records.delete(id);
      else {
        records.delete(id); // a re-added id moves to the end, as in the KV adapter
        records.set(id, new Uint8Array(payload.subarray(3 + idLength)));
      }
      frames++;
      offset = end;
    }
    return { records, frames };
  }

  private async append(agentId: string, log: LogName, frames: readonly Buffer[]): Promise<void> {
    const dir = this.agentDir(agentId);
    await mkdir(dir, { recursive: true });
    const handle = await open(join(dir, `${log}.log`), "a");
    try {
      await handle.write(Buffer.concat(frames));
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  private async compact(agentId: string, log: LogName, state: LogState): Promise<void> {
    const frames = [...state.records].map(([id, value]) => frame(OP_PUT, id, value));
    await this.replaceFile(this.agentDir(agentId), `${log}.log`, Buffer.concat(frames));
    state.frames = frames.length;
  }

  /** write tmp + fsync + rename + fsync(dir): the name points at the old or the new bytes, never a mix. */
  private async replaceFile(dir: string, name: string, bytes: Buffer): Promise<void> {
    await mkdir(dir, { recursive: true });
    const tmp = join(dir, `.${name}.${process.pid}.${this.tmpCounter++}.tmp`);
    try {
      await writeFile(tmp, bytes, { flush: true });
      await rename(tmp, join(dir, name));
    } catch (err) {
      await rm(tmp, { force: true });
      throw new MemoryStoreError("UNAVAILABLE", `cannot write ${join(dir, name)}: ${(err as Error).message}`, { cause: err });
    }
    const handle = await open(dir, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }
}

function frame(op: number, id: string, value: Uint8Array): Buffer {
  const idBytes = Buffer.from(id, "utf8");
  if (idBytes.length > 0xffff) throw new MemoryStoreError("INTERNAL", `record id of ${idBytes.length} bytes is too long`);
  const payload = Buffer.alloc(3 + idBytes.length + value.length);
  payload[0] = op;
  payload.writeUInt16LE(idBytes.length, 1);
  idBytes.copy(payload, 3);
  payload.set(value, 3 + idBytes.length);
  const header = Buffer.alloc(FRAME_HEADER);
  header.writeUInt32LE(payload.length, 0);
  header.writeUInt32LE(crc32(payload), 4);
  return Buffer.concat([header, payload]);
}

