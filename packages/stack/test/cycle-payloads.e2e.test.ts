import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connectNats, type NatsTransport } from "@boyd/bus";
import { ApprovalMode, SaveSessionRequest, StopReason } from "@boyd/proto";
import { startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../src/index.js";
import { ingestSolar } from "./fixtures/run.js";

const AGENT = "slim";
// More cycles than the session keeps tool runs for (32), in two runs: the second loads a session whose working memory is full.
const FIRST_RUN = 4;
const SECOND_RUN = 36;
const REFLECTION_EVERY = 5;

/** Every message on `subject` as it crossed the server, decoded. */
function overhear<T>(outsider: NatsTransport, subject: string, decode: (data: Uint8Array) => T): T[] {
  const heard: T[] = [];
  outsider.connection.subscribe(subject, {
    callback: (_err, m) => {
      heard.push(decode(m.data));
    },
  });
  return heard;
}

// A goal that never converges keeps every cycle doing the full work (the bench's workload).
describe("what a cycle sends over NATS stays small whatever the agent's age (stack on nats-server)", () => {
  let nats: NatsServer;
  let dir: string;
  let stack: Stack;
  let outsider: NatsTransport;

  beforeAll(async () => {
    nats = await startNats();
    dir = await mkdtemp(join(tmpdir(), "boyd-payloads-"));
    await chmod(dir, 0o755);
    stack = await startStack({ dataDir: dir, nats: nats.url, namespace: "payloads" });
    await ingestSolar(stack);
    outsider = await connectNats({ servers: nats.url });
  }, 60_000);

  afterAll(async () => {
    await outsider?.close();
    await stack?.stop();
    await nats?.dispose();
    await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it("SaveSession - no working memory (memory keeps its own) and only the tool runs reflection and resume need", async () => {
    const saves = overhear(outsider, "boyd.v1.MemoryService.SaveSession", (d) => SaveSessionRequest.decode(d));
    await outsider.connection.flush();
    await stack.agents.createAgent({
      agentId: AGENT,
      goals: [{ description: "Identify the moons that orbit jupiter", successCriteria: "zorbium quasar flux", stallThreshold: 1_000 }],
      config: { maxCycles: 1_000, iterationBudget: 100_000, defaultStallThreshold: 1_000, maxBacktrackAttempts: 1, confirmSideEffectPlans: false, approvalMode: ApprovalMode.CAUTIOUS, reflection: { stagnationThreshold: 1_000, abandonAfterCycles: 1_000 } } as never,
    });
    for (const maxCycles of [FIRST_RUN, SECOND_RUN]) {
      const { report } = await stack.agents.run({ agentId: AGENT, maxCycles });
      expect(StopReason[report!.stopReason]).toBe("MAX_CYCLES");
    }
    await outsider.connection.flush();
    const states = saves.filter((s) => s.state?.agentId === AGENT).map((s) => s.state!);
    expect(states.length).toBeGreaterThanOrEqual(FIRST_RUN + SECOND_RUN);
    expect(states.filter((s) => s.workingMemory.length > 0).map((s) => `cycle ${s.cycleCount}: ${s.workingMemory.length} entries`)).toEqual([]);
    const last = states.at(-1)!;
    expect(Number(last.cycleCount)).toBe(FIRST_RUN + SECOND_RUN);
    // At most the newest 32, or every run since the last reflection.
    expect(Math.max(...states.map((s) => s.toolRuns.length))).toBeLessThanOrEqual(Math.max(32, REFLECTION_EVERY));
    expect(last.toolRuns.map((r) => Number(r.cycle))).toEqual(Array.from({ length: 32 }, (_, i) => FIRST_RUN + SECOND_RUN - 31 + i));
  }, 120_000);
});
