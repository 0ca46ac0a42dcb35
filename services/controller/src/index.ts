/**
 * @boyd/controller: the cycle controller. It runs observe, orient, plan,
 * decide, act and record over the bus (`cycle/`), drives agents and serves
 * the public AgentService (`agents/`, `service.ts`), and holds the pure
 * logic the loop uses: goals and their closed-loop progress signal, stall
 * detection and decomposition (`goals/`), reflection with psyche evolution
 * (`reflection/`), and the standalone think loop (`think/`).
 */
export * from "./goals/index.js";
export * from "./reflection/index.js";
export * from "./think/index.js";
export { resolveAgentConfig, checkAgentConfig, DEFAULT_ITERATION_BUDGET, SAFETY_MAX_CYCLES, type ResolvedAgentConfig } from "./cycle/agent-config.js";
export * from "./settings/index.js";
export { runCycle, stopReasonOf, type AgentSession, type CycleOptions, type CycleOutcome } from "./cycle/run-cycle.js";
export { servicePorts, type CyclePorts } from "./cycle/ports.js";
export { EVENT_KINDS, EVENTS_PER_CYCLE } from "./cycle/narrator.js";
export { recordStepResult, planDone, type StepVerdict, type StepUpdate } from "./cycle/plans.js";
export { withRecovery, classifyResult, retryInput, type RetryPolicy, type ResultClass } from "./cycle/recovery.js";
export { adjustInput, closestName, editDistance, missingFields, type Adjustment, type RetryContext } from "./cycle/adjust-input.js";
export { dueJobs, nextFiring, jobFromResult } from "./cycle/jobs.js";
export { AgentRuntime, emptySession, goalInput, HAND_OVER, type RunOptions, type RuntimeDeps } from "./agents/runtime.js";
export { createAgentHandlers, type AgentHandlerDeps } from "./agents/handlers.js";
export { startController, type Controller, type StartControllerOptions } from "./service.js";
export { configFromEnv, ControllerConfig, CONTROLLER_ENV } from "./config.js";
export { grpcSecurity, MIN_GRPC_TOKEN_LENGTH } from "./grpc-security.js";
export { defaultReplicaId, openKvCluster, type KvClusterOptions } from "./cluster/kv.js";
export { localCluster } from "./cluster/local.js";
export { ownerOf } from "./cluster/rendezvous.js";
export { startDriver, type Driver, type DriverOptions } from "./cluster/driver.js";
export type { AgentIndex, AgentIntent, AgentLease, Cluster, LeaseBook, ReplicaSet } from "./cluster/types.js";
