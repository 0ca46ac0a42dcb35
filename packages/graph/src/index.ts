/**
 * @boyd/graph: the knowledge graph.
 *
 * {@link GraphStore} holds the logic (validation, spreading activation,
 * forward-chaining rules, gap analysis) once, over a {@link GraphBackend}:
 * the embedded backend (in-process, durable on local disk; the default) or
 * Neo4j. Both answer identically; one conformance suite proves it.
 */
export { GraphError, type GraphErrorCode } from "./errors.js";
export {
  effectiveConfidence,
  tripleKey,
  type GraphSymbol,
  type Triple,
  type TripleInput,
  type TriplePattern,
  type TemporalProfile,
} from "./model.js";
export type { AdjacentEdge, EdgeFilter, EdgeQuery, GraphBackend, EdgePrune, GraphCounts, GraphReader, NodeEdges } from "./backend.js";
export { isBookkeepingPredicate, isBookkeepingSymbol, isWorldTriple } from "./bookkeeping.js";
export {
  ACTIVATION_DEFAULTS,
  FAN_FLOOR,
  FAN_STRENGTH,
  fanFactor,
  type Activation,
  type ActivationQuery,
  type ActivationResult,
  type Provenance,
} from "./activation.js";
export {
  atom,
  c as constantTerm,
  checkRule,
  formatAtom,
  formatRule,
  isVar,
  MAX_BODY_ATOMS,
  v as variableTerm,
  type Atom,
  type Rule,
  type RuleProvenance,
  type Term,
} from "./reasoning/rule.js";
export { BUILTIN_RULES, inverseRule, ruleShape, subPropertyRule, symmetricRule, transitiveRule, type RuleShape } from "./reasoning/properties.js";
export { W3C, type Declarations } from "./reasoning/declarations.js";
export type { Derivation, InferenceOptions } from "./reasoning/forward.js";
export type { Answer, BackwardOptions, Goal } from "./reasoning/backward.js";
export type { Conflict } from "./reasoning/conflicts.js";
export { parseGoal, parseRules, type ParsedRule, type Position, type RuleError, type RulesDocument } from "./reasoning/parse.js";
export { ingestRulesText } from "./ingest/rules.js";
export type { GapOptions, KnowledgeGap } from "./gaps.js";
export { GraphStore, type Direction, type GraphStoreOptions, type InferQuery, type InferResult, type Reasoner } from "./store.js";
export type { GraphChange, GraphChangeListener } from "./changes.js";
export { openEmbeddedBackend, EmbeddedBackend, type EmbeddedOptions, type OpenReport } from "./embedded/embedded-backend.js";
export type { TornTail } from "@boyd/wal";
export { openNeo4jBackend, Neo4jBackend, DEFAULT_CACHE_EDGES, type Neo4jOptions } from "./neo4j/neo4j-backend.js";
export { ingestFile, ingestStream } from "./ingest/ingest.js";
export { MAX_FIELD_BYTES, MAX_REASON_CHARS } from "./ingest/check.js";
export { MAX_LINE_BYTES } from "./ingest/text-lines.js";
export type { IngestFormat, IngestLineError, IngestOptions, IngestProgress, IngestSummary } from "./ingest/types.js";
export type { LineInput } from "./ingest/lines.js";
export { fold, tokens as nameTokens, capitalized, nameOfId, canonicalPredicate, predicateTokens, singulars, containsPhrase } from "./names.js";
export {
  FactIndex,
  mineRules,
  byConfidence,
  RuleRanker,
  compareMaxPlus,
  filteredRank,
  type Candidate,
  type MinedFact,
  type MinedRuleFigures,
  type MiningOptions,
  type MiningResult,
  type RuleForm,
  toRules,
  isMinedRuleName,
  mineStore,
  type MinedProvenance,
  type StoreMining,
} from "./reasoning/mining/index.js";
