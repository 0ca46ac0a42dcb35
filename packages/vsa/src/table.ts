import { WORDS } from "./dimension.js";
import { assertHypervector, similarityFromDistance, type Hypervector } from "./hypervector.js";
import { defaultKernel, type HammingKernel } from "./kernel.js";

/** One hit of a similarity search. */
export interface Match {
  /** Position of the vector in the table. */
  index: number;
  /** 1 − Hamming / DIMENSION. */
  similarity: number;
}

/**
 * Vectors stored back to back in a kernel's memory, so comparing a query
 * with all of them is one call into the popcount loop. Layout (in words):
 * [query][distances: capacity int32s, rounded up to a whole vector][vectors].
 */
export class VectorTable {
  private readonly kernel: HammingKernel;
  private capacity = 0;
  private count = 0;

  constructor(options: { kernel?: HammingKernel; capacity?: number } = {}) {
    this.kernel = options.kernel ?? defaultKernel();
    this.grow(Math.max(16, options.capacity ?? 64));
  }

  /** Number of vectors stored. */
  get size(): number {
    return this.count;
  }

  /** Which kernel computes distances ("js" or "wasm"). */
  get kernelName(): string {
    return this.kernel.name;
  }

  /** Appends a vector; returns its index. */
  add(v: Hypervector): number {
    assertHypervector(v);
    if (this.count === this.capacity) this.grow(this.capacity * 2);
    this.kernel.words().set(v, this.vectorsAt() + this.count * WORDS);
    return this.count++;
  }

  /** Replaces the vector at `index`. */
  set(index: number, v: Hypervector): void {
    this.checkIndex(index);
    assertHypervector(v);
    this.kernel.words().set(v, this.vectorsAt() + index * WORDS);
  }

  /** A copy of the vector at `index`. */
  get(index: number): Hypervector {
    this.checkIndex(index);
    const at = this.vectorsAt() + index * WORDS;
    return this.kernel.words().slice(at, at + WORDS);
  }

  /** Removes every vector. */
  clear(): void {
    this.count = 0;
  }

  /** Hamming distance from `query` to every stored vector, in index order. */
  distances(query: Hypervector): Int32Array {
    assertHypervector(query, "query");
    const mem = this.kernel.words();
    mem.set(query, 0);
    this.kernel.distances(0, this.vectorsAt(), this.count, WORDS);
    const words = this.kernel.words();
    return new Int32Array(words.buffer, words.byteOffset + WORDS * 4, this.count).slice();
  }

  /** Similarity of `query` to every stored vector, in index order. */
  similarities(query: Hypervector): Float64Array {
    const d = this.distances(query);
    const out = new Float64Array(d.length);
    for (let i = 0; i < d.length; i++) out[i] = similarityFromDistance(d[i]!);
    return out;
  }

  /**
   * The `k` most similar vectors, best first; equal similarities are ordered
   * by index so the result is deterministic.
   */
  topK(query: Hypervector, k: number): Match[] {
    const d = this.distances(query);
    const order = Array.from(d.keys());
    order.sort((a, b) => d[a]! - d[b]! || a - b);
    return order.slice(0, Math.max(0, k)).map((index) => ({ index, similarity: similarityFromDistance(d[index]!) }));
  }

  private vectorsAt(): number {
    return WORDS + Math.ceil(this.capacity / WORDS) * WORDS;
  }

  private grow(capacity: number): void {
    const oldAt = this.capacity > 0 ? this.vectorsAt() : 0;
    const oldCapacity = this.capacity;
    this.capacity = capacity;
    const newAt = this.vectorsAt();
    this.kernel.reserve((newAt + capacity * WORDS) * 4);
    if (oldCapacity > 0 && this.count > 0) {
      const mem = this.kernel.words();
      mem.copyWithin(newAt, oldAt, oldAt + this.count * WORDS);
    }
  }

  private checkIndex(index: number): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) throw new RangeError(`index ${index} is outside the table (size ${this.count})`);
  }
}
