import { BusError, InProcessTransport, connectNats, createClient, isBusError, serveService, type Transport } from "@boyd/bus";
import { ActServiceDefinition, DecideServiceDefinition, ScoringMethod, type ToolDescriptor } from "@boyd/proto";
import { BUILTIN_TOOLS } from "@boyd/tools";
import { launchService, retryUntilAnswered, startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actCatalog, serveDecide } from "../src/index.js";
import { decideRequest, goal } from "./fixtures/requests.js";

const main = new URL("../src/main.ts", import.meta.url).pathname;

// A stand-in for the act service's registry (act itself is another service):
// answers ListTools with the built-ins plus one custom tool.
const custom: ToolDescriptor = { ...BUILTIN_TOOLS.find((t) => t.name === "http_fetch")!, name: "weather_lookup", keywords: ["weather", "forecast", "rain", "temperature"], requiredParams: ["topic"], scoring: ScoringMethod.VSA_SEMANTIC };
const unimplemented = () => Promise.reject(new BusError("UNIMPLEMENTED", "not part of this stand-in"));
const serveActCatalog = (t: Transport) => serveService(t, ActServiceDefinition, { act: unimplemented, resolveApproval: unimplemented, listTools: () => Promise.resolve({ tools: [...BUILTIN_TOOLS, custom] }) });

let nats: NatsServer;
beforeAll(async () => {
  nats = await startNats();
});
afterAll(async () => {
  await nats?.stop();
});

const transports: [string, () => Promise<Transport>][] = [
  ["in-process", () => Promise.resolve(new InProcessTransport())],
  ["NATS", () => connectNats({ servers: nats.url })],
];

describe.each(transports)("decide over the bus (%s)", (_name, open) => {
  it("answers Decide with a full breakdown and GeneratePlan with a plan", async () => {
    const transport = await open();
    const binding = await serveDecide(transport);
    try {
      const client = createClient(transport, DecideServiceDefinition, { timeoutMs: 5_000 });
      const { decision } = await client.decide(decideRequest("download https://example.org/rates.json from the web"));
      expect(decision!.call!.toolName).toBe("kg_query");
      expect(decision!.score!.breakdown).toMatch(/^\[score=0\.\d\d: base=0\.80 recency=-0\.00 novelty=\+0\.15 episodic=\+0\.00 pressure=\+0\.00 archetype=\+0\.000\]$/);
      const fetch = decision!.explanation!.alternatives.find((a) => a.toolName === "http_fetch")!;
      expect(JSON.parse(fetch.inputJson)).toEqual({ url: "https://example.org/rates.json" });
      expect(decision!.call!.idempotencyKey).toEqual({ agentId: "agent-1", cycle: 3, step: 0, runId: "" });

      const g = goal("download https://example.org/rates.json from the web");
      const { plan } = await client.generatePlan({ agentId: "agent-1", goal: g, attempt: 0, orientation: decideRequest(g).orientation, usedTools: [], tools: [] });
      expect(plan!.steps.map((s) => s.toolName)).toEqual(["kg_query", "http_fetch"]);

      const err = await client.decide({ ...decideRequest("x"), orientation: undefined }).catch((e: unknown) => e);
      expect(isBusError(err) && err.code).toBe("INVALID_ARGUMENT");
      expect((err as Error).message).toMatch(/orientation\.observation is required/);
    } finally {
      await binding.stop();
      await transport.close();
    }
  });

  it("scores the act service's catalog, and the last known one while act is away", async () => {
    const transport = await open();
    const act = await serveActCatalog(transport);
    const stale: unknown[] = [];
    const decide = await serveDecide(transport, { catalog: actCatalog(transport, { ttlMs: 0, timeoutMs: 300, onStale: (e) => stale.push(e) }) });
    try {
      const client = createClient(transport, DecideServiceDefinition, { timeoutMs: 5_000 });
      const ask = async () => (await client.decide(decideRequest("will it rain tomorrow? check the weather forecast"))).decision!;
      expect((await ask()).explanation!.alternatives.map((a) => a.toolName)).toContain("weather_lookup");
      await act.stop();
      expect((await ask()).explanation!.alternatives.map((a) => a.toolName)).toContain("weather_lookup");
      expect(stale.length).toBeGreaterThan(0);
    } finally {
      await decide.stop();
      await transport.close();
    }
  });
});

describe("actCatalog", () => {
  it("falls back to the built-in tools when act never answered", async () => {
    const transport = new InProcessTransport();
    const catalog = actCatalog(transport, { timeoutMs: 100 });
    expect((await catalog()).map((t) => t.name)).toEqual(BUILTIN_TOOLS.map((t) => t.name));
    await transport.close();
  });
});

describe("decide main - the standalone process", () => {
  it("main - serves on NATS from env config and drains on SIGTERM", async () => {
    const proc = launchService(main, { BOYD_NATS_URL: nats.url, BOYD_LOG_LEVEL: "info" });
    const transport = await connectNats({ servers: nats.url });
    try {
      const client = createClient(transport, DecideServiceDefinition, { timeoutMs: 5_000 });
      const { decision } = await retryUntilAnswered(() => client.decide(decideRequest("learn about the sun")));
      expect(decision!.call!.toolName).toBe("kg_query");
      proc.kill("SIGTERM");
      expect(await proc.exited).toBe(0);
      expect(proc.output()).toMatch(/"msg":"stopped"/);
    } finally {
      proc.kill("SIGKILL");
      await transport.close();
    }
  });

  it("main - bad configuration is refused naming the variable", async () => {
    const proc = launchService(main, { BOYD_NATS_URL: "nats://127.0.0.1:4222", BOYD_CATALOG_TTL_SECONDS: "-3" });
    expect(await proc.exited).not.toBe(0);
    expect(proc.output()).toContain("BOYD_CATALOG_TTL_SECONDS");
  });
});
