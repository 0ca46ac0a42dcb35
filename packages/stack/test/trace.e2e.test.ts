import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Event } from "@boyd/proto";
import type { EventMeta } from "@boyd/bus";
import { InMemorySpanExporter, renderMetrics, startTracing, type ReadableSpan, type Tracing } from "@boyd/telemetry";
import { startNats, uniqueLabel, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startStack, type Stack, type StackOptions } from "../src/index.js";
import { ACT_TOOLS, ingestSolar } from "./fixtures/run.js";

const SERVER = 1;
const CLIENT = 2;

// Each phase of a cycle and the rpc that serves it.
const PHASE_RPCS: Array<[phase: string, rpc: string]> = [
  ["observe", "boyd.v1.ObserveService/Observe"],
  ["orient", "boyd.v1.OrientService/Orient"],
  ["decide", "boyd.v1.DecideService/Decide"],
  ["act", "boyd.v1.ActService/Act"],
  ["record", "boyd.v1.MemoryService/Remember"],
];

// One trace per cycle, whatever carries the calls: the stack in one process
// on the in-process bus, and the same services talking over a real
// nats-server, where only the NATS headers can carry the trace.
const exporter = new InMemorySpanExporter();
let tracing: Tracing;
let nats: NatsServer;
beforeAll(async () => {
  tracing = startTracing({ serviceName: "boyd-stack-e2e", spanExporter: exporter });
  nats = await startNats();
});
afterAll(async () => {
  await tracing?.shutdown();
  await nats?.dispose();
});

const modes: Array<[string, () => Omit<StackOptions, "dataDir">]> = [
  ["embedded (in-process bus)", () => ({ actConfig: ACT_TOOLS })],
  ["over NATS (Neo4j graph)", () => ({ actConfig: ACT_TOOLS, nats: nats.url, neo4j: { uri: inject("neo4jUri"), label: uniqueLabel("Trace") } })],
];

describe.each(modes)("tracing an agent end to end, %s", (_mode, options) => {
  let dir: string;
  let stack: Stack;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "boyd-trace-"));
    // The sandbox user must reach the workspace inside the temp dir (mkdtemp makes it 0700).
    await chmod(dir, 0o755);
    stack = await startStack({ dataDir: dir, ...options() });
    await ingestSolar(stack);
  });

  afterAll(async () => {
    await stack?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("each cycle is its own trace rooted at `cycle`: phase spans under it, and every service's server span in it", async () => {
    const agentId = `trace-${Math.random().toString(36).slice(2, 8)}`;
    const events: Array<{ event: Event; meta: EventMeta }> = [];
    const sub = stack.events.subscribe({ agentId }, (event, meta) => void events.push({ event, meta }));
    // A goal that never converges keeps the agent acting every cycle.
    await stack.agents.createAgent({
      agentId,
      goals: [{ description: "Find the rings of Uranus", successCriteria: "uranus rings ice particles", stallThreshold: 1000 }],
      config: { defaultStallThreshold: 1000, iterationBudget: 1000 } as never,
    });
    exporter.reset();
    const { report } = await stack.agents.run({ agentId, maxCycles: 2 });
    expect(Number(report!.cyclesRun)).toBe(2);
    await expect.poll(() => events.filter((e) => e.event.kind?.$case === "cycleFinished").length).toBe(2);
    await sub.drain();

    const spans = exporter.getFinishedSpans();
    const byId = new Map(spans.map((s) => [s.spanContext().spanId, s]));
    const parentOf = (s: ReadableSpan) => (s.parentSpanContext ? byId.get(s.parentSpanContext.spanId) : undefined);
    const [runServer] = spans.filter((s) => s.name === "boyd.v1.AgentService/Run" && s.kind === SERVER);
    expect(runServer, "the AgentService Run call is traced").toBeDefined();

    const cycles = spans.filter((s) => s.name === "cycle" && s.attributes["boyd.agent_id"] === agentId);
    expect(cycles.map((c) => c.attributes["boyd.cycle"])).toEqual([1, 2]);
    expect(new Set(cycles.map((c) => c.spanContext().traceId)).size).toBe(2);
    for (const cycle of cycles) {
      const traceId = cycle.spanContext().traceId;
      const inTrace = spans.filter((s) => s.spanContext().traceId === traceId);
      // The root, linked back to the call that ran it.
      expect(cycle.parentSpanContext).toBeUndefined();
      expect(cycle.attributes["boyd.outcome"]).toBe("ok");
      expect(cycle.links.map((l) => l.context.spanId)).toEqual([runServer!.spanContext().spanId]);
      expect(runServer!.spanContext().traceId).not.toBe(traceId);

      for (const [phase, rpc] of PHASE_RPCS) {
        const phaseSpan = inTrace.find((s) => s.name === phase && parentOf(s) === cycle);
        expect(phaseSpan, `${phase} phase span in cycle ${cycle.attributes["boyd.cycle"]}`).toBeDefined();
        const server = inTrace.find((s) => s.name === rpc && s.kind === SERVER);
        expect(server, `${rpc} server span in cycle ${cycle.attributes["boyd.cycle"]}`).toBeDefined();
        // server <- client <- phase <- cycle
        const client = parentOf(server!);
        expect(client?.kind).toBe(CLIENT);
        expect(client?.name).toBe(rpc);
        expect(parentOf(client!)).toBe(phaseSpan);
        expect(server!.attributes["boyd.agent_id"]).toBe(agentId);
      }
      // Services called by services stay in the cycle's trace too (observe reads memory).
      expect(inTrace.some((s) => s.name.startsWith("boyd.v1.MemoryService/") && s.kind === SERVER && parentOf(parentOf(s)!)?.name === "boyd.v1.ObserveService/Observe")).toBe(true);

      // The cycle's events name its trace, in the payload and on the wire.
      const cycleEvents = events.filter((e) => Number(e.event.cycle) === cycle.attributes["boyd.cycle"]);
      expect(cycleEvents.length).toBeGreaterThanOrEqual(5);
      for (const { event, meta } of cycleEvents) {
        expect(event.traceId).toBe(traceId);
        expect(meta.traceparent?.split("-")[1]).toBe(traceId);
      }
    }

    // What the run left in /metrics.
    const { body } = await renderMetrics();
    expect(sum(body, "boyd_cycles_total", { outcome: "ok" })).toBeGreaterThanOrEqual(2);
    expect(sum(body, "boyd_cycle_duration_seconds_count", { outcome: "ok" })).toBeGreaterThanOrEqual(2);
    expect(sum(body, "boyd_tool_executions_total", {})).toBeGreaterThanOrEqual(2);
    for (const service of ["ObserveService", "OrientService", "DecideService", "ActService", "MemoryService", "AgentService"]) {
      expect(sum(body, "boyd_rpc_server_requests_total", { service: `boyd.v1.${service}`, code: "OK" }), service).toBeGreaterThan(0);
      expect(sum(body, "boyd_rpc_server_duration_seconds_count", { service: `boyd.v1.${service}` }), service).toBeGreaterThan(0);
    }
    const pressure = sum(body, "boyd_working_memory_pressure", { agent: agentId });
    expect(pressure).toBeGreaterThan(0);
    expect(pressure).toBeLessThanOrEqual(1);
    expect(sum(body, "boyd_working_memory_entries", { agent: agentId })).toBeGreaterThan(0);
  });
});

/** The sum of the samples of `name` whose labels include `labels`, in a Prometheus text exposition. */
function sum(body: string, name: string, labels: Record<string, string>): number {
  let total = 0;
  for (const m of body.matchAll(/^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/gm)) {
    if (m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? "").matchAll(/(?<!\w)(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) total += Number(m[3]);
  }
  return total;
}
