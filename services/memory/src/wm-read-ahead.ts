import { RecentlyUsed } from "./recently-used.js";
import type { WmRead } from "./state.js";

// Agents whose last Recent read a process keeps for their next Remember:
// more than the agents one replica has between Observe and Remember at once,
// few enough that reads whose Remember went to another replica (a working
// memory of ~30 KB each) hold little until they are pushed out. A read
// pushed out only costs its Remember a get.
const KEPT_AGENTS = 256;
// A read older than this is not used: it would most likely only cost a refused write.
const MAX_AGE_MS = 10_000;

/**
 * Working memory as an agent's last Recent read it, kept for its next
 * Remember in this process. A cycle reads working memory in Observe
 * (Recent) and writes it in Remember a few milliseconds later; the write
 * is compare-and-set on the revision read, so starting from Recent's read
 * is safe whoever wrote in between (another replica, a resume, a
 * consolidation): the store refuses the write and the update reads again.
 * It saves Remember its own read, a KV get on the cycle's critical path.
 * A read is used once (the update changes its lists), and forgotten when
 * used: only the reads of agents between their Observe and Remember stay
 * held, not a working memory (~30 KB) per agent recently seen.
 */
export class WmReadAhead {
  private readonly reads = new RecentlyUsed<{ read: WmRead; at: number }>(KEPT_AGENTS);

  constructor(private readonly now: () => number) {}

  /** Keeps `read` (a copy no one else changes) for the agent's next Remember. */
  keep(agentId: string, read: WmRead): void {
    this.reads.set(agentId, { read, at: this.now() });
  }

  /** The read kept for the agent, once, while fresh; undefined otherwise (read the store). */
  take(agentId: string): WmRead | undefined {
    const kept = this.reads.get(agentId);
    this.reads.delete(agentId);
    return kept && this.now() - kept.at <= MAX_AGE_MS ? kept.read : undefined;
  }
}
