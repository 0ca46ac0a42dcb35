import type { AgentIndex, AgentIntent, AgentLease, Cluster, LeaseBook } from "./types.js";

/**
 * One controller in one process (`boyd up`, `boyd agent run`): a lease is
 * an entry in a map, the replica set is this replica, the index a map.
 */
export function localCluster(replicaId = "local"): Cluster {
  const holders = new Set<string>();
  const leases: LeaseBook = {
    async acquire(agentId) {
      if (holders.has(agentId)) return undefined;
      holders.add(agentId);
      let held = true;
      const lease: AgentLease = {
        agentId,
        held: () => held,
        release: async () => {
          if (held) holders.delete(agentId);
          held = false;
        },
      };
      return lease;
    },
    owner: async (agentId) => (holders.has(agentId) ? replicaId : undefined),
  };
  const intents = new Map<string, AgentIntent>();
  const index: AgentIndex = {
    get: (agentId) => intents.get(agentId),
    ids: () => [...intents.keys()].sort(),
    async change(agentId, next) {
      const value = next(intents.get(agentId));
      intents.set(agentId, value);
      return value;
    },
  };
  return { replicaId, leases, replicas: { live: async () => [replicaId] }, index, distributed: false, close: async () => {} };
}
