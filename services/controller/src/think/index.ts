/**
 * The standalone think loop (seed 002): question in, oracle queried under
 * the PI control law until the question is covered, progress stops or the
 * cap is hit; lasting observations promoted to a cold store.
 */
export type { AnswerPassage, ColdEntry, ColdStore, HotEntry, OracleAnswer, OracleHit, ThinkOracle, ThinkResult, ThinkStep } from "./types.js";
export { DEFAULT_THINK, resolveThinkOptions, type ResolvedThinkOptions, type ThinkOptions } from "./options.js";
export { HotMemory } from "./hot-memory.js";
export { CONTEXT_TERMS, hotWords, queryKey, questionTerms, reformulateQuery, type ReformulationInput } from "./refine.js";
export { bestPassages, summarizeObservation, think } from "./think-loop.js";
export { inMemoryColdStore, memoryColdStore, type InMemoryColdStore, type MemoryColdStoreOptions } from "./cold-store.js";
export { librarySearchOracle, type LibraryOracleOptions } from "./library-oracle.js";
