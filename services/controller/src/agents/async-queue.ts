/**
 * A push-to-pull queue for server streams: producers push, one consumer
 * iterates. Iteration ends when the queue is closed (after the buffered
 * items) or at once when the signal aborts (the client went away).
 */
export class AsyncQueue<T> implements AsyncIterable<T> {
  private readonly items: T[] = [];
  private wake: (() => void) | undefined;
  private closed = false;

  constructor(private readonly signal?: AbortSignal) {
    signal?.addEventListener("abort", () => this.close(), { once: true });
  }

  push(item: T): void {
    if (this.closed) return;
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
