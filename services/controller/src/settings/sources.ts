import { DEFAULT_ITERATION_BUDGET, resolveAgentConfig } from "../cycle/agent-config.js";
import { DEFAULT_CONTROL_LOOP } from "../goals/progress.js";
import { DEFAULT_STALL_THRESHOLD } from "../goals/stall.js";
import { DEFAULT_REFLECTION } from "../reflection/config.js";
import type { SettingsFile } from "./file.js";
import type { AgentSettings } from "./schema.js";
import { fieldName } from "./validate.js";

/** Settings from one place, and how to name that place for one field. */
export interface SettingsLayer {
  readonly settings: AgentSettings;
  /** Where a field of this layer came from: "default", "flag --mode", "agent.yaml:4". */
  readonly origin: (field: string) => string;
}

/** One setting as in force: its value for a person and where it came from. */
export interface SettingInForce {
  readonly field: string;
  readonly value: string;
  readonly source: string;
}

/**
 * What an agent gets when nothing is set. Shown by `boyd agent config`;
 * the controller applies the same values (each taken from the constant the
 * code uses, except consolidation's, which the memory service applies).
 */
export function defaultSettings(): Record<string, unknown> {
  const r = resolveAgentConfig(undefined);
  const d = DEFAULT_REFLECTION;
  const c = DEFAULT_CONTROL_LOOP;
  return {
    working_memory_capacity: r.workingMemoryCapacity,
    max_cycles: r.maxCycles,
    auto_consolidate: r.autoConsolidate,
    max_backtrack_attempts: r.maxBacktrackAttempts,
    default_stall_threshold: DEFAULT_STALL_THRESHOLD,
    iteration_budget: `${DEFAULT_ITERATION_BUDGET} tool calls a run, or the run's cycle limit when that is higher`,
    tool_timeout_ms: r.toolTimeoutMs,
    tool_call_budgets: "the catalog's call budgets",
    approval_mode: "the act policy's (safe unless BOYD_APPROVAL_MODE says otherwise)",
    approval_timeout_ms: r.approvalTimeoutMs,
    confirm_side_effect_plans: r.confirmSideEffectPlans,
    tool_failure_fails_goal: r.toolFailureFailsGoal,
    episode_recall_top_k: r.episodeRecallTopK,
    activation_top_k: r.activationTopK,
    activation_max_depth: r.activationMaxDepth,
    budget_warn_at: r.warnAt,
    reflection: {
      reflect_every_n_cycles: d.reflectEveryNCycles,
      min_cycles_worked: d.minCyclesWorked,
      min_tool_success_rate: d.minToolSuccessRate,
      stagnation_threshold: d.stagnationThreshold,
      abandon_after_cycles: d.abandonAfterCycles,
      boost_amount: d.boostAmount,
      demote_amount: d.demoteAmount,
    },
    consolidation: { min_relevance: 0.5, goal_relevance_weight: 0.4, novelty_weight: 0.3, utility_weight: 0.3, auto_consolidate_at: 50, pressure_threshold: 0.8 },
    control: {
      convergence_threshold: c.convergenceThreshold,
      k_proportional: c.kProportional,
      k_integral: c.kIntegral,
      stall_patience: c.stallPatience,
      integral_max: c.integralMax,
      gain_min: c.gainMin,
      gain_max: c.gainMax,
      max_iterations: c.maxIterations,
      measure: r.measure,
    },
    psyche: "none",
  };
}

/** The layer of a settings file: each field named by its line. */
export function fileLayer(file: SettingsFile): SettingsLayer {
  return { settings: file.settings, origin: (field) => `${file.file}:${lineOfField(file.lines, field)}` };
}

function lineOfField(lines: ReadonlyMap<string, number>, field: string): number {
  // A list item's field ("...veto_patterns[0].name") falls back to the list's line.
  for (let f = field; f; ) {
    const line = lines.get(f);
    if (line !== undefined) return line;
    const parent = f.replace(/(\.[^.[\]]+|\[\d+\])$/, "");
    if (parent === f) break;
    f = parent;
  }
  return 1;
}

/** Leaves of a settings object by dotted field; lists are leaves, as they are replaced whole. */
function leaves(value: unknown, path: string[] = []): Array<[string, unknown]> {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0 && path.length) return [[fieldName(path), "none"]];
    return entries.flatMap(([k, v]) => leaves(v, [...path, k]));
  }
  return [[fieldName(path), value]];
}

function shown(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * Every setting in force after the layers (lowest first; defaults come
 * before them all) with the layer it came from. A section set anywhere
 * (tool_call_budgets, psyche) hides its default placeholder.
 */
export function settingsInForce(layers: readonly SettingsLayer[]): SettingInForce[] {
  const rows = new Map<string, SettingInForce>();
  for (const [field, value] of leaves(defaultSettings())) rows.set(field, { field, value: shown(value), source: "default" });
  for (const layer of layers) {
    for (const [field, value] of leaves(layer.settings)) {
      const section = field.split(/[.[]/)[0]!;
      if (rows.get(section)?.source === "default" && section !== field) rows.delete(section);
      rows.set(field, { field, value: shown(value), source: layer.origin(field) });
    }
  }
  return [...rows.values()];
}
