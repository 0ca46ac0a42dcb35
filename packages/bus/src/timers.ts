/**
 * The longest delay setTimeout honours (2^31 - 1 ms, about 24.8 days). A
 * longer one overflows: Node warns and fires after 1 ms, so a caller's far
 * deadline would end the call at once.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** A delay safe to hand to setTimeout: never negative, never past {@link MAX_TIMER_MS}. */
export function timerDelay(ms: number): number {
  if (!Number.isFinite(ms)) return ms > 0 ? MAX_TIMER_MS : 0;
  return Math.min(MAX_TIMER_MS, Math.max(0, ms));
}
