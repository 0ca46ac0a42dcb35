import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type CycleFinished, type Event } from "@boyd/proto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../src/index.js";
import { ACT_TOOLS, ingestSolar, recordEvents } from "./fixtures/run.js";

/** A goal the solar graph cannot answer, so the agent keeps working and remembering. */
const PLUTO = { description: "Find the moons that orbit Pluto", successCriteria: "charon", stallThreshold: 20 };

function finishedOf(events: readonly Event[]): Array<{ cycle: number; finished: CycleFinished }> {
  return events.flatMap((e) => (e.kind?.$case === "cycleFinished" ? [{ cycle: Number(e.cycle), finished: e.kind.value }] : []));
}

describe("cycle signals end to end (embedded stack): context health, consolidation", () => {
  let dir: string;
  let stack: Stack;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "boyd-signals-"));
    await chmod(dir, 0o755);
    stack = await startStack({ dataDir: dir, actConfig: ACT_TOOLS, env: { ...process.env, BOYD_APPROVAL_MODE: "cautious" } });
    await ingestSolar(stack);
  });

  afterAll(async () => {
    await stack?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("context health - working memory at 70% and 90% of its capacity is a warning on the cycle.finished event", async () => {
    const events = recordEvents(stack, "health");
    await stack.agents.createAgent({ agentId: "health", goals: [PLUTO], config: { workingMemoryCapacity: 10, autoConsolidate: false, confirmSideEffectPlans: false } as never });
    await stack.agents.run({ agentId: "health", maxCycles: 4 });
    await stack.transport.flush();
    const finished = finishedOf(events);
    expect(finished.length).toBe(4);
    const health = finished.map(({ finished: f }) => [f.workingMemorySize, f.warnings.filter((w) => w.startsWith("context health")).join(" | ")]);
    for (const [size, warning] of health) {
      const share = Number(size) / 10;
      if (share >= 0.9) expect(warning).toBe(`context health critical: working memory ${Number(size) * 10}% full (${size}/10 entries); new entries now evict old ones unless it is consolidated`);
      else if (share >= 0.7) expect(warning).toBe(`context health warning: working memory ${Number(size) * 10}% full (${size}/10 entries); consolidation into episodes is near`);
      else expect(warning).toBe("");
    }
    // The run does reach both levels.
    expect(health.some(([, w]) => String(w).startsWith("context health warning"))).toBe(true);
    expect(health.some(([, w]) => String(w).startsWith("context health critical"))).toBe(true);
  });

  it("consolidation - a cycle whose working memory was consolidated names the episodes on cycle.finished", async () => {
    const events = recordEvents(stack, "consolidating");
    await stack.agents.createAgent({ agentId: "consolidating", goals: [PLUTO], config: { workingMemoryCapacity: 10, confirmSideEffectPlans: false } as never });
    await stack.agents.run({ agentId: "consolidating", maxCycles: 4 });
    await stack.transport.flush();
    const finished = finishedOf(events);
    const consolidating = finished.filter(({ finished: f }) => f.consolidated.length > 0);
    expect(consolidating.length).toBeGreaterThan(0);
    const { finished: f } = consolidating[0]!;
    expect(f.consolidated.every((e) => e.summary.trim() !== "")).toBe(true);
    // Consolidation follows pressure, which the health warning told first or now.
    expect(finished.some(({ finished: x }) => x.warnings.some((w) => w.startsWith("context health")))).toBe(true);
  });
});
