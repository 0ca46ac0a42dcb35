import { describe, expect, it } from "vitest";
import { Accumulator, DIMENSION, Prng, getBit, randomVector, vectorsEqual, type Hypervector } from "../src/index.js";

// The accumulator counts members bit-sliced and sums the weights as
// integers (short decimals) or floats (anything else). These tests hold it
// to the definition, computed the slow way: per bit, the weight voting 1
// against half of all the weight.

/** Per bit: 1 if more than half the weight votes 1, 0 if less, undefined on an exact tie. Weights in tenths, summed as integers. */
function referenceInTenths(members: readonly Hypervector[], tenths: readonly number[]): (0 | 1 | undefined)[] {
  const total = tenths.reduce((s, t) => s + t, 0);
  return Array.from({ length: DIMENSION }, (_, i) => {
    let ones = 0;
    members.forEach((m, j) => (ones += getBit(m, i) * tenths[j]!));
    return 2 * ones > total ? 1 : 2 * ones < total ? 0 : undefined;
  });
}

function members(seed: number, n: number): Hypervector[] {
  const rng = new Prng(seed);
  return Array.from({ length: n }, () => randomVector(rng));
}

function shuffled<T>(xs: readonly T[], seed: number): T[] {
  const rng = new Prng(seed);
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function accumulate(vs: readonly Hypervector[], weights: readonly number[]): Hypervector {
  const acc = new Accumulator();
  vs.forEach((v, i) => acc.add(v, weights[i]));
  return acc.toVector();
}

describe("Accumulator", () => {
  it("matches the per-bit weighted majority exactly with the text encoder's weights, ties included", () => {
    // 0.3, 0.6, 1, 1.5, 2, 3: the encoder's word, concept and n-gram weights and their repeat caps.
    const tenthsChoices = [3, 6, 10, 15, 20, 30];
    for (const [seed, n] of [
      [1, 7],
      [2, 40],
      [3, 130],
    ] as const) {
      const vs = members(seed, n);
      const tenths = vs.map((_, i) => tenthsChoices[(i * 7 + seed) % tenthsChoices.length]!);
      const got = accumulate(
        vs,
        tenths.map((t) => t / 10),
      );
      const want = referenceInTenths(vs, tenths);
      let decided = 0;
      for (let i = 0; i < DIMENSION; i++) {
        if (want[i] === undefined) continue;
        decided++;
        if (getBit(got, i) !== want[i]) throw new Error(`seed ${seed}, ${n} members: bit ${i} is ${getBit(got, i)}, the weighted majority is ${want[i]}`);
      }
      expect(decided).toBeGreaterThan(DIMENSION * 0.9);
    }
  });

  it("finds ties exactly where equal weights split evenly, 0.3 as well as 1, and breaks them about half each way", () => {
    const vs = members(4, 4);
    const want = referenceInTenths(vs, [3, 3, 3, 3]);
    const tiedAt = [...want.keys()].filter((i) => want[i] === undefined);
    // Two of four members at equal weight: 6/16 of the bits tie.
    expect(tiedAt.length).toBeGreaterThan(DIMENSION * 0.3);
    for (const weight of [0.3, 1]) {
      const got = accumulate(vs, [weight, weight, weight, weight]);
      for (let i = 0; i < DIMENSION; i++) if (want[i] !== undefined) expect(getBit(got, i)).toBe(want[i]);
      const onesAtTies = tiedAt.filter((i) => getBit(got, i) === 1).length / tiedAt.length;
      expect(onesAtTies).toBeGreaterThan(0.45);
      expect(onesAtTies).toBeLessThan(0.55);
    }
  });

  it("falls back to float sums for weights that are not short decimals, with the same majority away from ties", () => {
    const vs = members(5, 25);
    const weights = vs.map((_, i) => (i % 3 === 0 ? 1 / 3 : i % 3 === 1 ? Math.PI : Math.SQRT2));
    const got = accumulate(vs, weights);
    const total = weights.reduce((s, w) => s + w, 0);
    for (let i = 0; i < DIMENSION; i++) {
      let ones = 0;
      vs.forEach((m, j) => (ones += getBit(m, i) * weights[j]!));
      if (Math.abs(2 * ones - total) < 1e-9) continue;
      expect(getBit(got, i)).toBe(2 * ones > total ? 1 : 0);
    }
  });

  it("gives the same vector whatever order the members come in", () => {
    const vs = members(6, 60);
    const weights = vs.map((_, i) => [0.3, 1, 1.5, 0.6][i % 4]!);
    const order = shuffled(
      vs.map((v, i) => [v, weights[i]!] as const),
      9,
    );
    const a = accumulate(vs, weights);
    const b = accumulate(
      order.map(([v]) => v),
      order.map(([, w]) => w),
    );
    expect(vectorsEqual(a, b)).toBe(true);
    const floats = vs.map((_, i) => [1 / 3, Math.E][i % 2]!);
    const floatOrder = shuffled(
      vs.map((v, i) => [v, floats[i]!] as const),
      11,
    );
    expect(
      vectorsEqual(
        accumulate(vs, floats),
        accumulate(
          floatOrder.map(([v]) => v),
          floatOrder.map(([, w]) => w),
        ),
      ),
    ).toBe(true);
  });

  it("counts past a power of two of members without losing a carry (1,025 members of weight 1)", () => {
    const vs = members(7, 1_025);
    const got = accumulate(
      vs,
      vs.map(() => 1),
    );
    const want = referenceInTenths(
      vs,
      vs.map(() => 1),
    );
    for (let i = 0; i < DIMENSION; i++) expect(getBit(got, i)).toBe(want[i]);
  });
});

describe("Accumulator reused", () => {
  it("gives after more members what a new accumulator of all of them gives (its tie-break follows the members)", () => {
    const vs = members(8, 6);
    const acc = new Accumulator();
    vs.slice(0, 4).forEach((v) => acc.add(v));
    acc.toVector();
    vs.slice(4).forEach((v) => acc.add(v));
    expect(vectorsEqual(acc.toVector(), accumulate(vs, vs.map(() => 1)))).toBe(true);
  });
});

describe("Accumulator.addShared", () => {
  it("bundles exactly as add does, ties included, whether a vector's fingerprint is remembered yet or not", () => {
    // Four equal members tie on many bits: the tie-break (seeded by the members' fingerprints) decides them.
    const vs = members(9, 4);
    const weights = [1, 1, 1, 1];
    const expected = accumulate(vs, weights);
    for (let round = 0; round < 2; round++) {
      const acc = new Accumulator();
      vs.forEach((v, i) => acc.addShared(v, weights[i]));
      expect(vectorsEqual(acc.toVector(), expected)).toBe(true);
    }
    // The same vector under another weight is another member.
    const mixed = new Accumulator();
    vs.forEach((v, i) => mixed.addShared(v, i === 0 ? 1.5 : 1));
    expect(vectorsEqual(mixed.toVector(), accumulate(vs, [1.5, 1, 1, 1]))).toBe(true);
    expect(() => new Accumulator().addShared(vs[0]!, 0)).toThrow(RangeError);
  });
});

describe("Accumulator.removeShared and clone", () => {
  it("a copy with members taken back and others added bundles as an accumulator of its members from scratch; the original is unchanged", () => {
    const vs = members(11, 7);
    const base = new Accumulator();
    vs.slice(0, 5).forEach((v, i) => base.addShared(v, i % 2 ? 1.5 : 1));
    const before = base.toVector();
    const copy = base.clone().removeShared(vs[0]!, 1).removeShared(vs[1]!, 1.5).addShared(vs[5]!, 1).addShared(vs[6]!, 0.3);
    // Members 2, 3, 4 (weights 1, 1.5, 1), 5 (1), 6 (0.3); the 1.5 group keeps member 3.
    expect(vectorsEqual(copy.toVector(), accumulate([vs[2]!, vs[3]!, vs[4]!, vs[5]!, vs[6]!], [1, 1.5, 1, 1, 0.3]))).toBe(true);
    expect(vectorsEqual(base.toVector(), before)).toBe(true);
    // Every member of a weight taken back: no group of that weight is left, as if it had never been added.
    const emptied = base.clone().removeShared(vs[1]!, 1.5).removeShared(vs[3]!, 1.5);
    expect(vectorsEqual(emptied.toVector(), accumulate([vs[0]!, vs[2]!, vs[4]!], [1, 1, 1]))).toBe(true);
    expect(() => emptied.removeShared(vs[1]!, 1.5)).toThrow(RangeError);
  });

  // Members are counted seven at a time (a carry-save tree); the ones not yet counted wait.
  it("a copy taken while members wait to be counted, then changed, and the original, both bundle as their members from scratch (per-bit reference)", () => {
    const vs = members(23, 40);
    const tenths = (i: number) => [10, 15, 3][i % 3]!;
    const base = new Accumulator();
    vs.slice(0, 17).forEach((v, i) => base.addShared(v, tenths(i) / 10)); // 17 members: every weight group has some waiting
    const copy = base.clone();
    vs.slice(17).forEach((v, i) => copy.addShared(v, tenths(17 + i) / 10));
    copy.removeShared(vs[4]!, tenths(4) / 10).removeShared(vs[20]!, tenths(20) / 10);
    const kept = vs.map((v, i) => [v, tenths(i)] as const).filter((_, i) => i !== 4 && i !== 20);
    const check = (acc: Accumulator, ms: readonly (readonly [Hypervector, number])[]) => {
      const want = referenceInTenths(ms.map(([v]) => v), ms.map(([, t]) => t));
      const got = acc.toVector();
      for (let i = 0; i < DIMENSION; i++) if (want[i] !== undefined && getBit(got, i) !== want[i]) throw new Error(`bit ${i} is ${getBit(got, i)}, the weighted majority is ${want[i]}`);
    };
    check(copy, kept);
    check(base, vs.slice(0, 17).map((v, i) => [v, tenths(i)] as const));
    expect(vectorsEqual(copy.toVector(), accumulate(kept.map(([v]) => v), kept.map(([, t]) => t / 10)))).toBe(true);
  });

  it("add counts a member as it was when added, whatever the caller does to the vector afterwards", () => {
    const vs = members(29, 3);
    const scratchVector = vs[0]!.slice();
    const acc = new Accumulator().add(scratchVector).add(vs[1]!).add(vs[2]!);
    scratchVector.fill(0);
    expect(vectorsEqual(acc.toVector(), accumulate(vs, [1, 1, 1]))).toBe(true);
  });
});

