import { createClient, isBusError, serveService, type CallContext, type ServiceBinding, type ServiceClient, type ServiceHandlers, type Transport } from "@boyd/bus";
import { AgentServiceDefinition } from "@boyd/proto";
import { checkAgentId } from "../agents/runtime.js";
import type { Cluster } from "./types.js";

type Handlers = ServiceHandlers<typeof AgentServiceDefinition>;
type Client = ServiceClient<typeof AgentServiceDefinition>;

/**
 * The rpcs that change an agent's session or its run: served by the replica
 * that drives the agent, so nothing else saves over that run's session
 * (reads are served anywhere from the shared session store).
 */
const OWNER_ONLY = ["addGoal", "cycle", "run", "resume", "getPlan", "reflect", "consolidate", "startAgent", "pauseAgent"] as const;

/** AgentService as one replica serves it to the others, on subjects of its own. */
export function replicaDefinition(replicaId: string): typeof AgentServiceDefinition {
  return { ...AgentServiceDefinition, fullName: `boyd.controller.v1.${replicaId}.AgentService` } as unknown as typeof AgentServiceDefinition;
}

/** Serves this replica's own handlers (never forwarded again) to the other replicas. */
export function serveToReplicas(transport: Transport, replicaId: string, handlers: Handlers): Promise<ServiceBinding> {
  return serveService(transport, replicaDefinition(replicaId), handlers, { queue: `boyd.controller.v1.${replicaId}` });
}

/**
 * Wraps the handlers so a call about an agent another replica drives goes
 * to that replica (with the caller's deadline); an owner that does not
 * answer (it died, its lease not yet run out) leaves the call to this one.
 */
export function forwardingToOwner(handlers: Handlers, cluster: Cluster, transport: Transport): Handlers {
  if (!cluster.distributed) return handlers;
  const clients = new Map<string, Client>();
  const clientOf = (replica: string): Client => {
    let c = clients.get(replica);
    if (!c) clients.set(replica, (c = createClient(transport, replicaDefinition(replica))));
    return c;
  };
  const wrapped: Record<string, unknown> = { ...handlers };
  for (const method of OWNER_ONLY) {
    const local = handlers[method] as (req: { agentId: string }, ctx: CallContext) => Promise<unknown>;
    wrapped[method] = async (req: { agentId: string }, ctx: CallContext) => {
      // A malformed id is the caller's mistake (INVALID_ARGUMENT), never a lease-store error.
      if (req.agentId) checkAgentId(req.agentId);
      const owner = req.agentId ? await cluster.leases.owner(req.agentId) : undefined;
      if (!owner || owner === cluster.replicaId) return local(req, ctx);
      const call = clientOf(owner)[method] as (r: unknown, o: { deadline: number; agentId: string }) => Promise<unknown>;
      try {
        return await call(req, { deadline: Number.isFinite(ctx.deadline) ? ctx.deadline : Date.now() + 3_600_000, agentId: req.agentId });
      } catch (err) {
        if (isBusError(err) && err.code === "UNAVAILABLE") return local(req, ctx);
        throw err;
      }
    };
  }
  return wrapped as Handlers;
}
