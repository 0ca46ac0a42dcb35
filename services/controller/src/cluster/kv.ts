import { hostname } from "node:os";
import { jetstreamManager } from "@nats-io/jetstream";
import { Kvm, type KV } from "@nats-io/kv";
import type { NatsConnection } from "@nats-io/transport-node";
import { wrongSequence } from "./kv-errors.js";
import { kvLeases } from "./kv-leases.js";
import { kvReplicas } from "./kv-replicas.js";
import { IDLE_INTENT, type AgentIndex, type AgentIntent, type Cluster } from "./types.js";

const REPLICA_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A replica id for a process that was given none: its host name, pid and a random suffix (unique, and says where it runs). */
export function defaultReplicaId(): string {
  return `${hostname().replace(/[^A-Za-z0-9_-]/g, "-").slice(0, 40)}-${process.pid}-${crypto.randomUUID().slice(0, 6)}`;
}

/** Options of {@link openKvCluster}. */
export interface KvClusterOptions {
  readonly connection: NatsConnection;
  /** This replica's id (letters, digits, '-', '_'). */
  readonly replicaId: string;
  /** Prefix of the three buckets (`<ns>_controller_leases`, `_replicas`, `_agents`). @default "boyd" */
  readonly namespace?: string;
  /** Copies of each bucket across a NATS cluster (BOYD_CONTROLLER_KV_REPLICAS). @default 1 */
  readonly replicas?: number;
  /** A heartbeat not renewed for this long is gone, and the replica's leases with it, ms. @default 3000 */
  readonly ttlMs?: number;
  /** Told about heartbeats and watches that failed (the leases may still hold). */
  readonly onError?: (err: unknown, what: string) => void;
}

/**
 * The controller cluster on JetStream KV. Heartbeats live in a bucket whose
 * max_age is the TTL: a replica that dies (kill -9) drops out of the
 * replica set within a TTL, and its leases with it (see kvLeases: a lease
 * stands while its holder's heartbeat does, with no renewal per agent).
 * What each replica needs of the others comes from one watch per bucket
 * (replicas, leases, the agents index), not from a consumer, timer or
 * request per agent.
 */
export async function openKvCluster(options: KvClusterOptions): Promise<Cluster> {
  // The id is a KV key and a subject token (forwarded calls): no dots, spaces or wildcards.
  if (!REPLICA_ID.test(options.replicaId)) throw new Error(`replicaId: ${JSON.stringify(options.replicaId)} must be 1-64 letters, digits, '-' or '_'`);
  const ns = options.namespace ?? "boyd";
  const ttlMs = options.ttlMs ?? 3000;
  const report = options.onError ?? (() => {});
  const kvm = new Kvm(options.connection);
  const replicas = options.replicas ?? 1;
  const leaseKv = await kvm.create(`${ns}_controller_leases`, { history: 1, storage: "memory" as never, replicas });
  await dropBucketTtl(options.connection, leaseKv);
  const replicaKv = await kvm.create(`${ns}_controller_replicas`, { history: 1, ttl: ttlMs, storage: "memory" as never, replicas });
  const indexKv = await kvm.create(`${ns}_controller_agents`, { history: 1, replicas });
  // Memory storage does not outlive a nats-server restart: the two buckets are made again, the leases held written back, the watches opened anew.
  let recovering: Promise<boolean> | undefined;
  /** Set once opened: the heartbeats come first, and may call recover before. */
  const opened: { leases?: Awaited<ReturnType<typeof kvLeases>> } = {};
  const recover = (): Promise<boolean> =>
    (recovering ??= (async () => {
      const gone = await Promise.all([leaseKv, replicaKv].map((kv) => kv.status().then(() => false, () => true)));
      if (!gone.some(Boolean)) return false;
      await kvm.create(`${ns}_controller_leases`, { history: 1, storage: "memory" as never, replicas });
      await kvm.create(`${ns}_controller_replicas`, { history: 1, ttl: ttlMs, storage: "memory" as never, replicas });
      await heartbeats.rewatch();
      await opened.leases?.reassert();
      return true;
    })().finally(() => (recovering = undefined)));
  const heartbeats = await kvReplicas(replicaKv, options.replicaId, ttlMs, report, recover);
  const leases = (opened.leases = await kvLeases(leaseKv, heartbeats, report));
  const index = await mirroredIndex(indexKv);
  return {
    replicaId: options.replicaId,
    leases,
    replicas: heartbeats,
    index,
    leaseTtlMs: ttlMs,
    distributed: true,
    async close() {
      leases.stop();
      await heartbeats.stop();
      index.stop();
    },
  };
}

/**
 * Leases used to expire with a TTL of their own (renewed per agent); a
 * bucket made then keeps its max_age, which would now drop held leases:
 * it is lifted in place.
 */
async function dropBucketTtl(connection: NatsConnection, kv: KV): Promise<void> {
  const status = await kv.status();
  if (status.ttl > 0) await (await jetstreamManager(connection)).streams.update(status.streamInfo.config.name, { max_age: 0 });
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
    const runCycles = Number(v.runCycles);
    return {
      want,
      untilCycle: Number(v.untilCycle ?? 0),
      startId: String(v.startId ?? ""),
      ...(Number.isInteger(runCycles) && runCycles > 0 ? { runCycles } : {}),
      origin: v.origin === "run" ? "run" : "start",
    };
  } catch {
    // A value this code did not write: the agent is known, nothing is asked of it.
    void agentId;
    return IDLE_INTENT;
  }
}
