import { EVENT_PREFIX, connectNats, createClient, openJetStreamEventLog } from "@boyd/bus";
import { Event, MemoryServiceDefinition, type SessionState } from "@boyd/proto";
import { DEFAULT_NATS_RESOURCES } from "@boyd/stack";
import type { LocalCluster } from "../options.js";

/** What an agent's stored events and session say about its cycles. */
export interface CycleAudit {
  readonly agentId: string;
  /** The session's cycle count. */
  readonly sessionCycles: number;
  /** Cycle numbers of the stored cycle.finished events, in stream order. */
  readonly finishedCycles: readonly number[];
  /** Cycle numbers of the session's tool runs, in order. */
  readonly toolRunCycles: readonly number[];
  /** Every way the cycles were not exactly once, one line each; empty when they were. */
  readonly problems: readonly string[];
}

/**
 * Reads each agent's events back from the event log (JetStream, as the
 * outside `client` user may) and its session from memory (as the
 * controller), and checks that its cycles happened exactly once: cycle.finished
 * for 1..N each once and in order, event sequence numbers strictly
 * increasing, the session at cycle N, and its tool runs (which a session
 * may trim) at most one per cycle, in order.
 */
export async function auditCycles(cluster: LocalCluster, agentIds: readonly string[]): Promise<CycleAudit[]> {
  const client = await connectNats({ servers: cluster.natsUrl, ...cluster.client, name: "cycle-audit-events" });
  const { user, pass } = cluster.credentials("controller");
  const reader = await connectNats({ servers: cluster.natsUrl, user, pass, name: "cycle-audit-sessions" });
  try {
    const log = await openJetStreamEventLog(client, { stream: DEFAULT_NATS_RESOURCES.eventsStream, readOnly: true });
    const memory = createClient(reader, MemoryServiceDefinition, { timeoutMs: 30_000 });
    const audits: CycleAudit[] = [];
    for (const agentId of agentIds) {
      const events: Event[] = [];
      for await (const m of log.replay(`${EVENT_PREFIX}.${agentId}.>`)) events.push(Event.decode(m.data));
      const { state } = await memory.loadSession({ agentId });
      audits.push(auditAgent(agentId, events, state));
    }
    return audits;
  } finally {
    await Promise.allSettled([client.close(), reader.close()]);
  }
}

/** The checks of {@link auditCycles} on one agent's events and session. */
export function auditAgent(agentId: string, events: readonly Event[], state: SessionState | undefined): CycleAudit {
  const problems: string[] = [];
  const sessionCycles = Number(state?.cycleCount ?? 0);
  const finishedCycles = events.filter((e) => e.kind?.$case === "cycleFinished").map((e) => Number(e.cycle));
  const toolRunCycles = (state?.toolRuns ?? []).map((r) => Number(r.cycle));
  const expected = Array.from({ length: sessionCycles }, (_, i) => i + 1);
  if (!state) problems.push("no stored session");
  const finishedWrong = sequenceProblem(finishedCycles, expected);
  if (finishedWrong) problems.push(`cycle.finished events: ${finishedWrong}`);
  const runsWrong = toolRunCycles.find((n, i) => n > sessionCycles || (i > 0 && n <= toolRunCycles[i - 1]!));
  if (runsWrong !== undefined) problems.push(`session tool runs: cycle ${runsWrong} repeated, out of order or beyond cycle ${sessionCycles}: ${toolRunCycles.join(",")}`);
  for (let i = 1; i < events.length; i++) {
    const [before, after] = [Number(events[i - 1]!.sequence), Number(events[i]!.sequence)];
    if (after <= before) {
      problems.push(`event sequence goes from ${before} to ${after} (${events[i]!.kind?.$case} of cycle ${events[i]!.cycle})`);
      break;
    }
  }
  return { agentId, sessionCycles, finishedCycles, toolRunCycles, problems };
}

/** How `seen` differs from `expected` (duplicates, gaps, order), or undefined when equal. */
function sequenceProblem(seen: readonly number[], expected: readonly number[]): string | undefined {
  if (seen.length === expected.length && seen.every((n, i) => n === expected[i])) return undefined;
  const counts = new Map<number, number>();
  for (const n of seen) counts.set(n, (counts.get(n) ?? 0) + 1);
  const twice = [...counts].filter(([, c]) => c > 1).map(([n]) => n);
  const missing = expected.filter((n) => !counts.has(n));
  const extra = [...counts.keys()].filter((n) => n < 1 || n > expected.length);
  const parts = [twice.length && `repeated ${twice.join(",")}`, missing.length && `missing ${missing.join(",")}`, extra.length && `beyond the session's ${expected.length}: ${extra.join(",")}`].filter(Boolean);
  return parts.length ? parts.join("; ") : `out of order: ${seen.join(",")}`;
}
