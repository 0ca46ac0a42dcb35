import { compare } from "./backend.js";
import type { GraphBackend } from "./backend.js";
import { isBookkeepingPredicate } from "./bookkeeping.js";
import type { Triple } from "./model.js";

/** Options of {@link analyseGaps}. */
export interface GapOptions {
  /** The predicate that gives an entity its type. @default "is-a" */
  typePredicate?: string;
  /** Only report predicates at least this share of peers have. @default 0.5 */
  minPeerShare?: number;
  /** At most this many gaps per entity. @default 10 */
  limit?: number;
  /** Peers examined per type (bounds huge classes). @default 200 */
  maxPeers?: number;
}

/** A predicate an entity's peers have and it lacks. */
export interface KnowledgeGap {
  readonly entity: string;
  readonly predicate: string;
  /** The type the peers share. */
  readonly type: string;
  /** Share of those peers that have the predicate, in (0, 1]. */
  readonly peerShare: number;
  readonly peersWith: number;
  readonly peers: number;
  /** A few peers that have it, for explanations. */
  readonly examples: string[];
}

/**
 * Gap analysis: for each entity, look at its peers (other entities of the
 * same type) and report the outgoing predicates most of them have and it
 * lacks, ranked by how common they are among the peers.
 */
export async function analyseGaps(backend: GraphBackend, entities: readonly string[], options: GapOptions = {}): Promise<KnowledgeGap[]> {
  const typePredicate = options.typePredicate ?? "is-a";
  const minShare = options.minPeerShare ?? 0.5;
  const limit = options.limit ?? 10;
  const maxPeers = options.maxPeers ?? 200;
  const all: KnowledgeGap[] = [];
  for (const entity of [...new Set(entities)].sort(compare)) {
    const own = await backend.findTriples({ subject: entity }, { limit: 100_000, offset: 0 });
    const has = new Set(own.map((t) => t.predicate));
    const types = own.filter((t) => t.predicate === typePredicate).map((t) => t.object);
    const gaps = new Map<string, KnowledgeGap>();
    for (const type of types) {
      const members = await backend.findTriples({ predicate: typePredicate, object: type }, { limit: maxPeers + 1, offset: 0 });
      const peers = members.map((t) => t.subject).filter((s) => s !== entity).slice(0, maxPeers);
      if (peers.length === 0) continue;
      const holders = new Map<string, string[]>();
      for (const peer of peers) {
        const facts: Triple[] = await backend.findTriples({ subject: peer }, { limit: 100_000, offset: 0 });
        for (const p of new Set(facts.map((t) => t.predicate))) {
          if (p === typePredicate || isBookkeepingPredicate(p) || has.has(p)) continue;
          const list = holders.get(p);
          if (list) list.push(peer);
          else holders.set(p, [peer]);
        }
      }
      for (const [predicate, with_] of holders) {
        const share = with_.length / peers.length;
        if (share < minShare) continue;
        const previous = gaps.get(predicate);
        if (previous && previous.peerShare >= share) continue;
        gaps.set(predicate, { entity, predicate, type, peerShare: share, peersWith: with_.length, peers: peers.length, examples: with_.slice(0, 3) });
      }
    }
    all.push(
      ...[...gaps.values()]
        .sort((a, b) => b.peerShare - a.peerShare || b.peersWith - a.peersWith || compare(a.predicate, b.predicate))
        .slice(0, limit),
    );
  }
  return all;
}
