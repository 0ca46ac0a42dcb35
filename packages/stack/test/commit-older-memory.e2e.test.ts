// A cycle without reflection saves its session with its Remember
// (RememberRequest.save). Against a memory that predates that field (it
// ignores `save` and returns no `saved`), every cycle still commits: the
// controller sends SaveSession itself, and the agent loads at its last cycle.
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connectNats, serveService, type NatsTransport, type ServiceBinding, type ServiceHandlers } from "@boyd/bus";
import { createMemoryHandlers, openKvStore } from "@boyd/memory";
import { MemoryServiceDefinition, StopReason } from "@boyd/proto";
import { startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../src/index.js";
import { ingestSolar } from "./fixtures/run.js";

type MemoryHandlers = ServiceHandlers<typeof MemoryServiceDefinition>;

describe("the cycle's commit against a memory older than RememberRequest.save (stack on nats-server)", () => {
  let nats: NatsServer;
  let dir: string;
  let memoryConnection: NatsTransport;
  let memory: ServiceBinding;
  let stack: Stack;
  const calls: string[] = [];

  beforeAll(async () => {
    nats = await startNats();
    dir = await mkdtemp(join(tmpdir(), "boyd-older-memory-"));
    await chmod(dir, 0o755);
    memoryConnection = await connectNats({ servers: nats.url });
    const real = createMemoryHandlers(await openKvStore({ connection: memoryConnection.connection }));
    // What an older memory does with the request: it knows no `save`, so it saves nothing and says nothing of it.
    const older: MemoryHandlers = {
      ...real,
      remember: async (request, ctx) => {
        calls.push(`remember ${request.cycle}`);
        return real.remember({ ...request, save: undefined }, ctx);
      },
      saveSession: async (request, ctx) => {
        calls.push(`save ${request.state?.cycleCount ?? 0}`);
        return real.saveSession(request, ctx);
      },
    };
    memory = await serveService(memoryConnection, MemoryServiceDefinition, older);
    stack = await startStack({ dataDir: dir, nats: nats.url, services: ["observe", "orient", "decide", "act", "controller"] });
    await ingestSolar(stack);
  }, 60_000);

  afterAll(async () => {
    await stack?.stop();
    await memory?.stop();
    await memoryConnection?.close();
    await nats?.dispose();
    await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it("every cycle is saved with SaveSession after its Remember, and the agent loads at its last cycle", async () => {
    await stack.agents.createAgent({
      agentId: "veteran",
      goals: [{ description: "Identify the moons that orbit jupiter", successCriteria: "zorbium quasar flux", stallThreshold: 1_000 }],
      config: { maxCycles: 1_000, maxBacktrackAttempts: 1, reflection: { stagnationThreshold: 1_000, abandonAfterCycles: 1_000 } } as never,
    });
    calls.length = 0;
    const { report } = await stack.agents.run({ agentId: "veteran", maxCycles: 6 });
    expect(StopReason[report!.stopReason]).toBe("MAX_CYCLES");
    // The run's starting save, then each cycle's Remember followed by its own SaveSession (cycle 5
    // reflects: its report goes to working memory with a second Remember before the save).
    const cycle = (c: number) => [`remember ${c}`, ...(c === 5 ? [`remember ${c}`] : []), `save ${c}`];
    expect(calls).toEqual(["save 0", ...[1, 2, 3, 4, 5, 6].flatMap(cycle)]);
    const loaded = await stack.agents.getAgent({ agentId: "veteran" });
    expect(Number(loaded.agent!.cycleCount)).toBe(6);
  }, 120_000);
});
