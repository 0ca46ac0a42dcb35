import { mkdir, open, readdir, readFile, rename, rm } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { BusError } from "@boyd/bus";
import { assertKey, type RecordStore, type StoredRecord } from "./record-store.js";

// File layout: <dir>/<key path>.rec = 8-byte big-endian revision + value.
const HEADER = 8;
const SUFFIX = ".rec";

/**
 * Records as files under a directory, for embedded mode. Each write goes to
 * a temp file, is fsync'd, then renamed over the old one, so a crash leaves
 * either the old or the new record, never a torn one. Compare-and-set is
 * serialised per key inside the process (embedded mode has one act).
 */
export async function openFileRecordStore(dir: string): Promise<RecordStore> {
  await mkdir(dir, { recursive: true });
  const locks = new Map<string, Promise<unknown>>();
  const fileOf = (key: string) => {
    assertKey(key);
    return join(dir, ...key.split("/")) + SUFFIX;
  };

  const read = async (key: string): Promise<StoredRecord | undefined> => {
    let bytes: Buffer;
    try {
      bytes = await readFile(fileOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw err;
    }
    if (bytes.length < HEADER) throw new BusError("DATA_LOSS", `record ${key} is shorter than its header`);
    return { revision: Number(bytes.readBigUInt64BE(0)), value: bytes.subarray(HEADER) };
  };

  const write = async (key: string, value: Uint8Array, revision: number): Promise<number> => {
    const file = fileOf(key);
    await mkdir(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    const header = Buffer.alloc(HEADER);
    header.writeBigUInt64BE(BigInt(revision));
    const handle = await open(tmp, "w");
    try {
      await handle.writeFile(Buffer.concat([header, value]));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, file);
    return revision;
  };

  // Runs `fn` after every earlier operation on the same key.
  const serial = <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    const before = locks.get(key) ?? Promise.resolve();
    const run = before.then(fn, fn);
    const tail = run.catch(() => {});
    locks.set(key, tail);
    void tail.then(() => locks.get(key) === tail && locks.delete(key));
    return run;
  };

  return {
    get: read,
    create: (key, value) =>
      serial(key, async () => {
        if (await read(key)) throw new BusError("ALREADY_EXISTS", `record ${key} exists`);
        return write(key, value, 1);
      }),
    update: (key, value, revision) =>
      serial(key, async () => {
        const current = await read(key);
        if (current?.revision !== revision) throw new BusError("ABORTED", `record ${key} is at revision ${current?.revision ?? "none"}, not ${revision}`);
        return write(key, value, revision + 1);
      }),
    put: (key, value) => serial(key, async () => write(key, value, ((await read(key))?.revision ?? 0) + 1)),
    delete: (key) => serial(key, () => rm(fileOf(key), { force: true })),
    async keys(prefix) {
      assertKey(prefix);
      const root = join(dir, ...prefix.split("/"));
      const found: string[] = [];
      const walk = async (at: string): Promise<void> => {
        let entries;
        try {
          entries = await readdir(at, { withFileTypes: true });
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
          throw err;
        }
        for (const e of entries) {
          const path = join(at, e.name);
          if (e.isDirectory()) await walk(path);
          else if (e.name.endsWith(SUFFIX)) found.push(relative(dir, path).slice(0, -SUFFIX.length).split(sep).join("/"));
        }
      };
      await walk(root);
      return found;
    },
    async close() {
      await Promise.all(locks.values());
    },
  };
}
