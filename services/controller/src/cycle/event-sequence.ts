/**
 * Numbers an agent's events: one sequence per agent, strictly increasing,
 * the same number live and in the log, so a client that saw number N live
 * resumes a replay at N + 1. Numbers may skip (a block reserved for act's
 * approval events that were never raised), never repeat or go back.
 */
export interface EventSequence {
  /** The next number of the agent's sequence. */
  next(agentId: string): Promise<number>;
  /** Reserves `count` consecutive numbers and returns the first. */
  reserve(agentId: string, count: number): Promise<number>;
  /**
   * Has the next number also checked against the log: another replica may
   * have run the agent meanwhile. Never goes below a number this process
   * handed out.
   */
  resync(agentId: string): void;
}

/** The highest sequence number the agent's stored events carry (0 when none). */
export type LastStoredSequence = (agentId: string) => Promise<number>;

/**
 * A per-agent counter in this process, started from the log's highest
 * number the first time the agent is seen (and after each `resync`), so a
 * controller that takes over, or restarts, continues the numbering.
 */
export class EventSequencer implements EventSequence {
  private readonly last = new Map<string, Promise<number>>();
  private readonly stale = new Set<string>();

  constructor(private readonly lastStored: LastStoredSequence) {}

  next(agentId: string): Promise<number> {
    return this.reserve(agentId, 1);
  }

  reserve(agentId: string, count: number): Promise<number> {
    if (!Number.isInteger(count) || count < 1) throw new Error(`reserve: count must be a whole number >= 1, got ${count}`);
    // Chained on the previous promise: concurrent callers get distinct numbers in call order.
    const known = this.last.get(agentId);
    const first = this.previous(agentId).then((n) => n + 1);
    const after = first.then((n) => n + count - 1);
    this.last.set(agentId, after);
    // Never guess after a failed read of the log (numbers could repeat): the next call reads it again,
    // still above what was handed out before.
    after.catch(() => {
      if (this.last.get(agentId) !== after) return;
      if (known) {
        this.last.set(agentId, known);
        this.stale.add(agentId);
      } else this.last.delete(agentId);
    });
    return first;
  }

  resync(agentId: string): void {
    this.stale.add(agentId);
  }

  /** The last number handed out, or stored when this process knows none or was told to look again. */
  private previous(agentId: string): Promise<number> {
    const known = this.last.get(agentId);
    if (!known) return this.lastStored(agentId);
    if (!this.stale.delete(agentId)) return known;
    // Chained, so numbers handed out meanwhile count too.
    return known.catch(() => 0).then(async (mine) => Math.max(mine, await this.lastStored(agentId)));
  }
}
