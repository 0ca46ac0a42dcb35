import { ApprovalMode, ProgressMeasure, StopReason, type AgentConfig } from "@boyd/proto";
import type { ErrorMeasure } from "../goals/index.js";
import { invalidGoalInput } from "../goals/index.js";
import { SAFETY_MAX_CYCLES } from "../settings/schema.js";
import { protoSettingIssues } from "../settings/validate.js";

export { SAFETY_MAX_CYCLES };

/** Tool calls a run may make when the settings name no budget (seed 004's max_iterations). */
export const DEFAULT_ITERATION_BUDGET = 50;

/** An AgentConfig with every default filled in (proto defaults documented in common.proto). */
export interface ResolvedAgentConfig {
  readonly workingMemoryCapacity: number;
  readonly maxCycles: number;
  readonly autoConsolidate: boolean;
  readonly maxBacktrackAttempts: number;
  readonly iterationBudget: number;
  /** Whether the settings set the iteration budget (else the default, raised to a longer run's cycle limit). */
  readonly iterationBudgetSet: boolean;
  readonly toolTimeoutMs: number;
  readonly toolCallBudgets: Readonly<Record<string, number>>;
  readonly approvalMode: ApprovalMode;
  readonly approvalTimeoutMs: number;
  readonly confirmSideEffectPlans: boolean;
  readonly toolFailureFailsGoal: boolean;
  readonly episodeRecallTopK: number;
  readonly activationTopK: number;
  readonly activationMaxDepth: number;
  readonly measure: ErrorMeasure;
  /** Share of a budget at which a warning is given. */
  readonly warnAt: number;
}

/**
 * Refuses a config the settings schema refuses (the one a settings file is
 * checked with), naming the offending field (`config.max_cycles` ...).
 * Unknown approval modes and budgets below zero are refused rather than
 * clamped.
 */
export function checkAgentConfig(config: AgentConfig | undefined): void {
  const [first] = protoSettingIssues(config, undefined);
  if (first === undefined) return;
  const colon = first.indexOf(": ");
  throw invalidGoalInput(first.slice(0, colon), first.slice(colon + 2));
}

/**
 * Resolved configs by the config they came from. A session keeps the same
 * AgentConfig object from cycle to cycle (states are spread, never edited
 * in place) until its settings change, which makes a new one: so a config
 * is checked and filled once, not on every cycle (~0.07 ms a cycle).
 */
const resolvedConfigs = new WeakMap<AgentConfig, ResolvedAgentConfig>();

/** Fills the defaults of an agent's config, after checking it with {@link checkAgentConfig}. */
export function resolveAgentConfig(config: AgentConfig | undefined): ResolvedAgentConfig {
  if (config === undefined) return fillDefaults(config);
  let resolved = resolvedConfigs.get(config);
  if (resolved === undefined) {
    // A refused config throws here every time: nothing is remembered for it.
    resolved = fillDefaults(config);
    resolvedConfigs.set(config, resolved);
  }
  return resolved;
}

function fillDefaults(config: AgentConfig | undefined): ResolvedAgentConfig {
  checkAgentConfig(config);
  const c: Partial<AgentConfig> = config ?? {};
  return Object.freeze({
    workingMemoryCapacity: c.workingMemoryCapacity ?? 100,
    maxCycles: c.maxCycles ?? SAFETY_MAX_CYCLES,
    autoConsolidate: c.autoConsolidate ?? true,
    maxBacktrackAttempts: c.maxBacktrackAttempts ?? 3,
    iterationBudget: c.iterationBudget ?? DEFAULT_ITERATION_BUDGET,
    iterationBudgetSet: c.iterationBudget !== undefined,
    toolTimeoutMs: c.toolTimeoutMs ?? 60_000,
    approvalMode: c.approvalMode ?? ApprovalMode.UNSPECIFIED,
    approvalTimeoutMs: c.approvalTimeoutMs ?? 120_000,
    confirmSideEffectPlans: c.confirmSideEffectPlans ?? true,
    toolFailureFailsGoal: c.toolFailureFailsGoal ?? false,
    episodeRecallTopK: c.episodeRecallTopK ?? 3,
    activationTopK: c.activationTopK ?? 5,
    activationMaxDepth: c.activationMaxDepth ?? 1,
    measure: c.control?.measure === ProgressMeasure.JACCARD ? "jaccard" : "coverage",
    warnAt: c.budgetWarnAt ?? 0.8,
    // Shared by every cycle of the config: frozen, so nobody's change leaks into the next cycle.
    toolCallBudgets: Object.freeze({ ...c.toolCallBudgets }),
  });
}

/**
 * The config of one run of `runCycles` cycles: an iteration budget nobody
 * set does not cut a longer run short (`--max-cycles 100` runs 100
 * cycles); one the settings set stays, and the smaller limit wins.
 */
export function forRun(cfg: ResolvedAgentConfig, runCycles: number | undefined): ResolvedAgentConfig {
  if (cfg.iterationBudgetSet || runCycles === undefined || runCycles <= cfg.iterationBudget) return cfg;
  return { ...cfg, iterationBudget: runCycles };
}

/**
 * Which limit stopped a run, in words for the run's report: the iteration
 * budget (and whether the settings set it) or the cycle limit (the run's,
 * or the agent's lifetime max_cycles). Empty for other stop reasons.
 */
export function limitReached(stop: StopReason, cfg: ResolvedAgentConfig, run: { cycles: number; cyclesRun: number; toolCalls: number; agentCycles: number }): string {
  if (stop === StopReason.ITERATION_BUDGET) {
    const where = cfg.iterationBudgetSet ? "set in the agent's settings" : "the default";
    return `${run.toolCalls} tool calls reached the iteration budget of ${cfg.iterationBudget} (${where}) after ${run.cyclesRun} of the run's ${run.cycles} cycles`;
  }
  if (stop !== StopReason.MAX_CYCLES) return "";
  if (run.agentCycles >= cfg.maxCycles) return `the agent's lifetime limit of ${cfg.maxCycles} cycles (max_cycles setting)`;
  if (!cfg.iterationBudgetSet) return `the run's limit of ${run.cycles} cycles`;
  return `the run's limit of ${run.cycles} cycles; ${run.toolCalls} of ${cfg.iterationBudget} tool calls of the iteration budget used`;
}
