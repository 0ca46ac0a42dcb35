import { KvWatchInclude, type KV } from "@nats-io/kv";
import type { Holder, KvReplicas } from "./kv-replicas.js";
import type { AgentLease, LeaseBook } from "./types.js";
import { wrongSequence } from "./kv-errors.js";

interface Held {
  revision: number;
  takenAt: number;
  lost: boolean;
}

/**
 * Leases as KV keys (agent id -> holder's replica id) with no TTL and no
 * renewal of their own: a lease stands while its holder's heartbeat does,
 * so a replica driving 1,000 agents writes one heartbeat, not 1,000
 * renewals, per beat. Another replica takes a lease only when the holder's
 * heartbeat is gone from the server (a revision-checked update), after the
 * holder itself stopped trusting its leases (its heartbeat lapsed). One
 * watch of the bucket per replica tells a holder at once that someone
 * else wrote one of its keys (taken over, purged by hand).
 */
export async function kvLeases(kv: KV, replicas: KvReplicas, report: (err: unknown, what: string) => void): Promise<LeaseBook & { stop(): void; reassert(): Promise<void> }> {
  const mine = new Map<string, Held>();
  const value = writeHolder(replicas.self);
  const lose = (agentId: string, held: Held) => {
    held.lost = true;
    if (mine.get(agentId) === held) mine.delete(agentId);
  };
  const openWatch = async () => {
    const w = await kv.watch({ key: ">", include: KvWatchInclude.UpdatesOnly });
    void (async () => {
      for await (const e of w) {
        const held = mine.get(e.key);
        if (held && e.revision > held.revision) lose(e.key, held);
      }
    })().catch((err: unknown) => report(err, "lease watch"));
    return w;
  };
  let watch = await openWatch();

  /** Takes the key: free, or left by a holder whose heartbeat is gone (a dead replica, this process before its heartbeat lapsed, a replica's earlier incarnation). */
  const take = async (agentId: string): Promise<number | undefined> => {
    try {
      return await kv.create(agentId, value);
    } catch (err) {
      if (!wrongSequence(err)) throw err;
    }
    const entry = await kv.get(agentId);
    if (!entry || entry.operation !== "PUT") return undefined; // changed under us: the next try sees it
    const holder = readHolder(entry.string());
    const ours = holder.replicaId === replicas.self.replicaId && holder.incarnation === replicas.self.incarnation;
    if (!ours && (await replicas.alive(holder))) return undefined;
    try {
      return await kv.update(agentId, value, entry.revision);
    } catch (err) {
      if (wrongSequence(err)) return undefined;
      throw err;
    }
  };

  return {
    async acquire(agentId) {
      // Held here already, or this replica may look dead to the others: not now.
      if (mine.has(agentId) || !replicas.fresh()) return undefined;
      const takenAt = Date.now();
      const revision = await take(agentId);
      if (revision === undefined) return undefined;
      const held: Held = { revision, takenAt, lost: false };
      mine.set(agentId, held);
      const lease: AgentLease = {
        agentId,
        held: () => !held.lost && replicas.vouchesFor(held.takenAt),
        // Lapsed (the heartbeat missed its window), not taken: this replica's key is written again if nobody alive holds it since.
        async renew() {
          if (held.lost || !replicas.fresh()) return false;
          const takenAt = Date.now();
          const revision = await take(agentId).catch(() => undefined);
          if (revision === undefined) {
            lose(agentId, held);
            return false;
          }
          Object.assign(held, { revision, takenAt });
          return true;
        },
        async release() {
          if (held.lost) return;
          lose(agentId, held);
          // Only our own value: a key someone else took since stays theirs.
          await kv.delete(agentId, { previousSeq: revision }).catch(() => {});
        },
      };
      return lease;
    },
    async owner(agentId) {
      const entry = await kv.get(agentId);
      if (!entry || entry.operation !== "PUT") return undefined;
      const holder = readHolder(entry.string());
      // A key left by this process (a lapsed lease) or a dead holder stays until the agent is taken again: it drives nothing.
      if (holder.replicaId === replicas.self.replicaId) return mine.has(agentId) ? holder.replicaId : undefined;
      return replicas.seenAlive(holder) ? holder.replicaId : undefined;
    },
    /**
     * After the bucket was made again (empty): writes this replica's held
     * keys back (one taken meanwhile by another replica is lost), then
     * watches anew, from the new revisions.
     */
    async reassert() {
      for (const [agentId, held] of [...mine]) {
        const revision = await kv.create(agentId, value).catch((err: unknown) => (wrongSequence(err) ? undefined : Promise.reject(err)));
        if (revision === undefined) lose(agentId, held);
        else held.revision = revision;
      }
      watch.stop();
      watch = await openWatch();
    },
    stop: () => watch.stop(),
  };
}

/** A lease's value: `<replica id> <incarnation>` (`nats kv get` shows who drives the agent first). */
function writeHolder(holder: Holder): string {
  return holder.incarnation ? `${holder.replicaId} ${holder.incarnation}` : holder.replicaId;
}

/** Reads a lease's value; one with no incarnation (written before they existed) names its replica alone. */
function readHolder(text: string): Holder {
  const [replicaId = "", incarnation] = text.split(" ");
  return { replicaId, incarnation };
}
