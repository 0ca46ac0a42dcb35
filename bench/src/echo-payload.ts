import { randomBytes } from "node:crypto";
import { EchoRequest } from "@boyd/proto";

/** Subject of the raw nats.js echo responder (the @boyd/bus one uses the rpc subject). */
export const RAW_SUBJECT = "bench.raw.echo";

/** Queue group both responders join, so NATS routes both the same way. */
export const QUEUE = "bench";

/** Size of the Echo `payload` field. */
export const PAYLOAD_BYTES = 256;

/**
 * The request every benchmark sends: a short text and 256 random bytes.
 * Raw nats.js sends exactly `encoded`; the typed client encodes `request`
 * to the same bytes, so both carry the same body on the wire.
 */
export function makeEchoRequest(): { request: EchoRequest; encoded: Uint8Array } {
  const request: EchoRequest = { text: "bench", payload: randomBytes(PAYLOAD_BYTES), delayMs: 0 };
  return { request, encoded: EchoRequest.encode(request).finish() };
}
