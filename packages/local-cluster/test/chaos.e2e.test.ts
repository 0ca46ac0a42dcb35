import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ApprovalMode } from "@boyd/proto";
import { seededRandom } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditCycles, connectControllers, startAndAwait, startLocalCluster, type ControllerEndpoint, type LocalCluster } from "../src/index.js";
import { chaosMonkey, readTally, type Kill } from "./fixtures/chaos.js";

const SOLAR = fileURLToPath(new URL("../../../examples/solar-system.csv", import.meta.url));
const TALLY_TOOL = fileURLToPath(new URL("./fixtures/tally-tool.mjs", import.meta.url));
// BOYD_CHAOS_SEED replays another run's choices of victims and pauses.
const SEED = Number(process.env["BOYD_CHAOS_SEED"] || 19);
const AGENTS = 8;
// Cycles an agent runs per round; rounds go on until every target service
// was killed twice (the load must outlast the kills however fast cycles
// are: 30 cycles once took 20 s here, now 6), at most MAX_ROUNDS.
const CYCLES = 30;
const MAX_ROUNDS = 6;
const SERVICES = ["controller", "memory", "act"] as const;
const killsOf = (kills: readonly Kill[], service: string): number => kills.filter((k) => k.process.startsWith(service)).length;

// Goals that never converge (criteria absent from the graph) and name the
// tally tool's words, so cycles go on and act's side effect is countable.
// Short tool and approval limits bound how long a call lost with a killed
// act holds an agent (the idempotency claim of a dead runner expires).
const AGENT_CONFIG = {
  maxCycles: 1_000,
  iterationBudget: 100_000,
  defaultStallThreshold: 1_000,
  maxBacktrackAttempts: 1,
  confirmSideEffectPlans: false,
  approvalMode: ApprovalMode.CAUTIOUS,
  toolTimeoutMs: 4_000,
  approvalTimeoutMs: 2_000,
  reflection: { stagnationThreshold: 1_000, abandonAfterCycles: 1_000 },
};

describe("chaos - kill -9 of controller, memory and act replicas under a multi-agent load", () => {
  let dir: string;
  let cluster: LocalCluster;
  let controllers: ControllerEndpoint[];
  const tally = () => join(dir, "tally.log");
  const clusterLog: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "boyd-chaos-"));
    // act's sandbox runs commands as another user when we are root: it must reach the workspace.
    await chmod(dir, 0o755);
    const actConfig = join(dir, "act.json");
    await writeFile(actConfig, JSON.stringify({ tools: [{ module: TALLY_TOOL }] }));
    cluster = await startLocalCluster({
      dataDir: join(dir, "cluster"),
      neo4j: "none",
      kb: [SOLAR],
      actConfig,
      replicas: { controller: 3, memory: 2, act: 2 },
      env: { BOYD_LOG_LEVEL: "warn", BOYD_TALLY_FILE: tally() },
      log: (level, message) => clusterLog.push(`${level}: ${message}`),
    });
    controllers = await connectControllers(cluster);
  });

  afterAll(async () => {
    await Promise.allSettled((controllers ?? []).map((c) => c.client.close()));
    await cluster?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it(`${AGENTS} started agents in rounds of ${CYCLES} cycles until each service was killed twice, on 3 controllers, 2 memory and 2 act replicas, replicas killed at random (seed ${SEED}): every cycle once, every side effect at most once`, async () => {
    const agentIds = Array.from({ length: AGENTS }, (_, i) => `chaos-${i + 1}`);
    for (const [i, agentId] of agentIds.entries()) {
      await controllers[i % controllers.length]!.client.createAgent({
        agentId,
        config: AGENT_CONFIG,
        goals: [{ description: `Tally the chaos marbles of moon ${i + 1} of jupiter`, successCriteria: "zorbium quasar flux", stallThreshold: 1_000 }],
      });
    }
    const stopChaos = new AbortController();
    const killed: Kill[] = [];
    const monkey = chaosMonkey(cluster, {
      random: seededRandom(SEED),
      targets: [...SERVICES],
      everyMs: [1_000, 2_500],
      downMs: [300, 2_000],
      stayDownShare: 0.2,
      signal: stopChaos.signal,
      onKill: (kill) => killed.push(kill),
    });
    // Started agents: the controllers drive them, and take over those of a replica that dies.
    const lost: string[] = [];
    let cycles = 0;
    do {
      const from = cycles;
      cycles += CYCLES;
      const round = await Promise.allSettled(agentIds.map((agentId, i) => startAndAwait(controllers, agentId, CYCLES, { start: i, fromCycle: from })));
      lost.push(...round.flatMap((d) => (d.status === "rejected" ? [String(d.reason)] : [])));
    } while (lost.length === 0 && SERVICES.some((s) => killsOf(killed, s) < 2) && cycles < CYCLES * MAX_ROUNDS);
    stopChaos.abort();
    const kills = await monkey;
    const context = `kills: ${JSON.stringify(kills)}\n${clusterLog.slice(-20).join("\n")}`;
    expect(lost, context).toEqual([]);
    // What the run did, for the CI log: a failure replays with BOYD_CHAOS_SEED.
    process.stdout.write(`chaos seed ${SEED}: ${cycles} cycles an agent, ${kills.length} kills (${kills.map((k) => `${k.process}${k.restarted ? "" : " stays down"} at ${(k.at / 1000).toFixed(1)} s`).join(", ")})\n`);
    for (const service of SERVICES) expect(killsOf(kills, service), `${service} kills; ${context}`).toBeGreaterThanOrEqual(2);

    const audits = await auditCycles(cluster, agentIds);
    expect(
      audits.filter((a) => a.problems.length > 0).map((a) => `${a.agentId}: ${a.problems.join("; ")}`),
      context,
    ).toEqual([]);
    expect(audits.map((a) => a.sessionCycles)).toEqual(agentIds.map(() => cycles));

    // The side effect: each (agent, cycle, step) marked at most once, only for cycles that ran.
    const marks = await readTally(tally());
    expect([...marks].filter(([, n]) => n > 1), context).toEqual([]);
    expect(marks.size, "the tally tool never ran: the goals no longer pick it").toBeGreaterThan(0);
    for (const line of marks.keys()) {
      const [agentId, cycle] = line.split(" ");
      expect(agentIds, line).toContain(agentId);
      expect(Number(cycle), line).toBeLessThanOrEqual(cycles);
    }
    // Only what was asked for died.
    expect(cluster.unexpectedExits()).toEqual([]);
  });
});
