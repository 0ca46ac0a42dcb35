import type { Headers } from "./headers.js";
import type { Envelope } from "./transport.js";

/** Encodes one message type (a ts-proto codec's `encode`). */
interface Encoder<T> {
  encode(message: T): { finish(): Uint8Array };
}

/**
 * An envelope carrying `message` itself, for a transport that hands
 * messages over in-process: the protobuf encoding is made only if someone
 * reads `data` (a tracer counting bytes, an event log), and then once.
 * A cycle's calls in embedded mode encoded and decoded every request and
 * reply (about a fifth of the cycle's CPU) for nothing.
 */
export function messageEnvelope<T>(message: T, type: Encoder<T>, headers: Headers): Envelope {
  let data: Uint8Array | undefined;
  return {
    message,
    headers,
    get data() {
      return (data ??= type.encode(message).finish());
    },
  };
}

/** The same envelope on its way to a receiver, with fresh headers and the message kept (its bytes still made only when read). */
export function forwardEnvelope(envelope: Envelope, subject: string): Envelope & { readonly subject: string } {
  const headers = { ...envelope.headers };
  if (envelope.message === undefined) return { subject, data: envelope.data, headers };
  return {
    subject,
    message: envelope.message,
    headers,
    get data() {
      return envelope.data;
    },
  };
}
