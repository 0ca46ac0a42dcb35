import { afterEach, describe, expect, it } from "vitest";
import {
  activeTraceparent,
  InMemorySpanExporter,
  inSpan,
  parseTraceparent,
  rpcClientInstruments,
  rpcServerInstruments,
  startTracing,
  traceCycle,
  traceLogFields,
  withLogContext,
  type Tracing,
} from "../src/index.js";

const CALLER = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";

describe("tracing", () => {
  let tracing: Tracing | undefined;
  afterEach(async () => {
    await tracing?.shutdown();
    tracing = undefined;
  });

  it("startTracing - an in-memory exporter records a served call as a SERVER span, child of the caller's traceparent", async () => {
    const exporter = new InMemorySpanExporter();
    tracing = startTracing({ serviceName: "boyd-test", spanExporter: exporter });
    const served = rpcServerInstruments("boyd.v1.EchoService", "Echo").begin(CALLER, "a1");
    const inside = served.run(() => traceLogFields());
    served.end("OK");
    const [span] = exporter.getFinishedSpans();
    expect(span?.name).toBe("boyd.v1.EchoService/Echo");
    expect(span?.spanContext().traceId).toBe("0af7651916cd43dd8448eb211c80319c");
    expect(span?.parentSpanContext?.spanId).toBe("b7ad6b7169203331");
    expect(span?.attributes).toMatchObject({ "rpc.system": "boyd", "rpc.service": "boyd.v1.EchoService", "rpc.method": "Echo", "boyd.agent_id": "a1", "rpc.response.status_code": "OK" });
    expect(span?.resource.attributes["service.name"]).toBe("boyd-test");
    expect(inside).toEqual({ trace_id: "0af7651916cd43dd8448eb211c80319c", span_id: span?.spanContext().spanId, agent_id: "a1" });
  });

  it("startTracing - a call made inside a served call continues its trace, and errors set the span status", async () => {
    const exporter = new InMemorySpanExporter();
    tracing = startTracing({ serviceName: "boyd-test", spanExporter: exporter });
    const served = rpcServerInstruments("boyd.v1.ObserveService", "Observe").begin(CALLER, undefined);
    const called = served.run(() => rpcClientInstruments("boyd.v1.MemoryService", "Recent").begin(undefined, undefined));
    called.end("UNAVAILABLE", "no responder");
    served.end("INVALID_ARGUMENT", "bad field");
    const [client, server] = exporter.getFinishedSpans();
    expect(client?.parentSpanContext?.spanId).toBe(server?.spanContext().spanId);
    expect(parseTraceparent(called.traceparent)?.spanId).toBe(client?.spanContext().spanId);
    expect(client?.status).toMatchObject({ code: 2, message: "UNAVAILABLE: no responder" });
    // A refused request is the caller's fault: not a server error.
    expect(server?.status.code).toBe(0);
  });

  it("exporter none, sampled - no spans, yet a served call runs under the caller's trace id and passes it on", async () => {
    tracing = startTracing({ serviceName: "boyd-test", exporter: "none", sampleRatio: 1 });
    const served = rpcServerInstruments("boyd.v1.EchoService", "Echo").begin(CALLER, undefined);
    const { fields, outgoing } = served.run(() => ({ fields: traceLogFields(), outgoing: rpcClientInstruments("boyd.v1.EchoService", "Echo").begin(undefined, undefined).traceparent }));
    served.end("OK");
    expect(fields.trace_id).toBe("0af7651916cd43dd8448eb211c80319c");
    expect(parseTraceparent(outgoing)?.traceId).toBe("0af7651916cd43dd8448eb211c80319c");
  });

  it("not started - nothing is active: no log fields, no traceparent, the caller's own is kept", () => {
    expect(traceLogFields()).toEqual({});
    expect(activeTraceparent()).toBeUndefined();
    const served = rpcServerInstruments("boyd.v1.EchoService", "Echo").begin(CALLER, "a");
    expect(served.run(() => traceLogFields())).toEqual({});
    expect(rpcClientInstruments("boyd.v1.EchoService", "Echo").begin(undefined, undefined).traceparent).toBeUndefined();
    expect(rpcClientInstruments("boyd.v1.EchoService", "Echo").begin(CALLER, undefined).traceparent).toBe(CALLER);
    served.end("OK");
  });

  it("traceCycle - each cycle is a new root trace linked to its caller, phases nest under it, logs carry agent and cycle", async () => {
    const exporter = new InMemorySpanExporter();
    tracing = startTracing({ serviceName: "boyd-test", spanExporter: exporter });
    const served = rpcServerInstruments("boyd.v1.AgentService", "Run").begin(CALLER, undefined);
    const seen: Record<string, unknown>[] = [];
    await served.run(async () => {
      for (const cycle of [1, 2]) {
        await traceCycle("a1", cycle, async (span) => {
          span.setAttribute("boyd.stop_reason", "none");
          await inSpan("observe", async () => void seen.push({ ...traceLogFields(), header: activeTraceparent() }), { "boyd.phase": "observe" });
        });
      }
    });
    served.end("OK");
    const spans = exporter.getFinishedSpans();
    const cycles = spans.filter((s) => s.name === "cycle");
    const phases = spans.filter((s) => s.name === "observe");
    expect(cycles).toHaveLength(2);
    expect(new Set(cycles.map((c) => c.spanContext().traceId)).size).toBe(2);
    for (const [i, c] of cycles.entries()) {
      expect(c.parentSpanContext).toBeUndefined();
      expect(c.links[0]?.context.traceId).toBe("0af7651916cd43dd8448eb211c80319c");
      expect(c.attributes).toMatchObject({ "boyd.agent_id": "a1", "boyd.cycle": i + 1, "boyd.outcome": "ok", "boyd.stop_reason": "none" });
      expect(phases[i]?.parentSpanContext?.spanId).toBe(c.spanContext().spanId);
      expect(seen[i]).toMatchObject({ trace_id: c.spanContext().traceId, span_id: phases[i]?.spanContext().spanId, agent_id: "a1", cycle: i + 1 });
      expect(parseTraceparent(seen[i]!["header"] as string)?.spanId).toBe(phases[i]?.spanContext().spanId);
    }
  });

  it("traceCycle - a failing cycle ends its span with an error and is counted failed; ABORTED counts aborted", async () => {
    const exporter = new InMemorySpanExporter();
    tracing = startTracing({ serviceName: "boyd-test", spanExporter: exporter });
    await expect(traceCycle("a1", 1, () => Promise.reject(new Error("orient down")))).rejects.toThrow("orient down");
    await expect(traceCycle("a1", 2, () => Promise.reject(Object.assign(new Error("lost"), { code: "ABORTED" })))).rejects.toThrow("lost");
    const [failed, aborted] = exporter.getFinishedSpans();
    expect(failed?.status).toMatchObject({ code: 2, message: "orient down" });
    expect(failed?.attributes["boyd.outcome"]).toBe("failed");
    expect(aborted?.attributes["boyd.outcome"]).toBe("aborted");
  });

  it("traceCycle - sampled without an exporter, a cycle has its own trace id, active inside", async () => {
    tracing = startTracing({ serviceName: "boyd-test", sampleRatio: 1 });
    const ids: string[] = [];
    for (const cycle of [1, 2]) {
      await traceCycle("a1", cycle, async (span) => {
        expect(traceLogFields()).toMatchObject({ trace_id: span.traceId, agent_id: "a1", cycle });
        ids.push(span.traceId);
      });
    }
    expect(ids[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it("withLogContext - adds agent and cycle to log lines inside, merged over the outer context", () => {
    tracing = startTracing({ serviceName: "boyd-test", sampleRatio: 1 });
    const fields = withLogContext({ agentId: "a1" }, () => withLogContext({ cycle: 3 }, () => traceLogFields()));
    expect(fields).toEqual({ agent_id: "a1", cycle: 3 });
    expect(traceLogFields()).toEqual({});
  });

  it("sampling off by default - no exporter: nothing is carried across awaits, yet calls send a traceparent and cycles get trace ids", async () => {
    tracing = startTracing({ serviceName: "boyd-test" });
    const served = rpcServerInstruments("boyd.v1.EchoService", "Echo").begin(CALLER, "a1");
    const inside = await served.run(async () => {
      await Promise.resolve();
      return { fields: traceLogFields(), active: activeTraceparent(), outgoing: rpcClientInstruments("boyd.v1.EchoService", "Echo").begin(CALLER, undefined).traceparent };
    });
    served.end("OK");
    expect(inside).toEqual({ fields: {}, active: undefined, outgoing: CALLER });
    const ids: string[] = [];
    await traceCycle("a1", 1, async (span) => {
      ids.push(span.traceId);
      expect(activeTraceparent()).toBeUndefined();
    });
    expect(ids[0]).toMatch(/^[0-9a-f]{32}$/);
  });

  it("sampleRatio 0 - no spans even with an exporter; sampled is what turns tracing on", async () => {
    const exporter = new InMemorySpanExporter();
    tracing = startTracing({ serviceName: "boyd-test", spanExporter: exporter, sampleRatio: 0 });
    const served = rpcServerInstruments("boyd.v1.EchoService", "Echo").begin(CALLER, undefined);
    expect(served.run(() => traceLogFields())).toEqual({});
    served.end("OK");
    await tracing.shutdown();
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it("sampleRatio below 1 - a served call follows its caller's decision: sampled parent recorded, unsampled not", async () => {
    const exporter = new InMemorySpanExporter();
    tracing = startTracing({ serviceName: "boyd-test", spanExporter: exporter, sampleRatio: 0.000001 });
    const unsampled = CALLER.replace(/-01$/, "-00");
    for (const caller of [CALLER, unsampled]) rpcServerInstruments("boyd.v1.EchoService", "Echo").begin(caller, undefined).end("OK");
    expect(exporter.getFinishedSpans().map((s) => s.parentSpanContext?.traceFlags)).toEqual([1]);
  });

  it("sampleRatio outside 0..1 - refused, naming the option and the value", () => {
    for (const bad of [-0.5, 1.5, Number.NaN]) expect(() => startTracing({ serviceName: "boyd-test", sampleRatio: bad })).toThrow(`startTracing: sampleRatio must be a number from 0 to 1, got ${String(bad)}`);
  });

  it("startTracing - a second start before shutdown is refused; after shutdown it starts again", async () => {
    tracing = startTracing({ serviceName: "boyd-test" });
    expect(() => startTracing({ serviceName: "again" })).toThrow(/already started/);
    await tracing.shutdown();
    tracing = startTracing({ serviceName: "again" });
  });
});
