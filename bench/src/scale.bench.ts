/**
 * `pnpm bench:scale`: Boyd as the cluster runs it, every service its own
 * process on a real nats-server (packages/local-cluster), agents created and
 * run through AgentService over gRPC, one client per controller replica.
 * Measures aggregate cycles/s and cycle latency (from the events) with 1, 2
 * and 4 controller replicas and two replicas of each service, and the
 * baseline of one of each; CPU ms per cycle of the whole cluster (from
 * /proc); memory per agent (each process group, nats-server's consumers and
 * subscriptions) and pace as agents are created (1 / 100 / 1,000 by default)
 * and each cycled once; the failover time after kill -9 of a controller
 * replica under load; MemoryService.Recall latency at agent ages. Prints
 * tables with ratios against the baseline of the same run; exits 0 whatever
 * the numbers, non-zero only if something fails.
 *
 *   pnpm bench:scale
 *   BENCH_SCALE_CONTROLLERS=1,2,4     controller replicas per throughput run
 *   BENCH_SCALE_CONCURRENT=8          agents cycling at once
 *   BENCH_SCALE_CYCLES=10             cycles per agent per throughput run
 *   BENCH_SCALE_AGENTS=1,100,1000     totals of agents created (1,100,1000,10000 for the full run)
 *   BENCH_SCALE_AGENTS_AT_ONCE=32     of those, agents cycling at once
 *   BENCH_SCALE_RECALL_AGES=10,100,1000   agent ages for recall (10,1000,10000 for the full run)
 *   BENCH_SCALE_RECALL_CALLS=30       recalls timed per age
 */
import os from "node:os";
import { parseScaleConfig } from "./scale/config.js";
import { SERVICE_REPLICAS, startScaleCluster } from "./scale/cluster.js";
import { measureAgents } from "./scale/agents.js";
import { createAgents, measureFailover, measureRecall, measureThroughput, type ThroughputRow } from "./scale/phases.js";
import { formatAgentMemory, formatAgents, formatFailover, formatRecall, formatThroughput } from "./scale/report.js";

async function main(): Promise<void> {
  const config = parseScaleConfig(process.env);
  const say = (line: string): boolean => process.stdout.write(`${line}\n`);
  const began = Date.now();
  const most = config.controllers.at(-1)!;
  say(`Boyd scale benchmark: node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} (other work on the machine shows in every figure; compare ratios within the run)`);
  const s = await startScaleCluster(most);
  try {
    say(`cluster: nats-server, ${most} controller replicas, ${SERVICE_REPLICAS} of each service, started in ${((Date.now() - began) / 1000).toFixed(1)} s\n`);
    const loadIds = Array.from({ length: config.concurrent }, (_, i) => `load-${i + 1}`);
    await createAgents(s.endpoints, loadIds);
    const done = new Map<string, number>();
    // Warm-up: each agent's first plan, the JIT, the stores.
    await measureThroughput(s, "warm-up", s.endpoints, loadIds, 2, done);

    const rows: ThroughputRow[] = [];
    for (const n of config.controllers) {
      rows.push(await measureThroughput(s, `${n} controller(s), ${SERVICE_REPLICAS} of each service`, s.endpoints.slice(0, n), loadIds, config.cycles, done));
      say(`measured ${rows.at(-1)!.label}`);
    }
    // Agents of their own: started agents stay the controllers' work, and the baseline below drives the load agents by Run.
    const failoverIds = Array.from({ length: config.concurrent }, (_, i) => `failover-${i + 1}`);
    await createAgents(s.endpoints, failoverIds);
    const failover = await measureFailover(s, failoverIds, config.cycles * 2, new Map());
    say("measured failover");
    const agents = await measureAgents(s, config.agents, config.agentsAtOnce, say);
    const recall = await measureRecall(s, config.recallAges, config.recallCalls);
    say("measured recall");
    // The baseline last: the second replica of each service stopped (drained) for good.
    for (const replicas of Object.values(s.cluster.replicas)) for (const p of replicas.slice(1)) if (p.service !== "controller") await p.kill("SIGTERM");
    const base = await measureThroughput(s, "1 controller, 1 of each service (baseline)", s.endpoints.slice(0, 1), loadIds, config.cycles, done);

    say(`\n${config.concurrent} agents cycling at once, ${config.cycles} cycles each per setup (latency: cycle.started to cycle.finished; CPU: every process of the cluster, nats-server included):`);
    say(formatThroughput([base, ...rows]));
    say(`\n${formatFailover(failover)}`);
    say(`\nagents created, then each new one cycled once (Run of 1 cycle, ${config.agentsAtOnce} at once); CPU of every process while they cycled; nats-server's consumers, subscriptions and memory after the step (its /jsz, /connz, /varz):`);
    say(formatAgents(agents));
    say("\nresident memory gained per new agent, created and cycled once (RSS before creation to after the cycles; all replicas of a service together; GC makes small steps noisy):");
    say(formatAgentMemory(agents));
    say("\nrecall (MemoryService.Recall as observe calls it, after the agent remembered that many cycles):");
    say(formatRecall(recall));
    say(`\ndone in ${((Date.now() - began) / 1000).toFixed(0)} s`);
  } finally {
    await s.stop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`bench:scale failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
