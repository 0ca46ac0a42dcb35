import { setTimeout as sleep } from "node:timers/promises";
import { UnavailableError } from "@boyd/client";
import { connectNats, createClient } from "@boyd/bus";
import { auditCycles, driveAgent, startAndAwait, type ControllerEndpoint } from "@boyd/local-cluster";
import { MemoryServiceDefinition, WorkingMemoryKind } from "@boyd/proto";
import { summarize } from "../stats.js";
import { AGENT_CONFIG, GOAL } from "../cycle/workload.js";
import type { ScaleCluster } from "./cluster.js";
import { usageOf } from "./proc.js";

/** Aggregate throughput of one setup. */
export interface ThroughputRow {
  readonly label: string;
  readonly cycles: number;
  readonly cyclesPerSec: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly cpuMsPerCycle: number;
  /** Of it, nats-server's share (JetStream KV, streams, routing). */
  readonly natsCpuMsPerCycle: number;
}

/** Runs `fn` over `items` with at most `limit` at once. */
export async function pooled<T>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Creates `agentIds` (the benchmark's never-converging goal), spread over the controller replicas, `limit` at once. */
export async function createAgents(endpoints: readonly ControllerEndpoint[], agentIds: readonly string[], limit = 16): Promise<void> {
  await pooled(agentIds, limit, async (agentId, i) => {
    // A replica restarted by the failover run is unreachable until its gRPC channel reconnects: the next one creates it.
    for (let attempt = 0; ; attempt++) {
      try {
        await endpoints[(i + attempt) % endpoints.length]!.client.createAgent({ agentId, config: AGENT_CONFIG, goals: [GOAL] }, { deadlineMs: 60_000 });
        return;
      } catch (err) {
        if (!(err instanceof UnavailableError) || attempt >= endpoints.length) throw err;
      }
    }
  });
}

/**
 * Every agent of `agentIds` runs `cycles` more cycles, all at once, each
 * on a controller replica of `endpoints` (spread by index): aggregate
 * cycles per second, cycle latency from the events, and the CPU time the
 * whole cluster (every process, nats-server included) spent per cycle.
 */
export async function measureThroughput(s: ScaleCluster, label: string, endpoints: readonly ControllerEndpoint[], agentIds: readonly string[], cycles: number, done: Map<string, number>): Promise<ThroughputRow> {
  const mark = s.clock.finishedCount;
  const pids = s.pids();
  const natsPid = s.cluster.servers.nats.pid!;
  const [before, natsBefore] = [await usageOf(pids), await usageOf([natsPid])];
  const began = performance.now();
  await Promise.all(
    agentIds.map(async (agentId, i) => {
      const target = (done.get(agentId) ?? 0) + cycles;
      await driveAgent(endpoints, agentId, target, { chunk: cycles, start: i });
      done.set(agentId, target);
    }),
  );
  const seconds = (performance.now() - began) / 1_000;
  const [after, natsAfter] = [await usageOf(pids), await usageOf([natsPid])];
  await sleep(300); // the last cycle.finished events are on their way
  const timed = s.clock.since(mark);
  const total = agentIds.length * cycles;
  const latency = summarize(timed.map((t) => t.finishedMs - t.startedMs));
  return { label, cycles: total, cyclesPerSec: total / seconds, p50Ms: latency.p50, p99Ms: latency.p99, cpuMsPerCycle: (after.cpuMs - before.cpuMs) / total, natsCpuMsPerCycle: (natsAfter.cpuMs - natsBefore.cpuMs) / total };
}

/** Failover of a controller replica killed with SIGKILL under load. */
export interface FailoverRow {
  /** Agents whose run the killed replica held. */
  readonly agents: number;
  /** From the kill to each such agent's next finished cycle (on another replica). */
  readonly p50Ms: number;
  readonly maxMs: number;
  /** Cycles of every loaded agent that were not exactly once (see auditCycles); 0 when none. */
  readonly problems: readonly string[];
}

/**
 * Starts `agentIds` as durable work (StartAgent, `cycles` more cycles:
 * the controllers spread them by their leases), kills with SIGKILL the
 * replica that owns the first once every agent cycled, and times how long
 * the agents it owned took to finish a cycle on another replica (its
 * leases run out, another takes them over); then waits for every agent's
 * cycles, audits them and restarts the replica.
 */
export async function measureFailover(s: ScaleCluster, agentIds: readonly string[], cycles: number, done: Map<string, number>): Promise<FailoverRow> {
  const mark = s.clock.finishedCount;
  const targets = agentIds.map((agentId) => (done.get(agentId) ?? 0) + cycles);
  const waiting = Promise.all(agentIds.map((agentId, i) => startAndAwait(s.endpoints, agentId, targets[i]!, { start: i })));
  waiting.catch(() => {});
  while (new Set(s.clock.since(mark).map((t) => t.agentId)).size < agentIds.length) await sleep(20);
  const owners = await Promise.all(agentIds.map(async (agentId) => (await s.endpoints[0]!.client.getAgent(agentId)).ownerReplica));
  // The default replica id is <host>-<pid>-<random>.
  const pidOf = (owner: string) => Number(owner.split("-").at(-2));
  const victim = s.cluster.replicas.controller?.find((p) => p.pid === pidOf(owners[0]!));
  if (!victim) throw new Error(`no controller replica has the pid of owner ${owners[0]}`);
  const held = agentIds.filter((_, i) => owners[i] === owners[0]);
  const killedAt = Date.now();
  await victim.kill("SIGKILL");
  await waiting;
  for (const [i, agentId] of agentIds.entries()) done.set(agentId, targets[i]!);
  await sleep(300);
  const after = s.clock.since(mark).filter((t) => t.finishedMs > killedAt);
  const latency = summarize(held.map((agentId) => (after.find((t) => t.agentId === agentId)?.finishedMs ?? Number.NaN) - killedAt));
  const audits = await auditCycles(s.cluster, agentIds);
  await victim.restart();
  return { agents: held.length, p50Ms: latency.p50, maxMs: latency.max, problems: audits.flatMap((a) => a.problems.map((p) => `${a.agentId}: ${p}`)) };
}

/** Recall at one agent age. */
export interface RecallRow {
  readonly age: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

/**
 * Gives one agent per age that many cycles' worth of memory, the way a
 * cycle writes it (MemoryService.Remember of an observation, an inference,
 * a decision, an action and its result, working memory capped at 100, so
 * episodes are consolidated as it fills), then times MemoryService.Recall
 * as observe calls it, as the controller's NATS user.
 */
export async function measureRecall(s: ScaleCluster, ages: readonly number[], calls: number): Promise<RecallRow[]> {
  const transport = await connectNats({ servers: s.cluster.natsUrl, ...s.cluster.credentials("controller"), name: "bench-scale-recall" });
  try {
    const memory = createClient(transport, MemoryServiceDefinition, { timeoutMs: 60_000 });
    await Promise.all(
      ages.map(async (age) => {
        const agentId = `recall-age-${age}`;
        for (let cycle = 1; cycle <= age; cycle++) await memory.remember({ agentId, cycle, entries: cycleEntries(cycle), touchIds: [], capacity: 100 });
      }),
    );
    const rows: RecallRow[] = [];
    for (const age of ages) {
      const samples: number[] = [];
      for (let i = 0; i < calls; i++) {
        const began = performance.now();
        await memory.recall({ agentId: `recall-age-${age}`, query: "moons that orbit jupiter", symbols: ["jupiter"], topK: 5, includeFacts: false });
        samples.push(performance.now() - began);
      }
      const latency = summarize(samples);
      rows.push({ age, p50Ms: latency.p50, p99Ms: latency.p99 });
    }
    return rows;
  } finally {
    await transport.close();
  }
}

/** What a cycle of the benchmark's agent remembers, roughly: five entries about jupiter's moons. */
function cycleEntries(cycle: number) {
  const at = Date.now();
  const entry = (kind: WorkingMemoryKind, content: string, relevance: number) => ({ kind, content, relevance, sourceCycle: cycle, timestampUnixMs: at, symbols: ["jupiter"] });
  return [
    entry(WorkingMemoryKind.OBSERVATION, `cycle ${cycle}: goal Identify the moons that orbit jupiter, active`, 0.3),
    entry(WorkingMemoryKind.INFERENCE, `jupiter activates io, europa, ganymede, callisto (cycle ${cycle})`, 0.4),
    entry(WorkingMemoryKind.DECISION, `chose kg_query for jupiter (cycle ${cycle})`, 0.6),
    entry(WorkingMemoryKind.ACTION, `kg_query {"subject":"jupiter"} (cycle ${cycle})`, 0.5),
    entry(WorkingMemoryKind.TOOL_RESULT, `io orbits jupiter; europa orbits jupiter; ganymede orbits jupiter (cycle ${cycle})`, 0.7),
  ];
}
