import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connectNats, createClient, createEventChannel, openJetStreamEventLog, type NatsTransport } from "@boyd/bus";
import { AgentServiceDefinition, AgentState, Event, GoalStatus, StopReason } from "@boyd/proto";
import { launchService, retryUntilAnswered, startNats, uniqueLabel, waitFor, type NatsServer, type ServiceProcess } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startStack, type Stack } from "../src/index.js";
import { ingestSolar } from "./fixtures/run.js";

const CONTROLLER_MAIN = new URL("../../../services/controller/src/main.ts", import.meta.url).pathname;

// The deployed shape on one machine: every service on a real nats-server
// (queue groups, JetStream KV state, a replayable event stream), the graph
// in Neo4j, and the controller as its own process that gets killed.
describe("an agent end to end, distributed (NATS, JetStream, Neo4j, controller process)", () => {
  let nats: NatsServer;
  let dir: string;
  let services: Stack;
  let caller: NatsTransport;
  let controller: ServiceProcess | undefined;

  const startController = () =>
    launchService(CONTROLLER_MAIN, { BOYD_NATS_URL: nats.url, BOYD_GRPC_ADDRESS: "127.0.0.1:0", BOYD_LOG_LEVEL: "warn" });

  beforeAll(async () => {
    nats = await startNats();
    dir = await mkdtemp(join(tmpdir(), "boyd-e2e-nats-"));
    await chmod(dir, 0o755);
    services = await startStack({
      dataDir: dir,
      nats: nats.url,
      neo4j: { uri: inject("neo4jUri"), label: uniqueLabel("E2E") },
      services: ["observe", "orient", "decide", "act", "memory"],
    });
    await ingestSolar(services);
    caller = await connectNats({ servers: nats.url });
    controller = startController();
  });

  afterAll(async () => {
    controller?.kill("SIGKILL");
    await caller?.close();
    await services?.stop();
    await nats?.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it("goals complete over the bus, and a late subscriber replays the whole run from JetStream", async () => {
    const agents = createClient(caller, AgentServiceDefinition, { timeoutMs: 60_000 });
    await retryUntilAnswered(() => agents.listAgents({}), 30_000);
    await agents.createAgent({
      agentId: "solar",
      goals: [
        { description: "Find the moons that orbit Mars", successCriteria: "phobos, deimos" },
        { description: "Find which moons of Saturn have a subsurface ocean", successCriteria: "enceladus, subsurface water" },
      ],
    });
    const { report } = await agents.run({ agentId: "solar", maxCycles: 10 });
    expect(report!.stopReason).toBe(StopReason.ALL_GOALS_DONE);
    expect(report!.goals.map((g) => GoalStatus[g.status])).toEqual(["COMPLETED", "COMPLETED"]);

    const events = createEventChannel({ transport: caller, codec: Event, sink: await openJetStreamEventLog(caller) });
    const replayed: string[] = [];
    for await (const { event } of events.replay({ agentId: "solar" })) replayed.push(`${event.cycle}:${event.kind!.$case}`);
    for (let c = 1; c <= Number(report!.cyclesRun); c++) {
      for (const kind of ["cycleStarted", "observed", "oriented", "decided", "acted", "cycleFinished"]) expect(replayed).toContain(`${c}:${kind}`);
    }
  });

  it("kill -9 of the controller mid-run: a new controller goes on with the detached run by itself, then a resume; no cycle lost or repeated", async () => {
    const agents = createClient(caller, AgentServiceDefinition, { timeoutMs: 60_000 });
    // A goal that never converges keeps the agent cycling.
    await agents.createAgent({
      agentId: "steady",
      goals: [{ description: "Find the rings of Uranus", successCriteria: "uranus rings ice particles", stallThreshold: 1000 }],
      config: { defaultStallThreshold: 1000, iterationBudget: 1000 } as never,
    });
    const finished: number[] = [];
    const live = createEventChannel({ transport: caller, codec: Event });
    const sub = live.subscribe({ agentId: "steady", kind: "cycle.finished" }, (e) => {
      finished.push(Number(e.cycle));
    });
    await agents.run({ agentId: "steady", maxCycles: 200, detach: true });
    await waitFor(() => finished.length >= 4, 60_000, () => `only ${finished.length} cycles finished`);
    controller!.kill("SIGKILL");
    await controller!.exited;

    const killedAt = Math.max(...finished);
    controller = startController();
    await retryUntilAnswered(() => agents.listAgents({}), 30_000);
    // The detached run is durable: the new controller takes it up once the dead one's lease is gone, with no client asking.
    await waitFor(() => finished.some((c) => c > killedAt + 1), 30_000, () => `no cycle after the restart (killed at cycle ${killedAt})`);
    await agents.pauseAgent({ agentId: "steady" });
    await waitFor(async () => (await agents.getAgent({ agentId: "steady" })).agent!.ownerReplica === "", 20_000, () => "steady still driven after the pause");
    const before = Number((await agents.getAgent({ agentId: "steady" })).agent!.cycleCount);
    expect(before).toBeGreaterThanOrEqual(killedAt + 2);
    const { report } = await agents.resume({ agentId: "steady", maxCycles: 3 });
    expect(Number(report!.cyclesRun)).toBe(3);
    expect(Number(report!.finalCycle)).toBe(before + 3);
    await sub.drain();

    // The session's record of tool calls: one per cycle, 1..N, none twice.
    const toolCycles = await sessionToolCycles(caller, "steady");
    expect(toolCycles).toEqual(Array.from({ length: before + 3 }, (_, i) => i + 1));

    // The new controller continued the agent's event numbering where the log left off: in log order, strictly increasing.
    const stored = createEventChannel({ transport: caller, codec: Event, sink: await openJetStreamEventLog(caller) });
    const numbers: number[] = [];
    for await (const { event } of stored.replay({ agentId: "steady" })) numbers.push(Number(event.sequence));
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers.filter((n, i) => n <= (numbers[i - 1] ?? 0))).toEqual([]);
  });

  it("nats-server killed and started again twice under a detached run: the run ends at its last cycle (MAX_CYCLES), each cycle once", async () => {
    const agents = createClient(caller, AgentServiceDefinition, { timeoutMs: 10_000 });
    await retryUntilAnswered(() => agents.listAgents({}), 30_000);
    await agents.createAgent({
      agentId: "weathered",
      goals: [{ description: "Find the rings of Neptune", successCriteria: "neptune rings dust arcs", stallThreshold: 1000 }],
      // Reflection would give the goal up after about 20 fruitless cycles; the run is to end on its cycle count.
      config: { defaultStallThreshold: 1000, iterationBudget: 1000, reflection: { stagnationThreshold: 1000, abandonAfterCycles: 1000 } } as never,
    });
    const cycles = 24;
    await agents.run({ agentId: "weathered", maxCycles: cycles, detach: true });
    const cycleCount = async () => Number((await agents.getAgent({ agentId: "weathered" }).catch(() => undefined))?.agent?.cycleCount ?? -1);
    for (const after of [3, 9]) {
      await waitFor(async () => (await cycleCount()) >= after, 60_000, () => `the run did not reach cycle ${after}`, 100);
      await nats.kill();
      await nats.restart();
    }
    let seen = "nothing yet";
    await waitFor(
      async () => {
        const agent = (await agents.getAgent({ agentId: "weathered" }).catch(() => undefined))?.agent;
        if (agent) seen = `${AgentState[agent.state]} at cycle ${agent.cycleCount}, last stop ${StopReason[agent.lastStopReason]}`;
        return !!agent && agent.state !== AgentState.RUNNING && Number(agent.cycleCount) >= cycles;
      },
      120_000,
      () => `the run did not end: ${seen}; the controller's last output:\n${controller!.output().split("\n").slice(-40).join("\n")}`,
      250,
    );
    const { agent } = await agents.getAgent({ agentId: "weathered" });
    expect([AgentState[agent!.state], StopReason[agent!.lastStopReason], Number(agent!.cycleCount)]).toEqual(["STOPPED", "MAX_CYCLES", cycles]);
    expect(await sessionToolCycles(caller, "weathered")).toEqual(Array.from({ length: cycles }, (_, i) => i + 1));
  }, 240_000);
});

async function sessionToolCycles(transport: NatsTransport, agentId: string): Promise<number[]> {
  const { MemoryServiceDefinition } = await import("@boyd/proto");
  const memory = createClient(transport, MemoryServiceDefinition, { timeoutMs: 10_000 });
  const { state } = await memory.loadSession({ agentId });
  return state!.toolRuns.map((r) => Number(r.cycle));
}
