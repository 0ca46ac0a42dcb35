import { connectNats, createClient } from "@boyd/bus";
import { MemoryServiceDefinition, WorkingMemoryKind } from "@boyd/proto";
import { launchService, retryUntilAnswered, startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromEnv, syncPolicyFromEnv } from "../src/index.js";
import { entry, session, tempDir } from "./fixtures/harness.js";

const main = new URL("../src/main.ts", import.meta.url).pathname;

let nats: NatsServer;
beforeAll(async () => {
  nats = await startNats();
});
afterAll(async () => {
  await nats?.stop();
});

describe("memory main - the standalone process", () => {
  it.each([["files"], ["kv"]])("main - serves on NATS with the %s store, keeps state across a restart, drains on SIGTERM", async (storeKind) => {
    const dir = tempDir();
    const env = { BOYD_NATS_URL: nats.url, BOYD_MEMORY_STORE: storeKind, BOYD_DATA_DIR: dir.dir, BOYD_MEMORY_KV_BUCKET: `memory_main_${process.pid}`, BOYD_ORIENT_TIMEOUT_MS: "200" };
    const transport = await connectNats({ servers: nats.url });
    try {
      const client = createClient(transport, MemoryServiceDefinition, { timeoutMs: 5_000 });
      const first = launchService(main, env);
      await retryUntilAnswered(() => client.saveSession({ state: session("m1", 1), expectedVersion: 0 }));
      await client.remember({ agentId: "m1", cycle: 1, entries: [entry("held across restarts", { kind: WorkingMemoryKind.TOOL_RESULT, toolName: "echo" })] });
      first.kill("SIGTERM");
      expect(await first.exited).toBe(0);
      expect(first.output()).toMatch(/"msg":"stopped"/);
      // No orient is running: linking the fact failed, memory said so and went on.
      expect(first.output()).toMatch(/orient unreachable/);

      const second = launchService(main, env);
      const loaded = await retryUntilAnswered(() => client.loadSession({ agentId: "m1" }));
      expect(loaded.version).toBe(1);
      expect(loaded.state!.workingMemory.map((e) => e.content)).toEqual(["held across restarts"]);
      second.kill("SIGTERM");
      expect(await second.exited).toBe(0);
    } finally {
      await transport.close();
      dir.remove();
    }
  });

  it("main - bad configuration is refused naming the variable", async () => {
    const proc = launchService(main, { BOYD_NATS_URL: nats.url, BOYD_MEMORY_STORE: "sqlite" });
    expect(await proc.exited).not.toBe(0);
    expect(proc.output()).toContain("BOYD_MEMORY_STORE");
  });
});

describe("memory configuration", () => {
  it("config - defaults, env names in errors, kv needs NATS", () => {
    expect(configFromEnv({})).toMatchObject({ store: "files", dataDir: ".boyd/memory", kvBucket: "boyd_memory", kvReplicas: 1, graph: true, orientTimeoutMs: 2000, logLevel: "info" });
    expect(configFromEnv({ BOYD_DATA_DIR: "/var/boyd", BOYD_MEMORY_GRAPH: "false" })).toMatchObject({ dataDir: "/var/boyd/memory", graph: false });
    expect(() => configFromEnv({ BOYD_MEMORY_KV_REPLICAS: "9" })).toThrow(/BOYD_MEMORY_KV_REPLICAS/);
    expect(() => configFromEnv({ BOYD_MEMORY_KV_BUCKET: "a.b" })).toThrow(/BOYD_MEMORY_KV_BUCKET/);
    expect(() => configFromEnv({ BOYD_MEMORY_STORE: "kv" })).toThrow(/BOYD_MEMORY_STORE=kv needs BOYD_NATS_URL/);
  });

  it("config - BOYD_MEMORY_SYNC picks when the files store syncs: pipelined by default, a bad value named", () => {
    expect(configFromEnv({}).sync).toBe("pipelined");
    expect(configFromEnv({ BOYD_MEMORY_SYNC: "session" }).sync).toBe("session");
    expect(syncPolicyFromEnv({ BOYD_MEMORY_SYNC: "every-write" })).toBe("every-write");
    expect(syncPolicyFromEnv({})).toBe("pipelined");
    expect(() => configFromEnv({ BOYD_MEMORY_SYNC: "never" })).toThrow(/BOYD_MEMORY_SYNC/);
    expect(() => syncPolicyFromEnv({ BOYD_MEMORY_SYNC: "never" })).toThrow(/^invalid memory configuration: BOYD_MEMORY_SYNC: /);
    expect(() => syncPolicyFromEnv({ BOYD_MEMORY_SYNC: "never" })).toThrow(/'pipelined'/);
  });
});
