import { BusError } from "@boyd/bus";
import {
  AdjustmentKind,
  GoalStatus,
  type Adjustment,
  type Goal,
  type GoalAssessment,
  type Psyche,
  type ReflectionReport,
  type ToolEffectiveness,
} from "@boyd/proto";
import { MAX_PRIORITY, resolveReflectionConfig, type ReflectionOptions, type ResolvedReflectionConfig } from "./config.js";
import { evolvePsyche, type ToolArchetypeSource } from "./psyche.js";
import { computeToolStats, type ToolExecution } from "./tool-stats.js";

// Re-exported so the reflect-then-apply pair is importable from one module.
export { applyAdjustments, type AppliedChange, type ApplyResult, type SkippedAdjustment } from "./apply.js";

/** Everything one reflection pass looks at. */
export interface ReflectInput {
  /** Cycle at which reflection runs. */
  readonly cycle: number;
  /** The agent's goals; only ACTIVE ones are assessed. */
  readonly goals: readonly Goal[];
  /** Tool calls to judge (the caller chooses the window). */
  readonly toolHistory: readonly ToolExecution[];
  /** Working-memory entries / capacity. */
  readonly memoryPressure: number;
  /**
   * Cycle of the previous reflection; 0 or unset when there was none.
   * "Advanced" means progress after this cycle.
   * @default 0
   */
  readonly lastReflectionCycle?: number;
  /** Reflection settings; unset fields take the defaults. */
  readonly config?: ReflectionOptions;
  /** When set, the report carries this psyche evolved ({@link evolvePsyche}). */
  readonly psyche?: Psyche;
  /** Tool catalog giving each tool's archetype, for psyche evolution. */
  readonly catalog?: readonly ToolArchetypeSource[];
  /** Shadow vetoes and bias hits since the last reflection. @default 0 */
  readonly shadowEncounters?: number;
}

/**
 * Whether periodic reflection is due: at least `reflectEveryNCycles` cycles
 * since the last one (unset or 0 = never reflected). Counting from the last
 * reflection, rather than `cycle % N`, keeps the rhythm after a resumed
 * session or a manual reflection. An interval of 0 turns it off.
 */
export function shouldReflect(cycle: number, lastReflectionCycle: number | undefined, config?: ReflectionOptions): boolean {
  const every = resolveReflectionConfig(config).reflectEveryNCycles;
  if (every === 0 || cycle <= 0) return false;
  const last = lastReflectionCycle ?? 0;
  return cycle > last && cycle - last >= every;
}

/**
 * Reflection's view of one goal. Stagnant follows the reference's rule:
 * worked at least `stagnationThreshold` cycles and no progress for at least
 * as many (both boundaries inclusive). Advanced means the goal's error
 * actually fell after the previous reflection: its last progress cycle is
 * later, and its latest sample shows an error below 1. The second test is
 * needed because the last progress cycle is also where a goal's stall
 * clock starts when it is added (or split, or resumed), so a goal added at
 * cycle 1 that never found anything would otherwise count as "advanced at
 * cycle 1" and be boosted at error 1.000. An error below 1 means something
 * was found since the goal started from "nothing known".
 */
export function assessGoal(goal: Goal, cycle: number, lastReflectionCycle: number, config: ResolvedReflectionConfig): GoalAssessment {
  const cyclesSinceProgress = Math.max(0, cycle - goal.lastProgressCycle);
  return {
    goalId: goal.symbolId,
    cyclesWorked: goal.cyclesWorked,
    cyclesSinceProgress,
    advanced: goal.lastProgressCycle > 0 && goal.lastProgressCycle > lastReflectionCycle && goal.progress !== undefined && goal.progress.error < 1,
    stagnant: goal.cyclesWorked >= config.stagnationThreshold && cyclesSinceProgress >= config.stagnationThreshold,
  };
}

/**
 * One reflection pass, pure: assesses active goals and tools and recommends
 * adjustments (all with `applied: false`; see {@link applyAdjustments}).
 *
 * Per active goal worked at least `minCyclesWorked` cycles:
 * - stagnant and worked >= `abandonAfterCycles`: SUGGEST_ABANDON, and
 *   nothing else for it (demoting a goal about to fail is noise);
 * - stagnant otherwise: DEMOTE_PRIORITY by `demoteAmount` (floored at 0;
 *   none at 0) and, when it has no children yet, SUGGEST_DECOMPOSITION;
 * - not stagnant and advanced since the last reflection: BOOST_PRIORITY by
 *   `boostAmount` (capped at 255; none at 255). A goal that merely is not
 *   stagnant is not boosted, unlike the reference, whose every reflection
 *   pushed every busy goal up until all sat at the cap.
 * Then: when every tool with enough calls is flagged, SUGGEST_NEW_GOAL for
 * a new strategy; when memory pressure is at or above
 * `consolidationPressure`, TRIGGER_CONSOLIDATION.
 *
 * @throws BusError INVALID_ARGUMENT for a bad config, cycle or pressure.
 */
export function reflect(input: ReflectInput): ReflectionReport {
  const config = resolveReflectionConfig(input.config);
  const { cycle, memoryPressure } = input;
  const last = input.lastReflectionCycle ?? 0;
  if (!Number.isInteger(cycle) || cycle < 0) throw new BusError("INVALID_ARGUMENT", `reflection cycle must be a whole number >= 0, got ${cycle}`);
  if (!Number.isFinite(memoryPressure) || memoryPressure < 0) {
    throw new BusError("INVALID_ARGUMENT", `memory pressure must be a number >= 0, got ${memoryPressure}`);
  }

  const tools = computeToolStats(input.toolHistory, { minSuccessRate: config.minToolSuccessRate, minInvocations: config.minToolInvocations });
  const active = input.goals.filter((g) => g.status === GoalStatus.ACTIVE);
  const goals = active.map((g) => assessGoal(g, cycle, last, config));

  const adjustments: Adjustment[] = [];
  active.forEach((goal, i) => {
    const a = goals[i];
    if (a === undefined || a.cyclesWorked < config.minCyclesWorked) return;
    const label = quote(goal.description || goal.symbolId);
    if (a.stagnant && a.cyclesWorked >= config.abandonAfterCycles) {
      adjustments.push(adjust(AdjustmentKind.SUGGEST_ABANDON, goal.symbolId, 0, `Abandon ${label}: no progress for ${a.cyclesSinceProgress} cycles after ${a.cyclesWorked} cycles of work`));
      return;
    }
    if (a.stagnant) {
      const delta = -Math.min(config.demoteAmount, goal.priority);
      if (delta < 0) adjustments.push(adjust(AdjustmentKind.DEMOTE_PRIORITY, goal.symbolId, delta, `Demote ${label} from ${goal.priority} to ${goal.priority + delta}: stagnant for ${a.cyclesSinceProgress} cycles`));
      if (goal.childIds.length === 0) adjustments.push(adjust(AdjustmentKind.SUGGEST_DECOMPOSITION, goal.symbolId, 0, `Decompose ${label} into smaller goals`));
      return;
    }
    if (a.advanced) {
      const delta = Math.min(config.boostAmount, MAX_PRIORITY - goal.priority);
      if (delta > 0) adjustments.push(adjust(AdjustmentKind.BOOST_PRIORITY, goal.symbolId, delta, `Boost ${label} from ${goal.priority} to ${goal.priority + delta}: it advanced at cycle ${goal.lastProgressCycle} (error now ${(goal.progress?.error ?? 1).toFixed(3)})`));
    }
  });

  const judged = tools.filter((t) => t.invocations >= config.minToolInvocations);
  if (judged.length > 0 && judged.every((t) => t.flagged)) {
    adjustments.push(adjust(AdjustmentKind.SUGGEST_NEW_GOAL, "", 0, `Develop a new strategy: every tool used lately is failing (${judged.map((t) => t.toolName).join(", ")})`));
  }
  if (memoryPressure >= config.consolidationPressure) {
    adjustments.push(adjust(AdjustmentKind.TRIGGER_CONSOLIDATION, "", 0, `Consolidate working memory: pressure ${percent(memoryPressure)} is at or above ${percent(config.consolidationPressure)}`));
  }

  let psyche: Psyche | undefined;
  if (input.psyche) {
    // Only calls since the last reflection move the psyche, so one bad
    // streak is not counted again at every later reflection.
    const recent = computeToolStats(input.toolHistory, {
      minSuccessRate: config.minToolSuccessRate,
      minInvocations: config.minToolInvocations,
      afterCycle: last,
    });
    psyche = evolvePsyche(input.psyche, recent, input.shadowEncounters ?? 0, input.catalog ?? []);
  }

  const report: ReflectionReport = { cycle, tools, goals, adjustments, memoryPressure, psyche, summary: "" };
  report.summary = summarize(report, active);
  return report;
}

/**
 * A short prose summary: goals assessed, which advanced and which are
 * stagnant, each adjustment, flagged tools with their records, and memory
 * pressure. Goals are named by their description (ids are opaque to a
 * reader).
 */
export function summarize(report: ReflectionReport, goals: readonly Goal[] = []): string {
  const byId = new Map(goals.map((g) => [g.symbolId, g]));
  const name = (id: string) => quote(byId.get(id)?.description || id);
  const parts: string[] = [];

  const advanced = report.goals.filter((g) => g.advanced).map((g) => name(g.goalId));
  const stagnant = report.goals.filter((g) => g.stagnant).map((g) => name(g.goalId));
  let goalsLine = `Reflection at cycle ${report.cycle}: ${plural(report.goals.length, "active goal")} assessed`;
  if (advanced.length > 0) goalsLine += `; advanced: ${advanced.join(", ")}`;
  if (stagnant.length > 0) goalsLine += `; stagnant: ${stagnant.join(", ")}`;
  if (advanced.length === 0 && stagnant.length === 0 && report.goals.length > 0) goalsLine += "; none advanced or stagnant";
  parts.push(`${goalsLine}.`);

  const flagged = report.tools.filter((t) => t.flagged);
  if (flagged.length > 0) parts.push(`Flagged tools: ${flagged.map(toolRecord).join(", ")}.`);
  else if (report.tools.length > 0) parts.push(`No tool below the success floor (${plural(report.tools.length, "tool")} used).`);

  parts.push(`Memory pressure ${percent(report.memoryPressure)}.`);

  if (report.adjustments.length === 0) parts.push("No adjustments.");
  else parts.push(`Adjustments: ${report.adjustments.map((a) => a.description).join("; ")}.`);

  const dominant = report.psyche?.integration?.dominant;
  if (report.psyche && dominant !== undefined) {
    parts.push(`Psyche: dominant ${archetypeName(dominant)}, individuation ${(report.psyche.integration?.individuation ?? 0).toFixed(2)}.`);
  }
  return parts.join(" ");
}

function adjust(kind: AdjustmentKind, goalId: string, priorityDelta: number, description: string): Adjustment {
  return { kind, goalId, priorityDelta, description, applied: false };
}

function toolRecord(t: ToolEffectiveness): string {
  return `${t.toolName} (${t.successes}/${t.invocations} succeeded, ${percent(t.successRate)})`;
}

function percent(x: number): string {
  return `${Math.round(x * 100)}%`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// Long descriptions would drown the summary; 60 characters name a goal.
function quote(text: string): string {
  const t = text.replace(/\s+/g, " ").trim();
  return `"${t.length > 60 ? `${t.slice(0, 57)}...` : t}"`;
}

function archetypeName(a: number): string {
  return ["unspecified", "healer", "sage", "guardian", "explorer"][a] ?? "unspecified";
}
