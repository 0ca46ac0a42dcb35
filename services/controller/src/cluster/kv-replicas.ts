import { randomUUID } from "node:crypto";
import type { KV } from "@nats-io/kv";
import type { ReplicaSet } from "./types.js";

/**
 * A lease's holder: the replica and which run of it (a replica restarted
 * under the same id is another incarnation, and holds none of the leases
 * its predecessor left behind).
 */
export interface Holder {
  readonly replicaId: string;
  /** Undefined for a holder written without one: its replica id alone counts. */
  readonly incarnation: string | undefined;
}

/** This replica's heartbeat and its view of the others', from one watch. */
export interface KvReplicas extends ReplicaSet {
  /** This process's holder: written into the leases it takes. */
  readonly self: Holder;
  /** Writes the heartbeat now (the timer does it every third of a TTL). */
  beat(): Promise<void>;
  /**
   * Whether a lease taken at `takenAt` still stands as far as this
   * replica's heartbeat goes: the heartbeat has not lapsed since, so no
   * other replica can have seen this one dead and taken its agents.
   */
  vouchesFor(takenAt: number): boolean;
  /** Whether the heartbeat is current (leases may be taken). */
  fresh(): boolean;
  /** Whether the holder's heartbeat is in the bucket now (asked of the server: what a takeover must rest on). */
  alive(holder: Holder): Promise<boolean>;
  /** Whether the holder beat within a TTL, as this replica's watch saw it (no request). */
  seenAlive(holder: Holder): boolean;
  /** Watches the bucket anew (after it was made again: the old watch hears nothing more). */
  rewatch(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Heartbeats in a KV bucket whose max_age is the TTL: a replica that dies
 * (kill -9) drops out within a TTL, the server removing its key. The live
 * set comes from one watch of the bucket, each heartbeat stamped with the
 * local time it arrived (a key the server expires sends no event), where
 * listing the keys every tick created a consumer each time: left behind
 * faster than the server dropped them, they reached its limit of 1,000
 * per stream at about 1,000 agents in bench:scale.
 */
export async function kvReplicas(kv: KV, replicaId: string, ttlMs: number, report: (err: unknown, what: string) => void, recover: () => Promise<boolean> = async () => false): Promise<KvReplicas> {
  // A heartbeat sent at t is stored at t or later, so the server keeps it until t + TTL at least; this replica trusts it a beat less.
  const trustMs = ttlMs - Math.max(50, Math.floor(ttlMs / 4));
  const self: Holder = { replicaId, incarnation: randomUUID().slice(0, 8) };
  /** Per replica: when its last heartbeat arrived here (local clock) and the incarnation it named. */
  const seen = new Map<string, { at: number; incarnation: string }>();
  let lastSentOk = 0;
  let chainStart = Number.POSITIVE_INFINITY;
  const beat = async () => {
    const sentAt = Date.now();
    await kv.put(replicaId, self.incarnation!).catch(async (err: unknown) => {
      // The bucket may be gone (memory storage does not outlive a nats-server restart): made again, then the beat sent again.
      if (!(await recover())) throw err;
      await kv.put(replicaId, self.incarnation!);
    });
    const ackedAt = Date.now();
    // A gap longer than the trust window: the server may have dropped the key, others may have taken this replica's agents.
    if (ackedAt - lastSentOk >= trustMs) chainStart = ackedAt;
    lastSentOk = sentAt;
  };
  await beat();
  const timer = setInterval(() => beat().catch((err: unknown) => report(err, "replica heartbeat")), Math.max(50, Math.floor(ttlMs / 3)));
  timer.unref();
  const openWatch = async () => {
    const w = await kv.watch({ key: ">" });
    void (async () => {
      for await (const e of w) {
        if (e.operation === "PUT") seen.set(e.key, { at: Date.now(), incarnation: e.string() });
        else seen.delete(e.key);
      }
    })().catch((err: unknown) => report(err, "replica watch"));
    return w;
  };
  let watch = await openWatch();
  const fresh = () => Date.now() - lastSentOk < trustMs;
  const same = (holder: Holder, incarnation: string | undefined) => holder.incarnation === undefined || holder.incarnation === incarnation;
  const seenAlive = (holder: Holder) => {
    if (holder.replicaId === replicaId) return same(holder, self.incarnation);
    const last = seen.get(holder.replicaId);
    return last !== undefined && Date.now() - last.at < ttlMs && same(holder, last.incarnation);
  };
  return {
    self,
    beat,
    fresh,
    vouchesFor: (takenAt) => fresh() && takenAt >= chainStart,
    async alive(holder) {
      const entry = await kv.get(holder.replicaId);
      return entry?.operation === "PUT" && same(holder, entry.string());
    },
    seenAlive,
    async rewatch() {
      watch.stop();
      watch = await openWatch();
    },
    async live() {
      const ids = [...seen.entries()].filter(([, last]) => Date.now() - last.at < ttlMs).map(([id]) => id);
      return [...new Set([replicaId, ...ids])].sort();
    },
    async stop() {
      clearInterval(timer);
      watch.stop();
      // Leaving at once: the others take this replica's agents without waiting out the TTL.
      await kv.delete(replicaId).catch(() => {});
    },
  };
}
