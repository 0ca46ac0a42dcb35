/**
 * The scorer's numbers. Most are the reference system's (its formula, its
 * core-tool bases, its modifiers); PLAN_BONUS is ours: the reference never
 * lets its plan influence the choice.
 */
export const SCORING = {
  /** Penalty by how recently the tool was used on this goal (most recent first); older = 0. */
  recencyPenalty: [0.4, 0.2, 0.1] as readonly number[],
  /** Bonus for a tool never used on this goal. */
  novelty: 0.15,
  /** Bonus for a tool named in a recalled episode. */
  episodic: 0.2,
  /**
   * Bonus for consolidation tools (those with MEMORY_ACCESS: they move
   * working memory into long-term memory or draw on it) when working memory
   * is nearly full (the reference's +0.2).
   */
  pressure: 0.2,
  /** Pressure above which the pressure bonus applies: where automatic consolidation fires (the reference's 0.8). */
  pressureThreshold: 0.8,
  /** Archetype bonus = (weight − 0.5) × this. */
  archetypeScale: 0.15,
  /**
   * Bonus for the tool of the active plan's next step. Large enough to carry
   * a step past the novelty and recency swings (±0.4), small enough that a
   * step whose tool scores nothing on its own (base 0) still loses to a
   * strong alternative.
   */
  plan: 0.3,
  /** Impasse: best total below this is ALL_BELOW_THRESHOLD. */
  impasseThreshold: 0.15,
  /** Impasse: top two within this are a TIE. */
  tieEpsilon: 0.02,
} as const;

/** Base scores of the core tools (state-dependent). */
export const CORE_BASE = {
  kgQuery: { codeWithKnowledge: 0.7, codeWithout: 0.85, withKnowledge: 0.4, without: 0.8 },
  /**
   * kg_mutate when the goal states a fact to record (the only time it is a
   * candidate). The reference's 0.7 was for facts it synthesised from the
   * context; recording what the goal says is the goal's whole job, so it
   * outranks a first look at the graph (kg_query 0.8).
   */
  kgMutate: 0.9,
  memoryRecall: 0.55,
  reason: 0.5,
  similaritySearch: { normal: 0.55, code: 0.25 },
} as const;

/** Adaptive floors: base = clamp(0.7 × similarity + boost, floor, ceiling). */
export const ADAPTIVE = {
  scale: 0.7,
  inferRules: { floor: 0.35, ceiling: 0.75, unusedBoost: 0.1 },
  gapAnalysis: { floor: 0.3, ceiling: 0.75, repeatedQueryBoost: 0.1, repeatedQueries: 2 },
} as const;

/** Defaults for similarity-scored tools whose descriptor leaves them unset. */
export const VSA_DEFAULTS = { threshold: 0.55, multiplier: 0.75 } as const;

/** Plans: attempts allowed before the goal is given up. */
export const MAX_BACKTRACK_ATTEMPTS = 3;
