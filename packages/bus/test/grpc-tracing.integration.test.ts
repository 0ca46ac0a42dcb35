import * as grpc from "@grpc/grpc-js";
import { EchoServiceClient, EchoServiceDefinition, type EchoResponse } from "@boyd/proto";
import { InMemorySpanExporter, renderMetrics, startTracing, traceLogFields, type Tracing } from "@boyd/telemetry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BusError, grpcService, newTraceparent, serveGrpc, traceIdOf, type GrpcServer } from "../src/index.js";

// A call over gRPC is served like one over the bus: a SERVER span under the
// caller's traceparent (from the metadata) and the same rpc metrics.
describe("tracing and metrics over gRPC", () => {
  let exporter: InMemorySpanExporter;
  let tracing: Tracing;
  let server: GrpcServer;
  let client: EchoServiceClient;
  const handlerTraceIds: (string | undefined)[] = [];

  beforeAll(async () => {
    exporter = new InMemorySpanExporter();
    tracing = startTracing({ serviceName: "grpc-test", spanExporter: exporter });
    server = await serveGrpc([
      grpcService(EchoServiceDefinition, {
        async echo(request) {
          handlerTraceIds.push(traceLogFields().trace_id);
          if (request.text === "missing") throw new BusError("NOT_FOUND", "no such thing");
          return { text: request.text, payload: request.payload, servedBy: "grpc" };
        },
      }),
    ]);
    client = new EchoServiceClient(server.address, grpc.credentials.createInsecure());
  });
  afterAll(async () => {
    client?.close();
    await server?.stop();
    await tracing?.shutdown();
  });

  const echo = (text: string, traceparent: string) =>
    new Promise<EchoResponse>((resolve, reject) => {
      const metadata = new grpc.Metadata();
      metadata.set("traceparent", traceparent);
      client.echo({ text, payload: Buffer.alloc(0), delayMs: 0, failWith: "" } as never, metadata, (err, res) => (err ? reject(err) : resolve(res!)));
    });

  it("the server span continues the caller's trace from the metadata, and the handler sees the trace id", async () => {
    const traceparent = newTraceparent();
    await echo("hello", traceparent);
    const span = exporter.getFinishedSpans().find((s) => s.name === "boyd.v1.EchoService/Echo");
    expect(span?.spanContext().traceId).toBe(traceIdOf(traceparent));
    expect(span?.parentSpanContext?.spanId).toBe(traceparent.split("-")[2]);
    expect(handlerTraceIds.at(-1)).toBe(traceIdOf(traceparent));
  });

  it("counts requests by status code", async () => {
    const before = await renderMetrics();
    const count = (text: string, code: string) =>
      Number(new RegExp(`boyd_rpc_server_requests_total\\{[^}]*method="Echo"[^}]*code="${code}"[^}]*\\} (\\d+)`).exec(text)?.[1] ?? 0);
    await expect(echo("missing", newTraceparent())).rejects.toMatchObject({ code: grpc.status.NOT_FOUND });
    const after = (await renderMetrics()).body;
    expect(count(after, "NOT_FOUND")).toBe(count(before.body, "NOT_FOUND") + 1);
    expect(count(after, "OK")).toBeGreaterThanOrEqual(1);
  });
});
