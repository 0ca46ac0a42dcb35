import { fanFactor } from "../activation.js";
import type { EdgeFilter, EdgeQuery, GraphReader, NodeEdges } from "../backend.js";

/**
 * Edges and degrees fetched by earlier activations, valid for one version of
 * the graph. Every Neo4j write sets a new version in the same transaction
 * (see graph-version.ts), and an activation reads the version first: a
 * different one drops everything, so a write by any process is seen by the
 * next activation, and a repeated activation costs one round trip.
 *
 * Entries written under a version may hold data committed a little after
 * it (read committed), never before it: what a reader that read that
 * version could have been shown anyway.
 */
export class NeighbourhoodCache {
  private version: string | undefined;
  private readonly edges = new Map<string, CachedEdges>();
  private readonly degrees = new Map<string, number>();
  /** Edges held over all entries, bounded by maxEdges. */
  private held = 0;

  constructor(private readonly maxEdges: number) {}

  /**
   * A reader for one read transaction that saw `version`: answers from the
   * cache what it holds and asks `direct` (the transaction's own reader) for
   * the rest, keeping what comes back.
   */
  readerAt(version: string, direct: GraphReader): GraphReader {
    if (version !== this.version) this.reset(version);
    return {
      edgesOf: (ids, query) => this.edgesOf(version, direct, ids, query),
      degrees: (ids, filter) => this.degreesOf(version, direct, ids, filter),
    };
  }

  private reset(version: string): void {
    this.version = version;
    this.edges.clear();
    this.degrees.clear();
    this.held = 0;
  }

  private async edgesOf(version: string, direct: GraphReader, ids: readonly string[], query: EdgeQuery): Promise<Map<string, NodeEdges>> {
    const key = edgeKey(query);
    const result = new Map<string, NodeEdges>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const hit = this.edges.get(key + id);
      if (hit && needFrom(id, hit.edges.degree, query) >= hit.completeFrom * (1 + 1e-12)) result.set(id, hit.edges);
      else missing.push(id);
    }
    if (missing.length === 0) return result;
    const fetched = await direct.edgesOf(missing, query);
    for (const [id, edges] of fetched) {
      result.set(id, edges);
      // A newer version came in while this was fetched: keep nothing under the old one.
      if (this.version !== version) continue;
      this.keep(key + id, { edges, completeFrom: completeFrom(id, edges.degree, query) });
      this.degrees.set(filterKey(query) + id, edges.degree);
    }
    return result;
  }

  private async degreesOf(version: string, direct: GraphReader, ids: readonly string[], filter: EdgeFilter): Promise<Map<string, number>> {
    const key = filterKey(filter);
    const result = new Map<string, number>();
    const missing = [...new Set(ids)].filter((id) => {
      const degree = this.degrees.get(key + id);
      if (degree !== undefined) result.set(id, degree);
      return degree === undefined;
    });
    if (missing.length === 0) return result;
    for (const [id, degree] of await direct.degrees(missing, filter)) {
      result.set(id, degree);
      if (this.version === version) this.degrees.set(key + id, degree);
    }
    return result;
  }

  /** Stores an entry, dropping the oldest ones beyond the bound (a Map iterates in insertion order). */
  private keep(key: string, entry: CachedEdges): void {
    const old = this.edges.get(key);
    if (old) {
      this.held -= weight(old);
      this.edges.delete(key);
    }
    this.edges.set(key, entry);
    this.held += weight(entry);
    for (const [oldest, value] of this.edges) {
      if (this.held <= this.maxEdges || oldest === key) break;
      this.edges.delete(oldest);
      this.held -= weight(value);
    }
    // Degrees are one number per node: bounded by the same count of entries.
    if (this.degrees.size > 4 * Math.max(this.edges.size, 1_000)) this.degrees.clear();
  }
}

/**
 * A node's edges as one fetch returned them: every admitted edge of raw
 * confidence at least `completeFrom` is there (up to the query's limit);
 * weaker ones may have been left on the server by its prune hint.
 */
interface CachedEdges {
  readonly edges: NodeEdges;
  readonly completeFrom: number;
}

// Separates the parts of a key prefix. The id comes last and the predicates
// are JSON (which escapes NUL), so a key names one (filter, limit, id) even
// when an id holds NUL.
const SEP = "\u0000";

/** What decides which edges a node has and how they are counted: the filter. */
function filterKey(filter: EdgeFilter): string {
  const predicates = filter.predicates ? JSON.stringify([...filter.predicates].sort()) : "*";
  return `${filter.excludeBookkeeping ? "x" : "a"}${SEP}${predicates}${SEP}`;
}

/** The filter and the per-node cut. */
function edgeKey(query: EdgeQuery): string {
  return `${filterKey(query)}${query.limitPerNode ?? "all"}${SEP}`;
}

/**
 * The least raw confidence an edge of `id` needs to carry an offer at the
 * prune's floor: floor / (activation x hopDecay x fan). Without a prune
 * hint every edge may matter.
 */
function needFrom(id: string, degree: number, query: EdgeQuery): number {
  const prune = query.prune;
  if (!prune) return 0;
  const reach = (prune.activations.get(id) ?? 1) * prune.hopDecay * fanFactor(degree);
  return prune.floor / reach;
}

/**
 * Down to which confidence a fetch for this query is complete. The server
 * cuts at floor x (1 - 1e-9) (slack for its arithmetic), so it is complete
 * down to a hair under what this very query needs; a later query is served
 * only when it needs at least that (with 1e-12 more for rounding).
 */
function completeFrom(id: string, degree: number, query: EdgeQuery): number {
  return needFrom(id, degree, query) * (1 - 1e-9);
}

function weight(entry: CachedEdges): number {
  return entry.edges.edges.length + 1;
}
