/**
 * @boyd/memory: the memory service. Working memory per agent (capacity,
 * eviction, pressure levels, reference counts), episodes consolidated from
 * it and recalled by hypervector similarity, facts from tool output,
 * corrections and the rules distilled from them, provenance, and versioned
 * session state. Handlers are transport-agnostic; `serveMemory` binds them
 * to a transport; the durable state goes through the `MemoryStore` port
 * (files or JetStream KV); `main.ts` is the standalone process.
 */
export { createMemoryHandlers, type MemoryHandlerOptions } from "./handlers.js";
export { serveMemory } from "./service.js";
export type { MemoryLog } from "./deps.js";
export {
  type MemoryStore,
  type DocName,
  type LogName,
  type LogPosition,
  type LogChangesSince,
  type StoredDoc,
  type StoredIndexDoc,
  type StoredRecord,
  encodeToken,
  decodeToken,
} from "./store/port.js";
export type { SnapshotPolicy } from "./recall-indexes.js";
export { openFileStore, type FileStoreOptions } from "./store/files.js";
export { openKvStore, type KvStoreOptions } from "./store/jetstream-kv.js";
export { openStore } from "./open-store.js";
export { orientGraphLink, graphLinkFromClient, episodeTriples, factTriples, MEMORY_PREDICATES, type GraphLink, type OrientGraphLinkOptions } from "./graph-link.js";
export { activation, scoreEntry, consolidationSettings, episodeId, type ConsolidationSettings, type EntryScore, type ScoringContext } from "./consolidation.js";
export { rankEpisodes, rankFacts, episodeText, stemsOf, wordMatch, type RecallQuery, type Ranked } from "./recall.js";
export { distillRules, groupKey } from "./distiller.js";
export { factId, normalizeContent, isPreferenceFact } from "./facts.js";
export { pressureOf, pressureLevel, evictionVictim } from "./working-memory.js";
export { MemoryStoreError } from "./errors.js";
export { WORKING_MEMORY, CONSOLIDATION, RECALL, KNOWLEDGE, PROVENANCE, TOOL_HISTORY } from "./constants.js";
export { configFromEnv, syncPolicyFromEnv, MemoryConfig } from "./config.js";
