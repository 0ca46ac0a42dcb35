/**
 * A map that keeps its `max` most recently used entries: a `use` or `set`
 * makes a key the most recent, and past `max` the least recent goes. For the
 * per-agent state a memory process keeps warm (recall indexes, rule books,
 * document values), which it can always rebuild from the store.
 */
export class RecentlyUsed<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly max: number) {}

  /** The value under `key` (undefined when not kept), without making it more recent. */
  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  /** The value under `key`, made by `make` when not kept; now the most recent. */
  use(key: string, make: () => V): V {
    const value = this.entries.get(key) ?? make();
    this.set(key, value);
    return value;
  }

  /** Forgets `key`. */
  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Keeps `value` under `key` as the most recent. */
  set(key: string, value: V): void {
    this.entries.delete(key); // re-inserted: the map's order is use order
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }
}
