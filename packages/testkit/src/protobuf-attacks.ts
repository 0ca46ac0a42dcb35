/**
 * Seeded malformed-protobuf payloads for attack suites: every run with the
 * same seed sends the same bytes, so a failure found in CI replays locally.
 * Knows nothing of Boyd's messages: callers hand in encoded samples of the
 * target's request type and of other types (the "wrong type" class).
 */

/** The attack classes, in the order a suite runs them. */
export const ATTACK_CLASSES = [
  "empty payload",
  "random bytes",
  "truncated valid message",
  "valid message of another type",
  "huge varint length",
  "deep nesting / oversized field",
  "bad headers",
  "body near max payload",
] as const;
export type AttackClass = (typeof ATTACK_CLASSES)[number];

/** One malformed request: a body and the headers to send with it. */
export interface Attack {
  readonly attackClass: AttackClass;
  /** What exactly was tried, for failure messages. */
  readonly name: string;
  readonly data: Uint8Array;
  /** Headers to send instead of the suite's ordinary ones, when the attack is on the headers. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** What the generator needs to know about one target. */
export interface AttackTarget {
  /** A valid, non-empty encoding of the target's request type. */
  readonly sample: Uint8Array;
  /** Valid encodings of other message types. */
  readonly others: readonly Uint8Array[];
  /** The server's max payload, bytes (the header block counts too). */
  readonly maxPayload: number;
}

/** A small, fast, seeded PRNG (mulberry32): the same seed gives the same sequence everywhere. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `length` random bytes from `random`. */
export function randomBytesFrom(random: () => number, length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = Math.floor(random() * 256);
  return out;
}

/** A protobuf base-128 varint; bigint so values past 2^53 encode exactly. */
export function varint(value: bigint): Uint8Array {
  const out: number[] = [];
  let v = value;
  do {
    const low = Number(v & 0x7fn);
    v >>= 7n;
    out.push(v > 0n ? low | 0x80 : low);
  } while (v > 0n);
  return Uint8Array.from(out);
}

/** The key of a field: number and wire type (0 varint, 1 fixed64, 2 length-delimited, 3/4 group start/end, 5 fixed32). */
export function fieldKey(field: number, wireType: number): Uint8Array {
  return varint(BigInt((field << 3) | wireType));
}

export function concat(...parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A length-delimited field holding `body`. */
export function lengthDelimited(field: number, body: Uint8Array): Uint8Array {
  return concat(fieldKey(field, 2), varint(BigInt(body.length)), body);
}

/**
 * Random but well-formed protobuf wire data: fields 1..`fields` with a
 * random wire type each. Decoders keep the fields whose type matches and
 * skip the rest, so decoding this and encoding it again synthesises a valid
 * message of a type nothing here describes.
 */
export function randomWireMessage(random: () => number, fields = 12, depth = 2): Uint8Array {
  const parts: Uint8Array[] = [];
  for (let field = 1; field <= fields; field++) {
    if (random() < 0.25) continue;
    const kind = Math.floor(random() * 4);
    if (kind === 0) parts.push(fieldKey(field, 0), varint(BigInt(Math.floor(random() * 1000))));
    else if (kind === 1) parts.push(fieldKey(field, 5), randomBytesFrom(random, 4));
    else if (kind === 2 && depth > 0) parts.push(lengthDelimited(field, randomWireMessage(random, fields, depth - 1)));
    else parts.push(lengthDelimited(field, new TextEncoder().encode(`attack-${Math.floor(random() * 1e6)}`)));
  }
  return concat(...parts);
}

/**
 * The attacks of one class on one target. Counts per class are fixed
 * (truncations fewer for a tiny sample), so summaries compare from run to
 * run. One class at a time keeps the near-1 MB bodies from piling up.
 */
export function attacksOf(attackClass: AttackClass, target: AttackTarget, random: () => number): Attack[] {
  switch (attackClass) {
    case "empty payload":
      return emptyPayload();
    case "random bytes":
      return randomPayloads(random);
    case "truncated valid message":
      return truncations(target.sample, random);
    case "valid message of another type":
      return otherTypes(target.others, random);
    case "huge varint length":
      return hugeLengths(random);
    case "deep nesting / oversized field":
      return deepAndOversized(random);
    case "bad headers":
      return badHeaders(target.sample);
    case "body near max payload":
      return nearMaxPayload(target.maxPayload, random);
  }
}

/** A seed for one (suite seed, name) pair, so each target's bytes do not depend on the order targets run in. */
export function seedFor(seed: number, name: string): number {
  let h = seed >>> 0 ^ 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function emptyPayload(): Attack[] {
  return [{ attackClass: "empty payload", name: "0 bytes", data: new Uint8Array(0) }];
}

const RANDOM_LENGTHS = [1, 2, 7, 64, 512, 4_096, 65_536];

function randomPayloads(random: () => number): Attack[] {
  return RANDOM_LENGTHS.map((n) => ({ attackClass: "random bytes", name: `${n} random bytes`, data: randomBytesFrom(random, n) }));
}

const TRUNCATIONS = 5;

function truncations(sample: Uint8Array, random: () => number): Attack[] {
  const cuts = new Set<number>();
  // Cut just after the first key and just before the end: the two classic
  // cases (a length with no body, a body one byte short), then random ones.
  for (const cut of [1, sample.length - 1]) if (cut > 0 && cut < sample.length) cuts.add(cut);
  for (let i = 0; i < TRUNCATIONS * 4 && cuts.size < TRUNCATIONS && sample.length > 2; i++) cuts.add(1 + Math.floor(random() * (sample.length - 1)));
  return [...cuts].map((cut) => ({ attackClass: "truncated valid message", name: `first ${cut} of ${sample.length} bytes`, data: sample.slice(0, cut) }));
}

const OTHER_TYPES = 3;

function otherTypes(others: readonly Uint8Array[], random: () => number): Attack[] {
  const picked: Attack[] = [];
  for (let i = 0; i < OTHER_TYPES && others.length > 0; i++) {
    const data = others[Math.floor(random() * others.length)]!;
    picked.push({ attackClass: "valid message of another type", name: `another type's message (${data.length} bytes)`, data });
  }
  return picked;
}

const U64_MAX = (1n << 64n) - 1n;

function hugeLengths(random: () => number): Attack[] {
  const field = 1 + Math.floor(random() * 4);
  const huge = (name: string, data: Uint8Array): Attack => ({ attackClass: "huge varint length", name, data });
  return [
    huge(`field ${field}: length 2^32-1, 8 bytes of body`, concat(fieldKey(field, 2), varint(0xffff_ffffn), randomBytesFrom(random, 8))),
    huge(`field ${field}: length 2^64-1`, concat(fieldKey(field, 2), varint(U64_MAX))),
    huge(`field ${field}: length 2^31-1 inside a nested field`, lengthDelimited(field, concat(fieldKey(1, 2), varint(0x7fff_ffffn)))),
    // Eleven continuation bytes: longer than any varint may be.
    huge(`field ${field}: an 11-byte varint`, concat(fieldKey(field, 0), new Uint8Array(10).fill(0xff), Uint8Array.of(0x01))),
    huge("a field number past 2^29", concat(varint(1n << 35n), varint(1n))),
  ];
}

const NEST_DEPTH = 5_000;
const GROUP_DEPTH = 100_000;
const OVERSIZED_FIELD = 512 * 1024;

function deepAndOversized(random: () => number): Attack[] {
  const field = 1 + Math.floor(random() * 4);
  const deep = (name: string, data: Uint8Array): Attack => ({ attackClass: "deep nesting / oversized field", name, data });
  return [
    deep(`${NEST_DEPTH} nested length-delimited field-1 levels`, nested(NEST_DEPTH)),
    // Groups need no lengths, so a decoder that skips them recursively meets the whole depth.
    deep(`${GROUP_DEPTH} nested group starts in field ${field}`, concat(...Array.from({ length: GROUP_DEPTH }, () => fieldKey(field, 3)))),
    deep(`field ${field}: a ${OVERSIZED_FIELD}-byte string`, lengthDelimited(field, new Uint8Array(OVERSIZED_FIELD).fill(0x41))),
    deep(`field ${field} repeated 50000 times`, concat(...Array.from({ length: 50_000 }, () => concat(fieldKey(field, 0), varint(1n))))),
  ];
}

/** Field 1 holding field 1 holding ... `depth` levels, built from the inside out. */
function nested(depth: number): Uint8Array {
  let body: Uint8Array = new Uint8Array(0);
  for (let i = 0; i < depth; i++) body = lengthDelimited(1, body);
  return body;
}

function badHeaders(sample: Uint8Array): Attack[] {
  const header = (name: string, headers: Record<string, string>): Attack => ({ attackClass: "bad headers", name, data: sample, headers });
  const many: Record<string, string> = {};
  for (let i = 0; i < 500; i++) many[`x-attack-${i}`] = "y".repeat(20);
  return [
    header("boyd-deadline: not a number", { "boyd-deadline": "soon" }),
    header("boyd-deadline: negative", { "boyd-deadline": "-1" }),
    header("boyd-deadline: 1e400 (Infinity)", { "boyd-deadline": "1e400" }),
    header("boyd-deadline: 10^30 ms ahead", { "boyd-deadline": "1".padEnd(31, "0") }),
    header("boyd-deadline: 30 days ahead (past setTimeout's range)", { "boyd-deadline": String(Date.now() + 30 * 86_400_000) }),
    header("traceparent: 64 KiB", { traceparent: "0".repeat(64 * 1024) }),
    header("boyd-agent-id: 8 KiB with control characters", { "boyd-agent-id": "\u001b[2K\u0007a".repeat(1_024) }),
    header("500 unknown headers", many),
  ];
}

function nearMaxPayload(maxPayload: number, random: () => number): Attack[] {
  // Room for the subject, reply subject and header block in the same limit.
  const size = maxPayload - 8 * 1024;
  const body = size - 8;
  return [
    { attackClass: "body near max payload", name: `${size} random bytes`, data: randomBytesFrom(random, size) },
    { attackClass: "body near max payload", name: `field 1: a ${body}-byte string`, data: lengthDelimited(1, new Uint8Array(body).fill(0x78)) },
  ];
}
