import { compare, compareEdges, type AdjacentEdge, type EdgeFilter, type EdgeQuery, type GraphCounts, type NodeEdges } from "../backend.js";
import { isWorldEdge } from "../bookkeeping.js";
import { tripleKey, type GraphSymbol, type Triple, type TriplePattern } from "../model.js";

/**
 * The embedded store's in-memory indexes: symbols by id, triples by key, and
 * per symbol its outgoing and incoming edges (kept as AdjacentEdge objects so
 * spreading activation allocates nothing per edge).
 */
export class MemoryGraph {
  private readonly symbols = new Map<string, GraphSymbol>();
  // Lower-cased label -> ids, for case-insensitive lookups by name.
  private readonly byLabel = new Map<string, Set<string>>();
  private readonly triples = new Map<string, Triple>();
  // Per symbol, its edges by triple key (O(1) replace and retract).
  private readonly out = new Map<string, Map<string, AdjacentEdge>>();
  private readonly in = new Map<string, Map<string, AdjacentEdge>>();
  // Per symbol, both directions in compareEdges order with its degree
  // counts, built on first use after a change: spreading reads hubs'
  // strongest edges and their fan without sorting or counting.
  private readonly sorted = new Map<string, Adjacency>();
  private readonly byPredicate = new Map<string, Set<string>>();
  // Sorted key list for full scans, rebuilt lazily after writes.
  private sortedKeys: string[] | undefined;
  // Per predicate, its triples' keys sorted, rebuilt lazily after a write of
  // that predicate: paging through a predicate's triples (declarations,
  // functional facts, a kg_query by predicate) sorted them all for each page.
  private readonly sortedByPredicate = new Map<string, string[]>();

  upsertSymbols(symbols: readonly GraphSymbol[]): void {
    for (const s of symbols) this.putSymbol(s);
  }

  symbolsByLabel(labels: readonly string[]): GraphSymbol[] {
    const ids = new Set<string>();
    for (const label of labels) for (const id of this.byLabel.get(label.toLowerCase()) ?? []) ids.add(id);
    return this.getSymbols([...ids]);
  }

  private putSymbol(s: GraphSymbol): void {
    const previous = this.symbols.get(s.id);
    if (previous) this.byLabel.get(previous.label.toLowerCase())?.delete(s.id);
    this.symbols.set(s.id, s);
    const key = s.label.toLowerCase();
    let ids = this.byLabel.get(key);
    if (!ids) this.byLabel.set(key, (ids = new Set()));
    ids.add(s.id);
  }

  addTriples(triples: readonly Triple[]): void {
    for (const t of triples) {
      const key = tripleKey(t);
      if (this.triples.has(key)) this.unlink(key);
      this.triples.set(key, t);
      link(this.out, t.subject, key, { other: t.object, direction: "out", triple: t });
      link(this.in, t.object, key, { other: t.subject, direction: "in", triple: t });
      this.sorted.delete(t.subject);
      this.sorted.delete(t.object);
      let keys = this.byPredicate.get(t.predicate);
      if (!keys) this.byPredicate.set(t.predicate, (keys = new Set()));
      keys.add(key);
      this.sortedByPredicate.delete(t.predicate);
      for (const id of [t.subject, t.object]) {
        if (!this.symbols.has(id)) this.putSymbol({ id, label: id, kind: "entity" });
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
    for (const m of [this.symbols, this.byLabel, this.triples, this.out, this.in, this.byPredicate, this.sorted, this.sortedByPredicate]) m.clear();
    this.sortedKeys = undefined;
  }

  find(pattern: TriplePattern, limit: number, offset: number): Triple[] {
    let candidates: Iterable<Triple>;
    if (pattern.subject !== undefined && pattern.object !== undefined && pattern.predicate !== undefined) {
      const t = this.triples.get(tripleKey(pattern as Required<TriplePattern>));
      candidates = t ? [t] : [];
    } else if (pattern.subject !== undefined) {
      candidates = [...(this.out.get(pattern.subject)?.values() ?? [])].map((e) => e.triple);
    } else if (pattern.object !== undefined) {
      candidates = [...(this.in.get(pattern.object)?.values() ?? [])].map((e) => e.triple);
    } else if (pattern.predicate !== undefined) {
      // Every triple of the predicate matches: page its sorted keys.
      return this.predicateKeys(pattern.predicate).slice(offset, offset + limit).map((k) => this.triples.get(k)!);
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

  /** The keys of the predicate's triples, sorted (shared: do not modify). */
  private predicateKeys(predicate: string): readonly string[] {
    let keys = this.sortedByPredicate.get(predicate);
    if (!keys) {
      keys = [...(this.byPredicate.get(predicate) ?? [])].sort(compare);
      if (keys.length > 0) this.sortedByPredicate.set(predicate, keys);
    }
    return keys;
  }

  /** A node's edges admitted by the query, in compareEdges order, cut at the limit, and its degree under the filter. */
  edgesOf(id: string, query: EdgeQuery, predicates: ReadonlySet<string> | undefined): NodeEdges {
    const adjacency = this.adjacency(id);
    const all = adjacency.edges;
    const degree = adjacency.degree(query, predicates);
    const limit = query.limitPerNode ?? Infinity;
    if (!predicates && !query.excludeBookkeeping) return { edges: all.length > limit ? all.slice(0, limit) : all, degree };
    const admitted: AdjacentEdge[] = [];
    for (const e of all) {
      if (admitted.length >= limit) break;
      if (predicates && !predicates.has(e.triple.predicate)) continue;
      if (query.excludeBookkeeping && !isWorldEdge(e.other, e.triple.predicate)) continue;
      admitted.push(e);
    }
    return { edges: admitted, degree };
  }

  /** A node's degree under the filter, from its counts (no scan once built). */
  degree(id: string, filter: EdgeFilter, predicates: ReadonlySet<string> | undefined): number {
    return this.adjacency(id).degree(filter, predicates);
  }

  private adjacency(id: string): Adjacency {
    let adjacency = this.sorted.get(id);
    if (!adjacency) {
      // Unknown or unlinked ids are not cached: asking cannot grow the index.
      if (!this.out.has(id) && !this.in.has(id)) return NO_EDGES;
      // A self-loop is one edge, listed once as `out` (as Neo4j matches it).
      const incoming = [...(this.in.get(id)?.values() ?? [])].filter((e) => e.other !== id);
      adjacency = new Adjacency([...(this.out.get(id)?.values() ?? []), ...incoming].sort(compareEdges));
      this.sorted.set(id, adjacency);
    }
    return adjacency;
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

  private unlink(key: string): void {
    const t = this.triples.get(key)!;
    unlinkEdge(this.out, t.subject, key);
    unlinkEdge(this.in, t.object, key);
    this.sorted.delete(t.subject);
    this.sorted.delete(t.object);
    const keys = this.byPredicate.get(t.predicate);
    keys?.delete(key);
    if (keys?.size === 0) this.byPredicate.delete(t.predicate);
    this.sortedByPredicate.delete(t.predicate);
  }
}

/** A node's edges in compareEdges order, and how many there are per predicate and to the world (not bookkeeping). */
class Adjacency {
  private readonly world: number;
  // Predicate -> [all, world] edge counts.
  private readonly byPredicate = new Map<string, [number, number]>();

  constructor(readonly edges: AdjacentEdge[]) {
    let world = 0;
    for (const e of edges) {
      let counts = this.byPredicate.get(e.triple.predicate);
      if (!counts) this.byPredicate.set(e.triple.predicate, (counts = [0, 0]));
      counts[0]++;
      if (isWorldEdge(e.other, e.triple.predicate)) {
        counts[1]++;
        world++;
      }
    }
    this.world = world;
  }

  /** How many edges the filter admits: O(1), or O(number of predicates) with a predicate filter. */
  degree(filter: EdgeFilter, predicates: ReadonlySet<string> | undefined): number {
    const column = filter.excludeBookkeeping ? 1 : 0;
    if (!predicates) return filter.excludeBookkeeping ? this.world : this.edges.length;
    let n = 0;
    for (const p of predicates) n += this.byPredicate.get(p)?.[column] ?? 0;
    return n;
  }
}

const NO_EDGES = new Adjacency([]);

function link(map: Map<string, Map<string, AdjacentEdge>>, id: string, key: string, edge: AdjacentEdge): void {
  let edges = map.get(id);
  if (!edges) map.set(id, (edges = new Map()));
  edges.set(key, edge);
}

function unlinkEdge(map: Map<string, Map<string, AdjacentEdge>>, id: string, key: string): void {
  const edges = map.get(id);
  if (!edges) return;
  edges.delete(key);
  if (edges.size === 0) map.delete(id);
}
