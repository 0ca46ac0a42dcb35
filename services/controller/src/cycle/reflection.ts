import { AdjustmentKind, ConsolidationTrigger, GoalChangeKind, WorkingMemoryKind, type EpisodicEntry, type GoalChanged, type ReflectionReport, type SessionState, type ToolDescriptor } from "@boyd/proto";
import { activeGoalIds, decomposeGoal } from "../goals/index.js";
import { applyAdjustments, reflect, shouldReflect } from "../reflection/index.js";
import type { CyclePorts } from "./ports.js";
import { workingEntry } from "./working-entry.js";

/** What a reflection pass changed. */
export interface ReflectionOutcome {
  readonly state: SessionState;
  readonly report: ReflectionReport;
  readonly goalChanges: GoalChanged[];
  readonly consolidated: EpisodicEntry[];
}

/** Whether this cycle reflects (every N cycles, by the session's reflection settings): known before the cycle records anything. */
export function reflectsThisCycle(state: SessionState, cycle: number): boolean {
  return shouldReflect(cycle, Number(state.lastReflectionCycle), state.config?.reflection);
}

/** Runs reflection when it is due (every N cycles); undefined otherwise. */
export async function reflectNow(
  state: SessionState,
  ports: CyclePorts,
  catalog: readonly ToolDescriptor[],
  pressure: number,
  cycle: number,
  warnings: string[],
): Promise<ReflectionOutcome | undefined> {
  if (!reflectsThisCycle(state, cycle)) return undefined;
  return reflectAndApply(state, ports, catalog, pressure, cycle, warnings, true);
}

/**
 * One reflection pass over the calls since the last one: tool
 * effectiveness, stagnation and memory pressure. With `apply`, every
 * adjustment is carried out: boosts, demotions and abandonment by
 * `applyAdjustments`; decomposition and consolidation here; the psyche
 * evolves. The report goes into working memory as a REFLECTION entry.
 */
export async function reflectAndApply(
  state: SessionState,
  ports: CyclePorts,
  catalog: readonly ToolDescriptor[],
  pressure: number,
  cycle: number,
  warnings: string[],
  apply: boolean,
): Promise<ReflectionOutcome> {
  const agentId = state.agentId;
  const since = Number(state.lastReflectionCycle);
  const report = reflect({
    cycle,
    goals: state.goals,
    toolHistory: state.toolRuns.filter((r) => Number(r.cycle) > since).map((r) => ({ toolName: r.toolName, success: r.success, cycle: Number(r.cycle), goalId: r.goalId })),
    memoryPressure: pressure,
    lastReflectionCycle: since,
    ...(state.config?.reflection ? { config: state.config.reflection } : {}),
    ...(state.psyche ? { psyche: state.psyche } : {}),
    catalog,
    shadowEncounters: state.shadowEncounters,
  });
  if (!apply) return { state, report, goalChanges: [], consolidated: [] };

  const applied = applyAdjustments(state.goals, report);
  let goals = applied.goals;
  const goalChanges: GoalChanged[] = applied.applied.map((c) => ({
    goal: goals.find((g) => g.symbolId === c.goalId)!,
    change: c.before.status !== c.after.status ? GoalChangeKind.STATUS : GoalChangeKind.PRIORITY,
    previousStatus: c.before.status,
    previousPriority: c.before.priority,
    reason: `reflection: ${c.adjustment.description}`,
  }));
  const consolidated: EpisodicEntry[] = [];
  const out = applied.report;
  for (const adj of out.adjustments) {
    if (adj.applied) continue;
    if (adj.kind === AdjustmentKind.SUGGEST_DECOMPOSITION && adj.goalId) {
      const split = decomposeGoal(goals, adj.goalId, { cycle, nowUnixMs: ports.now(), reason: `reflection: ${adj.description}` });
      if (split.ok) {
        goals = split.goals;
        goalChanges.push(...split.changes);
        adj.applied = true;
      }
    } else if (adj.kind === AdjustmentKind.TRIGGER_CONSOLIDATION) {
      try {
        const r = await ports.memory.consolidate(
          { agentId, cycle, trigger: ConsolidationTrigger.REFLECTION, goalIds: activeGoalIds(goals), config: state.config?.consolidation },
          { timeoutMs: 30_000, agentId },
        );
        consolidated.push(...r.episodes);
        adj.applied = true;
      } catch (err) {
        warnings.push(`reflection's consolidation failed: ${(err as Error).message}`);
      }
    }
  }
  try {
    await ports.memory.remember(
      { agentId, cycle, entries: [workingEntry(WorkingMemoryKind.REFLECTION, out.summary, 0.6, cycle, ports.now())] },
      { timeoutMs: 10_000, agentId },
    );
  } catch (err) {
    warnings.push(`reflection not remembered: ${(err as Error).message}`);
  }
  return {
    state: { ...state, goals, ...(out.psyche ? { psyche: out.psyche } : {}), lastReflectionCycle: cycle, shadowEncounters: 0 },
    report: out,
    goalChanges,
    consolidated,
  };
}
