import { approvalsOf, approvalsOfAnotherRun, callCommitted, callsOf, runFolder } from "./state/record-keys.js";
import type { RecordStore } from "./state/record-store.js";

/**
 * How long a cycle must have been known committed before its calls'
 * records go: far longer than a controller replica that lost its lease
 * can go on running cycles it no longer owns, so no caller that could
 * still send one of those calls is left.
 */
export const FORGET_AFTER_MS = 10 * 60_000;
/** Least time between two sweeps of one agent's records by this process (a sweep lists the agent's keys). */
export const SWEEP_EVERY_MS = 10 * 60_000;
/** Agents followed at once; past this the least recently heard of is dropped (its records wait for its next call). */
const MAX_AGENTS = 10_000;
/** Deletes a sweep has in flight at once. */
const DELETES_AT_ONCE = 32;
/**
 * Commits heard of within this long of the last one kept share its entry
 * (its cycle moves up, its time stays): an agent's entries stay at most
 * FORGET_AFTER_MS / COMMIT_SPAN_MS however fast it cycles, and a cycle is
 * forgotten at most this much sooner than FORGET_AFTER_MS after it was
 * declared.
 */
const COMMIT_SPAN_MS = 10_000;

interface Followed {
  /** The run's record folder (see runFolder). */
  readonly run: string;
  /** Commits heard of, oldest first: a cycle and when it (or an earlier one of its span) was declared committed. */
  readonly commits: { cycle: number; at: number }[];
  /** When this process last swept the agent (0: not yet). */
  swept: number;
  /** A claim was made for the agent here since the last sweep. */
  claimed: boolean;
  sweeping: boolean;
}

/**
 * Forgets the idempotency records of calls no caller will send again, so
 * act's state stays bounded however long an agent runs (each call with
 * side effects leaves one, its whole result in it). A caller declares the
 * cycles of a run it has committed (ActRequest.committed_cycle); once a
 * cycle has been declared for FORGET_AFTER_MS, the records of the run's
 * calls up to it go, and those of the agent's other (earlier) runs with
 * them, their approval answers included. Records of calls made without a
 * run (by hand) are kept. Deletes run in the background; a failed one is
 * retried by the next sweep.
 */
export class CommittedCalls {
  private readonly agents = new Map<string, Followed>();
  private readonly sweeps = new Set<Promise<void>>();

  constructor(
    private readonly store: RecordStore,
    private readonly now: () => number,
    private readonly onError: (agentId: string, error: unknown) => void,
  ) {}

  /** Notes that the caller committed the cycles of `runId` up to `cycle`, and sweeps the agent when that is due. */
  committed(agentId: string, runId: string, cycle: number): void {
    if (!runId || cycle <= 0) return;
    const agent = this.follow(agentId, runId);
    const last = agent.commits.at(-1);
    if (last && cycle > last.cycle && this.now() - last.at < COMMIT_SPAN_MS) last.cycle = cycle;
    else if (!last || cycle > last.cycle) agent.commits.push({ cycle, at: this.now() });
    const ripe = this.ripeCycle(agent);
    if (ripe === undefined || agent.sweeping) return;
    if (agent.swept > 0 && (!agent.claimed || this.now() - agent.swept < SWEEP_EVERY_MS)) return;
    agent.sweeping = true;
    agent.claimed = false;
    agent.swept = this.now();
    const sweep = this.sweep(agentId, agent.run, ripe)
      .catch((err: unknown) => {
        agent.claimed = true; // what was left is tried again
        this.onError(agentId, err);
      })
      .finally(() => {
        agent.sweeping = false;
        this.sweeps.delete(sweep);
      });
    this.sweeps.add(sweep);
  }

  /** Notes a claim made for the agent: there is something for its next sweep. */
  claimedFor(agentId: string): void {
    const agent = this.agents.get(agentId);
    if (agent) agent.claimed = true;
  }

  /** Resolves once every sweep started has ended. */
  async settled(): Promise<void> {
    while (this.sweeps.size > 0) await Promise.all([...this.sweeps]);
  }

  private follow(agentId: string, runId: string): Followed {
    const run = runFolder(runId);
    let agent = this.agents.get(agentId);
    // Heard of again: moved to the end, so the first entry is the least recently heard of.
    this.agents.delete(agentId);
    if (agent?.run !== run) agent = { run, commits: [], swept: 0, claimed: true, sweeping: false };
    this.agents.set(agentId, agent);
    if (this.agents.size > MAX_AGENTS) this.agents.delete(this.agents.keys().next().value!);
    return agent;
  }

  /** The highest cycle declared committed at least FORGET_AFTER_MS ago; older commits are dropped. */
  private ripeCycle(agent: Followed): number | undefined {
    const cutoff = this.now() - FORGET_AFTER_MS;
    let ripe: number | undefined;
    while (agent.commits.length > 0 && agent.commits[0]!.at <= cutoff) ripe = agent.commits.shift()!.cycle;
    // Kept as the oldest entry, so the bound never goes back.
    if (ripe !== undefined) agent.commits.unshift({ cycle: ripe, at: cutoff });
    return ripe;
  }

  private async sweep(agentId: string, run: string, upTo: number): Promise<void> {
    const [calls, approvals] = await Promise.all([this.store.keys(callsOf(agentId)), this.store.keys(approvalsOf(agentId))]);
    const gone = [...calls.filter((key) => callCommitted(key, run, upTo)), ...approvals.filter((key) => approvalsOfAnotherRun(key, run))];
    for (let i = 0; i < gone.length; i += DELETES_AT_ONCE) {
      // A lost delete only leaves a record for the next sweep: no sync.
      await Promise.all(gone.slice(i, i + DELETES_AT_ONCE).map((key) => this.store.delete(key, { sync: false })));
    }
  }
}
