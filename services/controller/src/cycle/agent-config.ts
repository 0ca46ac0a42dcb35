import { ApprovalMode, ProgressMeasure, type AgentConfig } from "@boyd/proto";
import type { ErrorMeasure } from "../goals/index.js";
import { invalidGoalInput } from "../goals/index.js";

/** Hard ceiling on an agent's life in cycles, whatever its config says. */
export const SAFETY_MAX_CYCLES = 1000;

/** An AgentConfig with every default filled in (proto defaults documented in common.proto). */
export interface ResolvedAgentConfig {
  readonly workingMemoryCapacity: number;
  readonly maxCycles: number;
  readonly autoConsolidate: boolean;
  readonly maxBacktrackAttempts: number;
  readonly iterationBudget: number;
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

function whole(field: string, value: number | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max) throw invalidGoalInput(`config.${field}`, `must be an integer ${min}..${max}, got ${value}`);
  return value;
}

/**
 * Fills the defaults of an agent's config and checks its ranges, naming the
 * offending field (`config.max_cycles` ...). Unknown approval modes and
 * budgets below zero are refused rather than clamped.
 */
export function resolveAgentConfig(config: AgentConfig | undefined): ResolvedAgentConfig {
  const c = config ?? ({ toolCallBudgets: {} } as unknown as AgentConfig);
  const budgets: Record<string, number> = {};
  for (const [tool, n] of Object.entries(c.toolCallBudgets ?? {})) budgets[tool] = whole(`tool_call_budgets[${tool}]`, n, 0, 0, 1_000_000);
  if (c.approvalMode !== undefined && ApprovalMode[c.approvalMode] === undefined) throw invalidGoalInput("config.approval_mode", `unknown mode ${c.approvalMode}`);
  return {
    workingMemoryCapacity: whole("working_memory_capacity", c.workingMemoryCapacity, 100, 1, 100_000),
    maxCycles: whole("max_cycles", c.maxCycles, SAFETY_MAX_CYCLES, 1, SAFETY_MAX_CYCLES),
    autoConsolidate: c.autoConsolidate ?? true,
    maxBacktrackAttempts: whole("max_backtrack_attempts", c.maxBacktrackAttempts, 3, 1, 10),
    iterationBudget: whole("iteration_budget", c.iterationBudget, 50, 1, 1_000_000),
    toolTimeoutMs: whole("tool_timeout_ms", c.toolTimeoutMs, 60_000, 1, 3_600_000),
    toolCallBudgets: budgets,
    approvalMode: c.approvalMode ?? ApprovalMode.UNSPECIFIED,
    approvalTimeoutMs: whole("approval_timeout_ms", c.approvalTimeoutMs, 120_000, 1, 86_400_000),
    confirmSideEffectPlans: c.confirmSideEffectPlans ?? true,
    toolFailureFailsGoal: c.toolFailureFailsGoal ?? false,
    episodeRecallTopK: whole("episode_recall_top_k", c.episodeRecallTopK, 3, 0, 100),
    activationTopK: whole("activation_top_k", c.activationTopK, 5, 1, 1000),
    activationMaxDepth: whole("activation_max_depth", c.activationMaxDepth, 1, 0, 10),
    measure: c.control?.measure === ProgressMeasure.JACCARD ? "jaccard" : "coverage",
    warnAt: 0.8,
  };
}
