import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentEventChannel, connectNats, createClient, openJetStreamEventLog, type NatsTransport } from "@boyd/bus";
import { AgentServiceDefinition, MemoryServiceDefinition, StopReason } from "@boyd/proto";
import { launchService, retryUntilAnswered, startNats, waitFor, type NatsServer, type ServiceProcess } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../src/index.js";

const CONTROLLER_MAIN = new URL("../../../services/controller/src/main.ts", import.meta.url).pathname;
const ENDLESS = { description: "Find the rings of Uranus", successCriteria: "uranus rings ice particles", stallThreshold: 1000 };

// Two controller processes on one real nats-server; the one driving a
// started agent is killed with SIGKILL (no release, no goodbye): the other
// takes the agent when the lease runs out and goes on from the last saved
// cycle.
describe("kill -9 of the controller replica that drives a started agent", () => {
  let nats: NatsServer;
  let dir: string;
  let services: Stack;
  let caller: NatsTransport;
  const controllers = new Map<string, ServiceProcess>();

  const startController = (replicaId: string) =>
    controllers.set(
      replicaId,
      launchService(CONTROLLER_MAIN, { BOYD_NATS_URL: nats.url, BOYD_GRPC_ADDRESS: "127.0.0.1:0", BOYD_LOG_LEVEL: "warn", BOYD_CONTROLLER_REPLICA_ID: replicaId, BOYD_CONTROLLER_LEASE_TTL_MS: "1500" }),
    );

  beforeAll(async () => {
    nats = await startNats();
    dir = await mkdtemp(join(tmpdir(), "boyd-failover-"));
    services = await startStack({ dataDir: dir, nats: nats.url, services: ["observe", "orient", "decide", "act", "memory"] });
    caller = await connectNats({ servers: nats.url });
  });

  afterAll(async () => {
    for (const c of controllers.values()) c.kill("SIGKILL");
    await caller?.close();
    await services?.stop();
    await nats?.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it("the other replica goes on within 5 s; every cycle is in the event stream and the session exactly once", async () => {
    startController("fa");
    startController("fb");
    const agents = createClient(caller, AgentServiceDefinition, { timeoutMs: 20_000 });
    const memory = createClient(caller, MemoryServiceDefinition, { timeoutMs: 10_000 });
    const storedCycle = async () => Number((await memory.loadSession({ agentId: "durable" })).state!.cycleCount);
    await retryUntilAnswered(() => agents.listAgents({}), 30_000);
    await agents.createAgent({ agentId: "durable", goals: [ENDLESS], config: { defaultStallThreshold: 1000, iterationBudget: 100_000 } as never });
    const finishedLive: Array<{ cycle: number; at: number }> = [];
    const live = agentEventChannel({ transport: caller }).subscribe({ agentId: "durable", kind: "cycle.finished" }, (e) => {
      finishedLive.push({ cycle: Number(e.cycle), at: Date.now() });
    });
    await agents.startAgent({ agentId: "durable" });
    await waitFor(() => finishedLive.length >= 5, 30_000, () => `only ${finishedLive.length} cycles finished`, 50);
    // Read until a replica holds it: one that took the agent while it saw only itself hands it over at a cycle
    // boundary once the other's heartbeat arrives, and until the other's next tick nobody holds the lease.
    let owner = "";
    await waitFor(async () => (owner = (await agents.getAgent({ agentId: "durable" })).agent!.ownerReplica) !== "", 10_000, () => "no replica holds the agent", 50);
    expect(["fa", "fb"]).toContain(owner);

    const killedAt = Date.now();
    controllers.get(owner)!.kill("SIGKILL");
    await controllers.get(owner)!.exited;
    const lastBefore = Math.max(...finishedLive.map((f) => f.cycle));
    await waitFor(() => finishedLive.some((f) => f.at > killedAt && f.cycle > lastBefore + 1), 20_000, () => `no cycle after the kill (last ${lastBefore})`, 50);
    const resumedAt = finishedLive.find((f) => f.at > killedAt && f.cycle > lastBefore)!.at;
    const failoverMs = resumedAt - killedAt;
    expect(failoverMs, `failover took ${failoverMs} ms`).toBeLessThan(5_000);
    const survivor = owner === "fa" ? "fb" : "fa";
    expect((await agents.getAgent({ agentId: "durable" })).agent!.ownerReplica).toBe(survivor);

    await agents.pauseAgent({ agentId: "durable" });
    await waitFor(async () => (await agents.getAgent({ agentId: "durable" })).agent!.ownerReplica === "", 10_000, () => "still driven after the pause", 100);
    await live.drain();
    const last = await storedCycle();
    const stored = agentEventChannel({ transport: caller, sink: await openJetStreamEventLog(caller) });
    const cycles: number[] = [];
    for await (const { event } of stored.replay({ agentId: "durable", kind: "cycle.finished" })) cycles.push(Number(event.cycle));
    expect(cycles).toEqual(Array.from({ length: last }, (_, i) => i + 1));
    const { state } = await memory.loadSession({ agentId: "durable" });
    // One tool run per cycle, none twice: the cycle the killed replica left half done was run once, by the survivor.
    expect(state!.toolRuns.map((r) => Number(r.cycle))).toEqual(Array.from({ length: last }, (_, i) => i + 1));
  }, 60_000);

  it("a detached Run of 16 cycles: after kill -9 of its replica the other runs the cycles left, with no client attached, and stops at cycle 16", async () => {
    const CYCLES = 16;
    // The first test's survivor leaves (SIGTERM: its heartbeat goes with it), so only ga and gb drive.
    for (const c of controllers.values()) c.kill("SIGTERM");
    await Promise.all([...controllers.values()].map((c) => c.exited));
    controllers.clear();
    startController("ga");
    startController("gb");
    const agents = createClient(caller, AgentServiceDefinition, { timeoutMs: 20_000 });
    const memory = createClient(caller, MemoryServiceDefinition, { timeoutMs: 10_000 });
    const stored = async () => (await memory.loadSession({ agentId: "detached" })).state!;
    await retryUntilAnswered(() => agents.listAgents({}), 30_000);
    await agents.createAgent({ agentId: "detached", goals: [ENDLESS], config: { defaultStallThreshold: 1000, iterationBudget: 100_000 } as never });
    await agents.run({ agentId: "detached", maxCycles: CYCLES, detach: true });
    await waitFor(async () => Number((await stored()).cycleCount) >= 3, 30_000, () => "the detached run did not cycle", 50);
    // Read until a replica holds it: one that took the agent while it saw only itself hands it over at a cycle
    // boundary once the other's heartbeat arrives, and until the other's next tick nobody holds the lease.
    let owner = "";
    await waitFor(async () => (owner = (await agents.getAgent({ agentId: "detached" })).agent!.ownerReplica) !== "", 10_000, () => "no replica holds the agent", 50);
    expect(["ga", "gb"]).toContain(owner);
    controllers.get(owner)!.kill("SIGKILL");
    await controllers.get(owner)!.exited;
    let cycle = 0;
    await waitFor(async () => (cycle = Number((await stored()).cycleCount)) === CYCLES && (await agents.getAgent({ agentId: "detached" })).agent!.ownerReplica === "", 30_000, () => `stopped at cycle ${cycle} of ${CYCLES} after ${owner} was killed`, 100);
    const state = await stored();
    expect(state.lastStopReason).toBe(StopReason.MAX_CYCLES);
    expect(state.toolRuns.map((r) => Number(r.cycle))).toEqual(Array.from({ length: CYCLES }, (_, i) => i + 1));
    const log = agentEventChannel({ transport: caller, sink: await openJetStreamEventLog(caller) });
    const cycles: number[] = [];
    for await (const { event } of log.replay({ agentId: "detached", kind: "cycle.finished" })) cycles.push(Number(event.cycle));
    expect(cycles).toEqual(Array.from({ length: CYCLES }, (_, i) => i + 1));
  }, 60_000);
});
