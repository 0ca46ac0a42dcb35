/** Bits per hypervector. Large enough that unrelated vectors sit at 0.5 ± 0.005. */
export const DIMENSION = 10_000;

/**
 * 32-bit words per vector. 10,000 bits need 313 words; we round up to an even
 * count so a vector is also a whole number of 64-bit words, which the
 * WebAssembly kernel reads with i64 loads. Bits at and above DIMENSION are
 * always zero, so they never add to a Hamming distance.
 */
export const WORDS = 314;

/** Bytes per vector (WORDS × 4). */
export const BYTES = WORDS * 4;

/** Index of the word holding the last real bit, and the mask of its live bits. */
export const LAST_WORD = Math.floor((DIMENSION - 1) / 32);
export const LAST_MASK = DIMENSION % 32 === 0 ? 0xffffffff : (1 << DIMENSION % 32) - 1;
