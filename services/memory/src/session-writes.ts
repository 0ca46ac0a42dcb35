/** What this process last knew of an agent's stored session: enough to save the next version without reading it first. */
export interface KnownSession {
  /** The store revision of the session document. */
  readonly revision: number;
  /** The session's version (SaveSession's expected_version counts these). */
  readonly version: number;
  readonly createdAtUnixMs: number;
}

// Bounded: an agent left out only pays the read it always paid.
const MAX_AGENTS = 10_000;

/**
 * The session each agent was last read or saved at, per process. A save
 * whose expected version is the one known here goes straight to the
 * store's compare-and-set against the known revision: if nobody wrote in
 * between it succeeds, one round trip instead of a read and a write; if
 * somebody did, the store refuses it and the save reads the session as
 * before. Never trusted without that compare-and-set.
 */
export class KnownSessions {
  private readonly known = new Map<string, KnownSession>();

  /** The known session, when its version is `expectedVersion`. */
  at(agentId: string, expectedVersion: number): KnownSession | undefined {
    const known = this.known.get(agentId);
    return known?.version === expectedVersion ? known : undefined;
  }

  note(agentId: string, session: KnownSession): void {
    this.known.delete(agentId);
    this.known.set(agentId, session);
    if (this.known.size > MAX_AGENTS) this.known.delete(this.known.keys().next().value!);
  }

  forget(agentId: string): void {
    this.known.delete(agentId);
  }
}
