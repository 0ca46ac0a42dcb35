import { crc32 } from "node:zlib";
import { WalError } from "./errors.js";

/** Bytes before each payload: u32 little-endian payload length, u32 CRC-32 of the payload. */
export const FRAME_HEADER = 8;

/** One record as it is stored: header and payload. */
export function frameOf(payload: Uint8Array): Buffer {
  const frame = Buffer.allocUnsafe(FRAME_HEADER + payload.length);
  frame.writeUInt32LE(payload.length, 0);
  frame.writeUInt32LE(crc32(payload), 4);
  frame.set(payload, FRAME_HEADER);
  return frame;
}

/** The payloads of a log file, and where its last whole record ends. */
export interface ParsedFrames {
  readonly payloads: Buffer[];
  /** Bytes up to the end of the last whole record; less than the file when its tail is torn. */
  readonly validBytes: number;
}

/**
 * Reads the records of `data`. Only the last record may be bad (a crash cut
 * its append short: it was never acknowledged); a bad record with data after
 * it is corruption, refused as DATA_LOSS naming the file and byte.
 */
export function parseFrames(data: Buffer, file: string): ParsedFrames {
  const payloads: Buffer[] = [];
  let offset = 0;
  while (offset < data.length) {
    if (data.length - offset < FRAME_HEADER) break; // torn header
    const end = offset + FRAME_HEADER + data.readUInt32LE(offset);
    if (end > data.length) break; // torn payload
    const payload = data.subarray(offset + FRAME_HEADER, end);
    if (crc32(payload) !== data.readUInt32LE(offset + 4)) {
      if (end === data.length) break; // torn last record
      throw new WalError(
        "DATA_LOSS",
        `${file}: record at byte ${offset} fails its checksum and ${data.length - end} bytes follow it; the file is corrupt, not torn (restore a backup, or truncate it to ${offset} bytes to keep what precedes it)`,
      );
    }
    payloads.push(payload);
    offset = end;
  }
  return { payloads, validBytes: offset };
}
