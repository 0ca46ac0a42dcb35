import { WORDS } from "./dimension.js";
import { hammingJs, similarityFromDistance, type Hypervector } from "./hypervector.js";
import { createKernel, defaultKernelKind, type HammingKernel } from "./kernel.js";

let pair: HammingKernel | undefined;

/** Hamming distance of two vectors, with the faster kernel. */
export function hamming(a: Hypervector, b: Hypervector): number {
  if (defaultKernelKind() === "js") return hammingJs(a, b);
  return hammingWasm(a, b);
}

/** Hamming distance through the WebAssembly kernel (copies both vectors into its memory). */
export function hammingWasm(a: Hypervector, b: Hypervector): number {
  if (!pair) {
    pair = createKernel("wasm");
    pair.reserve(3 * WORDS * 4);
  }
  const mem = pair.words();
  mem.set(a, 0);
  mem.set(b, WORDS);
  pair.distances(0, WORDS, 1, 2 * WORDS);
  return mem[2 * WORDS]!;
}

/** Similarity 1 − Hamming / DIMENSION: 1 identical, 0.5 unrelated, 0 complementary. */
export function similarity(a: Hypervector, b: Hypervector): number {
  return similarityFromDistance(hamming(a, b));
}
