import { readdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { parseFrames, syncDir, WalError } from "@boyd/wal";
import { MemoryStoreError } from "../errors.js";
import type { FileOp } from "./file-ops.js";
import type { DocName, LogName } from "./port.js";

// The layout before the write-ahead log: one file per document (replaced by
// rename) and one append-only file per record log. Read once, to migrate.
const DOC_MAGIC = 0x424d4431; // "BMD1"
const DOC_HEADER = 12; // magic, revision, crc32
const LEGACY_OP_DEL = 2;
const LEGACY_DOCS: readonly DocName[] = ["session", "wm"];
const LEGACY_LOGS: readonly LogName[] = ["episodes", "facts", "corrections", "provenance"];

/** The legacy files in an agent's directory, and the writes they hold in the order to replay them. */
export interface LegacyState {
  readonly files: string[];
  readonly ops: FileOp[];
}

/** Reads the legacy files of an agent directory (undefined when there are none). */
export async function readLegacy(dir: string, onTornTail?: (file: string, discardedBytes: number) => void): Promise<LegacyState | undefined> {
  let names: Set<string>;
  try {
    names = new Set(await readdir(dir));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new MemoryStoreError("UNAVAILABLE", `cannot list ${dir}: ${(err as Error).message}`, { cause: err });
  }
  const files: string[] = [];
  const ops: FileOp[] = [];
  for (const doc of LEGACY_DOCS) {
    if (!names.has(`${doc}.doc`)) continue;
    const file = join(dir, `${doc}.doc`);
    files.push(file);
    ops.push(decodeLegacyDoc(doc, await read(file), file));
  }
  for (const log of LEGACY_LOGS) {
    if (!names.has(`${log}.log`)) continue;
    const file = join(dir, `${log}.log`);
    files.push(file);
    const bytes = await read(file);
    const { payloads, validBytes } = parseLegacyFrames(bytes, file);
    if (validBytes < bytes.length) onTornTail?.(file, bytes.length - validBytes);
    for (const payload of payloads) ops.push(decodeLegacyRecord(log, payload));
  }
  return files.length > 0 ? { files, ops } : undefined;
}

/** Removes migrated legacy files (their content is in the write-ahead log). */
export async function removeLegacy(dir: string, files: readonly string[]): Promise<void> {
  for (const file of files) await rm(file, { force: true });
  await syncDir(dir);
}

async function read(file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (err) {
    throw new MemoryStoreError("UNAVAILABLE", `cannot read ${file}: ${(err as Error).message}`, { cause: err });
  }
}

function parseLegacyFrames(bytes: Buffer, file: string): { payloads: Buffer[]; validBytes: number } {
  try {
    return parseFrames(bytes, file);
  } catch (err) {
    if (err instanceof WalError) throw new MemoryStoreError(err.code, err.message, { cause: err });
    throw err;
  }
}

function decodeLegacyDoc(doc: DocName, bytes: Buffer, file: string): FileOp {
  if (bytes.length < DOC_HEADER || bytes.readUInt32LE(0) !== DOC_MAGIC) throw new MemoryStoreError("DATA_LOSS", `${file} is not a memory document`);
  const value = bytes.subarray(DOC_HEADER);
  if (crc32(bytes.subarray(4, 8), crc32(value)) !== bytes.readUInt32LE(8)) throw new MemoryStoreError("DATA_LOSS", `${file} fails its checksum`);
  return { op: "doc", doc, revision: bytes.readUInt32LE(4), value: new Uint8Array(value) };
}

function decodeLegacyRecord(log: LogName, payload: Buffer): FileOp {
  const idLength = payload.readUInt16LE(1);
  const id = payload.subarray(3, 3 + idLength).toString("utf8");
  if (payload[0] === LEGACY_OP_DEL) return { op: "del", log, id };
  return { op: "put", log, id, value: new Uint8Array(payload.subarray(3 + idLength)) };
}
