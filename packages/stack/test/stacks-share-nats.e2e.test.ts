import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentEventChannel, connectNats, createClient, openJetStreamEventLog, type CallContext, type NatsTransport } from "@boyd/bus";
import { MemoryServiceDefinition, StopReason } from "@boyd/proto";
import { startNats, waitFor, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../src/index.js";

const CYCLES = 16;
/** A goal nothing in the (empty) graphs answers: the agent cycles until its run's limit. */
const ENDLESS = { description: "Find the rings of Uranus", successCriteria: "uranus rings ice particles", stallThreshold: 1000 };

function call(method: string): CallContext {
  return { service: "boyd.v1.AgentService", method, deadline: Date.now() + 20_000, signal: new AbortController().signal };
}

// What `boyd up --nats URL` run twice on one NATS gives: two whole stacks,
// each with its own controller, sharing agents through the KV cluster.
// With a lease of its own per process, both drove the same agent.
describe("two `boyd up --nats` stacks on one nats-server share the agents", () => {
  let nats: NatsServer;
  let dir: string;
  let caller: NatsTransport;
  const stacks = new Map<string, Stack>();

  beforeAll(async () => {
    nats = await startNats();
    dir = await mkdtemp(join(tmpdir(), "boyd-two-ups-"));
    for (const id of ["up-a", "up-b"]) stacks.set(id, await startStack({ dataDir: join(dir, id), nats: nats.url, replicaId: id, leaseTtlMs: 1500 }));
    caller = await connectNats({ servers: nats.url });
  });

  afterAll(async () => {
    for (const s of stacks.values()) await s.stop().catch(() => {});
    await caller?.close();
    await nats?.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it(`one agent, a detached run of ${CYCLES} cycles: one stack drives it, the other refuses to run it meanwhile and takes it over when the first stops; every cycle once`, async () => {
    const a = stacks.get("up-a")!;
    const memory = createClient(caller, MemoryServiceDefinition, { timeoutMs: 10_000 });
    const stored = async () => (await memory.loadSession({ agentId: "shared" })).state!;
    await a.agents.createAgent({ agentId: "shared", goals: [ENDLESS], config: { defaultStallThreshold: 1000, iterationBudget: 100_000 } as never });
    await a.agents.run({ agentId: "shared", maxCycles: CYCLES, detach: true });
    await waitFor(async () => Number((await stored()).cycleCount) >= 3, 20_000, () => "the agent did not cycle");

    const drivers = [...stacks].filter(([, s]) => s.controller!.runtime.isRunningHere("shared")).map(([id]) => id);
    expect(drivers, "stacks driving the agent").toHaveLength(1);
    const [ownerId] = drivers;
    const [otherId, other] = [...stacks].find(([id]) => id !== ownerId)!;
    // A cycle asked of the other stack goes to the owner, which refuses it: no second driver.
    await expect(other.controller!.handlers.cycle({ agentId: "shared", goal: undefined }, call("Cycle"))).rejects.toThrow(/agent shared is already running/);
    expect((await other.agents.getAgent({ agentId: "shared" })).agent!.ownerReplica).toBe(ownerId);

    await stacks.get(ownerId!)!.stop();
    stacks.delete(ownerId!);
    let cycle = 0;
    await waitFor(
      async () => (cycle = Number((await stored()).cycleCount)) === CYCLES && !other.controller!.runtime.isRunningHere("shared"),
      30_000,
      () => `stopped at cycle ${cycle} of ${CYCLES} after ${ownerId} stopped (${otherId} left)`,
    );
    const state = await stored();
    expect(state.lastStopReason).toBe(StopReason.MAX_CYCLES);
    expect(state.toolRuns.map((r) => Number(r.cycle))).toEqual(Array.from({ length: CYCLES }, (_, i) => i + 1));
    const log = agentEventChannel({ transport: caller, sink: await openJetStreamEventLog(caller) });
    const finished: number[] = [];
    for await (const { event } of log.replay({ agentId: "shared", kind: "cycle.finished" })) finished.push(Number(event.cycle));
    expect(finished).toEqual(Array.from({ length: CYCLES }, (_, i) => i + 1));
  }, 60_000);
});
