import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import {
  Accumulator,
  DIMENSION,
  Prng,
  WORDS,
  assertHypervector,
  bind,
  bundle,
  createKernel,
  getBit,
  hammingJs,
  hammingWasm,
  itemVector,
  permute,
  randomVector,
  similarity,
  unbind,
  vectorsEqual,
  weight,
  zeroVector,
} from "../src/index.js";

const rng = new Prng(42);
const rand = () => randomVector(rng);
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe("hypervectors", () => {
  it("random vectors are about half ones and unrelated to each other (0.5 ± 0.02)", () => {
    for (let i = 0; i < 50; i++) {
      const a = rand();
      const b = rand();
      expect(similarity(a, b)).toBeGreaterThan(0.48);
      expect(similarity(a, b)).toBeLessThan(0.52);
      expect(weight(a) / DIMENSION).toBeGreaterThan(0.47);
      expect(weight(a) / DIMENSION).toBeLessThan(0.53);
      assertHypervector(a); // padding bits stay zero
    }
    expect(similarity(rand(), rand())).not.toBe(1);
    const a = rand();
    expect(similarity(a, a)).toBe(1);
  });

  it("bind is exact to undo, and a bound pair resembles neither input", () => {
    const a = rand();
    const b = rand();
    const ab = bind(a, b);
    expect(vectorsEqual(unbind(ab, b), a)).toBe(true);
    expect(vectorsEqual(unbind(ab, a), b)).toBe(true);
    expect(Math.abs(similarity(ab, a) - 0.5)).toBeLessThan(0.02);
    expect(vectorsEqual(bind(a, zeroVector()), a)).toBe(true);
  });

  it("a bundle of three is clearly similar (> 0.55) to each member and not to outsiders", () => {
    for (let t = 0; t < 10; t++) {
      const members = [rand(), rand(), rand()];
      const b = bundle(members);
      for (const m of members) expect(similarity(b, m)).toBeGreaterThan(0.55);
      expect(Math.abs(similarity(b, rand()) - 0.5)).toBeLessThan(0.02);
    }
  });

  it("bundling is order-independent, and weights tilt the vote", () => {
    const [a, b, c, d] = [rand(), rand(), rand(), rand()];
    expect(vectorsEqual(bundle([a, b, c, d]), bundle([d, b, a, c]))).toBe(true);
    const heavy = bundle([a, b, c], [3, 1, 1]);
    expect(vectorsEqual(heavy, a)).toBe(true); // 3 > 1 + 1 on every bit
    expect(() => new Accumulator().add(a, 0)).toThrow(/positive/);
    expect(vectorsEqual(new Accumulator().toVector(), zeroVector())).toBe(true);
  });

  it("even bundles with no shared member stay unrelated: the tie-break does not correlate them", () => {
    // With a fixed tie-break vector (or the reference's bit parity) both
    // bundles take the same bit wherever both tie (a quarter of the bits for
    // pairs), which puts unrelated pairs near 0.62.
    const sims = Array.from({ length: 40 }, () => similarity(bundle([rand(), rand()]), bundle([rand(), rand()])));
    expect(Math.abs(mean(sims) - 0.5)).toBeLessThan(0.01);
    const fours = Array.from({ length: 20 }, () => similarity(bundle([rand(), rand(), rand(), rand()]), bundle([rand(), rand(), rand(), rand()])));
    expect(Math.abs(mean(fours) - 0.5)).toBeLessThan(0.01);
  });

  it("permute rotates bits within the dimension and is undone by the opposite shift", () => {
    const a = rand();
    const p = permute(a, 1);
    for (const i of [0, 1, 31, 32, 5000, DIMENSION - 2]) expect(getBit(p, i + 1)).toBe(getBit(a, i));
    expect(getBit(p, 0)).toBe(getBit(a, DIMENSION - 1)); // wraps at D, not at the padded length
    expect(vectorsEqual(permute(permute(a, 1234), -1234), a)).toBe(true);
    expect(vectorsEqual(permute(a, DIMENSION), a)).toBe(true);
    expect(Math.abs(similarity(p, a) - 0.5)).toBeLessThan(0.02);
    assertHypervector(permute(a, 77));
  });

  it("the JS and WebAssembly popcount kernels agree bit for bit", () => {
    for (let i = 0; i < 20; i++) {
      const a = rand();
      const b = i === 0 ? a : rand();
      expect(hammingWasm(a, b)).toBe(hammingJs(a, b));
    }
    const all = Array.from({ length: 33 }, rand);
    for (const kind of ["js", "wasm"] as const) {
      const k = createKernel(kind);
      k.reserve((1 + all.length + all.length) * WORDS * 4);
      all.forEach((v, i) => k.words().set(v, (i + 1) * WORDS));
      k.words().set(all[5]!, 0);
      const out = (all.length + 1) * WORDS;
      k.distances(0, WORDS, all.length, out);
      const got = Array.from(new Int32Array(k.words().buffer, out * 4, all.length));
      expect(got).toEqual(all.map((v) => hammingJs(all[5]!, v)));
    }
  });

  it("rejects malformed vectors", () => {
    expect(() => assertHypervector(new Uint32Array(3))).toThrow(/314 words/);
    const bad = zeroVector();
    bad[WORDS - 1] = 1;
    expect(() => assertHypervector(bad)).toThrow(/padding/);
  });
});

describe("item memory", () => {
  it("derives the same vector for a token every time, and different tokens are unrelated", () => {
    const a = itemVector("mammal");
    expect(vectorsEqual(itemVector("mammal"), a)).toBe(true);
    expect(Math.abs(similarity(a, itemVector("mammals")) - 0.5)).toBeLessThan(0.02);
  });

  it("gives identical vectors in a separate process", () => {
    const script = `import { itemVector } from "./src/index.ts"; process.stdout.write(Buffer.from(itemVector("photosynthesis").buffer).toString("base64"));`;
    const out = execFileSync("npx", ["tsx", "--eval", script], { cwd: new URL("..", import.meta.url).pathname, encoding: "utf8" });
    expect(out).toBe(Buffer.from(itemVector("photosynthesis").buffer).toString("base64"));
  });
});
