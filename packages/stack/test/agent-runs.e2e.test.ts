import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@boyd/bus";
import { ActionOutcome, MemoryServiceDefinition, type ActionResult, type Event } from "@boyd/proto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../src/index.js";
import { ACT_TOOLS, ingestSolar, recordEvents } from "./fixtures/run.js";

const MARS = { description: "Find the moons that orbit Mars", successCriteria: "phobos, deimos" };

/** The results act gave the agent, in order. */
const actedIn = (events: readonly Event[]): ActionResult[] => events.flatMap((e) => (e.kind?.$case === "acted" ? [e.kind.value.result!] : []));

/** Runs one cycle of `agentId` and returns what act answered in it. */
async function oneCycle(stack: Stack, agentId: string): Promise<ActionResult[]> {
  const events = recordEvents(stack, agentId);
  await stack.agents.run({ agentId, maxCycles: 1 });
  await stack.transport.flush(); // events are delivered on the next turn
  return actedIn(events);
}

describe("an agent's runs and act's idempotency ledger (embedded stack, state on disk)", () => {
  let dir: string;
  let stack: Stack | undefined;
  const start = () => startStack({ dataDir: dir, actConfig: ACT_TOOLS, env: { ...process.env, BOYD_APPROVAL_MODE: "cautious" } });

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "boyd-runs-"));
  });

  afterEach(async () => {
    await stack?.stop();
    stack = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  it("a cycle retried within a run acts under the same key (a read runs again: it takes no ledger claim); the session started over acts in its cycle 1 again", async () => {
    stack = await start();
    await ingestSolar(stack);
    const memory = createClient(stack.transport, MemoryServiceDefinition, { timeoutMs: 10_000 });
    await stack.agents.createAgent({ agentId: "retry", goals: [MARS] });
    const beforeCycle = await memory.loadSession({ agentId: "retry" });
    expect(beforeCycle.state!.runId).not.toBe("");

    const first = await oneCycle(stack, "retry");
    expect(first.map((r) => [ActionOutcome[r.outcome], Number(r.cycle)])).toEqual([["EXECUTED", 1]]);
    expect(first[0]!.idempotencyKey).toMatchObject({ agentId: "retry", runId: beforeCycle.state!.runId, cycle: 1, step: 0 });

    // The controller dies after acting but before saving cycle 1: on restart the session is where it was, in the same run.
    const afterCycle = await memory.loadSession({ agentId: "retry" });
    await memory.saveSession({ state: beforeCycle.state!, expectedVersion: afterCycle.version });
    await stack.stop();
    stack = await start();

    const retried = await oneCycle(stack, "retry");
    // Both are reads (cycle 1's memory makes the retry pick another one): run, not answered from the ledger.
    // A call with a side effect is REPLAYED here (act's result-record and read-only-calls tests).
    expect(first.concat(retried).map((r) => ["kg_query", "similarity_search", "memory_recall", "reason", "library_search", "infer_rules"].includes(r.toolName))).toEqual([true, true]);
    expect(retried.map((r) => [ActionOutcome[r.outcome], Number(r.cycle)])).toEqual([["EXECUTED", 1]]);
    expect(retried[0]!.idempotencyKey).toEqual(first[0]!.idempotencyKey);

    // Started over (fresh): a new run, whose cycle 1 is a new call, not the old run's result.
    await stack.agents.createAgent({ agentId: "retry", fresh: true, goals: [MARS] });
    const fresh = await oneCycle(stack, "retry");
    expect(fresh.map((r) => [ActionOutcome[r.outcome], Number(r.cycle)])).toEqual([["EXECUTED", 1]]);
    expect(fresh[0]!.idempotencyKey!.runId).not.toBe(first[0]!.idempotencyKey!.runId);
  });

  it("run --fresh on an existing agent starts a new run: its cycles execute, none is replayed", async () => {
    stack = await start();
    await ingestSolar(stack);
    await stack.agents.createAgent({ agentId: "again", goals: [MARS] });
    const first = await oneCycle(stack, "again");
    const events = recordEvents(stack, "again");
    await stack.agents.run({ agentId: "again", maxCycles: 1, fresh: true, goals: [MARS] });
    await stack.transport.flush();
    const second = actedIn(events);
    expect(second.map((r) => [ActionOutcome[r.outcome], Number(r.cycle)])).toEqual([["EXECUTED", 1]]);
    expect(second[0]!.idempotencyKey!.runId).not.toBe(first[0]!.idempotencyKey!.runId);
  });
});
