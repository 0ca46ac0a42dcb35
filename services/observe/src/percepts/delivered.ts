import { createHash } from "node:crypto";
import type { KV } from "@nats-io/kv";
import { DeliveredIds } from "./port.js";

const EMPTY = new Uint8Array(0);

/** The KV bucket in which observe replicas share the percept ids they delivered: `<stream>_delivered`. */
export function deliveredBucket(stream: string): string {
  return `${stream}_delivered`;
}

/**
 * Percept ids delivered per agent, shared by every observe replica through
 * a KV bucket (each key expires with the bucket's TTL, the percepts' own
 * maximum age), so a late copy is dropped whichever replica takes it. The
 * replica's own recent ids answer first: delivered never becomes
 * undelivered, so a local hit needs no request.
 */
export class SharedDeliveredIds {
  private readonly local: DeliveredIds;

  constructor(
    private readonly kv: KV,
    rememberedIds?: number,
  ) {
    this.local = new DeliveredIds(rememberedIds);
  }

  /** Whether this replica itself delivered the id lately (no request). */
  knownHere(agentId: string, id: string): boolean {
    return this.local.has(agentId, id);
  }

  /**
   * Which of these ids any replica delivered (one KV get per id this
   * replica does not know). When the bucket does not answer, only this
   * replica's own ids count: a possible duplicate is better than holding
   * the agent's percepts back until their ack wait ends.
   */
  async deliveredOf(agentId: string, ids: readonly string[]): Promise<Set<string>> {
    const elsewhere = async (id: string): Promise<boolean> => (await this.kv.get(keyOf(agentId, id)).catch(() => null))?.operation === "PUT";
    const found = await Promise.all(ids.map(async (id) => this.local.has(agentId, id) || (await elsewhere(id))));
    return new Set(ids.filter((_, i) => found[i]));
  }

  /**
   * Marks ids delivered, for every replica. Called once the percepts are
   * acknowledged, so a bucket that does not answer only loses the guard
   * against late copies on other replicas, never the observation.
   */
  async add(agentId: string, ids: readonly string[]): Promise<void> {
    for (const id of ids) this.local.add(agentId, id);
    await Promise.all(ids.map((id) => this.kv.put(keyOf(agentId, id), EMPTY).catch(() => undefined)));
  }
}

// Agent ids and percept ids are arbitrary text; a hash of both is one valid key token.
function keyOf(agentId: string, id: string): string {
  return createHash("sha256").update(agentId).update("\0").update(id).digest("hex").slice(0, 48);
}
