import type { GraphSymbol, Triple } from "./model.js";

/**
 * A write made through a {@link GraphStore}, as its change listeners hear
 * of it once it is durable:
 * - `triples`: the triples the write stored whose (subject, predicate,
 *   object) the graph did not hold before (a triple stored again, even with
 *   another confidence, is not listed);
 * - `symbols`: the symbols created or relabelled, as written;
 * - `other`: anything not listed (retractions, stored rules, a batch too
 *   large to list, any write to a graph others write too): whatever is
 *   derived from the graph must be made again.
 */
export type GraphChange =
  | { readonly kind: "triples"; readonly added: readonly Triple[] }
  | { readonly kind: "symbols"; readonly symbols: readonly GraphSymbol[] }
  | { readonly kind: "other" };

/** Hears of every write made through one GraphStore, in the order they were made. */
export type GraphChangeListener = (change: GraphChange) => void;
