import { Archetype, Capability, ScoringMethod, type Psyche, type ScoreBreakdown, type ScoreRule, type ToolDescriptor } from "@boyd/proto";
import { CORE_TOOLS } from "@boyd/tools";
import { ADAPTIVE, CORE_BASE, SCORING, VSA_DEFAULTS } from "./constants.js";
import type { ScoringContext } from "./context.js";
import { buildInput, readIntentBase } from "./inputs.js";
import { INTENT_TOOLS, intentBase } from "./intents.js";

/** A tool that could run now, with its input and score. */
export interface Candidate {
  tool: ToolDescriptor;
  input: Record<string, unknown>;
  score: ScoreBreakdown;
  /** Whether it is the active plan's next step. */
  planStep: boolean;
}

/** A tool that was not a candidate, and why. */
export interface Exclusion {
  tool: string;
  reason: string;
}

/** A similarity-scored tool whose similarity did not clear its gate. */
export interface BelowGate {
  tool: string;
  similarity: number;
  threshold: number;
}

export interface ScoredTools {
  /** Best first; equal totals ordered by tool name. */
  ranked: Candidate[];
  /** Tools left out for their state or missing parameters. */
  excluded: Exclusion[];
  /** Tools left out by their similarity gate (kept apart: in a large catalog most tools are). */
  belowGate: BelowGate[];
}

/**
 * Scores every tool of the catalog for the context's goal:
 *   raw   = max(0, base − recency + novelty + episodic + pressure + archetype + plan + correction)
 *   total = raw × (0.5 + 0.5 × priority / 255)
 * `similarity[i]` is tools[i]'s goal-to-profile similarity.
 */
export function scoreTools(ctx: ScoringContext, tools: readonly ToolDescriptor[], similarity: ArrayLike<number>): ScoredTools {
  const ranked: Candidate[] = [];
  const excluded: Exclusion[] = [];
  const belowGate: BelowGate[] = [];
  const priority = ctx.goal.computedPriority ?? ctx.goal.priority;
  const priorityFactor = 0.5 + (0.5 * Math.min(255, Math.max(0, priority))) / 255;
  for (let i = 0; i < tools.length; i++) {
    const tool = tools[i]!;
    const sim = similarity[i] ?? 0.5;
    const planStep = ctx.nextStep?.toolName === tool.name;
    const intent = intentBase(tool.name, ctx) ?? readIntentBase(tool.name, ctx);
    if (!planStep && intent === undefined && INTENT_TOOLS.has(tool.name)) {
      // A note or a progress report nobody asked for would only add noise (a question saved as a note).
      excluded.push({ tool: tool.name, reason: `the goal does not ask for what ${tool.name} does` });
      continue;
    }
    // Fast path: in a large catalog most tools are similarity-scored and
    // below their gate; skip them without building anything.
    if (!planStep && intent === undefined && isGated(tool) && sim <= (tool.vsaThreshold ?? VSA_DEFAULTS.threshold)) {
      belowGate.push({ tool: tool.name, similarity: sim, threshold: tool.vsaThreshold ?? VSA_DEFAULTS.threshold });
      continue;
    }
    const base: Base = intent !== undefined ? { eligible: true, method: ScoringMethod.VSA_SEMANTIC, value: intent } : baseScore(tool, ctx, sim);
    if (!base.eligible && !planStep) {
      if (base.threshold !== undefined) belowGate.push({ tool: tool.name, similarity: sim, threshold: base.threshold });
      else excluded.push({ tool: tool.name, reason: base.why });
      continue;
    }
    const stepInput = planStep ? parseStepInput(ctx.nextStep!.toolInputJson) : undefined;
    const built = stepInput ? { input: stepInput } : buildInput(tool, ctx);
    if ("missing" in built) {
      excluded.push({ tool: tool.name, reason: `cannot fill required ${built.missing.join(", ")} from the goal or context` });
      continue;
    }
    const terms = modifiers(tool, ctx);
    const plan = planStep ? SCORING.plan : 0;
    const learned = matchingRules(ctx.rules, tool.name, built.input);
    const correction = learned.reduce((sum, r) => sum + r.adjustment, 0);
    const baseValue = base.eligible ? base.value : 0;
    const raw = Math.max(0, baseValue - terms.recency + terms.novelty + terms.episodic + terms.pressure + terms.archetype + plan + correction);
    const total = raw * priorityFactor;
    const score: ScoreBreakdown = {
      base: baseValue,
      recencyPenalty: terms.recency,
      noveltyBonus: terms.novelty,
      episodicBonus: terms.episodic,
      pressureBonus: terms.pressure,
      archetypeBonus: terms.archetype,
      planBonus: plan,
      correction,
      ruleIds: learned.map((r) => r.id),
      raw,
      priorityFactor,
      total,
      breakdown: "",
      method: tool.scoring || ScoringMethod.VSA_SEMANTIC,
      ...(base.method !== ScoringMethod.CORE_RULE ? { similarity: sim } : {}),
      ...(base.threshold !== undefined ? { threshold: base.threshold } : {}),
    };
    score.breakdown = formatBreakdown(score);
    ranked.push({ tool, input: built.input, score, planStep });
  }
  ranked.sort(byRank);
  return { ranked, excluded, belowGate };
}

/** Best total first; totals equal to 1e-9 ordered by tool name, so ties break the same way everywhere. */
export function byRank(a: Candidate, b: Candidate): number {
  const d = b.score.total - a.score.total;
  if (Math.abs(d) > 1e-9) return d;
  return a.tool.name < b.tool.name ? -1 : a.tool.name > b.tool.name ? 1 : 0;
}

/** Whether the tool is scored by similarity behind a gate (also a core-rule tool this scorer has no rule for). */
function isGated(tool: ToolDescriptor): boolean {
  if (tool.scoring === ScoringMethod.CORE_RULE) return !CORE_RULE_TOOLS.has(tool.name);
  return tool.scoring !== ScoringMethod.ADAPTIVE_FLOOR;
}

const CORE_RULE_TOOLS: ReadonlySet<string> = new Set(CORE_TOOLS);

type Base = { eligible: true; value: number; method: ScoringMethod; threshold?: number } | { eligible: false; why: string; method?: undefined; threshold?: number };

const BELOW_GATE = { eligible: false, why: "" } as const;

function baseScore(tool: ToolDescriptor, ctx: ScoringContext, sim: number): Base {
  const hasKnowledge = ctx.knowledge.length > 0;
  const hasInferences = ctx.inferences.length > 0;
  const core = ScoringMethod.CORE_RULE;
  if (tool.scoring === ScoringMethod.CORE_RULE) {
    switch (tool.name) {
      case "kg_query": {
        const b = CORE_BASE.kgQuery;
        return { eligible: true, method: core, value: ctx.isCodeGoal ? (hasKnowledge ? b.codeWithKnowledge : b.codeWithout) : hasKnowledge ? b.withKnowledge : b.without };
      }
      case "kg_mutate":
        // The agent writes only facts it read: the one a goal states ("Note
        // that Priya owns billing"). It never synthesises one from the
        // context to meet a goal.
        return ctx.statedFact ? { eligible: true, method: core, value: CORE_BASE.kgMutate } : { eligible: false, why: "the goal states no fact to record (the agent writes only facts it read)" };
      case "memory_recall":
        return ctx.episodes.length ? { eligible: true, method: core, value: CORE_BASE.memoryRecall } : { eligible: false, why: "no episodes recalled" };
      case "reason":
        return hasKnowledge ? { eligible: true, method: core, value: CORE_BASE.reason } : { eligible: false, why: "no knowledge to reason over" };
      case "similarity_search":
        return hasInferences
          ? { eligible: true, method: core, value: ctx.isCodeGoal ? CORE_BASE.similaritySearch.code : CORE_BASE.similaritySearch.normal }
          : { eligible: false, why: "no inferences to search from" };
    }
  }
  if (tool.scoring === ScoringMethod.ADAPTIVE_FLOOR) {
    const method = ScoringMethod.ADAPTIVE_FLOOR;
    if (tool.name === "infer_rules") {
      if (!hasKnowledge) return { eligible: false, why: "no knowledge to infer from" };
      const r = ADAPTIVE.inferRules;
      const boost = ctx.history.uses.has(tool.name) ? 0 : r.unusedBoost;
      return { eligible: true, method, value: clamp(ADAPTIVE.scale * sim + boost, r.floor, r.ceiling) };
    }
    const g = ADAPTIVE.gapAnalysis;
    const boost = tool.name === "gap_analysis" && (ctx.history.uses.get("kg_query") ?? 0) >= g.repeatedQueries ? g.repeatedQueryBoost : 0;
    return { eligible: true, method, value: clamp(ADAPTIVE.scale * sim + boost, g.floor, g.ceiling) };
  }
  // Similarity-scored (also any core-rule tool this scorer has no rule for).
  const threshold = tool.vsaThreshold ?? VSA_DEFAULTS.threshold;
  const multiplier = tool.vsaMultiplier ?? VSA_DEFAULTS.multiplier;
  if (sim <= threshold) return { ...BELOW_GATE, threshold };
  return { eligible: true, method: ScoringMethod.VSA_SEMANTIC, threshold, value: multiplier * sim };
}

/**
 * Consolidation tools: those that work on the agent's long-term memory
 * (MEMORY_ACCESS), so using them when working memory is nearly full moves
 * what it holds somewhere lasting. Read from the descriptor, so a new memory
 * tool (a note saver) gets the bonus without a list to keep in step.
 */
export function isConsolidationTool(tool: Pick<ToolDescriptor, "capabilities">): boolean {
  return tool.capabilities.includes(Capability.MEMORY_ACCESS);
}

function modifiers(tool: ToolDescriptor, ctx: ScoringContext) {
  const { name, archetype } = tool;
  const rank = ctx.history.recent.indexOf(name);
  return {
    recency: rank >= 0 ? (SCORING.recencyPenalty[rank] ?? 0) : 0,
    novelty: ctx.history.uses.has(name) ? 0 : SCORING.novelty,
    episodic: ctx.episodes.some((e) => mentionsTool(e.summary, name)) ? SCORING.episodic : 0,
    pressure: isConsolidationTool(tool) && ctx.pressure > SCORING.pressureThreshold ? SCORING.pressure : 0,
    archetype: archetypeBonus(archetype, ctx.psyche),
  };
}

/** (weight − 0.5) × 0.15 for the tool's archetype, when a psyche is loaded. */
export function archetypeBonus(archetype: Archetype, psyche: Psyche | undefined): number {
  const w = psyche?.archetypes;
  if (!w) return 0;
  const weight = { [Archetype.HEALER]: w.healer, [Archetype.SAGE]: w.sage, [Archetype.GUARDIAN]: w.guardian, [Archetype.EXPLORER]: w.explorer }[archetype as number];
  return weight === undefined ? 0 : (weight - 0.5) * SCORING.archetypeScale;
}

/**
 * The learned rules that match a call: a rule names one call exactly as it
 * was proposed ("<tool> <input JSON>"), the form act records a denied call in.
 */
export function matchingRules(rules: readonly ScoreRule[], toolName: string, input: Record<string, unknown>): ScoreRule[] {
  if (rules.length === 0) return [];
  const call = callText(toolName, input);
  return rules.filter((r) => r.matchCall === call && (!r.toolName || r.toolName === toolName));
}

/** A call as rules name it: the tool, a space, the input as JSON. */
export function callText(toolName: string, input: Record<string, unknown> | undefined): string {
  return `${toolName} ${input ? JSON.stringify(input) : ""}`.trimEnd();
}

function mentionsTool(summary: string, tool: string): boolean {
  return new RegExp(`(^|[^\\w])${tool.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}([^\\w]|$)`).test(summary);
}

function parseStepInput(json: string): Record<string, unknown> | undefined {
  if (!json) return undefined;
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

const signed = (x: number, digits: number) => `${x < 0 ? "-" : "+"}${Math.abs(x).toFixed(digits)}`;

/**
 * The one-line form: `[score=0.85: base=0.80 recency=-0.00 novelty=+0.15 episodic=+0.00 pressure=+0.00 archetype=+0.030]`,
 * then `plan=+0.30` and `correction=-0.30` when those terms apply.
 */
export function formatBreakdown(
  s: Pick<ScoreBreakdown, "total" | "base" | "recencyPenalty" | "noveltyBonus" | "episodicBonus" | "pressureBonus" | "archetypeBonus" | "planBonus"> & Partial<Pick<ScoreBreakdown, "correction">>,
): string {
  const plan = s.planBonus ? ` plan=${signed(s.planBonus, 2)}` : "";
  const correction = s.correction ? ` correction=${signed(s.correction, 2)}` : "";
  return `[score=${s.total.toFixed(2)}: base=${s.base.toFixed(2)} recency=-${s.recencyPenalty.toFixed(2)} novelty=${signed(s.noveltyBonus, 2)} episodic=${signed(s.episodicBonus, 2)} pressure=${signed(s.pressureBonus, 2)} archetype=${signed(s.archetypeBonus, 3)}${plan}${correction}]`;
}
