import type { RecallScore } from "@boyd/proto";
import { hamming, similarityFromDistance, VectorTable, type Hypervector } from "@boyd/vsa";
import { RECALL } from "./constants.js";
import { byScore, recencyOf, related, rescaled, stemsOf, textAndSymbolScore, type Ranked, type View } from "./recall.js";
import type { SnapshotRecord } from "./recall-snapshot.js";

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
  /** Names the query's text and symbols: a query asked again (observe asks the same every cycle) is answered from its cached order. */
  key: string;
}

/** How the index turns a record into its stored JSON and back (for snapshots: records loaded from one are decoded only when they are results). */
export interface ItemCodec<T> {
  encode(item: T): Uint8Array;
  decode(json: Uint8Array): T;
}

/** One record held: what ranking needs of it, worked out once when it arrived. */
interface Entry<T> {
  /** The record's store key (what changes name). */
  key: string;
  /** When it arrived (put), counting up: the log's order. */
  arrival: number;
  /** The view's id and timestamp (the score's id, recency and the tie-break). */
  id: string;
  timestamp: number;
  /** The record; undefined until a record loaded from a snapshot is first a result. */
  item: T | undefined;
  /** The record's JSON, for a record loaded from a snapshot. */
  json: Uint8Array | undefined;
  vector: Hypervector;
  stems: ReadonlySet<string>;
  symbols: ReadonlySet<string>;
}

/** A record's ranking parts that do not change with time. */
interface Parts {
  similarity: number;
  words: number;
  overlap: number;
}

/** A candidate while ranking: its score and the record's timestamp for the tie-break. */
type Scored<T> = { entry: Entry<T>; score: RecallScore; timestamp: number };

/**
 * A query's ranking parts for every record held when it was made, and the
 * related records ordered by the part that does not change with time
 * (similarity, word match and symbol overlap; recency is added at each
 * recall). Records that arrived since are scored on their own.
 */
interface QueryOrder<T> {
  /** Records that arrived from this arrival on are not in the order. */
  mark: number;
  /**
   * The time-independent parts of each record that arrived since, worked
   * out at the first recall that met it: the same query is asked every
   * cycle, and each of up to MAX_ARRIVED_SINCE_ORDER records arrived since
   * had its vector compared and its stems and symbols counted again at
   * every one. By entry: a record put again is a new entry, scored afresh.
   */
  arrived: WeakMap<Entry<T>, Parts>;
  /** Related slots, best time-independent score first. */
  order: Uint32Array;
  distances: Int32Array;
  wordHits: Uint32Array | undefined;
  symbolHits: Uint32Array | undefined;
  /** Time-independent score by slot. */
  partial: Float64Array;
}

// Queries whose order an index keeps, and queries it remembers having seen
// (an order is made for a query asked a second time, not for one-offs).
const KEPT_ORDERS = 2;
const REMEMBERED_QUERIES = 16;
// Records arrived since an order was made that are scored one by one
// before the order is made again (one scan of the table).
const MAX_ARRIVED_SINCE_ORDER = 256;

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
  private table = new VectorTable();
  /** Slot -> entry; undefined for a freed slot (its vector is still in the table, never read). */
  private readonly entries: (Entry<T> | undefined)[] = [];
  private readonly slotOf = new Map<string, number>();
  private readonly free: number[] = [];
  private readonly byStem = new Postings<T>("stems");
  private readonly bySymbol = new Postings<T>("symbols");
  /** Keys in arrival order, with the arrival they were put at (stale once the key is removed or put again). */
  private arrivals: { key: string; arrival: number }[] = [];
  /** arrivals before this are all stale. */
  private head = 0;
  private nextArrival = 0;
  private readonly orders = new Map<string, QueryOrder<T>>();
  private readonly seen = new Set<string>();

  constructor(
    private readonly view: (item: T) => View,
    private readonly codec?: ItemCodec<T>,
  ) {}

  /** Records held. */
  get size(): number {
    return this.slotOf.size;
  }

  /** Adds a record, or replaces the one held under the same key; `stems`, when given, are `stemsOf` its view's text, worked out already. */
  put(key: string, item: T, vector: Hypervector, stems?: ReadonlySet<string>): void {
    const view = this.view(item);
    this.hold({ key, arrival: 0, id: view.id, timestamp: view.timestamp, item, json: undefined, vector, stems: stems ?? stemsOf(view.text), symbols: new Set(view.symbols) });
  }

  /** Adds a record as a recall snapshot holds it (its item decoded only if it is a result), or replaces the one held under its key. */
  putStored(r: SnapshotRecord): void {
    this.hold({ key: r.key, arrival: 0, id: r.id, timestamp: r.timestamp, item: undefined, json: r.item, vector: r.vector, stems: new Set(r.stems), symbols: new Set(r.symbols) });
  }

  /** Replaces everything held with a recall snapshot's records (in the log's order), the table sized for them at once. */
  loadStored(records: readonly SnapshotRecord[]): void {
    this.clear();
    this.table = new VectorTable({ capacity: records.length + 64 });
    for (const r of records) this.putStored(r);
  }

  /** Every record held, in arrival order (the log's), as a recall snapshot holds it. */
  stored(): SnapshotRecord[] {
    const out: SnapshotRecord[] = [];
    for (let i = this.head; i < this.arrivals.length; i++) {
      const a = this.arrivals[i]!;
      if (!this.held(a)) continue;
      const e = this.entries[this.slotOf.get(a.key)!]!;
      e.json ??= this.codecOf().encode(e.item!);
      out.push({ key: e.key, id: e.id, timestamp: e.timestamp, symbols: [...e.symbols], stems: [...e.stems], vector: e.vector, item: e.json });
    }
    return out;
  }

  private codecOf(): ItemCodec<T> {
    if (!this.codec) throw new Error("this recall index has no item codec: it cannot hold stored records");
    return this.codec;
  }

  private itemOf(e: Entry<T>): T {
    return (e.item ??= this.codecOf().decode(e.json!));
  }

  /** Holds `entry` (its arrival set here) under its key, replacing what was held there. */
  private hold(entry: Entry<T>): void {
    const { key, vector } = entry;
    this.remove(key);
    entry.arrival = this.nextArrival++;
    this.arrivals.push({ key, arrival: entry.arrival });
    let slot = this.free.pop();
    if (slot === undefined) slot = this.table.add(vector);
    else this.table.set(slot, vector);
    this.entries[slot] = entry;
    this.slotOf.set(key, slot);
    this.byStem.post(entry, slot);
    this.bySymbol.post(entry, slot);
  }

  /** Forgets the record held under `key`, if any. */
  remove(key: string): void {
    const slot = this.slotOf.get(key);
    if (slot === undefined) return;
    const entry = this.entries[slot]!;
    this.byStem.unpost(entry, slot);
    this.bySymbol.unpost(entry, slot);
    this.entries[slot] = undefined;
    this.slotOf.delete(key);
    this.free.push(slot);
    if (this.arrivals.length - this.head > 2 * this.slotOf.size + 1024) this.compactArrivals();
  }

  /**
   * The stems of each record held, by record object: what a reload after
   * clear can pass to put for the records it puts again (a store starting
   * a new epoch, as the files store does after each compaction, has the
   * index read every record again: ~500 of bench:cycle's episodes, each
   * split into stems anew). A record object is never changed, so its text
   * and stems are the same.
   */
  stemsByItem(): Map<T, ReadonlySet<string>> {
    const out = new Map<T, ReadonlySet<string>>();
    for (const e of this.entries) if (e?.item !== undefined) out.set(e.item, e.stems);
    return out;
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
    this.orders.clear();
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

  /**
   * The best `topK` records for the query, best first. A query asked
   * before is answered from its order: records taken best first until
   * none left can beat the k-th even at full recency, plus those arrived
   * since; else one pass over the table.
   */
  rank(query: IndexQuery): Ranked<T>[] {
    const best: Scored<T>[] = [];
    if (!query.vector) this.rankBySymbols(query, best);
    else {
      const order = this.orderFor(query, query.vector);
      if (order) this.rankByOrder(order, query, query.vector, best);
      else this.rankByScan(query, query.vector, best);
    }
    return best.map(({ entry, score }) => ({ item: this.itemOf(entry), score }));
  }

  /** Without query words only a shared symbol relates a record. */
  private rankBySymbols(query: IndexQuery, best: Scored<T>[]): void {
    const slots = new Set<number>();
    for (const s of query.symbols) for (const slot of this.bySymbol.slots(s, this.entries)) slots.add(slot);
    for (const slot of slots) {
      const e = this.entries[slot]!;
      offer(best, e, 0, shared(query.stems, e.stems), shared(query.symbols, e.symbols), query);
    }
  }

  /** Every record may be similar enough by vector alone: one pass over the table. */
  private rankByScan(query: IndexQuery, vector: Hypervector, best: Scored<T>[]): void {
    const wordHits = this.hits(this.byStem, query.stems);
    const symbolHits = this.hits(this.bySymbol, query.symbols);
    const distances = this.table.distances(vector);
    for (let slot = 0; slot < distances.length; slot++) {
      const e = this.entries[slot];
      if (!e) continue;
      const words = wordHits ? wordHits[slot]! / query.stems.size : 0;
      const overlap = symbolHits ? symbolHits[slot]! / query.symbols.size : 0;
      offer(best, e, rescaled(similarityFromDistance(distances[slot]!)), words, overlap, query);
    }
  }

  private rankByOrder(order: QueryOrder<T>, query: IndexQuery, vector: Hypervector, best: Scored<T>[]): void {
    for (const slot of this.arrivedSince(order.mark)) {
      const e = this.entries[slot]!;
      let parts = order.arrived.get(e);
      if (!parts) {
        parts = { similarity: rescaled(similarityFromDistance(hamming(vector, e.vector))), words: shared(query.stems, e.stems), overlap: shared(query.symbols, e.symbols) };
        order.arrived.set(e, parts);
      }
      offer(best, e, parts.similarity, parts.words, parts.overlap, query);
    }
    for (const slot of order.order) {
      const e = this.entries[slot];
      if (!e || e.arrival >= order.mark) continue; // removed, or its slot reused since
      const worst = best.length >= query.topK ? best[best.length - 1] : undefined;
      // Recency is at most 1: nothing further down can reach the k-th.
      if (worst && order.partial[slot]! + RECALL.recencyWeight < worst.score.score) break;
      const words = order.wordHits ? order.wordHits[slot]! / query.stems.size : 0;
      const overlap = order.symbolHits ? order.symbolHits[slot]! / query.symbols.size : 0;
      offer(best, e, rescaled(similarityFromDistance(order.distances[slot]!)), words, overlap, query);
    }
  }

  /** The query's order: kept, or made now for a query seen before; undefined for a first sighting. */
  private orderFor(query: IndexQuery, vector: Hypervector): QueryOrder<T> | undefined {
    const kept = this.orders.get(query.key);
    if (kept && this.arrivedSince(kept.mark).length <= MAX_ARRIVED_SINCE_ORDER) return kept;
    if (!kept && !this.seen.has(query.key)) {
      this.seen.add(query.key);
      if (this.seen.size > REMEMBERED_QUERIES) this.seen.delete(this.seen.values().next().value!);
      return undefined;
    }
    const order = this.makeOrder(query, vector);
    this.orders.delete(query.key);
    this.orders.set(query.key, order);
    if (this.orders.size > KEPT_ORDERS) this.orders.delete(this.orders.keys().next().value!);
    return order;
  }

  private makeOrder(query: IndexQuery, vector: Hypervector): QueryOrder<T> {
    const wordHits = this.hits(this.byStem, query.stems);
    const symbolHits = this.hits(this.bySymbol, query.symbols);
    const distances = this.table.distances(vector);
    const partial = new Float64Array(distances.length);
    const candidates: number[] = [];
    for (let slot = 0; slot < distances.length; slot++) {
      if (!this.entries[slot]) continue;
      const similarity = rescaled(similarityFromDistance(distances[slot]!));
      const words = wordHits ? wordHits[slot]! / query.stems.size : 0;
      const overlap = symbolHits ? symbolHits[slot]! / query.symbols.size : 0;
      if (!related(similarity, words, overlap)) continue;
      partial[slot] = textAndSymbolScore(similarity, words, overlap);
      candidates.push(slot);
    }
    const order = Uint32Array.from(candidates).sort((a, b) => partial[b]! - partial[a]!);
    return { mark: this.nextArrival, arrived: new WeakMap(), order, distances, wordHits, symbolHits, partial };
  }

  /** Slots of the records that arrived at or after `mark`. */
  private arrivedSince(mark: number): number[] {
    const slots: number[] = [];
    for (let i = this.arrivals.length - 1; i >= this.head && this.arrivals[i]!.arrival >= mark; i--) {
      const a = this.arrivals[i]!;
      if (this.held(a)) slots.push(this.slotOf.get(a.key)!);
    }
    return slots;
  }

  /** Per slot, how many of `keys` the record has (undefined when there are no keys). */
  private hits(postings: Postings<T>, keys: ReadonlySet<string>): Uint32Array | undefined {
    if (keys.size === 0) return undefined;
    const hits = new Uint32Array(this.entries.length);
    for (const k of keys) for (const slot of postings.slots(k, this.entries)) hits[slot]!++;
    return hits;
  }
}

/**
 * Slots by stem (or by symbol), made for a key the first time a query asks
 * for it (one pass over the records) and kept up to date from then on, not
 * for every key of every record as it arrives: a cold load of 10,000
 * records from a snapshot posts nothing, and a query pays for its own
 * words once. The same slots either way, so ranking is unchanged.
 */
class Postings<T> {
  private readonly byKey = new Map<string, Set<number>>();

  constructor(private readonly field: "stems" | "symbols") {}

  /** The slots of the records that have `key`. */
  slots(key: string, entries: readonly (Entry<T> | undefined)[]): ReadonlySet<number> {
    let slots = this.byKey.get(key);
    if (!slots) {
      slots = new Set();
      for (let slot = 0; slot < entries.length; slot++) if (entries[slot]?.[this.field].has(key)) slots.add(slot);
      this.byKey.set(key, slots);
    }
    return slots;
  }

  post(entry: Entry<T>, slot: number): void {
    for (const key of entry[this.field]) this.byKey.get(key)?.add(slot);
  }

  unpost(entry: Entry<T>, slot: number): void {
    for (const key of entry[this.field]) this.byKey.get(key)?.delete(slot);
  }

  clear(): void {
    this.byKey.clear();
  }
}

/** Share of `wanted` that `have` holds (0 when nothing is wanted). */
function shared(wanted: ReadonlySet<string>, have: ReadonlySet<string>): number {
  if (wanted.size === 0) return 0;
  let found = 0;
  for (const w of wanted) if (have.has(w)) found++;
  return found / wanted.size;
}

/** Scores a record from its parts and keeps it if it belongs in the top k (a result object only then). */
function offer<T>(best: Scored<T>[], e: Entry<T>, similarity: number, words: number, overlap: number, query: IndexQuery): void {
  if (!related(similarity, words, overlap)) return;
  const recency = recencyOf(e.timestamp, query.now);
  const score = textAndSymbolScore(similarity, words, overlap) + RECALL.recencyWeight * recency;
  const worst = best.length >= query.topK ? best[best.length - 1] : undefined;
  if (worst && score < worst.score.score) return;
  keepBest(best, { entry: e, score: { id: e.id, score, similarity, wordMatch: words, symbolOverlap: overlap, recency }, timestamp: e.timestamp }, query.topK);
}

/** Inserts `c` into `best` (ordered by byScore, at most `k` long) if it belongs there. */
function keepBest<T>(best: Scored<T>[], c: Scored<T>, k: number): void {
  if (best.length >= k && (k <= 0 || byScore(c, best[best.length - 1]!) >= 0)) return;
  let at = best.length;
  while (at > 0 && byScore(c, best[at - 1]!) < 0) at--;
  best.splice(at, 0, c);
  if (best.length > k) best.pop();
}
