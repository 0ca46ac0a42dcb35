import type { RecallScore } from "@boyd/proto";
import { similarityFromDistance, VectorTable, type Hypervector } from "@boyd/vsa";
import { byScore, recencyOf, related, rescaled, stemsOf, weighted, type Ranked, type View } from "./recall.js";

/** A query as the index takes it: stems and vector worked out once for every log recalled. */
export interface IndexQuery {
  /** The query text's stems (empty: rank by symbols only). */
  stems: ReadonlySet<string>;
  /** The query text's vector; undefined when it has no content words. */
  vector: Hypervector | undefined;
  /** Symbols wanted. */
  symbols: ReadonlySet<string>;
  topK: number;
  now: number;
}

/** One record held: what ranking needs of it, worked out once when it arrived. */
interface Entry<T> {
  /** The record's store key (what changes name). */
  key: string;
  /** When it arrived (put), counting up: the log's order. */
  arrival: number;
  item: T;
  view: View;
  stems: ReadonlySet<string>;
  symbols: ReadonlySet<string>;
}

/** A candidate while ranking: its score and the record's timestamp for the tie-break. */
type Scored<T> = { item: T; score: RecallScore; timestamp: number };

/**
 * One log's records ready for ranking, kept up to date by the store's
 * changes: every text vector side by side in a VectorTable (comparing the
 * query with all of them is one WebAssembly popcount loop, ~45 ns a
 * record, instead of encoding or copying each), and postings from stem and
 * from symbol to records, so word match and symbol overlap are counted
 * from the query's words instead of from every record. Ranks exactly as
 * `rank` in recall.ts does (same parts, same arithmetic, same order).
 */
export class RecallIndex<T> {
  private readonly table = new VectorTable();
  /** Slot -> entry; undefined for a freed slot (its vector is still in the table, never read). */
  private readonly entries: (Entry<T> | undefined)[] = [];
  private readonly slotOf = new Map<string, number>();
  private readonly free: number[] = [];
  private readonly byStem = new Map<string, Set<number>>();
  private readonly bySymbol = new Map<string, Set<number>>();
  /** Keys in arrival order, with the arrival they were put at (stale once the key is removed or put again). */
  private arrivals: { key: string; arrival: number }[] = [];
  /** arrivals before this are all stale. */
  private head = 0;
  private nextArrival = 0;

  constructor(private readonly view: (item: T) => View) {}

  /** Records held. */
  get size(): number {
    return this.slotOf.size;
  }

  /** Adds a record, or replaces the one held under the same key. */
  put(key: string, item: T, vector: Hypervector): void {
    this.remove(key);
    const view = this.view(item);
    const entry: Entry<T> = { key, arrival: this.nextArrival++, item, view, stems: stemsOf(view.text), symbols: new Set(view.symbols) };
    this.arrivals.push({ key, arrival: entry.arrival });
    let slot = this.free.pop();
    if (slot === undefined) slot = this.table.add(vector);
    else this.table.set(slot, vector);
    this.entries[slot] = entry;
    this.slotOf.set(key, slot);
    for (const s of entry.stems) post(this.byStem, s, slot);
    for (const s of entry.symbols) post(this.bySymbol, s, slot);
  }

  /** Forgets the record held under `key`, if any. */
  remove(key: string): void {
    const slot = this.slotOf.get(key);
    if (slot === undefined) return;
    const entry = this.entries[slot]!;
    for (const s of entry.stems) unpost(this.byStem, s, slot);
    for (const s of entry.symbols) unpost(this.bySymbol, s, slot);
    this.entries[slot] = undefined;
    this.slotOf.delete(key);
    this.free.push(slot);
    if (this.arrivals.length - this.head > 2 * this.slotOf.size + 1024) this.compactArrivals();
  }

  /** Forgets every record. */
  clear(): void {
    this.table.clear();
    this.entries.length = 0;
    this.slotOf.clear();
    this.free.length = 0;
    this.byStem.clear();
    this.bySymbol.clear();
    this.arrivals = [];
    this.head = 0;
  }

  /** The keys of the `count` records that arrived first (the log's oldest, as the store's changes come in its order). */
  oldest(count: number): string[] {
    const keys: string[] = [];
    for (let i = this.head; i < this.arrivals.length && keys.length < count; i++) {
      if (this.held(this.arrivals[i]!)) keys.push(this.arrivals[i]!.key);
      else if (keys.length === 0) this.head = i + 1; // a stale prefix is never looked at again
    }
    return keys;
  }

  private compactArrivals(): void {
    this.arrivals = this.arrivals.slice(this.head).filter((a) => this.held(a));
    this.head = 0;
  }

  private held(a: { key: string; arrival: number }): boolean {
    const slot = this.slotOf.get(a.key);
    return slot !== undefined && this.entries[slot]!.arrival === a.arrival;
  }

  /** The best `topK` records for the query, best first. */
  rank(query: IndexQuery): Ranked<T>[] {
    const wordHits = this.hits(this.byStem, query.stems);
    const symbolHits = this.hits(this.bySymbol, query.symbols);
    const best: Scored<T>[] = [];
    const consider = (slot: number, similarity: number) => {
      const e = this.entries[slot];
      if (!e) return;
      const words = wordHits ? wordHits[slot]! / query.stems.size : 0;
      const overlap = symbolHits ? symbolHits[slot]! / query.symbols.size : 0;
      if (!related(similarity, words, overlap)) return;
      const recency = recencyOf(e.view.timestamp, query.now);
      const score = weighted(similarity, words, overlap, recency);
      // Most records of an old agent do not make the top k: no result object for them.
      const worst = best.length >= query.topK ? best[best.length - 1] : undefined;
      if (worst && score < worst.score.score) return;
      const c = { item: e.item, score: { id: e.view.id, score, similarity, wordMatch: words, symbolOverlap: overlap, recency }, timestamp: e.view.timestamp };
      keepBest(best, c, query.topK);
    };
    if (query.vector) {
      // Every record may be similar enough by vector alone: one pass over the table.
      const distances = this.table.distances(query.vector);
      for (let slot = 0; slot < distances.length; slot++) consider(slot, rescaled(similarityFromDistance(distances[slot]!)));
    } else {
      // Without query words only a shared symbol relates a record.
      const slots = new Set<number>();
      for (const s of query.symbols) for (const slot of this.bySymbol.get(s) ?? []) slots.add(slot);
      for (const slot of slots) consider(slot, 0);
    }
    return best.map(({ item, score }) => ({ item, score }));
  }

  /** Per slot, how many of `keys` the record has (undefined when there are no keys). */
  private hits(postings: Map<string, Set<number>>, keys: ReadonlySet<string>): Uint32Array | undefined {
    if (keys.size === 0) return undefined;
    const hits = new Uint32Array(this.entries.length);
    for (const k of keys) for (const slot of postings.get(k) ?? []) hits[slot]!++;
    return hits;
  }
}

function post(postings: Map<string, Set<number>>, key: string, slot: number): void {
  let slots = postings.get(key);
  if (!slots) postings.set(key, (slots = new Set()));
  slots.add(slot);
}

function unpost(postings: Map<string, Set<number>>, key: string, slot: number): void {
  const slots = postings.get(key);
  if (!slots) return;
  slots.delete(slot);
  if (slots.size === 0) postings.delete(key);
}

/** Inserts `c` into `best` (ordered by byScore, at most `k` long) if it belongs there. */
function keepBest<T>(best: Scored<T>[], c: Scored<T>, k: number): void {
  if (best.length >= k && (k <= 0 || byScore(c, best[best.length - 1]!) >= 0)) return;
  let at = best.length;
  while (at > 0 && byScore(c, best[at - 1]!) < 0) at--;
  best.splice(at, 0, c);
  if (best.length > k) best.pop();
}
