/**
 * Hot memory: the bounded short-term store of one think (seed 002
 * `HotStore`). First in, first out, so a long think keeps its most recent
 * observations rather than growing without bound.
 */
import type { HotEntry } from "./types.js";

/** Bounded FIFO of observations. */
export class HotMemory {
  readonly #entries: HotEntry[] = [];

  /** @param capacity entries kept before the oldest is evicted (>= 1). */
  constructor(readonly capacity: number) {}

  /** Adds an entry, evicting the oldest when full. */
  push(entry: HotEntry): void {
    this.#entries.push(entry);
    if (this.#entries.length > this.capacity) this.#entries.shift();
  }

  /** Entries in insertion order (oldest first). */
  entries(): readonly HotEntry[] {
    return [...this.#entries];
  }

  /** Entries newest first, as the seed's `snapshot()`. */
  snapshot(): HotEntry[] {
    return [...this.#entries].reverse();
  }

  /**
   * Entries worth keeping: the step's reward reached `threshold` and the
   * observation itself mentions a question term. The second condition is
   * ours: the error is measured on the *accumulated* evidence, so once
   * early steps answered the question, an off-topic later observation
   * would inherit a high reward it did nothing to earn.
   */
  promotable(threshold: number): HotEntry[] {
    return this.#entries.filter((e) => e.reward >= threshold && e.questionTerms.length > 0);
  }
}
