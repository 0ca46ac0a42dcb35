import { BusError } from "@boyd/bus";
import {
  DangerLevel,
  PlanOrdering,
  PlanStatus,
  PlanStrategy,
  ScoringMethod,
  StepStatus,
  type GeneratePlanRequest,
  type GeneratePlanResponse,
  type PlanStep,
  type StepFallback,
  type ToolDescriptor,
} from "@boyd/proto";
import { callHasSideEffects } from "@boyd/tools";
import type { TextEncoder } from "@boyd/vsa";
import { MAX_BACKTRACK_ATTEMPTS } from "./constants.js";
import { scoringContext, type ScoringContext } from "./context.js";
import { scoreFor } from "./decide.js";
import { buildInput, commandIn, coreInput, fileReadTarget, fileWriteTarget, pathIn, topicSymbol, urlIn } from "./inputs.js";
import { INTENT_BASE, intentBase } from "./intents.js";
import { callText, matchingRules } from "./scorer.js";
import type { ToolProfiles } from "./profiles.js";
import { STRATEGY_THRESHOLD, type StrategyMatcher } from "./strategies.js";

export interface PlanDeps {
  encoder: TextEncoder;
  profiles: ToolProfiles;
  strategies: StrategyMatcher;
  now: () => number;
  /** Attempts allowed per goal; attempt numbers 0 .. max-1. @default 3 */
  maxAttempts?: number | undefined;
}

/** Outward-facing tools the plan may end with, at most this many. */
const MAX_EXTERNAL_STEPS = 2;
/** A second outward tool joins the plan only if it scores this close to the first. */
const NEAR_BEST = 0.95;
/**
 * Similarity an outward tool needs before the plan commits a step to it.
 * The library tools' gate (the seed's 0.50) is the similarity of unrelated
 * text, so noise (σ ≈ 0.005 at 10,000 bits) and shared n-grams clear it
 * often: fine for a candidate that must still outscore the rest each cycle,
 * not for a step written into the plan. The strategy gate's reasoning
 * applies: a goal word naming the tool's concept reaches 0.55 and more.
 */
const PLAN_MATCH_SIMILARITY = STRATEGY_THRESHOLD;
/** Rough time of one step (one cycle), for the plan's estimate. */
const STEP_ESTIMATE_MS = 1_000;

interface Draft {
  tool: string;
  input?: Record<string, unknown> | undefined;
  rationale: string;
  canFail: boolean;
  /** A change the goal does not name: it may fail or be turned down, even as the last step (see externalSteps). */
  optional?: boolean;
  expect?: string;
}

/**
 * Drafts a plan for one goal. The goal's text is matched against the five
 * strategy patterns; even attempts explore first (query, compare, reason),
 * odd attempts reason first (recall, reason, query); a goal that states a
 * fact to record ends with recording it (and only such a goal); then
 * the best-matching outward tools whose inputs the goal supplies are
 * appended. A retry drops the first step whose tool already ran, so each
 * attempt takes a different route.
 */
export function generatePlan(request: GeneratePlanRequest, tools: readonly ToolDescriptor[], deps: PlanDeps): GeneratePlanResponse {
  const goal = request.goal;
  if (!goal?.symbolId) throw new BusError("INVALID_ARGUMENT", "GeneratePlanRequest.goal.symbol_id is required");
  // The agent's own limit (its max_backtrack_attempts setting) wins over the service's.
  const max = request.maxAttempts ?? deps.maxAttempts ?? MAX_BACKTRACK_ATTEMPTS;
  if (request.attempt >= max) {
    throw new BusError("FAILED_PRECONDITION", `GeneratePlanRequest.attempt ${request.attempt} is past max_backtrack_attempts (${max}): give the goal up instead of planning again`);
  }
  const orientation = request.orientation;
  const ctx = scoringContext({
    goals: [goal],
    activeGoalIds: [goal.symbolId],
    goalContexts: orientation?.goals ?? [],
    episodes: orientation?.observation?.recalledEpisodes ?? [],
    pressure: orientation?.memoryPressure ?? 0,
    history: [],
    psyche: undefined,
    plan: undefined,
    rules: request.rules,
  });
  const matches = deps.strategies.match(ctx.goalText);
  const needs = new Set(matches.filter((m) => m.selected).map((m) => m.strategy));
  const catalog = new Map(tools.map((t) => [t.name, t]));
  const exploreFirst = request.attempt % 2 === 0;

  const asked = askedStep(ctx, catalog);
  const read = readStep(ctx);
  let drafts = asked ? [asked] : [...read, ...(exploreFirst ? exploreFirstSteps : reasonFirstSteps)(ctx, needs)];
  if (!asked) drafts.push(...externalSteps(ctx, tools, deps).filter((d) => !(read.length > 0 && d.tool === "file_io")));
  drafts.push(...writeStep(ctx, drafts));
  drafts = drafts.filter((d) => catalog.has(d.tool));
  const refused = refusedSteps(drafts, ctx);
  drafts = drafts.filter((d) => !refused.has(d));
  if (request.attempt > 0) {
    const used = new Set(request.usedTools);
    const repeat = drafts.findIndex((d) => used.has(d.tool));
    if (repeat >= 0 && drafts.length > 1) drafts.splice(repeat, 1);
    // A retry made only of tools that already ran would repeat the failure:
    // add a route not yet taken (what is missing, else ask the user).
    if (drafts.every((d) => used.has(d.tool))) {
      const fresh = ["gap_analysis", "user_interact"].find((t) => catalog.has(t) && !used.has(t));
      if (fresh) drafts.push(freshRoute(fresh, ctx));
    }
  }
  if (drafts.length === 0) drafts.push({ tool: "kg_query", input: inputNow("kg_query", ctx), rationale: "nothing else applies: start from what the graph holds", canFail: false });

  const steps = drafts.map((d, index): PlanStep => {
    const tool = catalog.get(d.tool);
    const built = d.input ?? (tool ? inputNow(tool, ctx) : undefined);
    const last = index === drafts.length - 1;
    const fallback = fallbackFor(d.tool, ctx, catalog, built);
    return {
      index,
      toolName: d.tool,
      toolInputJson: built ? JSON.stringify(built) : "",
      rationale: d.rationale,
      description: `${d.tool}${built ? ` ${JSON.stringify(built)}` : " (input chosen when the step runs)"}`,
      status: StepStatus.PENDING,
      statusReason: "",
      dependsOn: index === 0 ? [] : [index - 1],
      canFail: d.optional === true || (d.canFail && !last),
      fallback,
      expectedEffects: d.expect ? [d.expect] : [],
      // Judged per call: a file_io read is no side effect, its write is.
      hasSideEffects: tool ? callHasSideEffects(tool, built ? JSON.stringify(built) : "") : false,
    };
  });

  const strategies = [...needs].sort((a, b) => a - b);
  return {
    plan: {
      goalId: goal.symbolId,
      steps,
      status: PlanStatus.ACTIVE,
      failureReason: "",
      attempt: request.attempt,
      strategy: `Attempt ${request.attempt} (${exploreFirst ? "explore first" : "reason first"}${strategies.length ? `; ${strategies.map((s) => PlanStrategy[s]!.toLowerCase()).join(", ")}` : ""}): ${steps.map((s) => s.toolName).join(" -> ")}`,
      strategies,
      ordering: exploreFirst ? PlanOrdering.EXPLORE_FIRST : PlanOrdering.REASON_FIRST,
      hasSideEffects: steps.some((s) => s.hasSideEffects),
      confirmed: false,
      risks: [...risks(steps, catalog), ...[...refused].map(([d, rule]) => `left out ${callText(d.tool, d.input)}: a person refused this call before (${rule})`)],
      estimatedDurationMs: steps.length * STEP_ESTIMATE_MS,
      createdAtUnixMs: deps.now(),
    },
    strategyMatches: matches,
  };
}

/**
 * Drafts whose exact call a learned rule discourages (a person refused it),
 * with the rule: the plan leaves them out rather than ask again.
 */
function refusedSteps(drafts: readonly Draft[], ctx: ScoringContext): Map<Draft, string> {
  const out = new Map<Draft, string>();
  for (const d of drafts) {
    const rule = d.input ? matchingRules(ctx.rules, d.tool, d.input).find((r) => r.adjustment < 0) : undefined;
    if (rule) out.set(d, rule.id);
  }
  return out;
}

function exploreFirstSteps(ctx: ScoringContext, needs: ReadonlySet<PlanStrategy>): Draft[] {
  const known = ctx.knowledge.length > 0;
  const external = needs.has(PlanStrategy.EXTERNAL);
  const topic = topicSymbol(ctx);
  const out: Draft[] = [];
  if (needs.has(PlanStrategy.KNOWLEDGE) || !known)
    out.push({ tool: "kg_query", input: inputNow("kg_query", ctx), rationale: known ? "the goal asks for knowledge: read what the graph holds" : "nothing is known yet: start from the graph", canFail: true, expect: `facts about ${topic}` });
  if (needs.has(PlanStrategy.SIMILARITY) || (!known && !external))
    out.push({ tool: "similarity_search", input: { symbol: topic, top_k: 5 }, rationale: "find related concepts to widen the context", canFail: true, expect: `symbols similar to ${topic}` });
  if (needs.has(PlanStrategy.REASONING) || (known && !external)) out.push({ tool: "reason", rationale: "reason over the facts found so far", canFail: true });
  out.push(...creationStep(ctx));
  return out;
}

function reasonFirstSteps(ctx: ScoringContext): Draft[] {
  const topic = topicSymbol(ctx);
  const out: Draft[] = [
    { tool: "memory_recall", input: inputNow("memory_recall", ctx) ?? { query: topic, top_k: 3 }, rationale: "a different route: start from past experience with this topic", canFail: true },
  ];
  if (ctx.knowledge.length > 0) out.push({ tool: "reason", rationale: "reason over known facts before gathering more", canFail: true });
  out.push({ tool: "kg_query", input: inputNow("kg_query", ctx), rationale: "then check the graph for what reasoning needs", canFail: true, expect: `facts about ${topic}` });
  out.push(...creationStep(ctx));
  return out;
}

function freshRoute(tool: string, ctx: ScoringContext): Draft {
  return tool === "gap_analysis"
    ? { tool, input: inputNow("gap_analysis", ctx), rationale: "earlier routes failed: find out what is missing", canFail: false }
    : { tool, input: { question: `I have not managed "${ctx.goal.description}" yet. What should I try?` }, rationale: "earlier routes failed: ask the user", canFail: false };
}

/**
 * The step that records the fact the goal states, if it states one; else
 * none. A goal that asks for knowledge ("Find out who Carol reports to") is
 * met by finding it, never by writing a fact that answers it: the agent
 * writes only what it read.
 */
function creationStep(ctx: ScoringContext): Draft[] {
  const fact = ctx.statedFact;
  if (!fact) return [];
  return [{ tool: "kg_mutate", input: inputNow("kg_mutate", ctx), rationale: "the goal states a fact to record: write it, with this goal as its source", canFail: false, expect: `${fact.subject} ${fact.predicate} ${fact.object}` }];
}

/**
 * A goal that asks for a tool's job in so many words ("note that the
 * meeting moved to Friday", "report progress") is planned as that one
 * step: exploring the graph first would only fail on words that name no
 * symbol. A note that states a relation keeps the usual plan, which records
 * the fact.
 */
function askedStep(ctx: ScoringContext, catalog: ReadonlyMap<string, ToolDescriptor>): Draft | undefined {
  for (const name of ["save_note", "report_progress"]) {
    const tool = catalog.get(name);
    if (!tool || intentBase(name, ctx) !== INTENT_BASE) continue;
    const input = inputNow(tool, ctx);
    if (input) return { tool: name, input, rationale: `the goal asks for what ${name} does`, canFail: false };
  }
  return undefined;
}

/**
 * A goal that names a file to read ("Read handbook.md and find ...") reads
 * it first: the graph and the library know nothing of a file not yet read,
 * and querying them for its name only fails. The other steps follow, for
 * when the file does not answer.
 */
function readStep(ctx: ScoringContext): Draft[] {
  const path = fileReadTarget(ctx.goal.description);
  if (!path) return [];
  return [{ tool: "file_io", input: { action: "read", path }, rationale: `the goal names ${path} to read: read it first`, canFail: true, expect: `${path} read` }];
}

/**
 * A goal that asks to write a file ends by writing it. When the goal quotes
 * what to write, the similarity-matched file_io step already carries it;
 * otherwise the write's content is the output of the step before it, so its
 * input is built when it runs.
 */
function writeStep(ctx: ScoringContext, drafts: readonly Draft[]): Draft[] {
  const path = fileWriteTarget(ctx.goal.description);
  if (!path || drafts.some((d) => d.tool === "file_io")) return [];
  return [{ tool: "file_io", rationale: `the goal asks to write ${path}: write what the steps before found`, canFail: false, expect: `${path} written` }];
}

/**
 * The best-scoring similarity-matched tools whose inputs the goal supplies.
 * One that would change something the goal does not name (a job scheduled
 * for "Find out whether the nightly build passed") may be left out: a
 * person who turns its change down leaves the goal to be met another way.
 */
function externalSteps(ctx: ScoringContext, tools: readonly ToolDescriptor[], deps: Pick<PlanDeps, "encoder" | "profiles">): Draft[] {
  const { ranked } = scoreFor(ctx, tools, deps);
  const outward = ranked.filter((c) => c.score.method === ScoringMethod.VSA_SEMANTIC && (c.score.similarity ?? 0) >= PLAN_MATCH_SIMILARITY);
  const best = outward[0]?.score.total ?? 0;
  return outward
    .filter((c) => c.score.total >= best * NEAR_BEST)
    .slice(0, MAX_EXTERNAL_STEPS)
    .map((c) => ({ tool: c.tool.name, input: c.input, rationale: `the goal matches ${c.tool.name} (similarity ${c.score.similarity?.toFixed(3)})`, canFail: false, optional: !asksFor(ctx, c.tool, c.input) }));
}

/** Whether the goal asks for a call: it reads only, or its input carries what the goal names (a command, a URL, a path). */
function asksFor(ctx: ScoringContext, tool: ToolDescriptor, input: Record<string, unknown> | undefined): boolean {
  const json = input ? JSON.stringify(input) : "";
  if (!callHasSideEffects(tool, json)) return true;
  const text = ctx.goal.description;
  const named = [urlIn(text), pathIn(text), ...(commandIn(text) ?? [])].filter((n): n is string => !!n);
  return named.some((n) => json.includes(JSON.stringify(n).slice(1, -1)));
}

/**
 * A tool's input as decide would build it from the context now (core tools
 * by name), or undefined when it depends on what earlier steps find.
 */
function inputNow(tool: ToolDescriptor | string, ctx: ScoringContext): Record<string, unknown> | undefined {
  const r = typeof tool === "string" ? coreInput(tool, ctx) : buildInput(tool, ctx);
  return r && "input" in r ? r.input : undefined;
}

function fallbackFor(tool: string, ctx: ScoringContext, catalog: ReadonlyMap<string, ToolDescriptor>, input: Record<string, unknown> | undefined): StepFallback | undefined {
  const make = (name: string, input: Record<string, unknown>, description: string) => (catalog.has(name) && name !== tool ? { toolName: name, inputJson: JSON.stringify(input), description } : undefined);
  switch (tool) {
    case "kg_query":
      return make("gap_analysis", inputNow("gap_analysis", ctx)!, "find out what is missing instead");
    case "http_fetch":
    case "content_ingest":
      return make("library_search", { query: ctx.goal.description, top_k: 5 }, "look in the local library instead");
    case "kg_mutate":
    case "reason":
      return make("infer_rules", inputNow("infer_rules", ctx)!, "derive facts by rules instead");
    default: {
      const t = catalog.get(tool);
      // `about` names the call, so an answer such as "path: notes.md" can run it again with that value.
      const question = `I could not complete "${ctx.goal.description}" with ${tool}. How should I proceed? (skip, stop, add goal: ..., or name: value to try again)`;
      return t && t.danger >= DangerLevel.CAUTIOUS ? make("user_interact", { question, about: { tool, input: input ?? {} } }, "ask the user for help") : undefined;
    }
  }
}

function risks(steps: readonly PlanStep[], catalog: ReadonlyMap<string, ToolDescriptor>): string[] {
  const out: string[] = [];
  for (const s of steps) {
    const t = catalog.get(s.toolName);
    if (!t) continue;
    // A call that only reads, of a tool whose danger is in its writes (file_io's read), changes nothing and is run without asking.
    const onlyReads = t.hasSideEffects && !s.hasSideEffects;
    if (t.danger >= DangerLevel.DANGEROUS && !onlyReads) out.push(`step ${s.index} ${t.name} is ${DangerLevel[t.danger]!.toLowerCase()}: it needs approval and may change things outside the agent`);
    else if (s.hasSideEffects) out.push(`step ${s.index} ${t.name} changes state (${DangerLevel[t.danger]!.toLowerCase()})`);
  }
  return out;
}
