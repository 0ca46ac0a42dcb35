// One data directory, one stack: a second stack on it is refused at start-up
// (each file-backed store holds its directory's lock), and leaves nothing
// half-started behind.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../src/index.js";

describe("a data directory is used by one stack at a time (embedded stores)", () => {
  let dir: string;
  const running: Stack[] = [];
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "boyd-stack-lock-"));
  });
  afterEach(async () => {
    for (const s of running.splice(0)) await s.stop();
    await rm(dir, { recursive: true, force: true });
  });
  const start = async (services?: Parameters<typeof startStack>[0]["services"]): Promise<Stack> => {
    const stack = await startStack({ dataDir: dir, ...(services ? { services } : {}) });
    running.push(stack);
    return stack;
  };

  it("a second stack on a running stack's data directory is refused, naming the directory and this process; the first goes on; once stopped, a new one starts", async () => {
    const first = await start();
    const err = await start().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toContain(`cannot open the graph store in ${join(dir, "graph")}`);
    expect((err as Error).message).toContain(`process ${process.pid}`);
    await first.agents.createAgent({ agentId: "still", goals: [{ description: "Stay up", successCriteria: "up" }] });
    expect((await first.agents.getAgent({ agentId: "still" })).agent?.agentId).toBe("still");
    await running.pop()!.stop();
    const next = await start();
    expect((await next.agents.getAgent({ agentId: "still" })).agent?.agentId).toBe("still");
  });

  it("a refusal late in start-up closes the stores opened before it: nothing of the refused stack stays held", async () => {
    // Act alone holds <dir>/act; a whole stack opens the graph and memory first, then is refused at act.
    await start(["act", "decide"]);
    const err = await start().catch((e: unknown) => e);
    expect((err as Error).message).toContain(`cannot open act's record store in ${join(dir, "act")}`);
    // The graph and memory directories were let go: another process's services can take them.
    await start(["orient", "memory"]);
  });

  it("a bad BOYD_MEMORY_SYNC is refused naming the variable, and leaves nothing held", async () => {
    const err = await startStack({ dataDir: dir, env: { ...process.env, BOYD_MEMORY_SYNC: "sometimes" } }).catch((e: unknown) => e);
    expect((err as Error).message).toContain("BOYD_MEMORY_SYNC: ");
    expect((err as Error).message).toContain("'pipelined'");
    const strict = await startStack({ dataDir: dir, env: { ...process.env, BOYD_MEMORY_SYNC: "session" } });
    running.push(strict);
    await strict.agents.createAgent({ agentId: "strict", goals: [{ description: "Stay up", successCriteria: "up" }] });
    expect((await strict.agents.getAgent({ agentId: "strict" })).agent?.agentId).toBe("strict");
  });

  it("stacks running different services share one data directory (startStack services)", async () => {
    await start(["orient", "decide"]);
    await start(["memory", "act"]);
  });
});
