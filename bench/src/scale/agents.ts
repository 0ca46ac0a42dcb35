import { setTimeout as sleep } from "node:timers/promises";
import { driveAgent } from "@boyd/local-cluster";
import { SERVICE_START_ORDER, type ServiceName } from "@boyd/local-cluster";
import { summarize } from "../stats.js";
import type { ScaleCluster } from "./cluster.js";
import { natsServerCounts, type NatsServerCounts } from "./natsz.js";
import { createAgents, pooled } from "./phases.js";
import { usageOf, type ProcessUsage } from "./proc.js";

/** Where the resident memory and CPU of the cluster are counted: each service's processes, and nats-server. */
export type ProcessGroup = ServiceName | "nats-server";

export const PROCESS_GROUPS: readonly ProcessGroup[] = [...SERVICE_START_ORDER, "nats-server"];

/** One reading of every process group and of nats-server's own counts. */
interface Snapshot {
  readonly usage: Readonly<Record<ProcessGroup, ProcessUsage>>;
  readonly nats: NatsServerCounts;
}

/** One step of agent creation: every new agent created, then cycled once. */
export interface AgentsRow {
  readonly total: number;
  readonly createdPerSec: number;
  /** Agents cycling at once. */
  readonly atOnce: number;
  /** Each new agent cycled once: cycles per second over the step. */
  readonly cyclesPerSec: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** CPU of every process of the cluster while the new agents cycled, per cycle. */
  readonly cpuMsPerCycle: number;
  /** Resident memory each process group gained from before the step's agents were created to after each cycled, per new agent. */
  readonly bytesPerAgent: Readonly<Record<ProcessGroup, number>>;
  /** nats-server after the step. */
  readonly nats: NatsServerCounts;
}

/**
 * Creates agents up to each total of `totals`, then cycles each new one
 * once, `atOnce` at a time (a Run of one cycle each): creation and cycle
 * pace, CPU per cycle, resident memory gained per agent by each process
 * group, and what nats-server holds (consumers, subscriptions): what an
 * agent costs, so what 10,000 cost.
 */
export async function measureAgents(s: ScaleCluster, totals: readonly number[], atOnce: number, say: (line: string) => void = () => {}): Promise<AgentsRow[]> {
  const monitorUrl = s.cluster.servers.nats.monitorUrl;
  if (!monitorUrl) throw new Error("measureAgents: the cluster's nats-server serves no monitoring endpoint (start it with natsMonitor)");
  const rows: AgentsRow[] = [];
  let existing = 0;
  for (const total of totals) {
    const ids = Array.from({ length: total - existing }, (_, i) => `many-${existing + i + 1}`);
    const before = await snapshot(s, monitorUrl);
    let began = performance.now();
    await createAgents(s.endpoints, ids);
    const createdPerSec = ids.length / ((performance.now() - began) / 1_000);
    const created = await snapshot(s, monitorUrl);
    const mark = s.clock.finishedCount;
    began = performance.now();
    await pooled(ids, atOnce, async (agentId, i) => void (await driveAgent(s.endpoints, agentId, 1, { chunk: 1, start: i })));
    const cyclesPerSec = ids.length / ((performance.now() - began) / 1_000);
    const cycled = await snapshot(s, monitorUrl);
    await sleep(300); // the last cycle.finished events are on their way
    const latency = summarize(s.clock.since(mark).map((t) => t.finishedMs - t.startedMs));
    const perAgent = (g: ProcessGroup) => (cycled.usage[g].rssBytes - before.usage[g].rssBytes) / ids.length;
    rows.push({
      total,
      createdPerSec,
      atOnce,
      cyclesPerSec,
      p50Ms: latency.p50,
      p99Ms: latency.p99,
      cpuMsPerCycle: (cpuOf(cycled) - cpuOf(created)) / ids.length,
      bytesPerAgent: Object.fromEntries(PROCESS_GROUPS.map((g) => [g, perAgent(g)])) as Record<ProcessGroup, number>,
      nats: cycled.nats,
    });
    say(`measured ${total} agents`);
    existing = total;
  }
  return rows;
}

async function snapshot(s: ScaleCluster, monitorUrl: string): Promise<Snapshot> {
  const usage = {} as Record<ProcessGroup, ProcessUsage>;
  for (const g of PROCESS_GROUPS) usage[g] = await usageOf(g === "nats-server" ? [s.cluster.servers.nats.pid!] : s.pidsOf(g));
  return { usage, nats: await natsServerCounts(monitorUrl) };
}

function cpuOf(s: Snapshot): number {
  return PROCESS_GROUPS.reduce((sum, g) => sum + s.usage[g].cpuMs, 0);
}
