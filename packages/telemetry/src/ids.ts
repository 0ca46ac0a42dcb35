import { randomBytes } from "node:crypto";

// Random bytes drawn in bulk: one randomBytes call per id costs several
// microseconds, a measurable share of an in-process call.
const POOL_IDS = 256;
let pool = Buffer.alloc(0);
let offset = 0;

function take(bytes: number): string {
  if (offset + bytes > pool.length) {
    pool = randomBytes(24 * POOL_IDS);
    offset = 0;
  }
  const hex = pool.toString("hex", offset, offset + bytes);
  offset += bytes;
  return hex;
}

/** A random W3C trace id: 32 lower-case hex digits. */
export function randomTraceId(): string {
  return take(16);
}

/** A random W3C span id: 16 lower-case hex digits. */
export function randomSpanId(): string {
  return take(8);
}
