/**
 * Reflection and psyche evolution: pure functions over goals, tool history
 * and the psyche, with no transport. The cycle controller calls
 * `shouldReflect`, then `reflect`, then `applyAdjustments`, and carries out
 * the deferred adjustments (decomposition, consolidation, new goals).
 */
export { DEFAULT_REFLECTION, MAX_PRIORITY, resolveReflectionConfig, type ReflectionOptions, type ResolvedReflectionConfig } from "./config.js";
export { computeToolStats, flaggedTools, type ToolExecution, type ToolStatsOptions } from "./tool-stats.js";
export { assessGoal, reflect, shouldReflect, summarize, type ReflectInput } from "./reflect.js";
export { applyAdjustments, type AppliedChange, type ApplyResult, type SkippedAdjustment } from "./apply.js";
export {
  ARCHETYPES,
  ARCHETYPE_MAX,
  ARCHETYPE_MIN,
  ARCHETYPE_NEUTRAL,
  ARCHETYPE_STEP,
  INDIVIDUATION_PER_ENCOUNTER,
  INITIAL_INDIVIDUATION,
  MAX_ARCHETYPE_SHIFT,
  MAX_ENCOUNTERS_PER_REFLECTION,
  STRONG_TOOL_MIN_CALLS,
  STRONG_TOOL_RATE,
  archetypeShifts,
  defaultPsyche,
  dominantArchetype,
  evolvePsyche,
  isStrongTool,
  neutralWeights,
  type ArchetypeShift,
  type ToolArchetypeSource,
} from "./psyche.js";
