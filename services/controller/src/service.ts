import {
  agentEventChannel,
  grpcService,
  serveGrpc,
  serveService,
  type EventChannel,
  type EventLog,
  type EventSink,
  type GrpcServer,
  type GrpcServerOptions,
  type ServiceBinding,
  type ServiceHandlers,
  type Transport,
} from "@boyd/bus";
import { AgentServiceDefinition, type Event } from "@boyd/proto";
import { descriptorSet } from "@boyd/proto/descriptors";
import { actCatalog } from "@boyd/tools";
import { createAgentHandlers } from "./agents/handlers.js";
import { PendingApprovals } from "./agents/pending-approvals.js";
import { AgentRuntime } from "./agents/runtime.js";
import { EventSequencer } from "./cycle/event-sequence.js";
import { servicePorts, withEventSequence } from "./cycle/ports.js";
import type { AgentSettings } from "./settings/index.js";
import { startDriver } from "./cluster/driver.js";
import { forwardingToOwner, serveToReplicas } from "./cluster/forward.js";
import { localCluster } from "./cluster/local.js";
import type { Cluster } from "./cluster/types.js";

/** Options of {@link startController}. */
export interface StartControllerOptions {
  readonly transport: Transport;
  /** Where events go: a log (replayable) or live only. @default live */
  readonly sink?: EventSink | EventLog;
  /** An event channel to share (e.g. with act, so approvals land in the same log); overrides `sink`. */
  readonly events?: EventChannel<Event>;
  /** Serve AgentService over gRPC too, e.g. `{ address: "0.0.0.0:50051" }`. */
  readonly grpc?: GrpcServerOptions;
  /** How long the act catalog is reused, ms. @default 10000 */
  readonly catalogTtlMs?: number;
  /** Told about failures of background runs and event publishing. */
  readonly onError?: (err: unknown, agentId: string) => void;
  /** Settings new agents start from; a CreateAgent request's own win field by field. */
  readonly agentDefaults?: AgentSettings;
  /** Idle agents whose session the controller keeps loaded (see RuntimeDeps.keptIdleAgents). @default 1000 */
  readonly keptIdleAgents?: number;
  /**
   * What the controller replicas share (`openKvCluster` on NATS): agent
   * leases, the live replicas, the agents index. The controller closes it
   * when it stops. @default one local controller (no JetStream needed)
   */
  readonly cluster?: Cluster;
  /** How often the replica looks for started agents to take or hand over, ms. @default 250 */
  readonly driverTickMs?: number;
}

/** A running controller. */
export interface Controller {
  readonly runtime: AgentRuntime;
  readonly cluster: Cluster;
  /** AgentService as callers reach it here (calls about an agent another replica drives go to it). */
  readonly handlers: ServiceHandlers<typeof AgentServiceDefinition>;
  readonly events: EventChannel<Event>;
  /** The gRPC server, when one was asked for. */
  readonly grpc: GrpcServer | undefined;
  /** Cancels runs (after their current cycle), then stops serving. */
  stop(): Promise<void>;
}

/**
 * Takes in the newest stored approval events of each agent: enough to know
 * the request an agent waits on (a run waits on one at a time), since a
 * newer resolution or the deadline closes it.
 */
async function primePendingApprovals(events: EventChannel<Event>, pending: PendingApprovals): Promise<void> {
  const stored = await events.latest({ agentId: "*", kind: "approval.*" });
  for (const event of stored.sort((a, b) => Number(a.timeUnixMs) - Number(b.timeUnixMs) || Number(a.sequence) - Number(b.sequence))) pending.observe(event);
}

/**
 * Starts the cycle controller on a transport: AgentService on the bus (and
 * over gRPC with health and reflection when asked), events on
 * `boyd.events.v1.<agent>.<kind>`.
 */
export async function startController(options: StartControllerOptions): Promise<Controller> {
  const { transport } = options;
  const events = options.events ?? agentEventChannel({ transport, ...(options.sink ? { sink: options.sink } : {}) });
  // One sequence per agent, continued from the log's newest event.
  const sequencer = new EventSequencer(async (agentId) => Math.max(0, ...(await events.latest({ agentId })).map((e) => Number(e.sequence))));
  const ports = withEventSequence(
    servicePorts(transport, async (agentId, kind, event) => {
      await events.publish(agentId, kind, event);
    }),
    sequencer,
  );
  const catalog = actCatalog(transport, { ttlMs: options.catalogTtlMs ?? 10_000, timeoutMs: 5_000 });
  // Every agent's approval events, whichever act replica raised them: what is waiting for a person.
  const pending = new PendingApprovals();
  const approvalEvents = events.subscribe({ agentId: "*", kind: "approval.*" }, (event) => pending.observe(event));
  // Requests raised before this controller started (it restarted while act waits) are in the log.
  await primePendingApprovals(events, pending).catch((err: unknown) => options.onError?.(err, "*"));
  const pendingApprovals = (agentId?: string) => pending.waiting(agentId);
  const cluster = options.cluster ?? localCluster();
  // What a replica taking an agent over checks (AgentRuntime.publishMissedFinish): the newest stored event of each kind.
  // No stored event at all (no log, or nothing kept) tells nothing, so nothing is published then.
  const lastFinishedCycle = async (agentId: string) => {
    const newest = await events.latest({ agentId });
    if (newest.length === 0) return "unknown" as const;
    const finished = newest.filter((e) => e.kind?.$case === "cycleFinished").map((e) => Number(e.cycle));
    return finished.length > 0 ? Math.max(...finished) : 0;
  };
  const runtime = new AgentRuntime({ ports, catalog, pendingApprovals, cluster, lastFinishedCycle, ...(options.onError ? { onError: options.onError } : {}), ...(options.agentDefaults ? { agentDefaults: options.agentDefaults } : {}), ...(options.keptIdleAgents ? { keptIdleAgents: options.keptIdleAgents } : {}) });
  const local = createAgentHandlers({ runtime, ports, events, catalog, pendingApprovals });
  // The other replicas reach this one's own handlers; callers reach the owner of the agent they name.
  const toReplicas = cluster.distributed ? await serveToReplicas(transport, cluster.replicaId, local) : undefined;
  const handlers = forwardingToOwner(local, cluster, transport);
  const binding: ServiceBinding = await serveService(transport, AgentServiceDefinition, handlers);
  const grpc = options.grpc ? await serveGrpc([grpcService(AgentServiceDefinition, handlers)], { descriptorSet: descriptorSet(), ...options.grpc }) : undefined;
  const driver = startDriver({ runtime, cluster, ...(options.driverTickMs ? { tickMs: options.driverTickMs } : {}), ...(options.onError ? { onError: options.onError } : {}) });
  // A run asked for (StartAgent, a detached Run) is looked at now, not at the next tick.
  runtime.kickDriver = () => void driver.tick().catch((err: unknown) => options.onError?.(err, "*"));
  return {
    runtime,
    cluster,
    handlers,
    events,
    grpc,
    async stop() {
      await driver.stop();
      // Started agents are handed over (their leases released), so the other replicas take them at once.
      await runtime.stopAll();
      await grpc?.stop();
      await binding.stop();
      await toReplicas?.stop();
      await approvalEvents.drain();
      await cluster.close();
    },
  };
}
