/**
 * @boyd/act: the act service, where the agent touches the world. It owns
 * the tool registry (catalog with JSON Schemas, input validation), the
 * psyche's shadow check, the safety guardian and the approval flow, the
 * sandboxes (workspace confinement, bubblewrap, SSRF-guarded HTTP) and
 * the built-in tools, and runs each call at most once per idempotency key.
 * `startAct` wires it to a transport; `main.ts` is the standalone process.
 */
export { startAct, type ActService, type StartActOptions, type ActLogger } from "./service.js";
export { createActHandlers } from "./handlers.js";
export { executeDecision, capOutput, type ActDeps } from "./execute.js";
export { configFromEnv, loadActConfigFile, parseActConfig, ActFileConfig, type ActConfig } from "./config.js";
export { ToolRegistry, MAX_INPUT_BYTES, INPUT_SHAPE } from "./registry.js";
export { defineTool, type ToolDefinition, type CallContext, type CallAssessment, type ToolRun } from "./tool.js";
export { PolicyConfig, compilePolicy, BUILTIN_DENIED_PATHS, BUILTIN_DENIED_COMMANDS, DEFAULT_ALLOWED_COMMANDS, DEFAULT_ASK_COMMANDS } from "./safety/policy.js";
export { guard, similarityKeyOf } from "./safety/guardian.js";
export { shadowCheck } from "./safety/shadow.js";
export { ApprovalBroker, APPROVAL_PREFIX } from "./approvals.js";
export { IdempotencyLedger } from "./idempotency.js";
export { SessionApprovals, type AgentSession } from "./session-approvals.js";
export { JobBook, nextRun } from "./tools/jobs.js";
export { factFrom, FACT_MIN_CHARS, FACT_MAX_CHARS, type MemorySink } from "./memory-sink.js";
export { openFileRecordStore } from "./state/file-store.js";
export { openKvRecordStore } from "./state/kv-store.js";
export type { RecordStore, StoreOwner } from "./state/record-store.js";
export type { HostLookup } from "./net/guarded-fetch.js";
