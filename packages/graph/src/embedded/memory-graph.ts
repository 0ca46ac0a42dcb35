import { compare } from "../activation.js";
import type { AdjacentEdge, GraphCounts } from "../backend.js";
import { tripleKey, type GraphSymbol, type Triple, type TriplePattern } from "../model.js";

/**
 * The embedded store's in-memory indexes: symbols by id, triples by key, and
 * per symbol its outgoing and incoming edges (kept as AdjacentEdge objects so
 * spreading activation allocates nothing per edge).
 */
export class MemoryGraph {
  private readonly symbols = new Map<string, GraphSymbol>();
  private readonly triples = new Map<string, Triple>();
  private readonly out = new Map<string, AdjacentEdge[]>();
  private readonly in = new Map<string, AdjacentEdge[]>();
  private readonly byPredicate = new Map<string, Set<string>>();
  // Sorted key list for full scans, rebuilt lazily after writes.
  private sortedKeys: string[] | undefined;

  upsertSymbols(symbols: readonly GraphSymbol[]): void {
    for (const s of symbols) this.symbols.set(s.id, s);
  }

  addTriples(triples: readonly Triple[]): void {
    for (const t of triples) {
      const key = tripleKey(t);
      if (this.triples.has(key)) this.unlink(key);
      this.triples.set(key, t);
      push(this.out, t.subject, { other: t.object, direction: "out", triple: t });
      push(this.in, t.object, { other: t.subject, direction: "in", triple: t });
      let keys = this.byPredicate.get(t.predicate);
      if (!keys) this.byPredicate.set(t.predicate, (keys = new Set()));
      keys.add(key);
      for (const id of [t.subject, t.object]) {
        if (!this.symbols.has(id)) this.symbols.set(id, { id, label: id, kind: "entity" });
      }
    }
    this.sortedKeys = undefined;
  }

  /** Removes triples by key; returns how many existed. */
  retract(keys: readonly string[]): number {
    let removed = 0;
    for (const key of keys) {
      if (!this.triples.has(key)) continue;
      this.unlink(key);
      this.triples.delete(key);
      removed++;
    }
    if (removed > 0) this.sortedKeys = undefined;
    return removed;
  }

  clear(): void {
    for (const m of [this.symbols, this.triples, this.out, this.in, this.byPredicate]) m.clear();
    this.sortedKeys = undefined;
  }

  find(pattern: TriplePattern, limit: number, offset: number): Triple[] {
    let candidates: Iterable<Triple>;
    if (pattern.subject !== undefined && pattern.object !== undefined && pattern.predicate !== undefined) {
      const t = this.triples.get(tripleKey(pattern as Required<TriplePattern>));
      candidates = t ? [t] : [];
    } else if (pattern.subject !== undefined) {
      candidates = (this.out.get(pattern.subject) ?? []).map((e) => e.triple);
    } else if (pattern.object !== undefined) {
      candidates = (this.in.get(pattern.object) ?? []).map((e) => e.triple);
    } else if (pattern.predicate !== undefined) {
      candidates = [...(this.byPredicate.get(pattern.predicate) ?? [])].map((k) => this.triples.get(k)!);
    } else {
      // Full scan: already in key order, so page without sorting.
      this.sortedKeys ??= [...this.triples.keys()].sort(compare);
      return this.sortedKeys.slice(offset, offset + limit).map((k) => this.triples.get(k)!);
    }
    const matching = [...candidates].filter(
      (t) =>
        (pattern.subject === undefined || t.subject === pattern.subject) &&
        (pattern.predicate === undefined || t.predicate === pattern.predicate) &&
        (pattern.object === undefined || t.object === pattern.object),
    );
    return matching
      .map((t) => ({ t, k: tripleKey(t) }))
      .sort((a, b) => compare(a.k, b.k))
      .slice(offset, offset + limit)
      .map(({ t }) => t);
  }

  edgesOf(id: string, predicates: ReadonlySet<string> | undefined): AdjacentEdge[] {
    const out = this.out.get(id) ?? [];
    const inc = this.in.get(id) ?? [];
    if (!predicates) return out.length === 0 ? inc : inc.length === 0 ? out : out.concat(inc);
    const edges: AdjacentEdge[] = [];
    for (const list of [out, inc]) for (const e of list) if (predicates.has(e.triple.predicate)) edges.push(e);
    return edges;
  }

  getSymbols(ids: readonly string[]): GraphSymbol[] {
    return [...new Set(ids)]
      .map((id) => this.symbols.get(id))
      .filter((s): s is GraphSymbol => s !== undefined)
      .sort((a, b) => compare(a.id, b.id));
  }

  symbolsOfKind(kind: string, limit: number): GraphSymbol[] {
    return [...this.symbols.values()]
      .filter((s) => s.kind === kind)
      .sort((a, b) => compare(a.id, b.id))
      .slice(0, limit);
  }

  counts(): GraphCounts {
    return { symbols: this.symbols.size, triples: this.triples.size };
  }

  allSymbols(): IterableIterator<GraphSymbol> {
    return this.symbols.values();
  }

  allTriples(): IterableIterator<Triple> {
    return this.triples.values();
  }

  hasTriple(key: string): boolean {
    return this.triples.has(key);
  }

  private unlink(key: string): void {
    const t = this.triples.get(key)!;
    remove(this.out, t.subject, key);
    remove(this.in, t.object, key);
    const keys = this.byPredicate.get(t.predicate);
    keys?.delete(key);
    if (keys?.size === 0) this.byPredicate.delete(t.predicate);
  }
}

function push(map: Map<string, AdjacentEdge[]>, id: string, edge: AdjacentEdge): void {
  const list = map.get(id);
  if (list) list.push(edge);
  else map.set(id, [edge]);
}

function remove(map: Map<string, AdjacentEdge[]>, id: string, key: string): void {
  const list = map.get(id);
  if (!list) return;
  const i = list.findIndex((e) => tripleKey(e.triple) === key);
  if (i >= 0) list.splice(i, 1);
  if (list.length === 0) map.delete(id);
}
