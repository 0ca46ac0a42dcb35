import { PlanStrategy, type StrategyMatch } from "@boyd/proto";
import { similarity, type Hypervector, type TextEncoder } from "@boyd/vsa";

/**
 * What each strategy family sounds like. A goal's vector is compared with
 * each pattern's; every family above the threshold shapes the plan.
 */
export const STRATEGY_PATTERNS: Readonly<Record<Exclude<PlanStrategy, PlanStrategy.UNSPECIFIED | PlanStrategy.UNRECOGNIZED>, string>> = {
  [PlanStrategy.KNOWLEDGE]: "find discover explore identify lookup knowledge facts information about learn",
  [PlanStrategy.REASONING]: "reason infer deduce prove classify why explain conclude logic",
  [PlanStrategy.CREATION]: "create add build record link connect store write assert",
  [PlanStrategy.EXTERNAL]: "file web fetch download command run program url page document",
  [PlanStrategy.SIMILARITY]: "similar like related compare analogous resemble cluster",
};

/**
 * Similarity gate for a strategy. Unrelated text sits at 0.5 ± 0.005;
 * n-grams and loosely related concepts lift it to about 0.53; a goal word
 * that names the strategy's concept reaches 0.55-0.70.
 */
export const STRATEGY_THRESHOLD = 0.54;

/** Matches a goal against every strategy pattern, strongest first. */
export class StrategyMatcher {
  private readonly patterns: [PlanStrategy, Hypervector][];

  constructor(private readonly encoder: TextEncoder) {
    this.patterns = Object.entries(STRATEGY_PATTERNS).map(([k, text]) => [Number(k) as PlanStrategy, encoder.encode(text)]);
  }

  match(goalText: string): StrategyMatch[] {
    const g = this.encoder.encode(goalText);
    return this.patterns
      .map(([strategy, v]) => {
        const s = similarity(g, v);
        return { strategy, similarity: s, selected: s > STRATEGY_THRESHOLD };
      })
      .sort((a, b) => b.similarity - a.similarity || a.strategy - b.strategy);
  }
}
