import { DIMENSION, LAST_MASK, LAST_WORD, WORDS } from "./dimension.js";
import { type Prng } from "./random.js";

/**
 * A binary hypervector: DIMENSION bits packed little-endian into WORDS 32-bit
 * words (bit i is bit i % 32 of word i / 32). Padding bits are always zero.
 * Vectors are plain typed arrays so they can be copied into WebAssembly
 * memory or sent over the wire as bytes without conversion.
 */
export type Hypervector = Uint32Array;

/** A vector of zero bits (the identity of bind). */
export function zeroVector(): Hypervector {
  return new Uint32Array(WORDS);
}

/** A uniformly random vector drawn from `rng`. */
export function randomVector(rng: Prng): Hypervector {
  const v = new Uint32Array(WORDS);
  for (let i = 0; i <= LAST_WORD; i++) v[i] = rng.nextU32();
  v[LAST_WORD] = v[LAST_WORD]! & LAST_MASK;
  return v;
}

/** Bind (XOR): the result is dissimilar to both inputs; binding again with either recovers the other. */
export function bind(a: Hypervector, b: Hypervector): Hypervector {
  const out = new Uint32Array(WORDS);
  for (let i = 0; i < WORDS; i++) out[i] = a[i]! ^ b[i]!;
  return out;
}

/** Unbind is bind: XOR is its own inverse. */
export const unbind = bind;

/**
 * Permute: rotate by `shift` bit positions within DIMENSION (bit i moves to
 * (i + shift) mod DIMENSION). Used to encode order, e.g. a character's
 * position in an n-gram. Negative shifts rotate the other way.
 */
export function permute(v: Hypervector, shift: number): Hypervector {
  const s = ((shift % DIMENSION) + DIMENSION) % DIMENSION;
  if (s === 0) return v.slice();
  const out = new Uint32Array(WORDS);
  for (let w = 0; w <= LAST_WORD; w++) {
    let bits = v[w]!;
    while (bits !== 0) {
      const low = bits & -bits;
      const i = w * 32 + (31 - Math.clz32(low));
      bits ^= low;
      let j = i + s;
      if (j >= DIMENSION) j -= DIMENSION;
      out[j >>> 5] = out[j >>> 5]! | (1 << (j & 31));
    }
  }
  return out;
}

/** Bit count of a 32-bit word (SWAR). */
export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Number of differing bits, computed in plain JavaScript. */
export function hammingJs(a: Hypervector, b: Hypervector): number {
  let d = 0;
  for (let i = 0; i < WORDS; i++) d += popcount32(a[i]! ^ b[i]!);
  return d;
}

/** Number of set bits. */
export function weight(v: Hypervector): number {
  let n = 0;
  for (let i = 0; i < WORDS; i++) n += popcount32(v[i]!);
  return n;
}

/** Similarity from a Hamming distance: 1 − distance / DIMENSION; 0.5 means unrelated. */
export function similarityFromDistance(distance: number): number {
  return 1 - distance / DIMENSION;
}

/** Whether two vectors are bit-for-bit equal. */
export function vectorsEqual(a: Hypervector, b: Hypervector): boolean {
  for (let i = 0; i < WORDS; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Reads bit i. */
export function getBit(v: Hypervector, i: number): 0 | 1 {
  return ((v[i >>> 5]! >>> (i & 31)) & 1) as 0 | 1;
}

/** Checks that a value is a well-formed hypervector (right length, zero padding). */
export function assertHypervector(v: unknown, what = "vector"): asserts v is Hypervector {
  if (!(v instanceof Uint32Array) || v.length !== WORDS) throw new TypeError(`${what}: expected a Uint32Array of ${WORDS} words`);
  if ((v[LAST_WORD]! & ~LAST_MASK) !== 0 || (LAST_WORD + 1 < WORDS && v[WORDS - 1] !== 0)) {
    throw new TypeError(`${what}: padding bits beyond ${DIMENSION} must be zero`);
  }
}
