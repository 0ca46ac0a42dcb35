import { isBookkeepingPredicate, isBookkeepingSymbol } from "../bookkeeping.js";
import { tripleKey, type TriplePattern } from "../model.js";
import { versionLabel } from "./graph-version.js";

/**
 * Each symbol's count of bookkeeping edges, kept in its `bk` property: the
 * edges an activation leaves out by default (a bookkeeping predicate, or a
 * bookkeeping symbol at the other end). A node's default degree is then its
 * relationship count, which Neo4j answers from the node's degree store
 * without touching an edge, minus `bk`. Counting the admitted edges instead
 * expanded every edge of every frontier node (a hub's thousands), per hop:
 * at 100k edges, hub-heavy, it was most of a hop's server time.
 *
 * The counts change only when a relationship is created or deleted, and
 * Neo4j locks a node for `SET n.bk = n.bk + x` (a direct dependency), so
 * concurrent writers do not lose updates.
 */

/** A triple key with what its edge adds to each end's `bk`: 1 when that end sees a bookkeeping edge. */
export interface CountedKey {
  readonly subject: string;
  readonly predicate: string;
  readonly object: string;
  /** For the subject: the edge is bookkeeping when its predicate or the object is. */
  readonly sbk: number;
  /** For the object; 0 for a self-loop, counted once, at the subject. */
  readonly obk: number;
}

/**
 * The rows with their counts, one per triple key (the last wins, as
 * re-adding replaces): a key twice in one statement would be counted twice.
 */
export function withBookkeepingCounts<T extends Required<Pick<TriplePattern, "subject" | "predicate" | "object">>>(rows: readonly T[]): (T & CountedKey)[] {
  const byKey = new Map<string, T & CountedKey>();
  for (const row of rows) {
    const predicate = isBookkeepingPredicate(row.predicate);
    const sbk = predicate || isBookkeepingSymbol(row.object) ? 1 : 0;
    const obk = row.subject !== row.object && (predicate || isBookkeepingSymbol(row.subject)) ? 1 : 0;
    const key = tripleKey(row);
    byKey.delete(key);
    byKey.set(key, { ...row, sbk, obk });
  }
  return [...byKey.values()];
}

/**
 * Counts the bookkeeping edges of a store written before `bk` was kept,
 * once (the version node records it). `admittedEdge` is the Cypher test
 * of an admitted edge r to m, as edge queries use it.
 */
export function countExisting(label: string, admittedEdge: string): string {
  return `MATCH (v:${versionLabel(label)} {key: 'version'}) WHERE v.bkCounted IS NULL
          CALL {
            MATCH (n:${label})
            WITH n, COUNT { MATCH (n)-[r:REL]-(m:${label}) WHERE NOT (${admittedEdge}) } AS bk
            WHERE bk > 0
            SET n.bk = bk
          }
          SET v.bkCounted = true`;
}
