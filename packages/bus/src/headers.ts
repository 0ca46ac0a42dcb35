import { randomBytes } from "node:crypto";

/** Header names on every request and reply (lower-case; NATS and gRPC metadata alike). */
export const Header = {
  /** Absolute deadline of the call, unix milliseconds. */
  deadline: "boyd-deadline",
  /** The agent the call acts for, when there is one. */
  agentId: "boyd-agent-id",
  /** W3C trace context. */
  traceparent: "traceparent",
  /** Reply status code name; absent means OK. */
  status: "boyd-status",
  /** Human-readable reply status message. */
  message: "boyd-message",
} as const;

/**
 * Longest status message carried on a reply, in characters before encoding.
 * Longer ones are cut and end with an ellipsis: a header block has to fit the
 * NATS max payload and gRPC metadata limits.
 */
export const MAX_MESSAGE_CHARS = 4_096;

/**
 * A status message as a header value. NATS (and gRPC metadata) refuse CR/LF
 * and other control characters in headers, and a refused header means the
 * reply is never sent, so the caller waits out its deadline. Everything
 * outside printable ASCII, and `%` itself, is percent-encoded as UTF-8;
 * {@link decodeMessageHeader} restores the text.
 */
export function encodeMessageHeader(message: string): string {
  return percentEncode(capMessage(message));
}

/** The text of a header made by {@link encodeMessageHeader}; a value that is not valid encoding is kept as it came. */
export function decodeMessageHeader(value: string): string {
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Cuts a message to {@link MAX_MESSAGE_CHARS}, ending with "…", without splitting a surrogate pair. */
export function capMessage(message: string): string {
  if (message.length <= MAX_MESSAGE_CHARS) return message;
  let end = MAX_MESSAGE_CHARS - 1;
  const last = message.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${message.slice(0, end)}…`;
}

function percentEncode(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 0x20 && code <= 0x7e && ch !== "%") out += ch;
    // A lone surrogate has no UTF-8 form; Buffer writes U+FFFD in its place.
    else for (const byte of Buffer.from(ch, "utf8")) out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** Headers as a plain map; transports convert to and from their own form. */
export type Headers = Record<string, string>;

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;

// Random bytes drawn in bulk and turned into hex once per refill: a
// randomBytes call per trace id costs several microseconds, and a hex
// conversion per id shows in a CPU profile of a call. Each id is then a
// slice of the hex string.
const POOL_IDS = 256;
const ID_HEX = 48; // 16-byte trace id + 8-byte span id
let poolHex = "";
let poolOffset = 0;

/** A fresh W3C traceparent (version 00, sampled). */
export function newTraceparent(): string {
  if (poolOffset >= poolHex.length) {
    poolHex = randomBytes((ID_HEX / 2) * POOL_IDS).toString("hex");
    poolOffset = 0;
  }
  const at = poolOffset;
  poolOffset += ID_HEX;
  return `00-${poolHex.slice(at, at + 32)}-${poolHex.slice(at + 32, at + ID_HEX)}-01`;
}

/** Whether a string is a well-formed W3C traceparent. */
export function isTraceparent(value: string): boolean {
  return TRACEPARENT.test(value);
}

/** The trace id part of a traceparent, or undefined. */
export function traceIdOf(traceparent: string | undefined): string | undefined {
  return traceparent ? TRACEPARENT.exec(traceparent)?.[1] : undefined;
}
