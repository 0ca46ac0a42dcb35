import { BusError } from "@boyd/bus";
import { approvalsKey } from "./state/record-keys.js";
import { json, type RecordStore } from "./state/record-store.js";

/** What a person answered for one agent's session, by similarity key. */
export interface AgentSession {
  /** Similarity keys approved with APPROVE_ALL_SIMILAR. */
  readonly approved: ReadonlySet<string>;
  /** Similarity keys a person denied: never auto-allowed again this session. */
  readonly denied: ReadonlySet<string>;
}

type Stored = { approved: string[]; denied: string[] };

// Keys kept per list: a session's distinct similarity keys are tools x
// programs or hosts, far fewer; the cap only bounds a hostile caller.
const MAX_KEYS = 512;
// Compare-and-set retries before giving up (only reachable when replicas answer for one session at once).
const CAS_RETRIES = 8;

/**
 * The approval answers of each agent's session, kept in act's record store
 * (JetStream KV when replicas run), so every replica sees what a person
 * answered on any of them: a denial made through replica A makes replica B
 * ask again too, and "approve all similar" given through A lets B run the
 * next similar call. A session is the agent's run (the idempotency key's
 * run id): a session started over starts with no answers. The controller
 * also sends its session's approved keys with every request; this record
 * serves callers that do not, and the denials, which only act knows.
 */
export class SessionApprovals {
  constructor(private readonly store: RecordStore) {}

  /** The session's answers (none when nothing was answered yet). */
  async of(agentId: string, runId: string): Promise<AgentSession> {
    const stored = await this.store.get(approvalsKey(agentId, runId));
    const value = stored ? json.decode<Stored>(stored.value) : { approved: [], denied: [] };
    return { approved: new Set(value.approved), denied: new Set(value.denied) };
  }

  /** Records that a person approved all calls like `similarityKey` for the session. */
  approveAll(agentId: string, runId: string, similarityKey: string): Promise<void> {
    return this.add(agentId, runId, "approved", similarityKey);
  }

  /** Records that a person denied a call like `similarityKey` in the session. */
  deny(agentId: string, runId: string, similarityKey: string): Promise<void> {
    return this.add(agentId, runId, "denied", similarityKey);
  }

  private async add(agentId: string, runId: string, list: keyof Stored, similarityKey: string): Promise<void> {
    const key = approvalsKey(agentId, runId);
    for (let attempt = 0; ; attempt++) {
      const stored = await this.store.get(key);
      const value: Stored = stored ? json.decode<Stored>(stored.value) : { approved: [], denied: [] };
      if (value[list].includes(similarityKey)) return;
      value[list] = [...value[list], similarityKey].slice(-MAX_KEYS);
      try {
        if (stored) await this.store.update(key, json.encode(value), stored.revision);
        else await this.store.create(key, json.encode(value));
        return;
      } catch (err) {
        const lostRace = err instanceof BusError && (err.code === "ABORTED" || err.code === "ALREADY_EXISTS");
        if (!lostRace || attempt + 1 >= CAS_RETRIES) throw err;
      }
    }
  }
}
