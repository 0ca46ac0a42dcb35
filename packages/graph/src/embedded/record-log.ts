import { closeSync, fsyncSync, ftruncateSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { dirname } from "node:path";
import { crc32 } from "node:zlib";
import { GraphError } from "../errors.js";

/**
 * An append-only file of checksummed records: each is an 8-byte header
 * (u32 little-endian payload length, u32 CRC-32 of the payload) and the
 * payload. A record is acknowledged once it is written and fsync'd.
 *
 * A crash can leave a torn last record (a short header, a short payload, or
 * a checksum that does not match, with nothing after it): opening detects it,
 * reports it, and cuts the file back to the last whole record — that record
 * was never acknowledged. A bad record with data after it is corruption, not
 * a torn write: opening refuses with DATA_LOSS rather than guess.
 */
export class RecordLog {
  private constructor(
    private readonly path: string,
    private handle: FileHandle,
    private size: number,
  ) {}

  /** What opening found: the payloads in order, and any torn tail it cut off. */
  static async open(path: string): Promise<{ log: RecordLog; records: Buffer[]; tornTail?: TornTail }> {
    let data: Buffer;
    try {
      data = readFileSync(path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      data = Buffer.alloc(0);
    }
    const { records, validBytes } = parse(data, path);
    let tornTail: TornTail | undefined;
    if (validBytes < data.length) {
      tornTail = { offset: validBytes, discardedBytes: data.length - validBytes };
      const fd = openSync(path, "r+");
      try {
        // Cut the unacknowledged tail so later appends follow a whole record.
        ftruncateSync(fd, validBytes);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    }
    const handle = await open(path, "a");
    if (data.length === 0) syncDir(path);
    return { log: new RecordLog(path, handle, validBytes), records, ...(tornTail ? { tornTail } : {}) };
  }

  /** Bytes in the log. */
  get bytes(): number {
    return this.size;
  }

  /** Appends one record and fsyncs; resolves when it is durable. */
  async append(payload: Buffer): Promise<void> {
    const frame = frameOf(payload);
    await this.handle.write(frame);
    await this.handle.sync();
    this.size += frame.length;
  }

  /**
   * Replaces the whole log with `payloads` (a snapshot), atomically: written
   * to a temp file, fsync'd, renamed over the log, directory fsync'd.
   */
  async rewrite(payloads: Iterable<Buffer>): Promise<void> {
    const temp = `${this.path}.compact`;
    const fd = openSync(temp, "w");
    let size = 0;
    try {
      for (const p of payloads) {
        const frame = frameOf(p);
        writeSync(fd, frame);
        size += frame.length;
      }
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    await this.handle.close();
    renameSync(temp, this.path);
    syncDir(this.path);
    this.handle = await open(this.path, "a");
    this.size = size;
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

/** A torn last record found (and cut off) when opening. */
export interface TornTail {
  /** Where the last whole record ends. */
  readonly offset: number;
  readonly discardedBytes: number;
}

const HEADER = 8;

function frameOf(payload: Buffer): Buffer {
  const frame = Buffer.allocUnsafe(HEADER + payload.length);
  frame.writeUInt32LE(payload.length, 0);
  frame.writeUInt32LE(crc32(payload), 4);
  payload.copy(frame, HEADER);
  return frame;
}

function parse(data: Buffer, path: string): { records: Buffer[]; validBytes: number } {
  const records: Buffer[] = [];
  let offset = 0;
  while (offset < data.length) {
    if (data.length - offset < HEADER) break; // torn header
    const length = data.readUInt32LE(offset);
    const end = offset + HEADER + length;
    if (end > data.length) break; // torn payload
    const payload = data.subarray(offset + HEADER, end);
    if (crc32(payload) !== data.readUInt32LE(offset + 4)) {
      if (end === data.length) break; // torn last record
      throw new GraphError(
        "DATA_LOSS",
        `${path}: record at byte ${offset} fails its checksum and ${data.length - end} bytes follow it; the store is corrupt, not torn (restore a backup, or truncate the file to ${offset} bytes to keep what precedes it)`,
      );
    }
    records.push(payload);
    offset = end;
  }
  return { records, validBytes: offset };
}

function syncDir(path: string): void {
  const fd = openSync(dirname(path), "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
