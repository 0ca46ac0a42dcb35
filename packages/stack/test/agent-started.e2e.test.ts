import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AgentState, GoalStatus, StopReason } from "@boyd/proto";
import { waitFor } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../src/index.js";
import { ingestSolar } from "./fixtures/run.js";

const MARS = { description: "Find the moons that orbit Mars", successCriteria: "phobos, deimos" };
const ENDLESS = { description: "Find the rings of Uranus", successCriteria: "uranus rings ice particles", stallThreshold: 1000 };

// Embedded mode (one process, no NATS, no JetStream): a started agent
// cycles on its own under the local lease, Run attaches to it, Pause holds it.
describe("started agents in one process (local lease, no JetStream)", () => {
  let dir: string;
  let stack: Stack;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "boyd-started-"));
    stack = await startStack({ dataDir: dir });
    await ingestSolar(stack);
  });

  afterAll(async () => {
    await stack?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("a started agent runs to its goals with no client waiting; a Run attaches to it and reports the whole run", async () => {
    await stack.agents.createAgent({ agentId: "mars", goals: [MARS] });
    const started = await stack.agents.startAgent({ agentId: "mars" });
    expect(started.agent?.started).toBe(true);
    // Not refused as "already running": the call follows the started run to its end.
    const { report } = await stack.agents.run({ agentId: "mars", maxCycles: 10 }, { timeoutMs: 30_000 });
    expect(report!.stopReason, report!.message).toBe(StopReason.ALL_GOALS_DONE);
    expect(report!.goals.map((g) => GoalStatus[g.status])).toEqual(["COMPLETED"]);
    const agent = (await stack.agents.getAgent({ agentId: "mars" })).agent!;
    expect(agent.started).toBe(false);
    expect(Number(agent.cycleCount)).toBeGreaterThan(0);
  }, 30_000);

  it("pause holds a started agent after its cycle; start goes on from there", async () => {
    await stack.agents.createAgent({ agentId: "uranus", goals: [ENDLESS], config: { defaultStallThreshold: 1000, iterationBudget: 100_000 } as never });
    await stack.agents.startAgent({ agentId: "uranus" });
    const cycle = async () => Number((await stack.agents.getAgent({ agentId: "uranus" })).agent!.cycleCount);
    await waitFor(async () => (await cycle()) >= 3, 20_000, () => "uranus did not cycle on its own", 20);
    await stack.agents.pauseAgent({ agentId: "uranus" });
    await waitFor(async () => (await stack.agents.getAgent({ agentId: "uranus" })).agent!.state === AgentState.PAUSED, 10_000, () => "not paused", 20);
    const held = await cycle();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await cycle()).toBe(held);
    await stack.agents.startAgent({ agentId: "uranus", maxCycles: 2 });
    await waitFor(async () => !(await stack.agents.getAgent({ agentId: "uranus" })).agent!.started, 20_000, () => "the second start never ended", 20);
    expect(await cycle()).toBe(held + 2);
  }, 30_000);

  // What Ctrl-C of `boyd agent run` does: PauseAgent on an agent a Run drives, never started with StartAgent.
  it("pause of an agent a Run drives ends that run after its cycle and leaves the agent as a finished run does (STOPPED, not PAUSED); Resume goes on", async () => {
    await stack.agents.createAgent({ agentId: "neptune", goals: [ENDLESS], config: { defaultStallThreshold: 1000, iterationBudget: 100_000 } as never });
    const cycle = async () => Number((await stack.agents.getAgent({ agentId: "neptune" })).agent!.cycleCount);
    const run = stack.agents.run({ agentId: "neptune", maxCycles: 100_000 }, { timeoutMs: 30_000 });
    await waitFor(async () => (await cycle()) >= 3, 20_000, () => "neptune did not cycle", 20);
    await stack.agents.pauseAgent({ agentId: "neptune" });
    const { report } = await run;
    expect(report!.stopReason, report!.message).toBe(StopReason.CANCELLED);
    const stopped = (await stack.agents.getAgent({ agentId: "neptune" })).agent!;
    expect(AgentState[stopped.state]).toBe("STOPPED");
    expect(stopped.started).toBe(false);
    const resumed = (await stack.agents.resume({ agentId: "neptune", maxCycles: 2 }, { timeoutMs: 30_000 })).report!;
    expect({ cyclesRun: Number(resumed.cyclesRun), finalCycle: Number(resumed.finalCycle) }).toEqual({ cyclesRun: 2, finalCycle: Number(report!.finalCycle) + 2 });
  }, 30_000);

  it("pause of a detached Run stops it after its cycle, not PAUSED; pause of an agent that never ran leaves it IDLE", async () => {
    await stack.agents.createAgent({ agentId: "pluto", goals: [ENDLESS], config: { defaultStallThreshold: 1000, iterationBudget: 100_000 } as never });
    const cycle = async () => Number((await stack.agents.getAgent({ agentId: "pluto" })).agent!.cycleCount);
    await stack.agents.run({ agentId: "pluto", maxCycles: 100_000, detach: true });
    await waitFor(async () => (await cycle()) >= 3, 20_000, () => "pluto did not cycle", 20);
    await stack.agents.pauseAgent({ agentId: "pluto" });
    await waitFor(async () => (await stack.agents.getAgent({ agentId: "pluto" })).agent!.state !== AgentState.RUNNING, 10_000, () => "pluto still running after the pause", 20);
    const held = (await stack.agents.getAgent({ agentId: "pluto" })).agent!;
    expect(AgentState[held.state]).toBe("STOPPED");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await cycle(), "a cycle ran after the pause").toBe(Number(held.cycleCount));

    await stack.agents.createAgent({ agentId: "eris", goals: [ENDLESS] });
    expect(AgentState[(await stack.agents.pauseAgent({ agentId: "eris" })).agent!.state]).toBe("IDLE");
    expect(AgentState[(await stack.agents.getAgent({ agentId: "eris" })).agent!.state]).toBe("IDLE");
  }, 30_000);
});
