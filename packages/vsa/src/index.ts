/**
 * @boyd/vsa: binary hypervectors for symbolic reasoning by vectors.
 * 10,000-bit vectors; bind = XOR, bundle = weighted majority (unbiased
 * tie-break), permute = rotation, similarity = 1 − Hamming/D through a
 * WebAssembly i64.popcnt kernel or plain JS, whichever is faster here.
 * Item vectors are derived from tokens, identical everywhere. TextEncoder
 * turns text into a vector by stems, synonym concepts and character n-grams.
 */
export { DIMENSION, WORDS, BYTES } from "./dimension.js";
export { hashString, Prng } from "./random.js";
export {
  type Hypervector,
  zeroVector,
  randomVector,
  bind,
  unbind,
  permute,
  popcount32,
  hammingJs,
  weight,
  similarityFromDistance,
  vectorsEqual,
  getBit,
  assertHypervector,
} from "./hypervector.js";
export { Accumulator, bundle } from "./bundle.js";
export { itemVector } from "./item-memory.js";
export { hamming, hammingWasm, similarity } from "./similarity.js";
export { type HammingKernel, createKernel, defaultKernel, defaultKernelKind, wasmAvailable, nsPerDistance } from "./kernel.js";
export { VectorTable, type Match } from "./table.js";
export { TextEncoder, ngrams, type EncoderOptions, type AtomWeights, type Atom, type TextAnalysis } from "./text/encoder.js";
export { DEFAULT_SYNONYMS, type SynonymTable } from "./text/synonyms.js";
export { words, contentWords, isStopWord, stem } from "./text/tokens.js";
