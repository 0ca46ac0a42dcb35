import { randomBytes } from "node:crypto";
import { JetStreamApiCodes, JetStreamApiError, JetStreamError, type JetStreamManager } from "@nats-io/jetstream";
import type { KV } from "@nats-io/kv";
import { decodeToken, encodeToken, type LogChangesSince, type LogName, type LogPosition, type StoredIndexDoc, type StoredRecord } from "./port.js";

/** What the KV adapter's durable reads need: the bucket and the JetStream manager of its connection. */
export interface KvParts {
  readonly kv: KV;
  readonly bucket: string;
  readonly jsm: JetStreamManager;
}

// An index document is split into values under NATS's default max_payload (1 MiB).
const CHUNK_BYTES = 1024 * 1024 - 4096;

// Most messages, and bytes, one direct get returns; a read of more asks again from where it stopped.
// The bytes bound what a read has in flight (nats.js buffers the batch as it arrives).
const READ_BATCH = 10_000;
const READ_BATCH_BYTES = 8 * 1024 * 1024;

/** A stored message as a direct get returns it. */
interface StoredMessage {
  readonly subject: string;
  readonly seq: number;
  readonly data: Uint8Array;
  readonly header: { get(name: string): string };
}

/**
 * Every message stored on `filter` from stream sequence `fromSeq` on, in
 * order, handed to `each`; the sequence of the last one (fromSeq - 1 when
 * none). Batched direct gets (nats-server 2.11+): one request per 10,000
 * messages or 8 MiB, where an ephemeral consumer took three (create, pull,
 * delete) and left the server a consumer to make and drop.
 */
async function readStream(parts: KvParts, filter: string, fromSeq: number, each: (m: StoredMessage) => void): Promise<number> {
  const stream = `KV_${parts.bucket}`;
  let seq = fromSeq - 1;
  for (;;) {
    const batch = await parts.jsm.direct.getBatch(stream, { seq: seq + 1, next_by_subj: filter, batch: READ_BATCH, max_bytes: READ_BATCH_BYTES });
    let got = 0;
    let pending = 0;
    try {
      for await (const m of batch) {
        got++;
        seq = m.seq;
        pending = m.pending;
        each(m);
      }
    } catch (err) {
      // Nothing stored on the filter from that sequence on: nats.js ends the batch with the server's 404.
      if (!noMessages(err)) throw err;
      return seq;
    }
    // Pending is what matched after the last message returned (-1: not told: ask again until a read finds none).
    if (got === 0 || pending === 0) return seq;
  }
}

function noMessages(err: unknown): boolean {
  // A JetStreamStatusError, which @nats-io/jetstream does not export: told apart by its status code.
  return err instanceof JetStreamError && (err as { code?: unknown }).code === 404;
}

function removal(m: StoredMessage): boolean {
  const op = m.header.get("KV-Operation");
  return op === "DEL" || op === "PURGE";
}

/** Whether a KV create or update was refused because the key moved (or exists). */
export function wrongSequence(err: unknown): boolean {
  return err instanceof JetStreamApiError && (err.code === JetStreamApiCodes.StreamWrongLastSequence || err.code === JetStreamApiCodes.StreamWrongLastSequenceUnknown);
}

/** A KV log position: the stream sequence through which every change of the log was read, and the revision of its version key then. */
interface KvPosition {
  seq: number;
  version: number;
}

export function kvPosition(at: KvPosition): LogPosition {
  return `kv:${at.seq}:${at.version}`;
}

/** The position `text` names, or undefined when it is no KV position (another store's, or damaged): the caller reads the whole log. */
export function parseKvPosition(text: LogPosition | undefined): KvPosition | undefined {
  const parts = text?.split(":");
  if (parts?.length !== 3 || parts[0] !== "kv") return undefined;
  const [seq, version] = [Number(parts[1]), Number(parts[2])];
  return Number.isSafeInteger(seq) && seq >= 0 && Number.isSafeInteger(version) && version >= 0 ? { seq, version } : undefined;
}

/** The key every add or remove of the log rewrites after its records: its revision is the log's version. */
export const versionKey = (agentId: string, log: LogName): string => `${encodeToken(agentId)}.ver.${log}`;

/**
 * The log's version (its version key's revision), and whether the key
 * existed. A log without one (never written since version keys exist)
 * gets one here, so the next read of a log that stays unchanged is one get.
 */
export async function readLogVersion(parts: KvParts, agentId: string, log: LogName): Promise<{ version: number; existed: boolean }> {
  const version = (await parts.kv.get(versionKey(agentId, log)))?.revision ?? 0;
  if (version !== 0) return { version, existed: true };
  const created = await parts.kv.create(versionKey(agentId, log), new Uint8Array(0)).catch((err: unknown) => (wrongSequence(err) ? 0 : Promise.reject(err)));
  return { version: created, existed: false };
}

/**
 * Every change of the log stored from stream sequence `fromSeq` on, in
 * order, handed to `each` by record id (value undefined: removed); the
 * sequence of the last one (fromSeq - 1 when none).
 */
export function readLogChanges(parts: KvParts, agentId: string, log: LogName, fromSeq: number, each: (id: string, value: Uint8Array | undefined) => void): Promise<number> {
  const prefix = `$KV.${parts.bucket}.${encodeToken(agentId)}.${log}.`;
  return readStream(parts, `${prefix}>`, fromSeq, (m) => each(decodeToken(m.subject.slice(prefix.length)), removal(m) ? undefined : m.data));
}

/**
 * The log's changes after `at`, given the log's version now (readLogVersion,
 * or what a watch knows): nothing when it has not moved (every add or
 * remove rewrites it after its records), else the messages after `at.seq`
 * on the log's subjects, folded to each id's last change. The version is
 * taken first, so a write landing in between is read again next time,
 * never missed.
 */
export async function readKvChangesSince(parts: KvParts, agentId: string, log: LogName, at: KvPosition, now: { version: number; existed: boolean }): Promise<LogChangesSince> {
  const { version, existed } = now;
  if (existed && version === at.version) return { position: kvPosition(at), reset: false, upserts: [], removed: [] };
  // Each id's last change, in the order of last changes (the log's order).
  const latest = new Map<string, Uint8Array | undefined>();
  const seq = await readLogChanges(parts, agentId, log, at.seq + 1, (id, value) => {
    latest.delete(id);
    latest.set(id, value);
  });
  const upserts: StoredRecord[] = [];
  const removed: string[] = [];
  for (const [id, value] of latest) {
    if (value) upserts.push({ id, value });
    else removed.push(id);
  }
  return { position: kvPosition({ seq: Math.max(seq, at.seq), version }), reset: false, upserts, removed };
}

/** What an index document's head key holds: which chunks make it. */
interface IndexHead {
  /** Names this write's chunks (`<agent>.idxc.<log>.<id>.<n>`), so two writers never mix theirs. */
  id: string;
  chunks: number;
  bytes: number;
}

const headKey = (agentId: string, log: LogName) => `${encodeToken(agentId)}.idx.${log}`;
const chunkPrefix = (agentId: string, log: LogName, id: string) => `${encodeToken(agentId)}.idxc.${log}.${id}.`;

function parseHead(value: Uint8Array): IndexHead | undefined {
  try {
    const head = JSON.parse(new TextDecoder().decode(value)) as Partial<IndexHead>;
    const whole = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
    return typeof head.id === "string" && /^[0-9a-f]+$/.test(head.id) && whole(head.chunks) && whole(head.bytes) ? (head as IndexHead) : undefined;
  } catch {
    return undefined;
  }
}

async function readHead(parts: KvParts, agentId: string, log: LogName): Promise<{ head: IndexHead | undefined; revision: number }> {
  const entry = await parts.kv.get(headKey(agentId, log));
  if (!entry || entry.operation !== "PUT") return { head: undefined, revision: 0 };
  return { head: parseHead(entry.value), revision: entry.revision };
}

/**
 * The log's index document: its head (one get), then its chunks read with
 * batched direct gets (one request per 8 MiB of chunks). Undefined when there
 * is none, or when a chunk is gone (a newer write replaced it while this
 * read): the caller reads the log instead.
 */
export async function getKvIndexDoc(parts: KvParts, agentId: string, log: LogName): Promise<StoredIndexDoc | undefined> {
  const { head, revision } = await readHead(parts, agentId, log);
  if (!head) return undefined;
  const prefix = chunkPrefix(agentId, log, head.id);
  const chunks: (Uint8Array | undefined)[] = new Array<Uint8Array | undefined>(head.chunks);
  await readStream(parts, `$KV.${parts.bucket}.${prefix}>`, 1, (m) => {
    const n = Number(m.subject.slice(m.subject.lastIndexOf(".") + 1));
    if (Number.isSafeInteger(n) && n >= 0 && n < head.chunks) chunks[n] = removal(m) ? undefined : m.data;
  });
  if (chunks.some((c) => !c)) return undefined;
  const value = Buffer.concat(chunks as Uint8Array[]);
  return value.length === head.bytes ? { value, revision } : undefined;
}

/**
 * Writes an index document: its chunks under a new id, then the head,
 * compare-and-set on the head read before (so of two writers racing one
 * wins; the other removes its chunks), then the replaced document's chunks
 * are removed. A reader still fetching those finds a chunk gone and reads
 * the log instead.
 */
export async function putKvIndexDoc(parts: KvParts, agentId: string, log: LogName, value: Uint8Array): Promise<boolean> {
  const { head: old, revision } = await readHead(parts, agentId, log);
  const id = randomBytes(6).toString("hex");
  const prefix = chunkPrefix(agentId, log, id);
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < value.length || chunks.length === 0; at += CHUNK_BYTES) chunks.push(value.subarray(at, at + CHUNK_BYTES));
  await Promise.all(chunks.map((c, n) => parts.kv.put(prefix + n, c)));
  const head = new TextEncoder().encode(JSON.stringify({ id, chunks: chunks.length, bytes: value.length } satisfies IndexHead));
  try {
    await (revision === 0 ? parts.kv.create(headKey(agentId, log), head) : parts.kv.update(headKey(agentId, log), head, revision));
  } catch (err) {
    await removeChunks(parts, prefix, chunks.length);
    if (wrongSequence(err)) return false;
    throw err;
  }
  if (old) await removeChunks(parts, chunkPrefix(agentId, log, old.id), old.chunks);
  return true;
}

async function removeChunks(parts: KvParts, prefix: string, count: number): Promise<void> {
  await Promise.all(Array.from({ length: count }, (_, n) => parts.kv.purge(prefix + n)));
}
