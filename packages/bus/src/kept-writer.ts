import type { MessageCodec } from "./definition.js";

/** What ts-proto's encode writes into and returns: `finish()` gives the bytes and empties it, keeping its buffer. */
interface EncodeWriter {
  finish(): Uint8Array;
}

/**
 * Encodes messages into one writer kept between them. ts-proto's encode
 * takes the writer to write into (a generic codec that does not simply
 * ignores it); a new writer per message grew its buffer from a few bytes by
 * doubling and copying, for each of a cycle's ~7 events (~2 KB each) and
 * its session save (~4 KB). The bytes returned are the message's own.
 */
export function keptWriterEncoder<T>(codec: MessageCodec<T>): (message: T) => Uint8Array {
  const encodeInto = codec.encode as (message: T, writer?: EncodeWriter) => EncodeWriter;
  let kept: EncodeWriter | undefined;
  return (message) => {
    const writer = kept;
    // Taken while in use: an encode that throws leaves it half-written, and the next one starts a new writer.
    kept = undefined;
    const used = encodeInto.call(codec, message, writer);
    const bytes = used.finish();
    kept = used;
    return bytes;
  };
}
