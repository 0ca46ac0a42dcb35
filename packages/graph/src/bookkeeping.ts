/**
 * Bookkeeping symbols describe the agent's own state (its goals, their
 * status, criteria, priorities), not the world. The reference system lets
 * them flood orientation (every goal's metadata activates at 1.0); we leave
 * them out of activation unless a query asks for them.
 */
const BOOKKEEPING_PREFIXES = ["agent:", "goal:", "status:", "criteria:", "desc:", "priority:", "plan:", "episode:", "wm:"];

/** Whether a symbol id names agent bookkeeping rather than world knowledge. */
export function isBookkeepingSymbol(id: string): boolean {
  return BOOKKEEPING_PREFIXES.some((p) => id.startsWith(p));
}

/** Whether a predicate links bookkeeping (e.g. `agent:has_status`). */
export function isBookkeepingPredicate(predicate: string): boolean {
  return predicate.startsWith("agent:");
}
