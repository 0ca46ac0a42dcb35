import { once } from "node:events";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { rpcServerInstruments, startTracing } from "../src/index.js";

/** The parts of an OTLP/HTTP JSON traces request the test reads. */
interface OtlpTraces {
  resourceSpans: Array<{
    resource: { attributes: Array<{ key: string; value: Record<string, unknown> }> };
    scopeSpans: Array<{ spans: Array<{ name: string; traceId: string; parentSpanId?: string }> }>;
  }>;
}

describe("otlp export", () => {
  it("exporter otlp - spans are batched to the OTLP/HTTP traces URL and flushed on shutdown", async () => {
    const received: Array<{ url: string; headers: IncomingHttpHeaders; body: Buffer }> = [];
    // A stand-in collector: accepts whatever the exporter posts.
    const collector = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push({ url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
    });
    collector.listen(0, "127.0.0.1");
    await once(collector, "listening");
    const { port } = collector.address() as AddressInfo;
    try {
      const tracing = startTracing({ serviceName: "boyd-otlp-test", exporter: "otlp", otlpEndpoint: `http://127.0.0.1:${port}/v1/traces` });
      const served = rpcServerInstruments("boyd.v1.EchoService", "Echo").begin("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01", undefined);
      served.end("OK");
      // Batched: nothing is sent until the batch is flushed.
      await tracing.shutdown();
      expect(received).toHaveLength(1);
      expect(received[0]!.url).toBe("/v1/traces");
      // This exporter speaks OTLP/HTTP with JSON bodies.
      expect(received[0]!.headers["content-type"]).toBe("application/json");
      const sent = JSON.parse(received[0]!.body.toString("utf8")) as OtlpTraces;
      const resource = sent.resourceSpans[0]!;
      expect(resource.resource.attributes).toContainEqual({ key: "service.name", value: { stringValue: "boyd-otlp-test" } });
      const span = resource.scopeSpans[0]!.spans[0]!;
      expect(span).toMatchObject({ name: "boyd.v1.EchoService/Echo", traceId: "0af7651916cd43dd8448eb211c80319c", parentSpanId: "b7ad6b7169203331" });
    } finally {
      collector.close();
    }
  });
});
