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

/** Headers as a plain map; transports convert to and from their own form. */
export type Headers = Record<string, string>;

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;

// Random bytes drawn in bulk: one randomBytes call per trace id costs several
// microseconds, a measurable share of an in-process call.
const POOL_IDS = 256;
let pool = Buffer.alloc(0);
let poolOffset = 0;

/** A fresh W3C traceparent (version 00, sampled). */
export function newTraceparent(): string {
  if (poolOffset >= pool.length) {
    pool = randomBytes(24 * POOL_IDS);
    poolOffset = 0;
  }
  const traceId = pool.toString("hex", poolOffset, poolOffset + 16);
  const spanId = pool.toString("hex", poolOffset + 16, poolOffset + 24);
  poolOffset += 24;
  return `00-${traceId}-${spanId}-01`;
}

/** Whether a string is a well-formed W3C traceparent. */
export function isTraceparent(value: string): boolean {
  return TRACEPARENT.test(value);
}

/** The trace id part of a traceparent, or undefined. */
export function traceIdOf(traceparent: string | undefined): string | undefined {
  return traceparent ? TRACEPARENT.exec(traceparent)?.[1] : undefined;
}
