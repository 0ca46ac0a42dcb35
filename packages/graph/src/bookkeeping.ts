/**
 * Bookkeeping symbols describe the agent's own state (its goals, their
 * status, criteria, priorities), not the world. The reference system lets
 * them flood orientation (every goal's metadata activates at 1.0); we leave
 * them out of activation unless a query asks for them.
 */
export const BOOKKEEPING_PREFIXES: readonly string[] = ["agent:", "goal:", "status:", "criteria:", "desc:", "priority:", "plan:", "episode:", "wm:", "rule:"];

/** Whether a symbol id names agent bookkeeping rather than world knowledge. */
export function isBookkeepingSymbol(id: string): boolean {
  // Every prefix ends in ':'; most ids have none, and this runs per edge.
  const colon = id.indexOf(":");
  if (colon < 0) return false;
  const head = id.slice(0, colon + 1);
  return PREFIX_SET.has(head);
}

const PREFIX_SET: ReadonlySet<string> = new Set(BOOKKEEPING_PREFIXES);

/** Predicates with this prefix link bookkeeping (e.g. `agent:has_status`). */
export const BOOKKEEPING_PREDICATE_PREFIX = "agent:";

/** Whether a predicate links bookkeeping (e.g. `agent:has_status`). */
export function isBookkeepingPredicate(predicate: string): boolean {
  return predicate.startsWith(BOOKKEEPING_PREDICATE_PREFIX);
}

/** Whether spreading may cross this edge without touching bookkeeping. */
export function isWorldEdge(other: string, predicate: string): boolean {
  return !isBookkeepingSymbol(other) && !isBookkeepingPredicate(predicate);
}

/** Whether a triple states something about the world: neither its predicate nor either end is bookkeeping. */
export function isWorldTriple(t: { subject: string; predicate: string; object: string }): boolean {
  return !isBookkeepingPredicate(t.predicate) && !isBookkeepingSymbol(t.subject) && !isBookkeepingSymbol(t.object);
}
