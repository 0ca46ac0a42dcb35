import { connectNats, type NatsTransport } from "@boyd/bus";
import { launchService, lineContainsInOrder, retryUntilAnswered, startNats, waitFor, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromEnv, publishPercept } from "../src/index.js";
import { agentId, entry, goal, observeClient, startNeighbours, type Neighbours } from "./fixtures/harness.js";

const main = new URL("../src/main.ts", import.meta.url).pathname;

let nats: NatsServer;
let transport: NatsTransport;
let neighbours: Neighbours;
beforeAll(async () => {
  nats = await startNats();
  transport = await connectNats({ servers: nats.url });
  neighbours = await startNeighbours(transport);
});
afterAll(async () => {
  await neighbours?.close();
  await transport?.close();
  await nats?.stop();
});

describe("observe main - the standalone process", () => {
  it("main - serves on NATS with the JetStream inbox, keeps percepts sent while it is down, drains on SIGTERM", async () => {
    const agent = agentId();
    const client = observeClient(transport);
    await neighbours.memory.remember({ agentId: agent, cycle: 1, entries: [entry("remembered")] });
    const env = { BOYD_NATS_URL: nats.url, BOYD_PERCEPT_ACK_WAIT_SECONDS: "5" };
    const first = launchService(main, env);
    try {
      const o = await retryUntilAnswered(() => client.observe({ agentId: agent, cycle: 2, goals: [goal("g1")] }));
      expect(o.observation!.recentEntries.map((e) => e.content)).toEqual(["remembered"]);
      await publishPercept(transport, { agentId: agent, id: "live", content: "sent while observe runs" });
      let seen: string[] = [];
      await waitFor(async () => (seen = (await client.observe({ agentId: agent, cycle: 3 })).observation!.percepts.map((p) => p.id)).length > 0, 5_000, () => "the percept never arrived");
      expect(seen).toEqual(["live"]);
    } finally {
      first.kill("SIGTERM");
    }
    expect(await first.exited).toBe(0);
    expect(first.output()).toMatch(/"msg":"observe serving"/);
    expect(first.output()).toMatch(/"msg":"stopped"/);

    await publishPercept(transport, { agentId: agent, id: "while-down", content: "sent while no observe runs" });
    const second = launchService(main, env);
    try {
      let seen: string[] = [];
      await waitFor(
        async () => {
          const o = await client.observe({ agentId: agent, cycle: 4 }).catch(() => undefined);
          seen = o?.observation?.percepts.map((p) => p.id) ?? [];
          return seen.length > 0;
        },
        15_000,
        () => `the percept sent while observe was down never arrived:\n${second.output()}`,
        100,
      );
      expect(seen).toEqual(["while-down"]);
    } finally {
      second.kill("SIGTERM");
    }
    expect(await second.exited).toBe(0);
  });

  it("main - bad configuration is refused naming the variable", async () => {
    const proc = launchService(main, { BOYD_NATS_URL: nats.url, BOYD_PERCEPT_INBOX: "kafka" });
    expect(await proc.exited).not.toBe(0);
    expect(proc.output()).toContain("BOYD_PERCEPT_INBOX");
  });
});

describe("observe configuration", () => {
  it("config - defaults, and errors naming the variable", () => {
    expect(configFromEnv({})).toEqual({
      perceptInbox: "jetstream",
      perceptStream: "BOYD_PERCEPTS",
      perceptReplicas: 1,
      perceptMaxAgeSeconds: 604_800,
      perceptAckWaitSeconds: 30,
      perceptMaxPerAgent: 1_000,
      maxPerceptsPerObserve: 100,
      logLevel: "info",
    });
    expect(configFromEnv({ BOYD_NATS_URL: "nats://127.0.0.1:4222", BOYD_PERCEPT_INBOX: "inprocess", BOYD_MAX_PERCEPTS_PER_OBSERVE: "20" })).toMatchObject({ natsUrl: "nats://127.0.0.1:4222", perceptInbox: "inprocess", maxPerceptsPerObserve: 20 });
    expect(() => configFromEnv({ BOYD_PERCEPT_STREAM: "a.b" })).toThrow(/BOYD_PERCEPT_STREAM: letters, digits/);
    expect(configFromEnv({ BOYD_PERCEPT_REPLICAS: "3" }).perceptReplicas).toBe(3);
    expect(() => configFromEnv({ BOYD_PERCEPT_REPLICAS: "6" })).toThrow(/BOYD_PERCEPT_REPLICAS/);
    expect(() => configFromEnv({ BOYD_MAX_PERCEPTS_PER_OBSERVE: "0" })).toThrow(/BOYD_MAX_PERCEPTS_PER_OBSERVE/);
    // Both bad settings are named in one error, in the order given.
    expect(() => configFromEnv({ BOYD_PERCEPT_ACK_WAIT_SECONDS: "soon", BOYD_LOG_LEVEL: "loud" })).toThrow(
      expect.objectContaining({ message: expect.toSatisfy((m: string) => lineContainsInOrder(m, ["BOYD_PERCEPT_ACK_WAIT_SECONDS: ", "; BOYD_LOG_LEVEL: "])) }),
    );
  });
});
