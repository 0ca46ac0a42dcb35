import { BusError } from "@boyd/bus";
import { ImpasseKind, type DecideRequest, type Decision, type ToolDescriptor } from "@boyd/proto";
import type { TextEncoder } from "@boyd/vsa";
import { scoringContext, type ScoringContext } from "./context.js";
import { detectImpasse } from "./impasse.js";
import type { ToolProfiles } from "./profiles.js";
import { scoreTools, type BelowGate, type ScoredTools } from "./scorer.js";

export interface DecideDeps {
  encoder: TextEncoder;
  profiles: ToolProfiles;
  /** Most alternatives listed in a decision (all are scored). @default 25 */
  maxAlternatives?: number | undefined;
}

/** Scores every tool for the focus goal and returns the choice with its explanation. */
export function decide(request: DecideRequest, tools: readonly ToolDescriptor[], deps: DecideDeps): Decision {
  const orientation = request.orientation;
  const observation = orientation?.observation;
  if (!orientation || !observation) throw new BusError("INVALID_ARGUMENT", "DecideRequest.orientation.observation is required");
  const ctx = scoringContext({
    goals: observation.goals,
    activeGoalIds: observation.activeGoalIds,
    goalContexts: orientation.goals,
    episodes: observation.recalledEpisodes,
    pressure: orientation.memoryPressure,
    history: request.history,
    psyche: request.psyche,
    plan: request.plan,
    rules: request.rules,
  });
  const scored = scoreFor(ctx, tools, deps);
  const { ranked } = scored;
  const best = ranked[0];
  const impasse = detectImpasse(ranked.map((c) => ({ tool: c.tool.name, total: c.score.total })));
  const agentId = request.agentId || orientation.agentId;
  const limit = deps.maxAlternatives ?? 25;
  const decision: Decision = {
    agentId,
    cycle: orientation.cycle,
    goalId: ctx.goal.symbolId,
    call: best ? { toolName: best.tool.name, inputJson: JSON.stringify(best.input), idempotencyKey: { agentId, cycle: orientation.cycle, step: 0, runId: "" } } : undefined, // the controller keys the call with its run
    score: best?.score,
    explanation: {
      reasoning: reasoning(ctx, scored, impasse?.kind),
      confidence: best ? Math.min(1, best.score.total) * (impasse ? 0.5 : 1) : 0,
      alternatives: ranked.slice(0, limit).map((c, rank) => ({ toolName: c.tool.name, inputJson: JSON.stringify(c.input), score: c.score, rank })),
      contextFactors: contextFactors(ctx, scored, limit),
    },
    impasse,
    goalSwitchReason: ctx.switchReason,
  };
  if (best?.planStep && ctx.nextStep) decision.planStepIndex = ctx.nextStep.index;
  return decision;
}

/** Scores the catalog against a context (the goal's similarity to every profile in one kernel pass). */
export function scoreFor(ctx: ScoringContext, tools: readonly ToolDescriptor[], deps: Pick<DecideDeps, "encoder" | "profiles">): ScoredTools {
  deps.profiles.sync(tools);
  const similarity = deps.profiles.similarities(deps.encoder.encode(ctx.goalText));
  return scoreTools(ctx, tools, similarity);
}

function reasoning(ctx: ScoringContext, { ranked }: ScoredTools, impasse: ImpasseKind | undefined): string {
  const best = ranked[0];
  if (!best) return `No tool can act on goal "${ctx.goal.description}": every tool was excluded (see context factors).`;
  const why = best.planStep ? `it is step ${ctx.nextStep!.index} of the active plan` : `it scores highest of ${ranked.length} candidates`;
  const runnerUp = ranked[1] ? `; runner-up ${ranked[1].tool.name} ${ranked[1].score.total.toFixed(3)}` : "";
  const note =
    impasse === ImpasseKind.TIE ? " Impasse: the top scores are tied." : impasse === ImpasseKind.ALL_BELOW_THRESHOLD ? " Impasse: every score is below the threshold." : "";
  return `Decide: tool=${best.tool.name}, goal="${ctx.goal.description}", because ${why}${runnerUp}. ${best.score.breakdown}${note}`;
}

const signedTerm = (x: number) => `${x < 0 ? "-" : "+"}${Math.abs(x).toFixed(2)}`;

/** Below-gate tools named in a decision's context factors, closest to their gate first. */
const BELOW_GATE_LISTED = 5;

function contextFactors(ctx: ScoringContext, { ranked, excluded, belowGate }: ScoredTools, limit: number): string[] {
  const f = [
    `knowledge: ${ctx.knowledge.length} triples`,
    `inferences: ${ctx.inferences.length} symbols`,
    `episodes: ${ctx.episodes.length} recalled`,
    `memory pressure: ${ctx.pressure.toFixed(2)}`,
    `goal priority: ${ctx.goal.computedPriority ?? ctx.goal.priority}`,
  ];
  if (ctx.isCodeGoal) f.push("code goal: kg_query favoured, similarity_search lowered");
  if (ctx.history.recent.length) f.push(`recently used on this goal: ${ctx.history.recent.slice(0, 3).join(", ")}`);
  if (ctx.nextStep) f.push(`plan step ${ctx.nextStep.index}: ${ctx.nextStep.toolName} (+plan bonus)`);
  for (const c of ranked) if (c.score.ruleIds.length) f.push(`learned rule ${c.score.ruleIds.join(", ")}: ${c.tool.name} ${signedTerm(c.score.correction)} (a person refused this call before)`);
  for (const e of excluded) f.push(`excluded ${e.tool}: ${e.reason}`);
  const nearest = closestToGate(belowGate, BELOW_GATE_LISTED);
  for (const b of nearest) f.push(`excluded ${b.tool}: similarity ${b.similarity.toFixed(3)} does not clear its gate ${b.threshold.toFixed(2)}`);
  if (belowGate.length > nearest.length) f.push(`${belowGate.length - nearest.length} more tools below their similarity gates`);
  if (ranked.length > limit) f.push(`${ranked.length - limit} lower-ranked candidates not listed`);
  return f;
}

/** The `k` most similar below-gate tools, best first (one pass; most tools of a large catalog are below their gate). */
function closestToGate(all: readonly BelowGate[], k: number): BelowGate[] {
  const better = (a: BelowGate, b: BelowGate) => a.similarity > b.similarity || (a.similarity === b.similarity && a.tool < b.tool);
  const top: BelowGate[] = [];
  for (const b of all) {
    if (top.length === k && !better(b, top[k - 1]!)) continue;
    let i = Math.min(top.length, k - 1);
    top[i] = b;
    while (i > 0 && better(top[i]!, top[i - 1]!)) {
      [top[i - 1], top[i]] = [top[i]!, top[i - 1]!];
      i--;
    }
  }
  return top;
}
