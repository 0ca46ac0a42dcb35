import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AgentState } from "@boyd/proto";
import { afterEach, beforeEach, expect, it } from "vitest";
import { startStack, type Stack } from "../src/index.js";
import { ingestSolar } from "./fixtures/run.js";

let dir: string;
let stack: Stack | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "boyd-idle-"));
});
afterEach(async () => {
  await stack?.stop();
  stack = undefined;
  await rm(dir, { recursive: true, force: true });
});

// The controller kept every agent it ever loaded, each with its session
// (tens to hundreds of KB), for as long as it ran: 10,000 agents created
// and cycled held them all.
it("past keptIdleAgents the least recently used idle agents are let go: still listed, read again when asked for, and run on from their saved cycle", async () => {
  stack = await startStack({ dataDir: dir, keptIdleAgents: 2 });
  await ingestSolar(stack);
  const ids = ["a1", "a2", "a3", "a4"];
  for (const agentId of ids) {
    await stack.agents.createAgent({ agentId, goals: [{ description: "Find the moons that orbit Jupiter", successCriteria: "zorbium" }] });
    await stack.agents.run({ agentId, maxCycles: 2 });
  }
  const loaded = () => stack!.controller!.runtime.list().map((a) => a.agentId);
  expect(loaded()).toEqual(["a3", "a4"]);
  // A let-go agent is known as a replica that did not run it knows it: from its saved session.
  expect((await stack.agents.listAgents({})).agents.map((a) => a.agentId)).toEqual(ids);
  const a1 = (await stack.agents.getAgent({ agentId: "a1" })).agent!;
  expect([a1.cycleCount, a1.state]).toEqual([2, AgentState.IDLE]);
  const { report } = await stack.agents.run({ agentId: "a1", maxCycles: 1 });
  expect(report!.finalCycle).toBe(3);
  expect(loaded()).toHaveLength(2);
  expect(loaded()).toContain("a1");
});
