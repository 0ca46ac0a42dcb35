import type { GraphSymbol, Triple, TriplePattern } from "./model.js";

/**
 * An edge seen from one of its ends, as spreading activation walks it. A
 * self-loop (x, p, x) is one edge, seen once, as `out`.
 */
export interface AdjacentEdge {
  /** The node at the other end. */
  readonly other: string;
  /** `out`: the triple is (node, p, other); `in`: (other, p, node). */
  readonly direction: "out" | "in";
  readonly triple: Triple;
}

/** Which edges are admitted: by {@link GraphBackend.edgesOf} and counted by {@link GraphBackend.degrees}. */
export interface EdgeFilter {
  /** Only edges with these predicates. @default all */
  readonly predicates?: readonly string[] | undefined;
  /** Leave out edges to bookkeeping symbols or with bookkeeping predicates. */
  readonly excludeBookkeeping: boolean;
}

/** Which edges {@link GraphBackend.edgesOf} returns. */
export interface EdgeQuery extends EdgeFilter {
  /** At most this many per node: the first in {@link compareEdges} order. @default all */
  readonly limitPerNode?: number | undefined;
  /**
   * Lets the backend leave out edges that cannot carry an offer at or above
   * the floor: those whose raw confidence x the node's activation x hopDecay
   * x fanFactor(degree) is below it (weights and temporal profiles only
   * lower an offer). Confidence is the first sort key, so what is left out
   * is a tail of the list. Optional for backends: the walk checks every
   * offer itself; a server backend uses it to ship fewer rows.
   */
  readonly prune?: EdgePrune | undefined;
}

/** See {@link EdgeQuery.prune}. */
export interface EdgePrune {
  readonly floor: number;
  readonly hopDecay: number;
  /** The activation each queried node spreads at. */
  readonly activations: ReadonlyMap<string, number>;
}

/** A node's admitted edges and its degree under the same filter. */
export interface NodeEdges {
  /** The admitted edges in {@link compareEdges} order, cut at `limitPerNode`. */
  readonly edges: AdjacentEdge[];
  /**
   * How many edges the filter admits in all, before the cut (the node's fan
   * for spreading activation): one per entry `edges` would hold uncut.
   * Structural: confidence and temporal profiles do not change it.
   */
  readonly degree: number;
}

/**
 * The order of a node's edges: strongest (raw confidence) first, then by
 * predicate, other end and direction. Spreading activation relies on it to
 * stop scanning a hub early.
 */
export function compareEdges(x: AdjacentEdge, y: AdjacentEdge): number {
  return (
    y.triple.confidence - x.triple.confidence ||
    compare(x.triple.predicate, y.triple.predicate) ||
    compare(x.other, y.other) ||
    compare(x.direction, y.direction)
  );
}

/** Code-unit order, the same in every process (unlike localeCompare). */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The reads spreading activation makes, hop after hop; see {@link GraphBackend.readSnapshot}. */
export type GraphReader = Pick<GraphBackend, "edgesOf" | "degrees">;

/** Sizes of a store. */
export interface GraphCounts {
  readonly symbols: number;
  readonly triples: number;
}

/**
 * What a storage backend provides. Everything above it (activation, rules,
 * gap analysis, ingest) is shared code in GraphStore, so the embedded and the
 * Neo4j backend give identical answers by construction, and the conformance
 * suite checks the primitives.
 *
 * Orderings are part of the contract: lists come sorted by their keys so no
 * result depends on hash or storage order.
 */
export interface GraphBackend {
  /** Human-readable name for errors and benchmarks, e.g. `embedded`, `neo4j`. */
  readonly name: string;
  /**
   * Whether every write to this graph goes through this backend object (an
   * embedded graph holds its directory's lock): then a GraphStore's change
   * feed tells of every change, and what is derived from the graph can be
   * kept up to date from it instead of reading the graph again.
   */
  readonly soleWriter?: boolean;
  /** Creates or relabels symbols, atomically. */
  upsertSymbols(symbols: readonly GraphSymbol[]): Promise<void>;
  /**
   * Adds triples in one atomic batch; a triple whose (subject, predicate,
   * object) exists replaces it. Symbols named by the triples are created if
   * missing (label = id, kind `entity`). Resolves once durable.
   */
  addTriples(triples: readonly Triple[]): Promise<void>;
  /** Removes the triples with these keys, atomically; returns how many existed. */
  retractTriples(keys: readonly TriplePattern[]): Promise<number>;
  /** Triples matching the pattern, sorted by (subject, predicate, object), from `offset`, at most `limit`. */
  findTriples(pattern: TriplePattern, options: { limit: number; offset: number }): Promise<Triple[]>;
  /** The symbols with these ids that exist, sorted by id. */
  getSymbols(ids: readonly string[]): Promise<GraphSymbol[]>;
  /** Symbols whose label equals one of these, ignoring case, sorted by id. */
  symbolsByLabel(labels: readonly string[]): Promise<GraphSymbol[]>;
  /** Symbols of a kind, sorted by id. */
  symbolsOfKind(kind: string, options: { limit: number }): Promise<GraphSymbol[]>;
  /**
   * The edges touching each node (outgoing and incoming) that the query
   * admits, each list in {@link compareEdges} order, with the node's degree
   * under the same filter, in one round trip. Every id is a key of the
   * result (an unknown id: no edges, degree 0).
   */
  edgesOf(ids: readonly string[], query: EdgeQuery): Promise<Map<string, NodeEdges>>;
  /**
   * Each node's degree under the filter (what {@link NodeEdges.degree} would
   * be), without shipping edges: from an index, not a scan, where the backend
   * can. Every id is a key of the result.
   */
  degrees(ids: readonly string[], filter: EdgeFilter): Promise<Map<string, number>>;
  /**
   * Runs `work` with a reader whose calls all share one read of the store:
   * spreading activation asks for every hop through it, so a server backend
   * opens one transaction for the whole walk instead of one per hop, and
   * every hop sees the same state. `work` may run more than once (a server
   * backend retries transient failures), so it must keep its state inside.
   * Backends without transactions leave it out; callers then read directly.
   */
  readSnapshot?<T>(work: (reader: GraphReader) => Promise<T>): Promise<T>;
  counts(): Promise<GraphCounts>;
  /**
   * A token that changes with every write, as every reader of this graph
   * sees it (other processes on the same Neo4j included), so a cache of
   * something derived from the graph can tell it is stale in one cheap
   * read, even after a write that left the counts as they were (a symbol
   * relabelled, a fact replaced by another).
   */
  version(): Promise<string>;
  /** Deletes everything (tests, `kg reset`). */
  clear(): Promise<void>;
  close(): Promise<void>;
}
