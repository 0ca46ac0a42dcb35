import { createHash, randomUUID } from "node:crypto";
import { JetStreamApiCodes, JetStreamApiError } from "@nats-io/jetstream";
import type { KV } from "@nats-io/kv";

/** The KV bucket in which observe replicas claim the percepts an observation is being built from: `<stream>_claims`. */
export function claimsBucket(stream: string): string {
  return `${stream}_claims`;
}

/** Percepts (by stream sequence) one take holds until it commits, releases, or `until` passes. */
interface Claim {
  readonly token: string;
  readonly seqs: readonly number[];
  /** Unix ms after which the claim no longer holds (its replica died mid-observation). */
  readonly until: number;
}

/** The claims on one agent's percepts as read, with the revision a write must match. */
export interface ClaimsSeen {
  /** Stream sequences held by live claims: not to be taken by anyone else. */
  readonly held: ReadonlySet<number>;
  readonly revision: number;
  readonly claims: readonly Claim[];
}

/**
 * Who is building an observation from which of an agent's percepts, shared
 * by every observe replica: one KV key per agent with percepts in flight
 * (deleted when none are), written only against the revision read, so two
 * replicas taking at once never take the same percept. This is what the
 * ack-pending state of a per-agent consumer used to give, without a
 * consumer: an agent with nothing in flight costs the server nothing.
 */
export class PerceptClaims {
  constructor(
    private readonly kv: KV,
    private readonly now: () => number = Date.now,
  ) {}

  /** The live claims on the agent's percepts. */
  async read(agentId: string): Promise<ClaimsSeen> {
    const entry = await this.kv.get(keyOf(agentId));
    const claims = entry && entry.operation === "PUT" ? parseClaims(entry.string()).filter((c) => c.until > this.now()) : [];
    return { held: new Set(claims.flatMap((c) => c.seqs)), revision: entry?.revision ?? 0, claims };
  }

  /**
   * Adds a claim on `seqs` to those seen; the token that names it, or
   * undefined when another replica wrote first (read again and retry).
   */
  async claim(agentId: string, seen: ClaimsSeen, seqs: readonly number[], holdMs: number): Promise<string | undefined> {
    const token = randomUUID();
    const value = JSON.stringify([...seen.claims, { token, seqs, until: this.now() + holdMs }]);
    try {
      // A compare-and-set on the revision read, 0 meaning "never written":
      // not kv.create, which also writes over a delete marker, so a claim
      // made and dropped since this take read the stream would go unseen.
      await this.kv.put(keyOf(agentId), value, { previousSeq: seen.revision });
      return token;
    } catch (err) {
      if (wrongSequence(err)) return undefined;
      throw err;
    }
  }

  /** Drops the claim `token` (committed or released); a claim already gone (expired, taken over) is no error. */
  async drop(agentId: string, token: string): Promise<void> {
    const key = keyOf(agentId);
    for (let attempt = 0; attempt < 10; attempt++) {
      const seen = await this.read(agentId);
      if (!seen.claims.some((c) => c.token === token)) return;
      const rest = seen.claims.filter((c) => c.token !== token);
      try {
        // The last claim gone: the key goes too, so idle agents leave nothing behind.
        if (rest.length === 0) await this.kv.delete(key, { previousSeq: seen.revision });
        else await this.kv.update(key, JSON.stringify(rest), seen.revision);
        return;
      } catch (err) {
        if (!wrongSequence(err)) throw err;
      }
    }
  }
}

function parseClaims(text: string): Claim[] {
  try {
    const value = JSON.parse(text) as unknown;
    if (!Array.isArray(value)) return [];
    return value.filter((c): c is Claim => typeof c === "object" && c !== null && typeof c.token === "string" && Array.isArray(c.seqs) && typeof c.until === "number");
  } catch {
    return []; // not written by this code: holds nothing
  }
}

// Agent ids are arbitrary text; a hash is one valid key token.
function keyOf(agentId: string): string {
  return createHash("sha256").update(agentId).digest("hex").slice(0, 48);
}

function wrongSequence(err: unknown): boolean {
  return err instanceof JetStreamApiError && (err.code === JetStreamApiCodes.StreamWrongLastSequence || err.code === JetStreamApiCodes.StreamWrongLastSequenceUnknown);
}
