/**
 * @boyd/orient: the orient service. It owns the knowledge graph and serves
 * OrientService (Orient, Query, QueryBatch, Mutate, Activate, InferRules, GapAnalysis,
 * Ingest). Handlers are transport-agnostic; `serveOrient` binds them to a
 * transport; `main.ts` is the standalone process.
 */
export { createOrientHandlers, type OrientHandlerOptions } from "./handlers.js";
export { serveOrient } from "./service.js";
export { orient, ORIENT_DEFAULTS } from "./orientation.js";
export { QuestionAnswerer, agentGoalSource } from "./answer/engine.js";
export { openGraph } from "./open-graph.js";
export { configFromEnv, OrientConfig } from "./config.js";
