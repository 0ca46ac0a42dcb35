import { BusError } from "@boyd/bus";

/**
 * One write of act's embedded state, as a record of its write-ahead log.
 * Payload: op (u8: 1 put, 2 delete), key length (u16 LE), key, then for a
 * put the revision (u32 LE) and the value.
 */
export type RecordOp = { readonly op: "put"; readonly key: string; readonly revision: number; readonly value: Uint8Array } | { readonly op: "del"; readonly key: string };

const PUT = 1;
const DEL = 2;

export function encodeRecordOp(op: RecordOp): Buffer {
  const key = Buffer.from(op.key, "utf8");
  const tail = op.op === "put" ? 4 + op.value.length : 0;
  const out = Buffer.allocUnsafe(3 + key.length + tail);
  let at = out.writeUInt8(op.op === "put" ? PUT : DEL, 0);
  at = out.writeUInt16LE(key.length, at);
  at += key.copy(out, at);
  if (op.op === "put") {
    at = out.writeUInt32LE(op.revision, at);
    out.set(op.value, at);
  }
  return out;
}

/** Decodes a record of `file`; one that passes its checksum but does not parse is DATA_LOSS naming the file and record. */
export function decodeRecordOp(payload: Buffer, file: string, index: number): RecordOp {
  const bad = (why: string) => new BusError("DATA_LOSS", `${file}: record ${index} passes its checksum but ${why}`);
  if (payload.length < 3) throw bad("is too short");
  const keyEnd = 3 + payload.readUInt16LE(1);
  if (keyEnd > payload.length) throw bad("is too short for its key");
  const key = payload.subarray(3, keyEnd).toString("utf8");
  if (payload[0] === DEL) return { op: "del", key };
  if (payload[0] !== PUT) throw bad(`has an unknown op ${payload[0]}`);
  if (keyEnd + 4 > payload.length) throw bad("is too short for its revision");
  // A copy: the value must not keep the whole file's buffer alive.
  return { op: "put", key, revision: payload.readUInt32LE(keyEnd), value: new Uint8Array(payload.subarray(keyEnd + 4)) };
}
