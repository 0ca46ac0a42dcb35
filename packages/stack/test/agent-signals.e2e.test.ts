import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WorkingMemoryKind, type CycleFinished, type Event, type WorkingMemoryEntry } from "@boyd/proto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../src/index.js";
import { ACT_TOOLS, ingestSolar, recordEvents } from "./fixtures/run.js";

/** A goal the solar graph cannot answer, so the agent keeps working and remembering. */
const PLUTO = { description: "Find the moons that orbit Pluto", successCriteria: "charon", stallThreshold: 20 };

function finishedOf(events: readonly Event[]): Array<{ cycle: number; finished: CycleFinished }> {
  return events.flatMap((e) => (e.kind?.$case === "cycleFinished" ? [{ cycle: Number(e.cycle), finished: e.kind.value }] : []));
}

/** The working-memory entries observe saw at the start of `cycle`. */
function recentAt(events: readonly Event[], cycle: number): WorkingMemoryEntry[] {
  const e = events.find((x) => Number(x.cycle) === cycle && x.kind?.$case === "observed");
  return e?.kind?.$case === "observed" ? (e.kind.value.observation?.recentEntries ?? []) : [];
}

describe("cycle signals end to end (embedded stack): context health, consolidation, working memory use", () => {
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
    await stack.agents.createAgent({ agentId: "health", goals: [PLUTO], config: { workingMemoryCapacity: 14, autoConsolidate: false, confirmSideEffectPlans: false } as never });
    await stack.agents.run({ agentId: "health", maxCycles: 4 });
    await stack.transport.flush();
    const finished = finishedOf(events);
    expect(finished.length).toBe(4);
    const health = finished.map(({ finished: f }) => [f.workingMemorySize, f.warnings.filter((w) => w.startsWith("context health")).join(" | ")]);
    for (const [size, warning] of health) {
      const share = Number(size) / 14;
      const full = `working memory ${Math.round(share * 100)}% full (${size}/14 entries)`;
      if (share >= 0.9) expect(warning).toBe(`context health critical: ${full}; new entries now evict old ones unless it is consolidated`);
      else if (share >= 0.7) expect(warning).toBe(`context health warning: ${full}; consolidation into episodes is near`);
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

  it("working memory - the action taken is an ACTION entry, and entries a decision was made from count a reference", async () => {
    const events = recordEvents(stack, "touch");
    await stack.agents.createAgent({ agentId: "touch", goals: [PLUTO], config: { autoConsolidate: false, confirmSideEffectPlans: false } as never });
    await stack.agents.run({ agentId: "touch", maxCycles: 3 });
    await stack.transport.flush();
    const firstTool = events.find((e) => Number(e.cycle) === 1 && e.kind?.$case === "acted");
    const tool = firstTool?.kind?.$case === "acted" ? firstTool.kind.value.result!.toolName : "";
    expect(tool).not.toBe("");

    // Cycle 2 sees cycle 1's entries untouched; its decision about the goal reads them.
    const seenIn2 = recentAt(events, 2).filter((e) => Number(e.sourceCycle) === 1);
    expect(seenIn2.length).toBeGreaterThan(0);
    expect(seenIn2.map((e) => Number(e.referenceCount))).toEqual(seenIn2.map(() => 0));
    const action = seenIn2.find((e) => e.kind === WorkingMemoryKind.ACTION);
    expect(action?.content).toMatch(new RegExp(`^${tool} executed \\{`));
    expect(action?.toolName).toBe(tool);

    // By cycle 3 cycle 1's decision was consulted once (in cycle 2, as the goal's tool history), the rest not; cycle 2's not yet.
    const seenIn3 = recentAt(events, 3);
    const fromCycle1 = seenIn3.filter((e) => Number(e.sourceCycle) === 1);
    const decided = (e: WorkingMemoryEntry) => e.kind === WorkingMemoryKind.DECISION;
    expect(fromCycle1.filter(decided).length).toBe(1);
    expect(fromCycle1.map((e) => Number(e.referenceCount))).toEqual(fromCycle1.map((e) => (decided(e) ? 1 : 0)));
    expect(fromCycle1.filter(decided).every((e) => e.accessCycles.map(Number).includes(2))).toBe(true);
    expect(seenIn3.filter((e) => Number(e.sourceCycle) === 2).map((e) => Number(e.referenceCount))).toEqual(seenIn3.filter((e) => Number(e.sourceCycle) === 2).map(() => 0));
  });
});
