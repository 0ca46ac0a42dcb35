import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentEventChannel, connectNats, createClient, openJetStreamEventLog, type CallContext, type EventChannel, type NatsTransport } from "@boyd/bus";
import { openKvCluster, ownerOf, startController, type Cluster, type Controller } from "@boyd/controller";
import { AgentServiceDefinition, AgentState, MemoryServiceDefinition, StopReason, type Event } from "@boyd/proto";
import { startNats, waitFor, type NatsServer } from "@boyd/testkit";
import { Kvm } from "@nats-io/kv";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../src/index.js";

const TTL_MS = 1500;
/** A goal nothing in the (empty) graph answers: the agent keeps cycling until paused. */
const ENDLESS = { description: "Find the rings of Uranus", successCriteria: "uranus rings ice particles", stallThreshold: 1000 };
const ENDLESS_CONFIG = { defaultStallThreshold: 1000, iterationBudget: 100_000 } as never;

interface Replica {
  readonly id: string;
  readonly transport: NatsTransport;
  readonly cluster: Cluster;
  readonly controller: Controller;
  stop(): Promise<void>;
}

/** A context for calling a replica's handlers directly, as its bus or gRPC binding would. */
function call(method: string): CallContext {
  return { service: "boyd.v1.AgentService", method, deadline: Date.now() + 20_000, signal: new AbortController().signal };
}

// Controller replicas in this process, each on its own NATS connection,
// sharing agents through JetStream KV (leases, heartbeats, the agents
// index); the other services run once, on the same real nats-server.
describe("controller replicas share the agents: leases, failover on stop, rebalancing, any replica answers", () => {
  let nats: NatsServer;
  let dir: string;
  let services: Stack;
  let caller: NatsTransport;
  const replicas: Replica[] = [];

  async function startReplica(
    id: string,
    wrapEvents: (c: EventChannel<Event>) => EventChannel<Event> = (c) => c,
    wrapCluster: (c: Cluster) => Cluster = (c) => c,
  ): Promise<Replica> {
    const transport = await connectNats({ servers: nats.url });
    const cluster = wrapCluster(await openKvCluster({ connection: transport.connection, replicaId: id, ttlMs: TTL_MS }));
    const sink = await openJetStreamEventLog(transport, { stream: "BOYD_EVENTS", subjects: ["boyd.events.v1.>"] });
    const controller = await startController({ transport, events: wrapEvents(agentEventChannel({ transport, sink })), cluster, driverTickMs: 100 });
    const replica: Replica = {
      id,
      transport,
      cluster,
      controller,
      async stop() {
        await controller.stop();
        await transport.close();
        replicas.splice(replicas.indexOf(replica), 1);
      },
    };
    replicas.push(replica);
    return replica;
  }

  /** Cycle numbers of the agent's cycle.finished events, as stored in the event stream. */
  async function finishedCycles(agentId: string): Promise<number[]> {
    const stored = agentEventChannel({ transport: caller, sink: await openJetStreamEventLog(caller, { stream: "BOYD_EVENTS", subjects: ["boyd.events.v1.>"] }) });
    const cycles: number[] = [];
    for await (const { event } of stored.replay({ agentId, kind: "cycle.finished" })) cycles.push(Number(event.cycle));
    return cycles;
  }

  async function storedCycle(agentId: string): Promise<number> {
    const memory = createClient(caller, MemoryServiceDefinition, { timeoutMs: 10_000 });
    return Number((await memory.loadSession({ agentId })).state!.cycleCount);
  }

  const agents = () => createClient(caller, AgentServiceDefinition, { timeoutMs: 20_000 });

  beforeAll(async () => {
    nats = await startNats();
    dir = await mkdtemp(join(tmpdir(), "boyd-cluster-"));
    services = await startStack({ dataDir: dir, nats: nats.url, services: ["observe", "orient", "decide", "act", "memory"] });
    caller = await connectNats({ servers: nats.url });
  });

  // A test that fails midway leaves no replica behind to take the next test's agents.
  afterEach(async () => {
    for (const r of [...replicas]) await r.stop().catch(() => {});
  });

  afterAll(async () => {
    await caller?.close();
    await services?.stop();
    await nats?.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it("a lease has one holder; a renewal after someone else took the key fails, and the old holder knows", async () => {
    const a = await startReplica("lease-a");
    const b = await startReplica("lease-b");
    const lease = await a.cluster.leases.acquire("leased");
    expect(lease?.held()).toBe(true);
    expect(await b.cluster.leases.acquire("leased")).toBeUndefined();
    expect(await b.cluster.leases.owner("leased")).toBe("lease-a");
    // As if the key had run out (a's renewals held up): b takes it, and a's next revision-checked renewal fails.
    const kv = await new Kvm(caller.connection).open("boyd_controller_leases");
    await kv.purge("leased");
    const taken = await b.cluster.leases.acquire("leased");
    expect(taken?.held()).toBe(true);
    await waitFor(() => lease!.held() === false, 5_000, () => "a still believes it holds the lease b took");
    await lease!.release();
    expect(await a.cluster.leases.owner("leased")).toBe("lease-b");
    await taken!.release();
    expect(await a.cluster.leases.owner("leased")).toBeUndefined();
    // A replica id is a KV key and a subject token: a dotted one is refused by name.
    await expect(openKvCluster({ connection: caller.connection, replicaId: "a.b" })).rejects.toThrow(`replicaId: "a.b" must be 1-64 letters, digits, '-' or '_'`);
    await b.stop();
    await a.stop();
  });

  it("a resume waits up to a lease TTL for a lease a dead controller left behind, then runs", async () => {
    const a = await startReplica("resume-a");
    await agents().createAgent({ agentId: "resumed", goals: [ENDLESS], config: ENDLESS_CONFIG });
    // The lease of a controller that died mid-run, still in the bucket.
    const leftover = await a.cluster.leases.acquire("resumed");
    setTimeout(() => void leftover!.release(), 500);
    const { report } = await a.controller.handlers.resume({ agentId: "resumed", maxCycles: 1, detach: false }, call("Resume"));
    expect(Number(report!.cyclesRun), report!.message).toBe(1);
  });

  it("a started agent is driven by one replica; every replica lists it with its owner and forwards changes to it; stopping the owner hands it over with no cycle lost or repeated", async () => {
    const [r1, r2, r3] = [await startReplica("r1"), await startReplica("r2"), await startReplica("r3")];
    await agents().createAgent({ agentId: "steady", goals: [ENDLESS], config: ENDLESS_CONFIG });
    const started = await agents().startAgent({ agentId: "steady" });
    expect(started.agent?.started).toBe(true);
    await waitFor(async () => (await storedCycle("steady")) >= 3, 20_000, () => "steady did not cycle");

    // Every replica answers, from the shared state: who drives it, and that it runs.
    const owners = new Set<string>();
    for (const r of [r1, r2, r3]) {
      const listed = await r.controller.handlers.listAgents({ limit: 100, pageToken: "" }, call("ListAgents"));
      const steady = listed.agents.find((a) => a.agentId === "steady");
      expect(steady, `${r.id} lists steady`).toBeDefined();
      owners.add(steady!.ownerReplica);
      expect(steady!.state).toBe(AgentState.RUNNING);
    }
    expect(owners.size, `owners seen: ${[...owners].join(", ")}`).toBe(1);
    const ownerId = [...owners][0]!;
    expect(ownerId).toBe(ownerOf("steady", ["r1", "r2", "r3"]));
    expect([r1, r2, r3].filter((r) => r.controller.runtime.isRunningHere("steady")).map((r) => r.id)).toEqual([ownerId]);

    // A goal added through a replica that does not drive the agent goes to the owner: the run takes it, nothing saves over it.
    const other = [r1, r2, r3].find((r) => r.id !== ownerId)!;
    const goal = await other.controller.handlers.addGoal({ agentId: "steady", goal: { description: "Find the moons of Neptune", successCriteria: "triton", blockedBy: [], parentId: "" } }, call("AddGoal"));
    expect(goal.goal?.description).toBe("Find the moons of Neptune");
    await waitFor(async () => (await agents().listGoals({ agentId: "steady", statuses: [] })).goals.some((g) => g.description === "Find the moons of Neptune"), 10_000, () => "the forwarded goal never reached the session");

    // The owner stops (as a rolling restart does): another replica goes on within seconds.
    const owner = replicas.find((r) => r.id === ownerId)!;
    const before = await storedCycle("steady");
    const stoppedAt = Date.now();
    await owner.stop();
    await waitFor(async () => (await storedCycle("steady")) > before + 2, 10_000, () => `no replica went on after ${ownerId} stopped (cycle ${before})`);
    const failoverMs = Date.now() - stoppedAt;
    expect(failoverMs).toBeLessThan(5_000);
    const next = (await agents().getAgent({ agentId: "steady" })).agent!;
    expect(next.ownerReplica).not.toBe(ownerId);
    expect(next.ownerReplica).not.toBe("");

    // Recreating it while a replica drives it would pull the session from under the run: refused, whichever replica answers.
    await expect(agents().createAgent({ agentId: "steady", fresh: true })).rejects.toThrow(/agent steady is running/);
    const paused = await agents().pauseAgent({ agentId: "steady" });
    expect(paused.agent?.started).toBe(false);
    await waitFor(async () => (await agents().getAgent({ agentId: "steady" })).agent!.ownerReplica === "", 10_000, () => "steady still driven after the pause");
    const last = await storedCycle("steady");
    const finished = await finishedCycles("steady");
    expect(finished).toEqual(Array.from({ length: last }, (_, i) => i + 1));
    for (const r of [...replicas]) await r.stop();
  }, 60_000);

  it("a detached Run outlives the replica driving it: the replica taking the lease over runs the cycles it had left, with no client attached, each exactly once", async () => {
    const [d1, d2] = [await startReplica("d1"), await startReplica("d2")];
    const CYCLES = 12;
    await agents().createAgent({ agentId: "detached", goals: [ENDLESS], config: ENDLESS_CONFIG });
    const answer = await agents().run({ agentId: "detached", maxCycles: CYCLES, detach: true, goals: [], fresh: false });
    expect(answer.detached).toBe(true);
    await waitFor(async () => (await storedCycle("detached")) >= 3, 20_000, () => "detached did not cycle");
    const owner = [d1, d2].find((r) => r.controller.runtime.isRunningHere("detached"));
    expect(owner, "one replica drives the detached run").toBeDefined();
    const survivor = owner === d1 ? d2 : d1;
    await owner!.stop();
    let seen = 0;
    await waitFor(async () => (seen = await storedCycle("detached")) === CYCLES && !survivor.controller.runtime.isRunningHere("detached"), 20_000, () => `the run stopped at cycle ${seen} of ${CYCLES} after ${owner!.id} stopped`);
    // Its limit holds across the takeover: no cycle past it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await storedCycle("detached")).toBe(CYCLES);
    expect(await finishedCycles("detached")).toEqual(Array.from({ length: CYCLES }, (_, i) => i + 1));
    const memory = createClient(caller, MemoryServiceDefinition, { timeoutMs: 10_000 });
    const { state } = await memory.loadSession({ agentId: "detached" });
    expect(state!.toolRuns.map((r) => Number(r.cycle))).toEqual(Array.from({ length: CYCLES }, (_, i) => i + 1));
    expect(state!.lastStopReason).toBe(StopReason.MAX_CYCLES);
    await survivor.stop();
  }, 60_000);

  it("a run taken over past the default iteration budget keeps the budget its size gave it: the survivor runs to the run's limit", async () => {
    const [b1, b2] = [await startReplica("b1"), await startReplica("b2")];
    const CYCLES = 60;
    // No iteration budget set: the default (50 tool calls) is raised to a longer run's cycles, for the whole run, whoever drives it.
    const config = { defaultStallThreshold: 1000, reflection: { stagnationThreshold: 1000, abandonAfterCycles: 1000 } } as never;
    await agents().createAgent({ agentId: "budgeted", goals: [ENDLESS], config });
    await agents().run({ agentId: "budgeted", maxCycles: CYCLES, detach: true, goals: [], fresh: false });
    await waitFor(async () => (await storedCycle("budgeted")) >= 52, 40_000, () => "budgeted did not reach cycle 52");
    const owner = [b1, b2].find((r) => r.controller.runtime.isRunningHere("budgeted"))!;
    const survivor = owner === b1 ? b2 : b1;
    await owner.stop();
    const memory = createClient(caller, MemoryServiceDefinition, { timeoutMs: 10_000 });
    // The handover saves no stop reason: the next one is the survivor's, when its run ends.
    const ended = async () => (await memory.loadSession({ agentId: "budgeted" })).state!.lastStopReason !== StopReason.UNSPECIFIED && !survivor.controller.runtime.isRunningHere("budgeted");
    await waitFor(ended, 20_000, () => "the survivor's run did not end");
    const { state } = await memory.loadSession({ agentId: "budgeted" });
    expect([Number(state!.cycleCount), StopReason[state!.lastStopReason]]).toEqual([CYCLES, "MAX_CYCLES"]);
    await survivor.stop();
  }, 90_000);

  it("a replica whose lease is taken stops driving after its cycle and saves nothing while another holds it; it goes on once the lease is free", async () => {
    const [x1, x2] = [await startReplica("x1"), await startReplica("x2")];
    await agents().createAgent({ agentId: "contested", goals: [ENDLESS], config: ENDLESS_CONFIG });
    await agents().startAgent({ agentId: "contested" });
    const ownerId = ownerOf("contested", ["x1", "x2"])!;
    const owner = ownerId === "x1" ? x1 : x2;
    const thief = ownerId === "x1" ? x2 : x1;
    await waitFor(async () => (await storedCycle("contested")) >= 2, 20_000, () => "contested did not cycle");
    // The key runs out under the owner (as after a partition) and someone else takes it.
    const kv = await new Kvm(caller.connection).open("boyd_controller_leases");
    await kv.purge("contested");
    const stolen = await thief.cluster.leases.acquire("contested");
    expect(stolen?.held()).toBe(true);
    await waitFor(() => !owner.controller.runtime.isRunningHere("contested"), 5_000, () => `${ownerId} still drives contested after losing its lease`);
    const stoppedAt = await storedCycle("contested");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await storedCycle("contested"), "no cycle saved while another replica holds the lease").toBe(stoppedAt);
    await stolen!.release();
    await waitFor(async () => (await storedCycle("contested")) > stoppedAt + 1, 10_000, () => `${ownerId} did not go on once the lease was free`);
    await agents().pauseAgent({ agentId: "contested" });
    await waitFor(() => !owner.controller.runtime.isRunningHere("contested"), 10_000, () => "still running after the pause");
    const last = await storedCycle("contested");
    expect(await finishedCycles("contested")).toEqual(Array.from({ length: last }, (_, i) => i + 1));
    await x2.stop();
    await x1.stop();
  }, 60_000);

  it("a replica that joins takes the agents rendezvous hashing gives it, at a cycle boundary; each agent's cycles stay exactly once", async () => {
    const first = await startReplica("j1");
    const ids = ["ja", "jb", "jc", "jd", "je", "jf"];
    for (const agentId of ids) {
      await agents().createAgent({ agentId, goals: [ENDLESS], config: ENDLESS_CONFIG });
      await agents().startAgent({ agentId });
    }
    await waitFor(() => ids.every((id) => first.controller.runtime.isRunningHere(id)), 10_000, () => "j1 does not drive every agent");
    const second = await startReplica("j2");
    const expected = new Map(ids.map((id) => [id, ownerOf(id, ["j1", "j2"])!]));
    expect([...expected.values()], "the hash gives j2 some of the agents").toContain("j2");
    const owners = async () => new Map(await Promise.all(ids.map(async (id) => [id, (await agents().getAgent({ agentId: id })).agent!.ownerReplica] as const)));
    let seen = "";
    await waitFor(async () => (seen = JSON.stringify([...(await owners())])) === JSON.stringify([...expected]), 10_000, () => `owners ${seen}, expected ${JSON.stringify([...expected])}`, 100);
    const progress = new Map(await Promise.all(ids.map(async (id) => [id, await storedCycle(id)] as const)));
    await waitFor(async () => (await Promise.all(ids.map(async (id) => (await storedCycle(id)) > progress.get(id)! + 1))).every(Boolean), 15_000, () => "not every agent went on after the rebalance");
    for (const agentId of ids) await agents().pauseAgent({ agentId });
    await waitFor(() => ids.every((id) => !first.controller.runtime.isRunningHere(id) && !second.controller.runtime.isRunningHere(id)), 10_000, () => "agents still running after the pause");
    for (const agentId of ids) {
      const last = await storedCycle(agentId);
      expect(await finishedCycles(agentId), agentId).toEqual(Array.from({ length: last }, (_, i) => i + 1));
    }
    await second.stop();
    await first.stop();
  }, 60_000);
  it("a pause that lands while the driver is still taking the agent (lease held, session not loaded) holds it: no cycle runs after PauseAgent returned", async () => {
    // The driver's take of the agent is slowed after the lease: the window in which its run has nothing to cancel yet.
    const slowTake = (c: Cluster): Cluster => ({
      ...c,
      leases: { ...c.leases, acquire: async (agentId) => ((lease) => new Promise((resolve) => setTimeout(() => resolve(lease), 400)))(await c.leases.acquire(agentId)) },
    });
    const r = await startReplica("take", undefined, slowTake);
    await agents().createAgent({ agentId: "early", goals: [ENDLESS], config: ENDLESS_CONFIG });
    await agents().startAgent({ agentId: "early" });
    await waitFor(async () => (await r.cluster.leases.owner("early")) === "take", 5_000, () => "the driver never took the lease", 10);
    expect(r.controller.runtime.isRunningHere("early"), "still taking the agent").toBe(false);
    const paused = (await agents().pauseAgent({ agentId: "early" })).agent!;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(r.controller.runtime.isRunningHere("early")).toBe(false);
    expect(await storedCycle("early")).toBe(Number(paused.cycleCount));
    expect(await finishedCycles("early")).toEqual([]);
    expect(AgentState[(await agents().getAgent({ agentId: "early" })).agent!.state]).toBe("PAUSED");
    await r.stop();
  });
  it("a cycle saved by a replica that died before publishing its cycle.finished gets that event from the replica taking the agent over", async () => {
    // Replica a "dies" between cycle 2's save and its cycle.finished: that one event never leaves it.
    const a = await startReplica("gap-a", (channel) => ({
      ...channel,
      publish: (agentId, kind, event) => (kind === "cycle.finished" && Number(event.cycle) === 2 ? Promise.resolve(undefined) : channel.publish(agentId, kind, event)),
    }));
    await agents().createAgent({ agentId: "gap", goals: [ENDLESS], config: ENDLESS_CONFIG });
    await a.controller.handlers.run({ agentId: "gap", maxCycles: 2 } as never, call("Run"));
    await a.stop();
    expect(await finishedCycles("gap")).toEqual([1]);
    expect(await storedCycle("gap")).toBe(2);
    const b = await startReplica("gap-b");
    await b.controller.handlers.run({ agentId: "gap", maxCycles: 1 } as never, call("Run"));
    // Every saved cycle has exactly one cycle.finished, in order; the recovered one says what it is.
    expect(await finishedCycles("gap")).toEqual([1, 2, 3]);
    const stored = agentEventChannel({ transport: caller, sink: await openJetStreamEventLog(caller, { stream: "BOYD_EVENTS", subjects: ["boyd.events.v1.>"] }) });
    const warnings: string[] = [];
    for await (const { event } of stored.replay({ agentId: "gap", kind: "cycle.finished" })) {
      if (Number(event.cycle) === 2 && event.kind?.$case === "cycleFinished") warnings.push(...event.kind.value.warnings);
    }
    expect(warnings.join(" ")).toContain("recovered");
    // A run on the replica that ran the last cycle publishes nothing again.
    await b.controller.handlers.run({ agentId: "gap", maxCycles: 1 } as never, call("Run"));
    expect(await finishedCycles("gap")).toEqual([1, 2, 3, 4]);
  });
});
