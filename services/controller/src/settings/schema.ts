import { ApprovalMode, Capability, DangerLevel, ProgressMeasure } from "@boyd/proto";
import { z } from "zod";

/**
 * The lower-case words of a proto enum's members, without UNSPECIFIED:
 * what a person writes in a settings file (`approval_mode: paranoid`).
 */
export function enumWords(e: Record<string, string | number>): [string, ...string[]] {
  const words = Object.keys(e)
    .filter((k) => Number.isNaN(Number(k)) && k !== "UNSPECIFIED" && k !== "UNRECOGNIZED")
    .map((k) => k.toLowerCase());
  return words as [string, ...string[]];
}

/** Hard ceiling on an agent's life in cycles, whatever its settings say. */
export const SAFETY_MAX_CYCLES = 1000;

const count = (min: number, max: number) => z.number().int().min(min).max(max);
const fraction = z.number().min(0).max(1);
const nonNegative = z.number().finite().min(0);

const reflection = z
  .object({
    reflect_every_n_cycles: count(0, 1_000_000).describe("reflect every N cycles (0: never)"),
    min_cycles_worked: count(0, 1_000_000),
    min_tool_success_rate: fraction,
    stagnation_threshold: count(1, 1_000_000),
    abandon_after_cycles: count(0, 1_000_000),
    boost_amount: count(0, 255),
    demote_amount: count(0, 255),
  })
  .partial()
  .strict();

const consolidation = z
  .object({
    min_relevance: fraction,
    goal_relevance_weight: fraction,
    novelty_weight: fraction,
    utility_weight: fraction,
    auto_consolidate_at: count(1, 1_000_000),
    pressure_threshold: fraction,
  })
  .partial()
  .strict();

const control = z
  .object({
    convergence_threshold: fraction,
    k_proportional: z.number().finite(),
    k_integral: nonNegative,
    stall_patience: count(1, 1000),
    integral_max: nonNegative,
    gain_min: nonNegative,
    gain_max: nonNegative,
    max_iterations: count(1, 1_000_000),
    measure: z.enum(enumWords(ProgressMeasure)),
  })
  .partial()
  .strict();

const archetypeWeight = z.number().min(0.1).max(0.95);

const shadowPattern = z
  .object({
    name: z.string().min(1),
    capability_triggers: z.array(z.enum(enumWords(Capability))).optional(),
    danger_level_threshold: z.enum(enumWords(DangerLevel)).optional(),
    action_triggers: z.array(z.string().min(1)).optional(),
    severity: fraction.optional(),
    explanation: z.string().optional(),
  })
  .strict();

const psyche = z
  .object({
    persona: z.object({ name: z.string().min(1), grammar: z.string(), traits: z.array(z.string()), tone: z.string() }).partial().strict(),
    archetypes: z.object({ healer: archetypeWeight, sage: archetypeWeight, guardian: archetypeWeight, explorer: archetypeWeight }).partial().strict(),
    shadow: z.object({ veto_patterns: z.array(shadowPattern), bias_patterns: z.array(shadowPattern) }).partial().strict(),
  })
  .partial()
  .strict();

/** A tool name as the catalog spells it. */
const toolName = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, "a tool name: lower-case letters, digits and '_'");

/**
 * An agent's settings, as a settings file, the CLI's flags and a
 * CreateAgent request (its `config` and `psyche`) all give them. Field
 * names are the proto's, so an error names the same field whichever way
 * the settings came. Every field is optional: unset ones take the
 * defaults; unknown ones are refused (a typo must not pass silently).
 */
export const agentSettingsSchema = z
  .object({
    working_memory_capacity: count(1, 100_000),
    max_cycles: count(1, SAFETY_MAX_CYCLES),
    auto_consolidate: z.boolean(),
    max_backtrack_attempts: count(1, 10),
    default_stall_threshold: count(1, 1_000_000),
    iteration_budget: count(1, 1_000_000),
    tool_timeout_ms: count(1, 3_600_000),
    tool_call_budgets: z.record(toolName, count(0, 1_000_000)),
    approval_mode: z.enum(enumWords(ApprovalMode)),
    approval_timeout_ms: count(1, 86_400_000),
    confirm_side_effect_plans: z.boolean(),
    tool_failure_fails_goal: z.boolean(),
    episode_recall_top_k: count(0, 100),
    activation_top_k: count(1, 1000),
    activation_max_depth: count(0, 10),
    budget_warn_at: z.number().gt(0).max(1),
    reflection,
    consolidation,
    control,
    psyche,
  })
  .partial()
  .strict();

/** Settings as validated: every field optional. */
export type AgentSettings = z.infer<typeof agentSettingsSchema>;
