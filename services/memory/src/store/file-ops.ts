import { MemoryStoreError } from "../errors.js";
import type { DocName, LogName } from "./port.js";

/**
 * One write of an agent's memory, as a record of its write-ahead log.
 * Payload: op (u8), name length (u8), name, id length (u16 LE), id, then for
 * a document its revision (u32 LE), then the value. An epoch starts a
 * numbering of the logs' changes (see AgentFiles): it is written as the
 * removal of an id no record has (EPOCH_ID_PREFIX and the epoch's id in
 * hex), so a version of the service from before epochs still reads the
 * log (a removal of an unknown id is a no-op there).
 */
export type FileOp =
  | { readonly op: "put"; readonly log: LogName; readonly id: string; readonly value: Uint8Array }
  | { readonly op: "del"; readonly log: LogName; readonly id: string }
  | { readonly op: "doc"; readonly doc: DocName; readonly revision: number; readonly value: Uint8Array }
  | { readonly op: "epoch"; readonly value: Uint8Array };

const CODES = { put: 1, del: 2, doc: 3 } as const;
// Record ids are made by the service (content hashes, "episode:...", "prov:..."): none starts with a NUL.
const EPOCH_ID_PREFIX = "\u0000epoch:";
const DOC_NAMES: ReadonlySet<string> = new Set<DocName>(["session", "wm", "archive"]);
const LOG_NAMES: ReadonlySet<string> = new Set<LogName>(["episodes", "facts", "corrections", "provenance"]);

export function encodeOp(op: FileOp): Buffer {
  if (op.op === "epoch") return encodeOp({ op: "del", log: "episodes", id: EPOCH_ID_PREFIX + Buffer.from(op.value).toString("hex") });
  const name = Buffer.from(op.op === "doc" ? op.doc : op.log, "latin1");
  const id = Buffer.from(op.op === "put" || op.op === "del" ? op.id : "", "utf8");
  if (id.length > 0xffff) throw new MemoryStoreError("INTERNAL", `record id of ${id.length} bytes is too long`);
  const value = op.op === "del" ? new Uint8Array(0) : op.value;
  const revisionBytes = op.op === "doc" ? 4 : 0;
  const out = Buffer.allocUnsafe(4 + name.length + id.length + revisionBytes + value.length);
  let at = out.writeUInt8(CODES[op.op], 0);
  at = out.writeUInt8(name.length, at);
  at += name.copy(out, at);
  at = out.writeUInt16LE(id.length, at);
  at += id.copy(out, at);
  if (op.op === "doc") at = out.writeUInt32LE(op.revision, at);
  out.set(value, at);
  return out;
}

/** Decodes a record of `file`; a record that passes its checksum but does not parse is DATA_LOSS naming the file and record. */
export function decodeOp(payload: Buffer, file: string, index: number): FileOp {
  const bad = (why: string) => new MemoryStoreError("DATA_LOSS", `${file}: record ${index} passes its checksum but ${why}`);
  if (payload.length < 4) throw bad("is too short");
  const code = payload.readUInt8(0);
  const nameEnd = 2 + payload.readUInt8(1);
  if (nameEnd + 2 > payload.length) throw bad("is too short for its name");
  const name = payload.subarray(2, nameEnd).toString("latin1");
  const idEnd = nameEnd + 2 + payload.readUInt16LE(nameEnd);
  if (idEnd > payload.length) throw bad("is too short for its id");
  const id = payload.subarray(nameEnd + 2, idEnd).toString("utf8");
  // A copy: the value must not keep the whole file's buffer alive.
  const valueFrom = (at: number) => new Uint8Array(payload.subarray(at));
  if (code === CODES.doc) {
    if (!DOC_NAMES.has(name)) throw bad(`names an unknown document ${JSON.stringify(name)}`);
    if (idEnd + 4 > payload.length) throw bad("is too short for its revision");
    return { op: "doc", doc: name as DocName, revision: payload.readUInt32LE(idEnd), value: valueFrom(idEnd + 4) };
  }
  if (!LOG_NAMES.has(name)) throw bad(`names an unknown log ${JSON.stringify(name)}`);
  if (code === CODES.put) return { op: "put", log: name as LogName, id, value: valueFrom(idEnd) };
  if (code === CODES.del && id.startsWith(EPOCH_ID_PREFIX)) return { op: "epoch", value: Buffer.from(id.slice(EPOCH_ID_PREFIX.length), "hex") };
  if (code === CODES.del) return { op: "del", log: name as LogName, id };
  throw bad(`has an unknown op ${code}`);
}
