import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GoalStatus, type Event } from "@boyd/proto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../src/index.js";
import { ingestSolar, recordEvents } from "./fixtures/run.js";

// The graph never says these words: a goal that no cycle can meet.
const STUCK = { description: "Find the moons of Neptune", successCriteria: "zorblax quuxite" };
const MARS = { description: "Find the moons that orbit Mars", successCriteria: "phobos, deimos" };

describe("which goal a cycle works on (embedded stack)", () => {
  let dir: string;
  let stack: Stack;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "boyd-focus-"));
    stack = await startStack({ dataDir: dir });
    await ingestSolar(stack);
  });

  afterAll(async () => {
    await stack?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("a goal getting nowhere does not hold up the next one: given first, it is worked one cycle, then the answerable goal is met in cycle 2, and decide served the goal the controller chose", async () => {
    const events = recordEvents(stack, "focus");
    await stack.agents.createAgent({ agentId: "focus", goals: [STUCK, MARS] });
    const { report } = await stack.agents.run({ agentId: "focus", maxCycles: 3 });
    await stack.transport.flush();
    const status = (description: string) => report!.goals.find((g) => g.description === description)?.status;
    expect(status(MARS.description)).toBe(GoalStatus.COMPLETED);
    expect(status(STUCK.description)).toBe(GoalStatus.ACTIVE);
    const served = events.flatMap((e: Event) => (e.kind?.$case === "decided" ? [`${e.cycle} ${e.kind.value.decision!.goalId}`] : []));
    expect(served.slice(0, 2)).toEqual([`1 goal:${STUCK.description}`, `2 goal:${MARS.description}`]);
  });
});
