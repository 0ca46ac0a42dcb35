/** What a queue does when its consumer falls too far behind. */
export interface QueueLimit {
  /** Items that may wait at once. */
  readonly items: number;
  /** The error iteration ends with once more would wait (the producer is not slowed). */
  readonly overflow: () => Error;
}

/**
 * A push-to-pull queue for server streams: producers push, one consumer
 * iterates. Iteration ends when the queue is closed (after the buffered
 * items) or at once when the signal aborts (the client went away). With a
 * limit, a consumer that falls behind by more than `items` (a client that
 * stopped reading a stream that never ends) gets the limit's error instead
 * of the queue growing without end.
 */
export class AsyncQueue<T> implements AsyncIterable<T> {
  private items: T[] = [];
  private wake: (() => void) | undefined;
  private closed = false;
  private failure: Error | undefined;

  constructor(
    private readonly signal?: AbortSignal,
    private readonly limit?: QueueLimit,
  ) {
    signal?.addEventListener("abort", () => this.close(), { once: true });
  }

  push(item: T): void {
    if (this.closed) return;
    if (this.limit && this.items.length >= this.limit.items) {
      this.failure = this.limit.overflow();
      this.items = [];
      return this.close();
    }
    this.items.push(item);
    this.wake?.();
  }

  close(): void {
    this.closed = true;
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for (;;) {
      if (this.signal?.aborted) return;
      if (this.failure) throw this.failure;
      const item = this.items.shift();
      if (item !== undefined) {
        yield item;
        continue;
      }
      if (this.closed) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }
}
