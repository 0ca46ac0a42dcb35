import { readdir, readFile, rm, rmdir } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { BusError } from "@boyd/bus";
import { syncDir } from "@boyd/wal";
import type { RecordOp } from "./file-ops.js";

// The layout before the write-ahead log: <dir>/<key path>.rec, an 8-byte
// big-endian revision then the value, one file per key. Read once, to migrate.
const HEADER = 8;
const SUFFIX = ".rec";

/** The legacy record files under `dir` (recursively) and the puts they hold. */
export async function readLegacyRecords(dir: string): Promise<{ files: string[]; ops: RecordOp[] }> {
  const files = await findRecFiles(dir);
  const ops: RecordOp[] = [];
  for (const file of files) {
    const bytes = await readFile(file);
    if (bytes.length < HEADER) throw new BusError("DATA_LOSS", `record file ${file} is shorter than its header`);
    const key = relative(dir, file).slice(0, -SUFFIX.length).split(sep).join("/");
    ops.push({ op: "put", key, revision: Number(bytes.readBigUInt64BE(0)), value: new Uint8Array(bytes.subarray(HEADER)) });
  }
  return { files, ops };
}

/** Removes migrated record files and the folders they leave empty. */
export async function removeLegacyRecords(dir: string, files: readonly string[]): Promise<void> {
  for (const file of files) await rm(file, { force: true });
  await removeEmptyFolders(dir, dir);
  await syncDir(dir);
}

async function findRecFiles(at: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(at, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  const found: string[] = [];
  for (const e of entries) {
    const path = join(at, e.name);
    if (e.isDirectory()) found.push(...(await findRecFiles(path)));
    else if (e.name.endsWith(SUFFIX)) found.push(path);
  }
  return found;
}

async function removeEmptyFolders(at: string, root: string): Promise<void> {
  const entries = await readdir(at, { withFileTypes: true });
  for (const e of entries) if (e.isDirectory()) await removeEmptyFolders(join(at, e.name), root);
  if (at !== root) await rmdir(at).catch(() => {}); // not empty: something else lives there
}
