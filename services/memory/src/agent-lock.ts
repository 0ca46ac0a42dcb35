/**
 * Serializes async work per key: calls for one key run one at a time in
 * arrival order; calls for different keys run concurrently. The memory
 * service keys it by agent so two requests for one agent never interleave
 * their read-modify-write of the agent's documents.
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<unknown>>();

  /** Runs `work` after every earlier call for `key` has settled. */
  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    try {
      return await result;
    } finally {
      // Drop the entry once nobody queued behind us, so idle agents cost nothing.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
