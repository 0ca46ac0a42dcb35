import { DIMENSION, WORDS } from "./dimension.js";
import { randomVector, type Hypervector } from "./hypervector.js";
import { Prng } from "./random.js";

/**
 * Weighted majority vote over vectors (bundling, superposition). Each bit of
 * the result is the weighted majority of the members' bits.
 *
 * Ties (an exact half of the weight on each side; common with an even number
 * of equal-weight members) are broken by a random vector seeded from the
 * members themselves. A fixed tie-break vector (the reference breaks ties by
 * bit parity) gives every even bundle the same bits wherever it ties, so two
 * bundles that share no member still agree on those bits and look about 0.62
 * similar; a tie-break that depends on the members keeps unrelated bundles at
 * 0.5 while the bundle stays a pure function of its (unordered) members.
 */
export class Accumulator {
  /** Weight voting for a 1, per bit (padded to whole words; padding bits are never set). */
  private readonly ones = new Float64Array(WORDS * 32);
  private total = 0;
  private count = 0;
  private seedLo = 0;
  private seedHi = 0;

  /** Adds a member with a positive weight (default 1). */
  add(v: Hypervector, weight = 1): this {
    if (!(weight > 0) || !Number.isFinite(weight)) throw new RangeError(`bundle weight must be a positive finite number, got ${weight}`);
    const ones = this.ones;
    // Branch-free inner loop: about 1 ns per bit.
    for (let w = 0; w < WORDS; w++) {
      const x = v[w]!;
      if (x === 0) continue;
      const base = w << 5;
      for (let b = 0; b < 32; b++) ones[base + b]! += ((x >>> b) & 1) * weight;
    }
    this.total += weight;
    this.count++;
    // Order-independent fingerprint of (member, weight) pairs: a sum of
    // per-member hashes, so bundling is commutative.
    const [lo, hi] = fingerprint(v, weight);
    this.seedLo = (this.seedLo + lo) | 0;
    this.seedHi = (this.seedHi + hi) | 0;
    return this;
  }

  /** Members added so far. */
  get size(): number {
    return this.count;
  }

  /** The majority vector. An empty accumulator gives the zero vector. */
  toVector(): Hypervector {
    const out = new Uint32Array(WORDS);
    if (this.count === 0) return out;
    const half = this.total / 2;
    // Exact float equality is intended: a tie only happens when equal
    // weights split evenly, and then the sums are exact.
    let tieBreak: Hypervector | undefined;
    for (let i = 0; i < DIMENSION; i++) {
      const o = this.ones[i]!;
      let bit: number;
      if (o > half) bit = 1;
      else if (o < half) bit = 0;
      else {
        tieBreak ??= randomVector(new Prng(this.seedLo ^ 0x5bd1e995, this.seedHi));
        bit = (tieBreak[i >>> 5]! >>> (i & 31)) & 1;
      }
      if (bit) out[i >>> 5] = out[i >>> 5]! | (1 << (i & 31));
    }
    return out;
  }
}

/** Majority bundle of vectors, optionally weighted (weights[i] for vs[i]). */
export function bundle(vs: readonly Hypervector[], weights?: readonly number[]): Hypervector {
  const acc = new Accumulator();
  vs.forEach((v, i) => acc.add(v, weights?.[i] ?? 1));
  return acc.toVector();
}

function fingerprint(v: Hypervector, weight: number): [number, number] {
  let h1 = 0x811c9dc5 ^ Math.round(weight * 1e6);
  let h2 = 0x1b873593;
  for (let i = 0; i < WORDS; i++) {
    h1 = Math.imul(h1 ^ v[i]!, 0x01000193);
    h2 = Math.imul(h2 + v[i]!, 0x85ebca6b) ^ (h2 >>> 15);
  }
  return [h1 >>> 0, h2 >>> 0];
}
