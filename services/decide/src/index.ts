/**
 * @boyd/decide: the decide service. Scores every tool for the focus goal
 * (core rules, adaptive floors, hypervector similarity; recency, novelty,
 * episodic, pressure, archetype and plan terms), explains the choice, and
 * drafts plans. Handlers are transport-agnostic; `serveDecide` binds them;
 * `main.ts` is the standalone process.
 */
export { createDecideHandlers, validateCatalog, type DecideHandlerOptions } from "./handlers.js";
export { serveDecide, actCatalog, type ActCatalogOptions } from "./service.js";
export { decide, scoreFor, type DecideDeps } from "./decide.js";
export { generatePlan, type PlanDeps } from "./planner.js";
export { scoreTools, formatBreakdown, archetypeBonus, isConsolidationTool, type Candidate, type Exclusion, type BelowGate, type ScoredTools } from "./scorer.js";
export { detectImpasse } from "./impasse.js";
export { scoringContext, focusGoal, nextPlanStep, isCodeText, type ScoringContext, type ContextInput } from "./context.js";
export { toolHistory, type ToolHistory } from "./history.js";
export { statedFact, type StatedFact, type FactVocabulary } from "./facts.js";
export { buildInput, topicSymbol, urlIn, pathIn, commandIn, type InputResult } from "./inputs.js";
export { cronFromText } from "./schedule.js";
export { ToolProfiles, profileText } from "./profiles.js";
export { StrategyMatcher, STRATEGY_PATTERNS, STRATEGY_THRESHOLD } from "./strategies.js";
export { SCORING, CORE_BASE, ADAPTIVE, VSA_DEFAULTS, MAX_BACKTRACK_ATTEMPTS } from "./constants.js";
export { configFromEnv, loadSynonyms, DecideConfig } from "./config.js";
