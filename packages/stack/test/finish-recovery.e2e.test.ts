import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Event } from "@boyd/proto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../src/index.js";
import { ingestSolar } from "./fixtures/run.js";

const AGENT = "lost-finish";
// A goal that stays open: the runs stop at their cycle limits.
const GOAL = { description: "Identify the moons that orbit jupiter", successCriteria: "zorbium quasar flux", stallThreshold: 1_000 };

describe("a cycle.finished the controller gave up publishing is published again by its next run (embedded stack)", () => {
  let dir: string;
  let stack: Stack;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "boyd-finish-"));
    await chmod(dir, 0o755);
    stack = await startStack({ dataDir: dir });
    await ingestSolar(stack);
  });

  afterAll(async () => {
    await stack?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  /** The agent's stored cycle.finished events, in log order. */
  async function finished(): Promise<Event[]> {
    const out: Event[] = [];
    for await (const { event } of stack.events.replay({ agentId: AGENT, kind: "cycle.finished" })) out.push(event);
    return out;
  }

  it("the last cycle of a run whose cycle.finished every publish attempt lost gets one when the agent runs next, saying why; no cycle gets two", async () => {
    // The event log refuses cycle 3's cycle.finished, every attempt, as a JetStream that never acknowledges it would.
    const publish = stack.events.publish.bind(stack.events);
    let refused = 0;
    stack.events.publish = (agentId, kind, event) => {
      if (agentId === AGENT && kind === "cycle.finished" && Number(event.cycle) === 3) {
        refused++;
        return Promise.reject(new Error("no ack"));
      }
      return publish(agentId, kind, event);
    };
    try {
      await stack.agents.createAgent({ agentId: AGENT, goals: [GOAL] });
      const first = await stack.agents.run({ agentId: AGENT, maxCycles: 3 });
      expect(Number(first.report?.cyclesRun)).toBe(3);
      expect(refused).toBeGreaterThan(1);
      expect((await finished()).map((e) => Number(e.cycle))).toEqual([1, 2]);
    } finally {
      stack.events.publish = publish;
    }

    await stack.agents.run({ agentId: AGENT, maxCycles: 2 });
    const events = await finished();
    expect(events.map((e) => Number(e.cycle))).toEqual([1, 2, 3, 4, 5]);
    const recovered = events[2]!;
    expect(recovered.kind?.$case === "cycleFinished" && recovered.kind.value.warnings).toEqual([
      "recovered: publishing cycle 3's cycle.finished failed; published again from the saved session when local next ran the agent",
    ]);
  });
});
