import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { connectNats, createClient, serveService, type NatsTransport, type ServiceBinding } from "@boyd/bus";
import { EchoServiceDefinition } from "@boyd/proto";
import { startTracing, traceLogFields, type TraceLogFields, type Tracing } from "@boyd/telemetry";
import { startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { processSettingsFromEnv, tracingOptions } from "../src/index.js";

/** The parts of an OTLP/HTTP JSON traces request the test reads. */
interface OtlpSpan {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
}
interface OtlpTraces {
  resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
}

const SERVER_KIND = 2;
const CLIENT_KIND = 3;
const ECHO = "boyd.v1.EchoService/Echo";

// A service's tracing as runService sets it up from its environment, around
// one real call over a real nats-server, with a stand-in OTLP collector.
describe("tracing from the environment", () => {
  let nats: NatsServer;
  let collector: Server;
  let endpoint: string;
  const posted: OtlpTraces[] = [];
  beforeAll(async () => {
    nats = await startNats({ jetstream: false });
    collector = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        posted.push(JSON.parse(Buffer.concat(chunks).toString("utf8")) as OtlpTraces);
        res.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
    });
    collector.listen(0, "127.0.0.1");
    await once(collector, "listening");
    endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/v1/traces`;
  });
  afterAll(async () => {
    collector?.close();
    await nats?.dispose();
  });

  let tracing: Tracing | undefined;
  let transport: NatsTransport | undefined;
  let binding: ServiceBinding | undefined;
  afterEach(async () => {
    await binding?.stop();
    await transport?.close();
    await tracing?.shutdown();
    posted.length = 0;
  });

  /** Starts tracing from `env`, serves Echo (noting its log fields after an await) and calls it once. */
  async function callOnce(env: NodeJS.ProcessEnv): Promise<TraceLogFields> {
    tracing = startTracing(tracingOptions("echo", processSettingsFromEnv("echo", { BOYD_NATS_URL: nats.url, ...env })));
    transport = await connectNats({ servers: nats.url });
    let logged: TraceLogFields = {};
    binding = await serveService(transport, EchoServiceDefinition, {
      async echo(req) {
        await new Promise((r) => setImmediate(r));
        logged = traceLogFields();
        return { text: req.text, payload: req.payload, servedBy: "echo" };
      },
    });
    await createClient(transport, EchoServiceDefinition).echo({ text: "hi" }, { agentId: "a1" });
    await tracing.shutdown();
    return logged;
  }

  it("BOYD_OTEL_EXPORTER=otlp turns tracing on: client and server spans of one trace reach the collector, logs carry the server span", async () => {
    const logged = await callOnce({ BOYD_OTEL_EXPORTER: "otlp", OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: endpoint });
    const spans = posted.flatMap((p) => p.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));
    const client = spans.find((s) => s.name === ECHO && s.kind === CLIENT_KIND);
    const server = spans.find((s) => s.name === ECHO && s.kind === SERVER_KIND);
    expect(client && server).toBeTruthy();
    expect(server!.traceId).toBe(client!.traceId);
    expect(server!.parentSpanId).toBe(client!.spanId);
    expect(logged).toEqual({ trace_id: server!.traceId, span_id: server!.spanId, agent_id: "a1" });
  });

  it("by default sampling is off: nothing reaches a collector and no trace context is carried, even with an endpoint set", async () => {
    const logged = await callOnce({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: endpoint });
    expect(posted).toEqual([]);
    expect(logged).toEqual({});
  });

  it("BOYD_TRACE_SAMPLE_RATIO=0 keeps the otlp exporter silent; 1 without an exporter keeps trace ids on log lines", async () => {
    expect(await callOnce({ BOYD_OTEL_EXPORTER: "otlp", OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: endpoint, BOYD_TRACE_SAMPLE_RATIO: "0" })).toEqual({});
    expect(posted).toEqual([]);
    await afterEachLike();
    const logged = await callOnce({ BOYD_TRACE_SAMPLE_RATIO: "1" });
    expect(logged.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(posted).toEqual([]);
  });

  it("BOYD_TRACE_SAMPLE_RATIO outside 0..1 or not a number: refused, naming the variable", () => {
    for (const bad of ["1.5", "-1", "half"]) {
      expect(() => processSettingsFromEnv("echo", { BOYD_NATS_URL: nats.url, BOYD_TRACE_SAMPLE_RATIO: bad })).toThrow(
        "invalid echo settings: BOYD_TRACE_SAMPLE_RATIO: expected a number from 0 to 1",
      );
    }
  });

  /** What afterEach does, for a test that calls twice. */
  async function afterEachLike(): Promise<void> {
    await binding?.stop();
    await transport?.close();
    binding = undefined;
    transport = undefined;
  }
});
