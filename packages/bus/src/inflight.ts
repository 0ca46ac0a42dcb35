/** Counts work in progress so a drain can wait for it to finish. */
export class InFlight {
  private readonly pending = new Set<Promise<unknown>>();

  /** Runs `work` and tracks it until it settles. */
  track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    const forget = (): void => {
      this.pending.delete(work);
    };
    work.then(forget, forget);
    return work;
  }

  get size(): number {
    return this.pending.size;
  }

  /** Resolves when everything tracked so far (and started meanwhile) has settled. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
