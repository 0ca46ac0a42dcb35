import { EchoServiceDefinition, type EchoResponse } from "@boyd/proto";
import { InMemorySpanExporter, renderMetrics, startTracing, traceLogFields, type ReadableSpan, type TraceLogFields, type Tracing } from "@boyd/telemetry";
import { startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  BusError,
  connectNats,
  createClient,
  createEventChannel,
  Header,
  InProcessTransport,
  isTraceparent,
  rpcSubject,
  serveService,
  traceIdOf,
  type EventMeta,
  type ServiceBinding,
  type ServiceHandlers,
  type Transport,
} from "../src/index.js";

// A second service with Echo's messages: the front one calls it, so a
// handler's outgoing call can be followed.
const FrontDefinition = { ...EchoServiceDefinition, name: "FrontService", fullName: "boyd.test.FrontService" } as const;
const BACK = "boyd.v1.EchoService/Echo";
const FRONT = "boyd.test.FrontService/Echo";

interface Pair {
  /** The serving process's transport and the caller's (one shared bus in process, two NATS connections). */
  server: Transport;
  caller: Transport;
  close(): Promise<void>;
}

let nats: NatsServer;
beforeAll(async () => {
  nats = await startNats();
});
afterAll(async () => {
  await nats?.dispose();
});

const transports: Array<[string, () => Promise<Pair>]> = [
  [
    "in-process",
    async () => {
      const bus = new InProcessTransport();
      return { server: bus, caller: bus, close: () => bus.close() };
    },
  ],
  [
    "NATS",
    async () => {
      const server = await connectNats({ servers: nats.url });
      const caller = await connectNats({ servers: nats.url });
      return { server, caller, close: async () => void (await Promise.all([server.close(), caller.close()])) };
    },
  ],
];

describe.each(transports)("tracing over %s", (_name, connect) => {
  let exporter: InMemorySpanExporter;
  let tracing: Tracing;
  let pair: Pair;
  const bindings: ServiceBinding[] = [];
  const logged: TraceLogFields[] = [];
  const headers: string[] = [];

  beforeEach(async () => {
    exporter = new InMemorySpanExporter();
    tracing = startTracing({ serviceName: "bus-test", spanExporter: exporter });
    pair = await connect();
    const back = createClient(pair.server, EchoServiceDefinition);
    const backHandlers: ServiceHandlers<typeof EchoServiceDefinition> = {
      async echo(request, ctx): Promise<EchoResponse> {
        headers.push(ctx.traceparent ?? "");
        logged.push(traceLogFields());
        if (request.text === "not-found") throw new BusError("NOT_FOUND", "no such thing");
        if (request.text === "crash") throw new Error("internals");
        return { text: request.text, payload: request.payload, servedBy: "back" };
      },
    };
    const frontHandlers: ServiceHandlers<typeof FrontDefinition> = {
      // Passes nothing on explicitly: the active trace must carry through.
      echo: async (request) => ({ ...(await back.echo({ text: request.text })), servedBy: "front" }),
    };
    bindings.push(await serveService(pair.server, EchoServiceDefinition, backHandlers), await serveService(pair.server, FrontDefinition, frontHandlers));
  });

  afterEach(async () => {
    await Promise.all(bindings.splice(0).map((b) => b.stop()));
    await pair.close();
    await tracing.shutdown();
    logged.length = 0;
    headers.length = 0;
  });

  const spans = (name: string, kind: number): ReadableSpan[] => exporter.getFinishedSpans().filter((s) => s.name === name && s.kind === kind);
  const CLIENT = 2;
  const SERVER = 1;

  it("client span -> server span: one trace id through the headers, the server span a child of the client span", async () => {
    await createClient(pair.caller, EchoServiceDefinition).echo({ text: "hi" }, { agentId: "a1" });
    const [client] = spans(BACK, CLIENT);
    const [server] = spans(BACK, SERVER);
    expect(client && server).toBeTruthy();
    expect(server!.spanContext().traceId).toBe(client!.spanContext().traceId);
    expect(server!.parentSpanContext?.spanId).toBe(client!.spanContext().spanId);
    expect(traceIdOf(headers[0])).toBe(client!.spanContext().traceId);
    expect(server!.attributes).toMatchObject({ "rpc.system": "boyd", "rpc.service": "boyd.v1.EchoService", "rpc.method": "Echo", "boyd.agent_id": "a1" });
    // The handler's log lines name the trace and its own span.
    expect(logged[0]).toEqual({ trace_id: client!.spanContext().traceId, span_id: server!.spanContext().spanId, agent_id: "a1" });
  });

  it("a handler's outgoing call continues the caller's trace: client -> front server -> back client -> back server", async () => {
    const reply = await createClient(pair.caller, FrontDefinition).echo({ text: "relay" });
    expect(reply).toMatchObject({ text: "relay", servedBy: "front" });
    const [frontClient] = spans(FRONT, CLIENT);
    const [frontServer] = spans(FRONT, SERVER);
    const [backClient] = spans(BACK, CLIENT);
    const [backServer] = spans(BACK, SERVER);
    const chain = [frontClient, frontServer, backClient, backServer];
    expect(chain.every(Boolean)).toBe(true);
    expect(new Set(chain.map((s) => s!.spanContext().traceId)).size).toBe(1);
    for (let i = 1; i < chain.length; i++) expect(chain[i]!.parentSpanContext?.spanId).toBe(chain[i - 1]!.spanContext().spanId);
  });

  it("separate top-level calls are separate traces", async () => {
    const client = createClient(pair.caller, EchoServiceDefinition);
    await client.echo({ text: "one" });
    await client.echo({ text: "two" });
    const ids = spans(BACK, SERVER).map((s) => s.spanContext().traceId);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it("metrics count OK and every error code: NOT_FOUND, INTERNAL, INVALID_ARGUMENT, DEADLINE_EXCEEDED; server errors mark the span", async () => {
    const before = await counts();
    const client = createClient(pair.caller, EchoServiceDefinition);
    await client.echo({ text: "ok" });
    await expect(client.echo({ text: "not-found" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(client.echo({ text: "crash" })).rejects.toMatchObject({ code: "INTERNAL" });
    const subject = rpcSubject("boyd.v1.EchoService", "Echo");
    const garbage = await pair.caller.request(subject, { data: Uint8Array.of(0xff, 0xff, 0xff), headers: {} }, 5_000);
    expect(garbage.headers[Header.status]).toBe("INVALID_ARGUMENT");
    const late = await pair.caller.request(subject, { data: new Uint8Array(), headers: { [Header.deadline]: String(Date.now() - 1) } }, 5_000);
    expect(late.headers[Header.status]).toBe("DEADLINE_EXCEEDED");
    await expect(client.echo({ text: "x" }, { deadline: Date.now() - 1 })).rejects.toMatchObject({ code: "DEADLINE_EXCEEDED" });
    const after = await counts();
    const delta = (k: string) => (after.get(k) ?? 0) - (before.get(k) ?? 0);
    expect(delta("server OK")).toBe(1);
    expect(delta("server NOT_FOUND")).toBe(1);
    expect(delta("server INTERNAL")).toBe(1);
    expect(delta("server INVALID_ARGUMENT")).toBe(1);
    expect(delta("server DEADLINE_EXCEEDED")).toBe(1);
    expect(delta("client OK")).toBe(1);
    expect(delta("client NOT_FOUND")).toBe(1);
    expect(delta("client INTERNAL")).toBe(1);
    // The call refused before sending is the client's alone.
    expect(delta("client DEADLINE_EXCEEDED")).toBe(1);
    const byCode = new Map(spans(BACK, SERVER).map((s) => [s.attributes["rpc.response.status_code"], s.status.code]));
    expect(byCode.get("OK")).toBe(0);
    expect(byCode.get("NOT_FOUND")).toBe(0); // the request's fault, not the server's
    expect(byCode.get("INTERNAL")).toBe(2);
    expect(spans(BACK, CLIENT).find((s) => s.attributes["rpc.response.status_code"] === "NOT_FOUND")?.status.code).toBe(2);
  });

  it("events published inside a served call carry its traceparent to subscribers", async () => {
    const events = createEventChannel({ transport: pair.server, codec: EchoServiceDefinition.methods.echo.requestType });
    const seen: EventMeta[] = [];
    const sub = createEventChannel({ transport: pair.caller, codec: EchoServiceDefinition.methods.echo.requestType }).subscribe({ agentId: "a1" }, (_e, meta) => void seen.push(meta));
    await pair.caller.flush();
    const publisher: ServiceHandlers<typeof FrontDefinition> = {
      async echo(request) {
        await events.publish("a1", "note", request);
        await pair.server.flush();
        return { text: request.text, payload: request.payload, servedBy: "publisher" };
      },
    };
    const binding = await serveService(pair.server, { ...FrontDefinition, fullName: "boyd.test.PublisherService" }, publisher);
    try {
      await createClient(pair.caller, { ...FrontDefinition, fullName: "boyd.test.PublisherService" }).echo({ text: "ev" });
      await expect.poll(() => seen.length).toBe(1);
      const [server] = spans("boyd.test.PublisherService/Echo", SERVER);
      expect(traceIdOf(seen[0]!.traceparent)).toBe(server!.spanContext().traceId);
    } finally {
      await binding.stop();
      await sub.drain();
    }
  });
});

describe.each(transports)("sampled without an exporter over %s", (_name, connect) => {
  it("no spans are recorded, yet the caller's trace id reaches the handler's logs and its outgoing call", async () => {
    const tracing = startTracing({ serviceName: "bus-test", exporter: "none", sampleRatio: 1 });
    const pair = await connect();
    const seen: Array<{ header: string; log: TraceLogFields }> = [];
    const back = createClient(pair.server, EchoServiceDefinition);
    const bindings = [
      await serveService(pair.server, EchoServiceDefinition, {
        echo: (request, ctx) => (seen.push({ header: ctx.traceparent ?? "", log: traceLogFields() }), { text: request.text, payload: request.payload, servedBy: "back" }),
      }),
      await serveService(pair.server, FrontDefinition, { echo: async (request, ctx) => (seen.push({ header: ctx.traceparent ?? "", log: traceLogFields() }), await back.echo({ text: request.text })) }),
    ];
    try {
      const traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
      await createClient(pair.caller, FrontDefinition).echo({ text: "x" }, { traceparent });
      expect(seen).toHaveLength(2);
      expect(seen[0]!.header).toBe(traceparent);
      for (const s of seen) {
        expect(traceIdOf(s.header)).toBe("4bf92f3577b34da6a3ce929d0e0e4736");
        expect(s.log.trace_id).toBe("4bf92f3577b34da6a3ce929d0e0e4736");
      }
    } finally {
      await Promise.all(bindings.map((b) => b.stop()));
      await pair.close();
      await tracing.shutdown();
    }
  });
});

describe.each(transports)("sampling off (the default) over %s", (_name, connect) => {
  it("no trace context is carried, yet the caller's traceparent reaches the handler, every call sends one, and metrics count", async () => {
    const tracing = startTracing({ serviceName: "bus-test" });
    const pair = await connect();
    const seen: Array<{ header: string; log: TraceLogFields }> = [];
    const back = createClient(pair.server, EchoServiceDefinition);
    const bindings = [
      await serveService(pair.server, EchoServiceDefinition, {
        echo: (request, ctx) => (seen.push({ header: ctx.traceparent ?? "", log: traceLogFields() }), { text: request.text, payload: request.payload, servedBy: "back" }),
      }),
      await serveService(pair.server, FrontDefinition, { echo: async (request, ctx) => (seen.push({ header: ctx.traceparent ?? "", log: traceLogFields() }), await back.echo({ text: request.text })) }),
    ];
    try {
      const before = await counts();
      const traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
      await createClient(pair.caller, FrontDefinition).echo({ text: "x" }, { traceparent });
      expect(seen.map((s) => s.log)).toEqual([{}, {}]);
      expect(seen[0]!.header).toBe(traceparent);
      // The handler passed nothing on, and nothing carried it: its call starts a trace of its own.
      expect(isTraceparent(seen[1]!.header)).toBe(true);
      expect(traceIdOf(seen[1]!.header)).not.toBe("4bf92f3577b34da6a3ce929d0e0e4736");
      const after = await counts();
      expect((after.get("server OK") ?? 0) - (before.get("server OK") ?? 0)).toBe(1);
      expect((after.get("client OK") ?? 0) - (before.get("client OK") ?? 0)).toBe(1);
    } finally {
      await Promise.all(bindings.map((b) => b.stop()));
      await pair.close();
      await tracing.shutdown();
    }
  });
});

/** Bus request counts and client call counts of the back Echo rpc, by side and code. */
async function counts(): Promise<Map<string, number>> {
  const { body } = await renderMetrics();
  const out = new Map<string, number>();
  // Line by line: one anchored start per line, never a rescan of the body.
  const samples = body.split("\n");
  for (const m of samples.map((l) => /^boyd_rpc_server_requests_total\{([^}]*)\} (\S+)$/.exec(l)).filter((m) => m !== null)) {
    if (m[1]!.includes('service="boyd.v1.EchoService"')) out.set(`server ${/code="(\w+)"/.exec(m[1]!)![1]}`, Number(m[2]));
  }
  for (const m of samples.map((l) => /^boyd_rpc_client_duration_seconds_count\{([^}]*)\} (\S+)$/.exec(l)).filter((m) => m !== null)) {
    if (m[1]!.includes('service="boyd.v1.EchoService"')) out.set(`client ${/code="(\w+)"/.exec(m[1]!)![1]}`, Number(m[2]));
  }
  return out;
}
