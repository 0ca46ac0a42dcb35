/**
 * Rendezvous (highest random weight) hashing: each agent goes to the live
 * replica with the highest hash of (replica, agent). A replica joining takes
 * only the agents it now wins; one leaving hands only its own to the others.
 */
export function ownerOf(agentId: string, replicas: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestScore = -1;
  for (const replica of replicas) {
    const score = weight(replica, agentId);
    if (score > bestScore || (score === bestScore && best !== undefined && replica < best)) {
      best = replica;
      bestScore = score;
    }
  }
  return best;
}

/** FNV-1a over "replica\0agent", then a murmur3 finaliser so near keys spread. */
function weight(replica: string, agentId: string): number {
  let h = 0x811c9dc5;
  const text = `${replica}\u0000${agentId}`;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
