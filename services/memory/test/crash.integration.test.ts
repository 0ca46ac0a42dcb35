import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { connectNats, createClient, InProcessTransport, type Transport } from "@boyd/bus";
import { MemoryServiceDefinition } from "@boyd/proto";
import { startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFileStore, openKvStore, serveMemory, type MemoryStore } from "../src/index.js";
import { tempDir } from "./fixtures/harness.js";

const saver = fileURLToPath(new URL("./fixtures/crash-saver.ts", import.meta.url));

let nats: NatsServer;
beforeAll(async () => {
  nats = await startNats();
});
afterAll(async () => {
  await nats?.stop();
});

/** Runs the saver until it has acknowledged `atLeast` saves, then SIGKILLs it mid-loop; resolves with the last acknowledged version. */
async function saveThenKill(args: string[], atLeast: number): Promise<number> {
  const child = spawn(process.execPath, ["--import", "tsx", saver, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let acked = 0;
  let stderr = "";
  child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (b: Buffer) => {
      for (const m of b.toString().matchAll(/ACK (\d+)/g)) acked = Math.max(acked, Number(m[1]));
      if (acked >= atLeast && child.exitCode === null) {
        child.kill("SIGKILL");
        resolve();
      }
    });
    child.once("exit", (code) => (acked >= atLeast ? resolve() : reject(new Error(`saver exited early (${code}): ${stderr}`))));
  });
  await new Promise((r) => (child.exitCode === null && child.signalCode === null ? child.once("exit", r) : r(undefined)));
  return acked;
}

const cases: [string, () => Promise<{ args: string[]; open: () => Promise<MemoryStore>; transport: () => Promise<Transport>; done: () => void }>][] = [
  [
    "files",
    async () => {
      const { dir, remove } = tempDir();
      return { args: ["files", dir], open: () => openFileStore({ dir }), transport: async () => new InProcessTransport(), done: remove };
    },
  ],
  [
    "JetStream KV",
    async () => {
      const bucket = `memory_crash_${process.pid}`;
      let nc: Awaited<ReturnType<typeof connectNats>> | undefined;
      return {
        args: ["kv", nats.url, bucket],
        open: async () => openKvStore({ connection: (nc = await connectNats({ servers: nats.url })).connection, bucket }),
        transport: async () => nc!,
        done: () => undefined,
      };
    },
  ],
];

describe.each(cases)("crash - kill -9 during a save (%s)", (_name, setup) => {
  it("resume after the crash restores one complete saved version, never a torn one", async () => {
    const env = await setup();
    const acked = await saveThenKill(env.args, 40);
    const store = await env.open();
    const transport = await env.transport();
    const binding = await serveMemory(transport, store);
    try {
      const client = createClient(transport, MemoryServiceDefinition, { timeoutMs: 10_000 });
      const { state, version } = await client.loadSession({ agentId: "crash" });
      // The last acknowledged save, or the one in flight if it reached the disk whole.
      expect([acked, acked + 1]).toContain(version);
      expect(state!.cycleCount).toBe(version);
      expect(state!.goals).toHaveLength(200);
      expect(state!.plans).toHaveLength(200);
      expect(state!.toolCallsUsed).toEqual({ kg_query: version });
      // Working memory holds every remembered cycle up to the saved one (the next one's entry may be there too).
      const contents = state!.workingMemory.map((e) => e.content);
      expect(contents.slice(0, version)).toEqual(Array.from({ length: version }, (_, i) => `cycle ${i + 1}`));
      expect(contents.length - version).toBeLessThanOrEqual(1);
      // And the agent goes on from there.
      expect((await client.saveSession({ state: { ...state!, cycleCount: version + 1 }, expectedVersion: version })).version).toBe(version + 1);
    } finally {
      await binding.stop();
      await store.close();
      await transport.close();
      env.done();
    }
  });
});
