import type { EpisodicEntry, Fact } from "@boyd/proto";
import { assertHypervector, BYTES, type Hypervector, type TextEncoder } from "@boyd/vsa";
import { episodeText } from "./recall.js";
import type { LogName } from "./store/port.js";

// The field a record's text vector is stored in, beside the message's own
// JSON fields: a proto JSON name never starts with "@", so it cannot
// collide with one, and the message's fromJSON ignores it.
const VECTOR_FIELD = "@textVector";

/** A text vector as stored: the encoder that made it and its bits (little-endian 32-bit words, base64). */
interface StoredVector {
  encoder: string;
  bits: string;
}

/** The text recall matches a record of `log` on, or undefined for logs recall does not rank. */
export function recallText(log: LogName, record: unknown): string | undefined {
  if (log === "episodes") return episodeText(record as EpisodicEntry);
  if (log === "facts") return (record as Fact).content;
  return undefined;
}

/**
 * Text vectors stored with the records recall ranks (episodes, facts), so
 * a recall, and a replica reading an agent for the first time, takes each
 * record's vector from the store instead of encoding its text: encoding
 * is ~1 ms a record, decoding a stored vector a few microseconds. A record
 * without a vector (written before vectors were stored) or with one from
 * an encoder of other settings is encoded once when read.
 */
export class RecordVectors {
  /** Vectors by record: stored with it, or encoded once for a record without one. */
  private readonly vectors = new WeakMap<object, Hypervector>();
  /**
   * The stored form of each vector made, by vector: the encoder caches a
   * text's vector, and a cycle writes the same facts again and again (the
   * store keeps the first), so each vector is put in base64 once, not per write.
   */
  private readonly stored = new WeakMap<Hypervector, Record<string, StoredVector>>();

  constructor(readonly encoder: TextEncoder) {}

  /** The fields to store with a new record of `log` (its text vector), or undefined when recall does not rank the log. */
  fieldsFor(log: LogName, record: unknown): Record<string, StoredVector> | undefined {
    const text = recallText(log, record);
    if (text === undefined) return undefined;
    const v = this.encoder.encode(text);
    let fields = this.stored.get(v);
    if (!fields) this.stored.set(v, (fields = { [VECTOR_FIELD]: { encoder: this.encoder.fingerprint, bits: Buffer.from(v.buffer, v.byteOffset, BYTES).toString("base64") } }));
    return fields;
  }

  /**
   * The stems of a record's recall text (as `stemsOf` gives them) when its
   * vector was made lately by this process's encoder (a record it wrote);
   * else undefined, and the caller works them out.
   */
  recentStemsOf(log: LogName, record: object): ReadonlySet<string> | undefined {
    const text = recallText(log, record);
    const stems = text === undefined ? undefined : this.encoder.recentStemsOf(text);
    return stems && new Set(stems);
  }

  /** Keeps the vector stored in `json` (a record as parsed from the store) for `record`, when this encoder made it. */
  keep(record: object, json: unknown): void {
    const field = (json as Record<string, unknown> | null)?.[VECTOR_FIELD] as Partial<StoredVector> | undefined;
    if (field?.encoder !== this.encoder.fingerprint || typeof field.bits !== "string") return;
    const vector = decodeBits(field.bits);
    if (vector) this.vectors.set(record, vector);
  }

  /** The text vector of a record of `log`: the one stored with it, else its text encoded (once per record). */
  vectorOf(log: LogName, record: object): Hypervector {
    let vector = this.vectors.get(record);
    if (!vector) this.vectors.set(record, (vector = this.encoder.encode(recallText(log, record) ?? "")));
    return vector;
  }
}

// A stored vector that does not decode to a well-formed hypervector is
// treated as absent: it is derived data, and encoding the text again gives
// the right one.
function decodeBits(bits: string): Hypervector | undefined {
  const bytes = Buffer.from(bits, "base64");
  if (bytes.length !== BYTES) return undefined;
  const vector = new Uint32Array(new Uint8Array(bytes).buffer);
  try {
    assertHypervector(vector);
    return vector;
  } catch {
    return undefined;
  }
}
