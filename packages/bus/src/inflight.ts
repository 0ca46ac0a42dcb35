/**
 * Counts work in progress so a drain can wait for it to finish. A count
 * and one settle callback made once, rather than a set and two closures per
 * message: track() runs for every message a subscription takes.
 */
export class InFlight {
  private pending = 0;
  private waiters: (() => void)[] = [];
  private readonly settled = (): void => {
    if (--this.pending > 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  };

  /** Runs `work` and tracks it until it settles. */
  track<T>(work: Promise<T>): Promise<T> {
    this.pending++;
    work.then(this.settled, this.settled);
    return work;
  }

  get size(): number {
    return this.pending;
  }

  /** Resolves when everything tracked so far (and started meanwhile) has settled. */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}
