import { JetStreamApiCodes, JetStreamApiError } from "@nats-io/jetstream";
import { Kvm, type KV } from "@nats-io/kv";
import type { NatsConnection } from "@nats-io/transport-node";
import { IDLE_INTENT, type AgentIndex, type AgentIntent, type AgentLease, type Cluster, type LeaseBook, type ReplicaSet } from "./types.js";

/** Options of {@link openKvCluster}. */
export interface KvClusterOptions {
  readonly connection: NatsConnection;
  /** This replica's id (letters, digits, '-', '_'). */
  readonly replicaId: string;
  /** Prefix of the three buckets (`<ns>_controller_leases`, `_replicas`, `_agents`). @default "boyd" */
  readonly namespace?: string;
  /** A lease or heartbeat not renewed for this long is gone, ms. @default 3000 */
  readonly ttlMs?: number;
  /** Told about renewals and heartbeats that failed (the lease may still hold). */
  readonly onError?: (err: unknown, what: string) => void;
}

/**
 * The controller cluster on JetStream KV. Leases and heartbeats live in
 * buckets whose max_age is the TTL: a value not rewritten in time is
 * removed by the server, so a replica that dies (kill -9) loses its leases
 * and its place in the replica set within a TTL. A renewal is an update
 * checked against the revision this replica last wrote, so it fails once
 * anyone else took the key. The agents index is a plain bucket mirrored
 * here by a watch.
 */
export async function openKvCluster(options: KvClusterOptions): Promise<Cluster> {
  const ns = options.namespace ?? "boyd";
  const ttlMs = options.ttlMs ?? 3000;
  const report = options.onError ?? (() => {});
  const kvm = new Kvm(options.connection);
  const leaseKv = await kvm.create(`${ns}_controller_leases`, { history: 1, ttl: ttlMs, storage: "memory" as never });
  const replicaKv = await kvm.create(`${ns}_controller_replicas`, { history: 1, ttl: ttlMs, storage: "memory" as never });
  const indexKv = await kvm.create(`${ns}_controller_agents`, { history: 1 });
  const replicas = heartbeat(replicaKv, options.replicaId, ttlMs, report);
  await replicas.beat();
  const index = await mirroredIndex(indexKv);
  return {
    replicaId: options.replicaId,
    leases: kvLeases(leaseKv, options.replicaId, ttlMs, report),
    replicas,
    index,
    distributed: true,
    async close() {
      await replicas.stop();
      index.stop();
    },
  };
}

function kvLeases(kv: KV, replicaId: string, ttlMs: number, report: (err: unknown, what: string) => void): LeaseBook {
  // Renewed four times a TTL: two renewals may fail before the lease is at risk.
  const renewEveryMs = Math.max(50, Math.floor(ttlMs / 4));
  return {
    async acquire(agentId) {
      let revision: number;
      try {
        revision = await kv.create(agentId, replicaId);
      } catch (err) {
        if (wrongSequence(err)) return undefined;
        throw err;
      }
      let held = true;
      let renewedAt = Date.now();
      const lose = () => {
        held = false;
        clearInterval(timer);
      };
      const timer = setInterval(() => {
        // Past the TTL with no renewal the server may have dropped the key: stop trusting it.
        if (Date.now() - renewedAt > ttlMs - renewEveryMs) return lose();
        kv.update(agentId, replicaId, revision).then(
          (r) => {
            if (!held) return;
            revision = r;
            renewedAt = Date.now();
          },
          (err: unknown) => (wrongSequence(err) ? lose() : report(err, `lease renewal of agent ${agentId}`)),
        );
      }, renewEveryMs);
      timer.unref();
      const lease: AgentLease = {
        agentId,
        held: () => held && Date.now() - renewedAt < ttlMs,
        async release() {
          if (!held) return;
          lose();
          // Only our own value: a key someone else took since stays theirs.
          await kv.delete(agentId, { previousSeq: revision }).catch(() => {});
        },
      };
      return lease;
    },
    async owner(agentId) {
      const entry = await kv.get(agentId);
      return entry && entry.operation === "PUT" ? entry.string() : undefined;
    },
  };
}

function heartbeat(kv: KV, replicaId: string, ttlMs: number, report: (err: unknown, what: string) => void): ReplicaSet & { beat(): Promise<void>; stop(): Promise<void> } {
  const beat = async () => {
    await kv.put(replicaId, String(Date.now()));
  };
  const timer = setInterval(() => beat().catch((err: unknown) => report(err, "replica heartbeat")), Math.max(50, Math.floor(ttlMs / 3)));
  timer.unref();
  return {
    beat,
    async live() {
      const keys: string[] = [];
      for await (const k of await kv.keys()) keys.push(k);
      if (!keys.includes(replicaId)) keys.push(replicaId);
      return keys.sort();
    },
    async stop() {
      clearInterval(timer);
      // Leaving at once: the others take this replica's agents without waiting out the TTL.
      await kv.delete(replicaId).catch(() => {});
    },
  };
}

async function mirroredIndex(kv: KV): Promise<AgentIndex & { stop(): void }> {
  const mirror = new Map<string, AgentIntent>();
  const apply = (key: string, operation: string, value: () => AgentIntent) => {
    if (operation === "PUT") mirror.set(key, value());
    else mirror.delete(key);
  };
  const watch = await kv.watch({ key: ">" });
  const initialCount = (await kv.status()).values;
  let ready: () => void = () => {};
  const initialised = new Promise<void>((resolve) => (ready = resolve));
  if (initialCount === 0) ready();
  void (async () => {
    for await (const e of watch) {
      apply(e.key, e.operation, () => parseIntent(e.string(), e.key));
      if (e.delta === 0) ready();
    }
  })();
  // A bucket of agents from before is read before this replica drives anything (bounded: a slow server must not hang start-up).
  await Promise.race([initialised, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  return {
    get: (agentId) => mirror.get(agentId),
    ids: () => [...mirror.keys()].sort(),
    async change(agentId, next) {
      for (;;) {
        const entry = await kv.get(agentId);
        const current = entry && entry.operation === "PUT" ? parseIntent(entry.string(), agentId) : undefined;
        const value = next(current);
        try {
          const text = JSON.stringify(value);
          if (entry) await kv.update(agentId, text, entry.revision);
          else await kv.create(agentId, text);
          mirror.set(agentId, value);
          return value;
        } catch (err) {
          if (!wrongSequence(err)) throw err;
        }
      }
    },
    stop: () => watch.stop(),
  };
}

function parseIntent(text: string, agentId: string): AgentIntent {
  try {
    const v = JSON.parse(text) as Partial<AgentIntent>;
    const want = v.want === "run" || v.want === "pause" ? v.want : "idle";
    return { want, untilCycle: Number(v.untilCycle ?? 0), startId: String(v.startId ?? "") };
  } catch {
    // A value this code did not write: the agent is known, nothing is asked of it.
    void agentId;
    return IDLE_INTENT;
  }
}

function wrongSequence(err: unknown): boolean {
  return err instanceof JetStreamApiError && (err.code === JetStreamApiCodes.StreamWrongLastSequence || err.code === JetStreamApiCodes.StreamWrongLastSequenceUnknown);
}
