/**
 * @boyd/observe: the observe service, the agent's input boundary. Observe
 * returns the agent's goals (active ones ranked), working-memory size and
 * recent entries, episodes recalled for the active goals (both from the
 * memory service), and the percepts that arrived on
 * `boyd.percepts.v1.<agentId>` since the last observation. Handlers are
 * transport-agnostic; `serveObserve` binds them; percepts wait in a
 * `PerceptInbox` (in-process or JetStream); `main.ts` is the standalone
 * process.
 */
export { createObserveHandlers, type ObserveHandlerOptions, type MemoryReader } from "./handlers.js";
export { serveObserve, type ServeObserveOptions } from "./service.js";
export { activeGoals, effectivePriority, recallQuery } from "./goals.js";
export { summarize, type SummaryFacts } from "./summary.js";
export { perceptSubject, type PerceptInbox, type PerceptBatch, type TakeOptions, type DropReason, type DropListener } from "./percepts/port.js";
export { openInProcessPerceptInbox, InProcessPerceptInbox, type InProcessPerceptInboxOptions, type InProcessInboxStats } from "./percepts/in-process.js";
export { openJetStreamPerceptInbox, JetStreamPerceptInbox, type JetStreamPerceptInboxOptions } from "./percepts/jetstream.js";
export { claimsBucket } from "./percepts/claims.js";
export { publishPercept, type PerceptInput } from "./percepts/publish.js";
export { deliveredBucket, SharedDeliveredIds } from "./percepts/delivered.js";
export { decodePerceptBody, PERCEPT_MEDIA_TYPES, PERCEPT_DEAD_LETTER_PREFIX, DEAD_LETTER_REASON_HEADER, DEAD_LETTER_SUBJECT_HEADER } from "./percepts/wire.js";
export { OBSERVE, PERCEPTS } from "./constants.js";
export { configFromEnv, ObserveConfig, ENV_NAMES } from "./config.js";
