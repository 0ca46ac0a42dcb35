import type { ToolEffectiveness } from "@boyd/proto";
import { DEFAULT_REFLECTION } from "./config.js";

/** One tool call as the controller recorded it. */
export interface ToolExecution {
  /** Registered tool name. */
  readonly toolName: string;
  /** Whether the tool did what it was asked (ToolOutput.success). */
  readonly success: boolean;
  /** Cycle the call ran in. */
  readonly cycle: number;
  /** Goal the call served; "" when none. */
  readonly goalId: string;
}

/** Which calls count and when a tool is flagged. */
export interface ToolStatsOptions {
  /**
   * Success rate below which a tool is flagged.
   * @default 0.3
   */
  readonly minSuccessRate?: number;
  /**
   * Calls a tool needs before it can be flagged.
   * @default 2
   */
  readonly minInvocations?: number;
  /** Count only calls from cycles strictly after this one (a window). */
  readonly afterCycle?: number;
  /** Count only calls made for this goal. */
  readonly goalId?: string;
}

/**
 * Per-tool effectiveness over a history of calls, one entry per tool that
 * appears, sorted by tool name so reports are stable.
 *
 * A tool is flagged when it has at least `minInvocations` calls and its
 * success rate is strictly below `minSuccessRate`: a single failed call is
 * noise, and a rate exactly at the floor is tolerated.
 */
export function computeToolStats(history: readonly ToolExecution[], options: ToolStatsOptions = {}): ToolEffectiveness[] {
  const minRate = options.minSuccessRate ?? DEFAULT_REFLECTION.minToolSuccessRate;
  const minCalls = options.minInvocations ?? DEFAULT_REFLECTION.minToolInvocations;
  const counts = new Map<string, { invocations: number; successes: number }>();
  for (const call of history) {
    if (options.afterCycle !== undefined && call.cycle <= options.afterCycle) continue;
    if (options.goalId !== undefined && call.goalId !== options.goalId) continue;
    const c = counts.get(call.toolName) ?? { invocations: 0, successes: 0 };
    c.invocations += 1;
    if (call.success) c.successes += 1;
    counts.set(call.toolName, c);
  }
  return [...counts.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([toolName, c]) => {
      const successRate = c.successes / c.invocations;
      return {
        toolName,
        invocations: c.invocations,
        successes: c.successes,
        successRate,
        flagged: c.invocations >= minCalls && successRate < minRate,
      };
    });
}

/** Names of the flagged tools, in report order. */
export function flaggedTools(stats: readonly ToolEffectiveness[]): string[] {
  return stats.filter((s) => s.flagged).map((s) => s.toolName);
}
