/** What act remembers of one agent's session between calls. */
export interface AgentSession {
  /** Similarity keys approved with APPROVE_ALL_SIMILAR. */
  readonly approved: Set<string>;
  /** Similarity keys a person denied: never auto-allowed again this session. */
  readonly denied: Set<string>;
}

/**
 * Per-agent approval memory of this replica, bounded (least recently used
 * agents are forgotten). The controller keeps the approved keys in the
 * session state and sends them with every ActRequest, so any replica
 * honours them; this local copy serves callers that do not.
 */
export class SessionMemory {
  readonly #agents = new Map<string, AgentSession>();

  constructor(private readonly maxAgents = 10_000) {}

  of(agentId: string): AgentSession {
    let session = this.#agents.get(agentId);
    if (session) this.#agents.delete(agentId);
    else session = { approved: new Set(), denied: new Set() };
    this.#agents.set(agentId, session);
    if (this.#agents.size > this.maxAgents) this.#agents.delete(this.#agents.keys().next().value as string);
    return session;
  }
}
