import { ConsolidationTrigger, DerivationKind, WorkingMemoryKind, type ConsolidationConfig, type EpisodicEntry, type WorkingMemoryEntry } from "@boyd/proto";
import { CONSOLIDATION } from "./constants.js";
import { invalid } from "./errors.js";
import { cut } from "./working-memory.js";

/** ConsolidationConfig with every default filled in. */
export interface ConsolidationSettings {
  minRelevance: number;
  goalRelevanceWeight: number;
  noveltyWeight: number;
  utilityWeight: number;
  pressureThreshold: number;
  /** Size trigger; only set when the agent's config names one (the brief makes pressure the default trigger). */
  autoConsolidateAt: number | undefined;
}

/** Fills defaults and refuses values outside [0, 1], naming the field. */
export function consolidationSettings(config: ConsolidationConfig | undefined, field = "config"): ConsolidationSettings {
  const unit = (value: number | undefined, name: string, fallback: number): number => {
    if (value === undefined) return fallback;
    if (!(value >= 0 && value <= 1)) throw invalid(`${field}.${name}`, `must be in [0, 1], got ${value}`);
    return value;
  };
  return {
    minRelevance: unit(config?.minRelevance, "min_relevance", CONSOLIDATION.minRelevance),
    goalRelevanceWeight: unit(config?.goalRelevanceWeight, "goal_relevance_weight", CONSOLIDATION.goalRelevanceWeight),
    noveltyWeight: unit(config?.noveltyWeight, "novelty_weight", CONSOLIDATION.noveltyWeight),
    utilityWeight: unit(config?.utilityWeight, "utility_weight", CONSOLIDATION.utilityWeight),
    pressureThreshold: unit(config?.pressureThreshold, "pressure_threshold", CONSOLIDATION.pressureThreshold),
    autoConsolidateAt: config?.autoConsolidateAt,
  };
}

/** What the graph (or memory's own episodes) says about the entries' symbols. */
export interface ScoringContext {
  /** Active goal ids. */
  goals: ReadonlySet<string>;
  /** Objects of the goals' out-triples. */
  goalNeighbours: ReadonlySet<string>;
  /** Triples touching each symbol (in + out). */
  degree: ReadonlyMap<string, number>;
}

/** One entry's consolidation score and its parts. */
export interface EntryScore {
  score: number;
  goalRelevance: number;
  novelty: number;
  activation: number;
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/**
 * ACT-R style base-level activation squashed to (0, 1): with access cycles,
 * sigmoid(ln Σ (cycle − t_j)^−0.5), each elapsed time at least 1; without,
 * sigmoid(ln(ref + 1) − 0.5·ln(max(age, 1))) (akh-medu §5.6).
 */
export function activation(entry: WorkingMemoryEntry, cycle: number): number {
  if (entry.accessCycles.length > 0) {
    const sum = entry.accessCycles.reduce((s, t) => s + Math.pow(Math.max(cycle - t, 1), -0.5), 0);
    return sigmoid(Math.log(sum));
  }
  const age = Math.max(cycle - entry.sourceCycle, 1);
  return sigmoid(Math.log(entry.referenceCount + 1) - 0.5 * Math.log(age));
}

/** Goal relevance 1.0 / 0.8 / 0, novelty 1/(1+0.2·avg degree) (0.5 without symbols), and the weighted sum. */
export function scoreEntry(entry: WorkingMemoryEntry, cycle: number, context: ScoringContext, settings: ConsolidationSettings): EntryScore {
  const goalRelevance = entry.symbols.some((s) => context.goals.has(s))
    ? CONSOLIDATION.goalHit
    : entry.symbols.some((s) => context.goalNeighbours.has(s))
      ? CONSOLIDATION.goalNeighbourHit
      : 0;
  const novelty =
    entry.symbols.length === 0
      ? CONSOLIDATION.noveltyWithoutSymbols
      : 1 / (1 + CONSOLIDATION.noveltyDecay * (entry.symbols.reduce((s, sym) => s + (context.degree.get(sym) ?? 0), 0) / entry.symbols.length));
  const act = activation(entry, cycle);
  const score = settings.goalRelevanceWeight * goalRelevance + settings.noveltyWeight * novelty + settings.utilityWeight * act;
  return { score, goalRelevance, novelty, activation: act };
}

/** The breakdown line kept in the episode's provenance. */
export function formatScore(s: EntryScore): string {
  return `score=${s.score.toFixed(3)} goal=${s.goalRelevance.toFixed(2)} novelty=${s.novelty.toFixed(3)} activation=${s.activation.toFixed(3)}`;
}

const REASONS: Record<number, string> = {
  [ConsolidationTrigger.PRESSURE]: "pressure",
  [ConsolidationTrigger.MANUAL]: "manual",
  [ConsolidationTrigger.REFLECTION]: "reflection",
  [ConsolidationTrigger.SESSION_END]: "session_end",
};

/** The episode symbol id of a working-memory entry (unique across agents, unlike akh-medu's `episode:{wm_id}`). */
export function episodeId(agentId: string, entryId: number): string {
  return `episode:${agentId}:${entryId}`;
}

/** Builds the episode a high-scoring entry becomes. */
export function toEpisode(agentId: string, entry: WorkingMemoryEntry, score: EntryScore, trigger: ConsolidationTrigger, goals: ReadonlySet<string>, now: number): EpisodicEntry {
  const kindTag = (WorkingMemoryKind[entry.kind] ?? "unspecified").toLowerCase();
  return {
    symbolId: episodeId(agentId, entry.id),
    goalId: entry.symbols.find((s) => goals.has(s)) ?? "",
    summary: cut(entry.content.replace(/\s+/g, " ").trim(), CONSOLIDATION.summaryChars),
    learnings: [...entry.symbols],
    tags: [kindTag, ...(entry.toolName ? [`tool:${entry.toolName}`] : [])],
    consolidationReason: REASONS[trigger] ?? "manual",
    relevanceScore: score.score,
    timestampUnixMs: now,
    derivationKind: DerivationKind.AGENT_CONSOLIDATION,
    sourceCycle: entry.sourceCycle,
  };
}
