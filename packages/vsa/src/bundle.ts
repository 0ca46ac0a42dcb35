import { DIMENSION, LAST_MASK, LAST_WORD, WORDS } from "./dimension.js";
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
  /**
   * Members counted per distinct weight. Counting is exact integer work, and
   * the weights only meet in {@link toVector}; the text encoder uses a
   * handful of weights for a hundred members, so this is ~10x faster than
   * adding a float per bit per member.
   */
  private readonly counters = new Map<number, BitCounter>();
  private count = 0;
  private seedLo = 0;
  private seedHi = 0;

  /** Adds a member with a positive weight (default 1). */
  add(v: Hypervector, weight = 1): this {
    checkWeight(weight);
    // A copy: members are counted a few at a time, and the caller may change this vector before its turn.
    return this.count1(v.slice(), weight, fingerprint(v, weight));
  }

  /**
   * Adds a member that is never modified (an item vector, a cached n-gram
   * vector): the same as {@link add}, but its fingerprint is computed once
   * per vector and weight in the process, not once per bundle (it was half
   * the cost of adding a text's atoms).
   */
  addShared(v: Hypervector, weight = 1): this {
    checkWeight(weight);
    return this.count1(v, weight, sharedPrint(v, weight));
  }

  /**
   * Takes back a member added with {@link addShared} (the same vector and
   * weight): the accumulator is then exactly one that never had it, so a
   * bundle of a text close to one bundled before can start from that one's
   * copy. Throws when no member of that weight is left.
   */
  removeShared(v: Hypervector, weight: number): this {
    const counter = this.counters.get(weight);
    if (!counter) throw new RangeError(`no member of weight ${weight} to remove`);
    counter.subtract(v);
    // A weight with no member left is no group at all, as in an accumulator that never had one.
    if (counter.members === 0) this.counters.delete(weight);
    this.count--;
    const [lo, hi] = sharedPrint(v, weight);
    this.seedLo = (this.seedLo - lo) | 0;
    this.seedHi = (this.seedHi - hi) | 0;
    return this;
  }

  /** A copy with the same members, to add to or take from without changing this one. */
  clone(): Accumulator {
    const copy = new Accumulator();
    for (const [weight, counter] of this.counters) copy.counters.set(weight, counter.clone());
    copy.count = this.count;
    copy.seedLo = this.seedLo;
    copy.seedHi = this.seedHi;
    return copy;
  }

  private count1(v: Hypervector, weight: number, [lo, hi]: readonly [number, number]): this {
    let counter = this.counters.get(weight);
    if (!counter) this.counters.set(weight, (counter = new BitCounter()));
    counter.add(v);
    this.count++;
    // Order-independent fingerprint of (member, weight) pairs: a sum of
    // per-member hashes, so bundling is commutative.
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
    if (this.count === 0) return new Uint32Array(WORDS);
    // Weights in ascending order, whatever order members came in: the
    // result depends only on the members.
    const groups = [...this.counters].sort(([a], [b]) => a - b);
    const out = integerMajority(groups) ?? floatMajority(groups);
    // Made for this call: members added after it change the seed.
    let tieBreak: Hypervector | undefined;
    for (let w = 0; w < WORDS; w++) {
      const ties = out.ties[w]!;
      if (ties === 0) continue;
      tieBreak ??= randomVector(new Prng(this.seedLo ^ 0x5bd1e995, this.seedHi));
      out.bits[w] = (out.bits[w]! & ~ties) | (tieBreak[w]! & ties);
    }
    out.bits[LAST_WORD] = out.bits[LAST_WORD]! & LAST_MASK;
    for (let w = LAST_WORD + 1; w < WORDS; w++) out.bits[w] = 0;
    return out.bits;
  }
}

/** A majority before ties are broken: the bits won, and the positions where the weight split exactly in half. */
interface Majority {
  bits: Uint32Array;
  ties: Uint32Array;
}

// Weights that are whole multiples of 10^-DECIMALS (the encoder's 0.3, 1,
// 1.5) are summed as integers, exactly; others fall back to floats.
const MAX_DECIMALS = 4;
// Bits of a weighted count; the total stays below 2^31 so it fits an int.
const MAX_SUM_BITS = 31;

/**
 * The majority with the weights scaled to integers and summed bit-sliced,
 * 32 positions at a time (full adders on whole words), then compared with
 * half the total: exact, so a tie is a tie. Undefined when some weight is
 * not a short decimal or the total would not fit 31 bits.
 */
function integerMajority(groups: readonly (readonly [number, BitCounter])[]): Majority | undefined {
  const scale = decimalScale(groups.map(([w]) => w));
  if (scale === undefined) return undefined;
  const terms: { shift: number; counter: BitCounter }[] = [];
  let total = 0;
  for (const [weight, counter] of groups) {
    const k = Math.round(weight * scale);
    total += k * counter.members;
    for (let shift = 0; shift < MAX_SUM_BITS; shift++) if ((k >>> shift) & 1) terms.push({ shift, counter });
  }
  if (total >= 2 ** MAX_SUM_BITS) return undefined;
  const bitsOfSum = 32 - Math.clz32(total);
  // Position p wins when 2·sum(p) > total: sum > floor(total / 2), and ties when 2·sum == total.
  const half = Math.floor(total / 2);
  const canTie = total % 2 === 0;
  const bits = new Uint32Array(WORDS);
  const ties = new Uint32Array(WORDS);
  const halfBits = Array.from({ length: bitsOfSum + 1 }, (_, b) => (half >>> b) & 1);
  // Room for any shift plus any plane count. No partial sum exceeds the
  // total, so only its bitsOfSum low words are ever written (cleared per word).
  const sum = new Uint32Array(64);
  for (let w = 0; w < WORDS; w++) {
    sum.fill(0, 0, bitsOfSum + 1);
    for (const { shift, counter } of terms) counter.addShiftedInto(sum, w, shift);
    let greater = 0;
    let equal = ~0;
    for (let b = bitsOfSum; b >= 0; b--) {
      const s = sum[b]!;
      if (halfBits[b] === 1) equal &= s;
      else {
        greater |= equal & s;
        equal &= ~s;
      }
    }
    bits[w] = greater;
    if (canTie) ties[w] = equal;
  }
  return { bits, ties };
}

/** 10^d for the fewest decimals d that make every weight whole, or undefined. */
function decimalScale(weights: readonly number[]): number | undefined {
  for (let d = 0, scale = 1; d <= MAX_DECIMALS; d++, scale *= 10) {
    if (weights.every((w) => Math.abs(w * scale - Math.round(w * scale)) <= 1e-9 * w * scale)) return scale;
  }
  return undefined;
}

/** The majority with float weights summed per position. */
function floatMajority(groups: readonly (readonly [number, BitCounter])[]): Majority {
  const ones = new Float64Array(WORDS * 32);
  let total = 0;
  for (const [weight, counter] of groups) {
    counter.addWeighted(ones, weight);
    total += weight * counter.members;
  }
  const half = total / 2;
  const bits = new Uint32Array(WORDS);
  const ties = new Uint32Array(WORDS);
  for (let i = 0; i < DIMENSION; i++) {
    const o = ones[i]!;
    if (o > half) bits[i >>> 5] = bits[i >>> 5]! | (1 << (i & 31));
    // Exact float equality: equal weights split evenly sum the same both ways.
    else if (o === half) ties[i >>> 5] = ties[i >>> 5]! | (1 << (i & 31));
  }
  return { bits, ties };
}

/**
 * How many members have each bit set, bit-sliced: plane p holds bit p of
 * every position's count. Members are counted seven at a time: a
 * carry-save tree of full adders sums seven words into three (ones, twos,
 * fours) with straight-line logic, and those three are carried into the
 * planes. Carrying each member in alone took a data-dependent loop per
 * word whose branches the processor mispredicted: about 5x slower. Until
 * seven have come, members wait in `pending` (vectors never modified
 * there); anything that reads or changes the planes counts them first.
 */
class BitCounter {
  members = 0;
  /** Plane p is words [p * WORDS, (p + 1) * WORDS); grown as the count needs more bits. */
  private planes = new Uint32Array(WORDS * 4);
  private planeCount = 0;
  /** Members added but not yet in the planes (at most BATCH - 1). */
  private pending: Hypervector[] = [];

  add(v: Hypervector): void {
    this.members++;
    this.pending.push(v);
    if (this.pending.length === BATCH) this.settle();
  }

  /**
   * Takes back a member added before (ripple-borrow over the planes): each
   * of its bits was counted, so no count goes below zero. The planes stay;
   * the high ones just hold zeros.
   */
  subtract(v: Hypervector): void {
    if (this.members === 0) throw new RangeError("no member to remove");
    this.settle();
    this.members--;
    const planes = this.planes;
    for (let w = 0; w < WORDS; w++) {
      let borrow = v[w]!;
      for (let i = w; borrow !== 0 && i < planes.length; i += WORDS) {
        const bits = planes[i]!;
        planes[i] = bits ^ borrow;
        borrow = ~bits & borrow;
      }
    }
  }

  clone(): BitCounter {
    const copy = new BitCounter();
    copy.members = this.members;
    copy.planes = this.planes.slice();
    copy.planeCount = this.planeCount;
    copy.pending = [...this.pending];
    return copy;
  }

  /** Counts the pending members into the planes. */
  settle(): void {
    const pending = this.pending;
    if (pending.length === 0) return;
    // Enough planes to hold a count of `members` at every position.
    const needed = 32 - Math.clz32(this.members);
    if (needed > this.planeCount) this.grow(needed);
    if (pending.length === BATCH) this.carrySaveSeven(pending);
    else {
      let i = 0;
      for (; i + 3 <= pending.length; i += 3) this.carrySaveThree(pending[i]!, pending[i + 1]!, pending[i + 2]!);
      for (; i < pending.length; i++) this.carryIn(pending[i]!, 0);
    }
    pending.length = 0;
  }

  /** Seven members at once: per word, four full adders make the count's ones, twos and fours, carried in at planes 0, 1 and 2. */
  private carrySaveSeven([a, b, c, d, e, f, g]: readonly Hypervector[]): void {
    const ones = scratch[0]!;
    const twos = scratch[1]!;
    const fours = scratch[2]!;
    for (let w = 0; w < WORDS; w++) {
      const aw = a![w]!, bw = b![w]!, cw = c![w]!, dw = d![w]!, ew = e![w]!, fw = f![w]!, gw = g![w]!;
      let x = aw ^ bw;
      const s1 = x ^ cw;
      const c1 = (aw & bw) | (x & cw);
      x = dw ^ ew;
      const s2 = x ^ fw;
      const c2 = (dw & ew) | (x & fw);
      x = s1 ^ s2;
      ones[w] = x ^ gw;
      const c3 = (s1 & s2) | (x & gw);
      x = c1 ^ c2;
      twos[w] = x ^ c3;
      fours[w] = (c1 & c2) | (x & c3);
    }
    this.carryIn(ones, 0);
    this.carryIn(twos, 1);
    this.carryIn(fours, 2);
  }

  /** Three members at once: a full adder per word makes the count's ones and twos. */
  private carrySaveThree(a: Hypervector, b: Hypervector, c: Hypervector): void {
    const ones = scratch[0]!;
    const twos = scratch[1]!;
    for (let w = 0; w < WORDS; w++) {
      const aw = a[w]!, bw = b[w]!, cw = c[w]!;
      const x = aw ^ bw;
      ones[w] = x ^ cw;
      twos[w] = (aw & bw) | (x & cw);
    }
    this.carryIn(ones, 0);
    this.carryIn(twos, 1);
  }

  /** Adds `v` x 2^plane to every position's count (ripple-carry from that plane up). */
  private carryIn(v: Uint32Array, plane: number): void {
    const planes = this.planes;
    const base = plane * WORDS;
    for (let w = 0; w < WORDS; w++) {
      let carry = v[w]!;
      for (let i = base + w; carry !== 0; i += WORDS) {
        const bits = planes[i]!;
        planes[i] = bits ^ carry;
        carry = bits & carry;
      }
    }
  }

  /** Adds this counter's count at word `w`, times 2^shift, into the bit-sliced number `sum` (ripple-carry over the planes). */
  addShiftedInto(sum: Uint32Array, w: number, shift: number): void {
    if (this.pending.length > 0) this.settle();
    const planes = this.planes;
    let carry = 0;
    let b = shift;
    for (let p = 0; p < this.planeCount; p++, b++) {
      const a = planes[p * WORDS + w]!;
      const s = sum[b]!;
      sum[b] = s ^ a ^ carry;
      carry = (s & a) | (carry & (s ^ a));
    }
    for (; carry !== 0; b++) {
      const s = sum[b]!;
      sum[b] = s ^ carry;
      carry = s & carry;
    }
  }

  /** Adds `weight` x this counter's count at every position to `ones`. */
  addWeighted(ones: Float64Array, weight: number): void {
    this.settle();
    const planes = this.planes;
    for (let p = 0; p < this.planeCount; p++) {
      const value = weight * 2 ** p;
      for (let w = 0; w < WORDS; w++) {
        let bits = planes[p * WORDS + w]!;
        const base = w << 5;
        while (bits !== 0) {
          const low = bits & -bits;
          ones[base + 31 - Math.clz32(low)]! += value;
          bits ^= low;
        }
      }
    }
  }

  private grow(planeCount: number): void {
    if (planeCount * WORDS > this.planes.length) {
      const planes = new Uint32Array(WORDS * planeCount * 2);
      planes.set(this.planes);
      this.planes = planes;
    }
    this.planeCount = planeCount;
  }
}

// Members counted together (see BitCounter): 7 = 2^3 - 1, the most three output words can count.
const BATCH = 7;
// The ones, twos and fours of a batch: used within one call, never across an await.
const scratch = [new Uint32Array(WORDS), new Uint32Array(WORDS), new Uint32Array(WORDS)];

/** Majority bundle of vectors, optionally weighted (weights[i] for vs[i]). */
export function bundle(vs: readonly Hypervector[], weights?: readonly number[]): Hypervector {
  const acc = new Accumulator();
  vs.forEach((v, i) => acc.add(v, weights?.[i] ?? 1));
  return acc.toVector();
}

/** Fingerprints of members added with addShared, by vector and weight (vectors never modified, so never stale). */
const sharedPrints = new WeakMap<Hypervector, Map<number, readonly [number, number]>>();

function sharedPrint(v: Hypervector, weight: number): readonly [number, number] {
  let prints = sharedPrints.get(v);
  if (!prints) sharedPrints.set(v, (prints = new Map()));
  let print = prints.get(weight);
  if (!print) prints.set(weight, (print = fingerprint(v, weight)));
  return print;
}

function checkWeight(weight: number): void {
  if (!(weight > 0) || !Number.isFinite(weight)) throw new RangeError(`bundle weight must be a positive finite number, got ${weight}`);
}

function fingerprint(v: Hypervector, weight: number): readonly [number, number] {
  let h1 = 0x811c9dc5 ^ Math.round(weight * 1e6);
  let h2 = 0x1b873593;
  for (let i = 0; i < WORDS; i++) {
    h1 = Math.imul(h1 ^ v[i]!, 0x01000193);
    h2 = Math.imul(h2 + v[i]!, 0x85ebca6b) ^ (h2 >>> 15);
  }
  return [h1 >>> 0, h2 >>> 0];
}
