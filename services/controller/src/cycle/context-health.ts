/**
 * Context health (seed 004): working memory is the agent's context, graded
 * by how full it is. At 70 % the agent is warned that consolidation is near,
 * at 90 % that new entries now push old ones out. The grade is taken at the
 * fullest point of the cycle, before any automatic consolidation emptied it,
 * so a cycle that crossed the line says so even though it ends lower.
 */

/** Seed 004's thresholds, as shares of working-memory capacity. */
export const CONTEXT_HEALTH = Object.freeze({ warning: 0.7, critical: 0.9 });

/** How full working memory got in a cycle. */
export interface MemoryFill {
  /** Entries held at the fullest point. */
  readonly entries: number;
  /** Capacity enforced. */
  readonly capacity: number;
}

/** The context-health warning for `fill`, or undefined when below 70 %. */
export function contextHealthWarning(fill: MemoryFill): string | undefined {
  if (fill.capacity <= 0) return undefined;
  const share = fill.entries / fill.capacity;
  const full = `working memory ${Math.round(share * 100)}% full (${fill.entries}/${fill.capacity} entries)`;
  if (share >= CONTEXT_HEALTH.critical) return `context health critical: ${full}; new entries now evict old ones unless it is consolidated`;
  if (share >= CONTEXT_HEALTH.warning) return `context health warning: ${full}; consolidation into episodes is near`;
  return undefined;
}
