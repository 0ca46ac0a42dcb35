/**
 * Graph writes an agent's requests started without waiting for them (a
 * cycle's facts, linked while its Remember replies), so that memory's own
 * reads of the graph for that agent (consolidation's goal neighbours and
 * degrees) wait for them first and see what this process wrote.
 */
export class GraphWrites {
  private readonly pending = new Map<string, Set<Promise<unknown>>>();

  /** Tracks `write` for the agent until it settles (it never rejects: a GraphLink reports its own failures). */
  add(agentId: string, write: Promise<unknown>): void {
    let writes = this.pending.get(agentId);
    if (!writes) this.pending.set(agentId, (writes = new Set()));
    writes.add(write);
    void write.finally(() => {
      writes.delete(write);
      if (writes.size === 0 && this.pending.get(agentId) === writes) this.pending.delete(agentId);
    });
  }

  /** Resolves once every write started so far for the agent has settled. */
  async settled(agentId: string): Promise<void> {
    const writes = this.pending.get(agentId);
    if (writes) await Promise.allSettled([...writes]);
  }
}
