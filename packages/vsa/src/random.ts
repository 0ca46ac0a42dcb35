// Deterministic randomness: the same token gives the same vector in every
// process, replica and run, so no item memory has to be shared or persisted.
// Everything is 32-bit integer arithmetic (Math.imul), which JavaScript
// defines exactly on every platform.

/** A 64-bit string hash as two 32-bit halves (cyrb53-style mixing over UTF-16 code units). */
export function hashString(text: string, seed = 0): [number, number] {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h1 >>> 0, h2 >>> 0];
}

/** A 32-bit mixer (splitmix32) used to expand a seed into generator state. */
function splitmix32(state: { s: number }): number {
  state.s = (state.s + 0x9e3779b9) | 0;
  let z = state.s;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** xoshiro128**: a small, fast generator with good statistical quality. */
export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seedLo: number, seedHi = 0) {
    const st = { s: seedLo ^ Math.imul(seedHi, 0x27d4eb2d) };
    this.a = splitmix32(st);
    this.b = splitmix32(st);
    this.c = splitmix32(st);
    this.d = splitmix32(st) | 1; // never the all-zero state
  }

  /** Seeds a generator from a token, e.g. `Prng.fromToken("mammal")`. */
  static fromToken(token: string, domain = 0): Prng {
    const [lo, hi] = hashString(token, domain);
    return new Prng(lo, hi);
  }

  /** The next uniformly distributed unsigned 32-bit integer. */
  nextU32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9);
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextU32() / 4294967296;
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
