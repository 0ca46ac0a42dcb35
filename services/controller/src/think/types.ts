/**
 * The ports of the think loop: where observations come from (the oracle)
 * and where lasting ones go (the cold store), plus the records the loop
 * returns. Transport-free: adapters over the bus live in `adapters.ts`.
 */
import type { LoopState } from "@boyd/proto";
import type { ErrorMeasure } from "../goals/progress.js";

/** One passage an oracle found. */
export interface OracleHit {
  /** The passage text. */
  readonly passage: string;
  /** Where it came from (document title, URL...); "" when unknown. */
  readonly source: string;
  /** The oracle's own relevance score, for display; 0 when it has none. */
  readonly score: number;
}

/** What an oracle returned for one query. */
export interface OracleAnswer {
  /** The observation: all the text the query brought back ("" for nothing). */
  readonly text: string;
  /** The passages behind `text`, best first; may be empty. */
  readonly hits: readonly OracleHit[];
}

/**
 * The plant of the control loop (seed 002's `SearchOracle`): answers a
 * query with text. Errors are thrown, not swallowed as "" like the seed
 * does: a dead search service should fail the think, not look like a
 * question nobody can answer.
 */
export interface ThinkOracle {
  /** Runs one query. */
  search(query: string): Promise<OracleAnswer>;
}

/** A hot-memory entry the loop decided to keep for good. */
export interface ColdEntry {
  /** The observation text. */
  readonly content: string;
  /** Reward of the step that produced it. */
  readonly reward: number;
  /** Step (0-based) that produced it. */
  readonly step: number;
}

/** Long-term memory (seed 002's `ColdStore`): receives promoted entries. */
export interface ColdStore {
  /** Stores the entries; returns their ids in order (an existing id for a duplicate). */
  promote(entries: readonly ColdEntry[], question: string): Promise<string[]>;
}

/** One observation in hot (short-term) memory. */
export interface HotEntry {
  /** Step (0-based) that produced it. */
  readonly step: number;
  /** The query that produced it. */
  readonly query: string;
  /** The observation text. */
  readonly content: string;
  /** Passages behind it. */
  readonly hits: readonly OracleHit[];
  /** Reward of its step. */
  readonly reward: number;
  /** Question terms (surface words) the observation itself contains. */
  readonly questionTerms: readonly string[];
}

/** The signal of one iteration (seed 002's `CognitionSignal`) and what it learned. */
export interface ThinkStep {
  /** 0-based iteration number. */
  readonly k: number;
  /** The query sent to the oracle. */
  readonly query: string;
  /** e(k): error of the question against the evidence so far (coverage) or this observation (jaccard). */
  readonly error: number;
  /** I(k) = clamp(I(k-1) + e(k), 0, integral_max). */
  readonly integral: number;
  /** K(k) = clamp(Kp + Ki * I(k), gain_min, gain_max). */
  readonly gain: number;
  /** r(k) = max((1 - e(k)) * K(k), 0). */
  readonly reward: number;
  /** First characters of the observation, one line. */
  readonly observation: string;
  /** Passages the oracle returned. */
  readonly hits: number;
  /** Question terms matched by the evidence so far (surface words). */
  readonly matchedTerms: readonly string[];
  /** Question terms this step matched for the first time. */
  readonly newTerms: readonly string[];
  /** Samples in a row whose reward fell. */
  readonly declineStreak: number;
  /** Samples in a row that matched no new question term. */
  readonly idleStreak: number;
}

/** A passage of the answer. */
export interface AnswerPassage {
  /** The passage text. */
  readonly passage: string;
  /** Where it came from; "" when unknown. */
  readonly source: string;
  /** Question terms it contains (surface words). */
  readonly questionTerms: readonly string[];
  /** Step that found it first. */
  readonly step: number;
}

/** What `think` returns. */
export interface ThinkResult {
  /** The question as asked. */
  readonly question: string;
  /** How the error was measured. */
  readonly measure: ErrorMeasure;
  /** CONVERGED, STALLED or CAPPED. */
  readonly state: LoopState;
  /** One line on why the loop stopped. */
  readonly reason: string;
  /** Every iteration's signal, in order. */
  readonly steps: readonly ThinkStep[];
  /** Error of the last step (1 when there was none). */
  readonly finalError: number;
  /** Question terms (surface words), and which the evidence never matched. */
  readonly questionTerms: readonly string[];
  /** Question terms no observation contained. */
  readonly missingTerms: readonly string[];
  /** The best passages, most question terms first. */
  readonly answer: readonly AnswerPassage[];
  /** Hot entries promoted to the cold store, with the ids it gave them. */
  readonly promoted: ReadonlyArray<ColdEntry & { readonly id: string }>;
  /** Hot memory at the end, newest first (seed `memory_snapshot`). */
  readonly hot: readonly HotEntry[];
}
