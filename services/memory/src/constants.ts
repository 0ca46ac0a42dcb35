/**
 * The memory service's constants in one place. Values taken from the
 * reference system are marked with their source; the rest are our choices,
 * with the reason.
 */
import { MAX_RULES_LISTED } from "@boyd/proto";

/** Working-memory settings. */
export const WORKING_MEMORY = {
  /** Entries held per agent unless a request says otherwise (akh-medu `working_memory_capacity`). */
  defaultCapacity: 100,
  /** Largest capacity a request may ask for; keeps one agent's document well under NATS's 1 MiB payload. */
  maxCapacity: 1_000,
  /** Pressure (entries / capacity) graded WARNING from here on (Rustant's 70 % context health). */
  warningPressure: 0.7,
  /** Pressure graded CRITICAL from here on (Rustant's 90 %). */
  criticalPressure: 0.9,
  /** Entries below this relevance are "low relevance": eviction takes the oldest of them first. */
  lowRelevance: 0.5,
  /** Longest content kept in working memory; longer text is cut (facts are taken from the full text first). */
  maxContentChars: 5_000,
  /** Most symbols one entry may carry. */
  maxSymbols: 64,
  /** Access cycles kept per entry; older ones add almost nothing to the ACT-R sum. */
  maxAccessCycles: 32,
  /** Archived DECISION entries kept per agent for the per-goal tool history. */
  maxArchivedDecisions: 1_000,
  /** Content kept in an archived decision (enough for the "Decide: tool=X" prefix and a reason). */
  archivedContentChars: 200,
} as const;

/** Consolidation defaults (akh-medu `ConsolidationConfig`, and the brief's pressure trigger). */
export const CONSOLIDATION = {
  /** Score an entry needs to become an episode. */
  minRelevance: 0.5,
  goalRelevanceWeight: 0.4,
  noveltyWeight: 0.3,
  utilityWeight: 0.3,
  /** Automatic consolidation when pressure exceeds this. */
  pressureThreshold: 0.8,
  /** Goal relevance of an entry naming a goal, and of one naming a neighbour of a goal (akh-medu §5.6). */
  goalHit: 1.0,
  goalNeighbourHit: 0.8,
  /** novelty = 1 / (1 + noveltyDecay * average degree); 0.5 without symbols (akh-medu §5.6). */
  noveltyDecay: 0.2,
  noveltyWithoutSymbols: 0.5,
  /** Longest episode summary; the graph label is cut to 80 as in akh-medu. */
  summaryChars: 240,
  graphLabelChars: 80,
  /** Triples fetched per symbol when counting its degree for novelty. */
  degreeProbeLimit: 100,
} as const;

/**
 * Recall ranking: score = similarity + word match + symbol overlap + recency,
 * weighted (Mama's hybrid, reordered). The text's share (0.6) is split
 * evenly between the hypervector similarity, which finds paraphrases but
 * fades as a text grows long, and the exact word match, which finds a word
 * however long the text around it.
 */
export const RECALL = {
  defaultTopK: 5,
  maxTopK: 100,
  similarityWeight: 0.3,
  wordWeight: 0.3,
  symbolWeight: 0.25,
  recencyWeight: 0.15,
  /** recency = 1 / (1 + age / recencyUnitMs): one day halves it (Mama's 1/(1+ageDays)). */
  recencyUnitMs: 86_400_000,
} as const;

/** Facts, corrections and rules (Rustant's LongTermMemory and KnowledgeDistiller). */
export const KNOWLEDGE = {
  /** Tool output shorter than this is not a fact ("ok" is not knowledge). */
  minFactChars: 10,
  /** Tool output longer than this is not a fact (a dump, not a finding). */
  maxFactChars: 5_000,
  /** Facts kept per agent; the oldest go first. */
  maxFacts: 10_000,
  /** Corrections kept per agent; the oldest go first. */
  maxCorrections: 1_000,
  /** Rules listed by default (best supported first). */
  maxRules: 20,
  /** Most rules one ListRules may ask for: enough for every correction group and preference. */
  maxRulesListed: MAX_RULES_LISTED,
  /**
   * What a rule learned from a person's denial adds to the score of the
   * same call (the correction weight: it outweighs the novelty bonus, so a
   * refused call loses to an untried alternative of similar merit).
   */
  correctionWeight: -0.3,
  /** Corrections are grouped by this many leading characters of their context, lowercased. */
  groupKeyChars: 50,
  /** Fact openings that make a fact a rule verbatim. */
  rulePrefixes: ["prefer", "always", "never", "don't", "do not", "use "],
} as const;

/** Provenance listing. */
export const PROVENANCE = {
  defaultLimit: 100,
  maxLimit: 1_000,
} as const;

/** Tool-history listing. */
export const TOOL_HISTORY = {
  defaultLimit: 100,
  maxLimit: 1_000,
} as const;
