import { crc32 } from "node:zlib";
import { assertHypervector, BYTES, WORDS, type Hypervector } from "@boyd/vsa";
import type { LogPosition } from "./store/port.js";

/**
 * The recall snapshot of one log: what its recall index needs of every
 * record, so a process that has not read the agent (a replica's first
 * recall, a restart, an index dropped for another agent's) loads the index
 * from one document and reads only the log's changes after the position
 * it covers, instead of reading and decoding every record.
 *
 * Layout: "BRS1", header length (u32 LE), header JSON, zero padding to a
 * multiple of 4, the vectors (count × BYTES, raw words), the rows JSON
 * (per record [key, view id, timestamp, symbols, stems, item bytes]), the
 * items (each record's proto JSON without its vector, one after another).
 * The header names the format, the log, the text encoder's fingerprint
 * (its ENCODING_VERSION and settings: the vectors and stems were made by
 * it), the log position and a CRC-32 of everything after the padding.
 */

/** One record as the snapshot holds it. */
export interface SnapshotRecord {
  /** The record's store id. */
  readonly key: string;
  /** Its view id (what RecallScore.id names). */
  readonly id: string;
  readonly timestamp: number;
  readonly symbols: readonly string[];
  /** The stems of its text (see stemsOf). */
  readonly stems: readonly string[];
  readonly vector: Hypervector;
  /** The record's proto JSON, UTF-8, without its vector: decoded only when the record is a result. */
  readonly item: Uint8Array;
}

/** What a snapshot is of, checked when loading one. */
export interface SnapshotOf {
  readonly log: string;
  /** The text encoder's fingerprint. */
  readonly encoder: string;
}

/** A loaded snapshot: the records in the log's order, and where the log's changes after them start. */
export interface LoadedSnapshot {
  readonly position: LogPosition;
  readonly records: SnapshotRecord[];
}

const MAGIC = "BRS1";
// Raise when what a row means changes (what ranking derives from a record:
// the views in recall.ts, stemsOf): older snapshots are then not loaded.
const FORMAT = 1;

interface Header {
  format: number;
  log: string;
  encoder: string;
  position: LogPosition;
  count: number;
  rowBytes: number;
  itemBytes: number;
  crc: number;
}

type Row = [key: string, id: string, timestamp: number, symbols: string[], stems: string[], itemBytes: number];

const align4 = (n: number) => (n + 3) & ~3;

/** The snapshot of `records` (in the log's order) at `position`. */
export function encodeSnapshot(of: SnapshotOf, position: LogPosition, records: readonly SnapshotRecord[]): Uint8Array {
  const steps = encodeSteps(of, position, records);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

// Records encoded between two pauses of encodeSnapshotInSlices: a few
// milliseconds of work, so a request arriving meanwhile waits no longer.
const SLICE_RECORDS = 1_024;

/**
 * The same bytes as encodeSnapshot, made a slice of records at a time with
 * a turn of the event loop between slices (a snapshot of 10,000 records is
 * tens of milliseconds of work: in one go it would hold up the requests
 * that arrive meanwhile). `records` must not change meanwhile (the index's
 * stored() list does not: its vectors and items are never modified).
 */
export async function encodeSnapshotInSlices(of: SnapshotOf, position: LogPosition, records: readonly SnapshotRecord[]): Promise<Uint8Array> {
  const steps = encodeSteps(of, position, records);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Encodes a snapshot, yielding after each slice of records. */
function* encodeSteps(of: SnapshotOf, position: LogPosition, records: readonly SnapshotRecord[]): Generator<void, Uint8Array> {
  const rowParts: string[] = [];
  let itemBytes = 0;
  for (let from = 0; from < records.length; from += SLICE_RECORDS) {
    const slice = records.slice(from, from + SLICE_RECORDS);
    rowParts.push(JSON.stringify(slice.map((r): Row => [r.key, r.id, r.timestamp, [...r.symbols], [...r.stems], r.item.length])).slice(1, -1));
    for (const r of slice) itemBytes += r.item.length;
    yield;
  }
  const rows = Buffer.from(`[${rowParts.join(",")}]`);
  const body = Buffer.allocUnsafe(records.length * BYTES + rows.length + itemBytes);
  let at = records.length * BYTES + rows.copy(body, records.length * BYTES);
  for (let from = 0; from < records.length; from += SLICE_RECORDS) {
    for (let i = from; i < Math.min(records.length, from + SLICE_RECORDS); i++) {
      const r = records[i]!;
      Buffer.from(r.vector.buffer, r.vector.byteOffset, BYTES).copy(body, i * BYTES);
      body.set(r.item, at);
      at += r.item.length;
    }
    yield;
  }
  let crc = 0;
  for (let from = 0; from < body.length; from += SLICE_RECORDS * BYTES) {
    crc = crc32(body.subarray(from, from + SLICE_RECORDS * BYTES), crc);
    yield;
  }
  const header: Header = { format: FORMAT, log: of.log, encoder: of.encoder, position, count: records.length, rowBytes: rows.length, itemBytes, crc };
  const headerBytes = Buffer.from(JSON.stringify(header));
  const start = align4(8 + headerBytes.length);
  const out = Buffer.alloc(start + body.length);
  out.write(MAGIC, 0, "latin1");
  out.writeUInt32LE(headerBytes.length, 4);
  headerBytes.copy(out, 8);
  body.copy(out, start);
  return out;
}

/**
 * The snapshot in `bytes` if it is one of `of` (same log, same encoder
 * fingerprint, this format) and whole (its checksum, sizes and rows
 * check), else a reason it cannot be used: the caller reads the log.
 */
export function decodeSnapshot(bytes: Uint8Array, of: SnapshotOf): LoadedSnapshot | string {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (buf.length < 8 || buf.toString("latin1", 0, 4) !== MAGIC) return "not a recall snapshot";
  const headerEnd = 8 + buf.readUInt32LE(4);
  if (headerEnd > buf.length) return "truncated header";
  let header: Partial<Header>;
  try {
    header = JSON.parse(buf.toString("utf8", 8, headerEnd)) as Partial<Header>;
  } catch {
    return "header is not JSON";
  }
  if (header.format !== FORMAT) return `format ${String(header.format)}, not ${FORMAT}`;
  if (header.log !== of.log) return `of log ${String(header.log)}, not ${of.log}`;
  if (header.encoder !== of.encoder) return `made by encoder ${String(header.encoder)}, not ${of.encoder}`;
  const { count, rowBytes, itemBytes, position, crc } = header;
  if (!whole(count) || !whole(rowBytes) || !whole(itemBytes) || typeof position !== "string" || !whole(crc)) return "header fields are missing";
  const start = align4(headerEnd);
  const body = buf.subarray(start);
  if (body.length !== count * BYTES + rowBytes + itemBytes) return `body is ${body.length} bytes, not ${count * BYTES + rowBytes + itemBytes}`;
  if (crc32(body) !== crc) return "checksum mismatch";
  const rows = parseRows(body.subarray(count * BYTES, count * BYTES + rowBytes), count);
  if (typeof rows === "string") return rows;
  const vectors = vectorsOf(body.subarray(0, count * BYTES), count);
  if (typeof vectors === "string") return vectors;
  // Views, not copies: the records hold the snapshot's bytes, most of which are their vectors anyway.
  const items = body.subarray(count * BYTES + rowBytes);
  const records: SnapshotRecord[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    const [key, id, timestamp, symbols, stems, length] = rows[i]!;
    if (at + length > items.length) return `row ${i} overruns the items`;
    records.push({ key, id, timestamp, symbols, stems, vector: vectors[i]!, item: items.subarray(at, (at += length)) });
  }
  return at === items.length ? { position, records } : "items left over after the rows";
}

function whole(n: unknown): n is number {
  return Number.isSafeInteger(n) && (n as number) >= 0;
}

function parseRows(bytes: Buffer, count: number): Row[] | string {
  let rows: unknown;
  try {
    rows = JSON.parse(bytes.toString("utf8"));
  } catch {
    return "rows are not JSON";
  }
  if (!Array.isArray(rows) || rows.length !== count) return `rows are not ${count}`;
  const strings = (a: unknown): boolean => Array.isArray(a) && a.every((s) => typeof s === "string");
  for (let i = 0; i < count; i++) {
    const r = rows[i] as unknown[];
    if (!Array.isArray(r) || r.length !== 6 || typeof r[0] !== "string" || typeof r[1] !== "string" || typeof r[2] !== "number" || !strings(r[3]) || !strings(r[4]) || !whole(r[5])) return `row ${i} is malformed`;
  }
  return rows as Row[];
}

/**
 * The vectors as views of the snapshot's bytes when they sit on a 4-byte
 * boundary (a value read whole: no copy of 12.5 MB at 10,000 records),
 * else copied once into aligned words. A stored vector with bits beyond
 * the dimension refuses the snapshot.
 */
function vectorsOf(bytes: Buffer, count: number): Hypervector[] | string {
  let words: Uint32Array;
  if (bytes.byteOffset % 4 === 0) words = new Uint32Array(bytes.buffer, bytes.byteOffset, count * WORDS);
  else new Uint8Array((words = new Uint32Array(count * WORDS)).buffer).set(bytes);
  const vectors: Hypervector[] = [];
  for (let i = 0; i < count; i++) {
    const v = words.subarray(i * WORDS, (i + 1) * WORDS);
    try {
      assertHypervector(v);
    } catch {
      return `vector ${i} is malformed`;
    }
    vectors.push(v);
  }
  return vectors;
}
