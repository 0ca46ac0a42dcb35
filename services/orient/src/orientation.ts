import { isWorldTriple, tripleKey, type GraphStore, type Triple } from "@boyd/graph";
import { GoalStatus, type GoalContext, type OrientRequest, type Orientation } from "@boyd/proto";
import { BusError } from "@boyd/bus";
import { toActivationQuery, toProtoActivations, toProtoTriple } from "./convert.js";
import type { QuestionAnswerer } from "./answer/engine.js";

/** Orientation defaults: a two-hop spread and a bounded context per goal. */
export const ORIENT_DEFAULTS = { maxDepth: 2, topK: 10, maxTriplesPerGoal: 50, episodeFactsPerSymbol: 20 } as const;

/**
 * Builds the context decide needs: for each active goal, the world triples
 * around its symbols and what spreading activation from them reaches; the
 * facts behind recalled episodes; memory pressure. Bookkeeping (the goal's
 * own status, criteria, priority triples) is left out, so it cannot crowd
 * out knowledge the way it does in the reference system.
 */
export async function orient(store: GraphStore, request: OrientRequest, answerer: QuestionAnswerer): Promise<Orientation> {
  const observation = request.observation;
  if (!observation) throw new BusError("INVALID_ARGUMENT", "OrientRequest.observation is required");
  const byId = new Map(observation.goals.map((g) => [g.symbolId, g]));
  const active = observation.activeGoalIds.length
    ? observation.activeGoalIds.map((id) => {
        const goal = byId.get(id);
        if (!goal) throw new BusError("INVALID_ARGUMENT", `observation.active_goal_ids names ${id}, which is not in observation.goals`);
        return goal;
      })
    : observation.goals.filter((g) => g.status === GoalStatus.ACTIVE);
  const limit = request.maxTriplesPerGoal ?? ORIENT_DEFAULTS.maxTriplesPerGoal;
  const params = {
    ...request.activation,
    maxDepth: request.activation?.maxDepth ?? ORIENT_DEFAULTS.maxDepth,
    topK: request.activation?.topK ?? ORIENT_DEFAULTS.topK,
    predicateFilter: request.activation?.predicateFilter ?? [],
    includeBookkeeping: request.activation?.includeBookkeeping ?? false,
  };

  const goals: GoalContext[] = [];
  let inferenceCount = 0;
  const agentId = request.agentId || observation.agentId;
  for (const goal of active) {
    const answers = await answerer.answer(goal, agentId, Number(observation.cycle));
    // The goal's subjects seed orientation; its criteria never do (naming an
    // answer must not make its neighbourhood look like evidence).
    const seeds = answers.subjectIds;
    const triples = await adjacentWorldTriples(store, seeds, limit);
    const context: GoalContext = { goalId: goal.symbolId, triples: triples.map((t) => toProtoTriple(t)), inferences: [], supportingTriples: [], answers };
    if (seeds.length > 0) {
      const result = await store.activate({ ...toActivationQuery(seeds, params), ...relevance(answers.predicates) });
      const wire = await toProtoActivations(store, result);
      context.inferences = wire.activations;
      context.supportingTriples = wire.supportingTriples;
      inferenceCount += result.activations.length;
    }
    goals.push(context);
  }

  const learnings = [...new Set(observation.recalledEpisodes.flatMap((e) => e.learnings))].sort();
  const episodeKnowledge: Triple[] = [];
  for (const symbol of learnings) {
    const facts = await store.query({ subject: symbol }, { limit: ORIENT_DEFAULTS.episodeFactsPerSymbol });
    episodeKnowledge.push(...facts.filter(isWorldTriple));
  }

  const capacity = observation.workingMemoryCapacity;
  const pressure = capacity > 0 ? observation.workingMemorySize / capacity : observation.workingMemorySize > 0 ? 1 : 0;
  const { triples: graphTripleCount } = await store.counts();
  const relevant = goals.reduce((n, g) => n + g.triples.length, 0);
  return {
    agentId,
    cycle: observation.cycle,
    observation,
    goals,
    episodeKnowledge: episodeKnowledge.map((t) => toProtoTriple(t)),
    memoryPressure: pressure,
    graphTripleCount,
    summary: `Orient: ${relevant} relevant triples, ${inferenceCount} inferences, ${episodeKnowledge.length} episode facts, pressure ${pressure.toFixed(2)}`,
  };
}

/** Weight of predicates the question does not ask about, when it asks about some. */
const UNASKED_PREDICATE_WEIGHT = 0.5;

/**
 * Activation favours the predicates the goal's question asks about: the
 * others carry half as much, so "who does Alice report to" spreads along
 * `reports_to` before `works_at`.
 */
function relevance(predicates: readonly string[]): { predicateWeights?: Record<string, number>; defaultPredicateWeight?: number } {
  if (predicates.length === 0) return {};
  return { predicateWeights: Object.fromEntries(predicates.map((p) => [p, 1])), defaultPredicateWeight: UNASKED_PREDICATE_WEIGHT };
}

/** World triples with a seed as subject or object, strongest first, at most `limit`, each once. */
async function adjacentWorldTriples(store: GraphStore, seeds: readonly string[], limit: number): Promise<Triple[]> {
  const found = new Map<string, Triple>();
  for (const seed of seeds) {
    for (const pattern of [{ subject: seed }, { object: seed }]) {
      for (const t of await store.query(pattern, { limit: limit * 4 })) if (isWorldTriple(t)) found.set(tripleKey(t), t);
    }
  }
  return [...found.values()]
    .sort((a, b) => b.confidence - a.confidence || (tripleKey(a) < tripleKey(b) ? -1 : 1))
    .slice(0, limit);
}
