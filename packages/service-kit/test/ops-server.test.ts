import { afterEach, describe, expect, it } from "vitest";
import { startOpsServer, type OpsServer } from "../src/index.js";

let server: OpsServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const get = async (path: string) => {
  const res = await fetch(`http://${server!.address}${path}`);
  return { status: res.status, type: res.headers.get("content-type"), body: await res.text() };
};

describe("ops endpoints", () => {
  it("answers liveness always and readiness only when every check passes", async () => {
    let storeUp = false;
    server = await startOpsServer({
      address: "127.0.0.1:0",
      checks: {
        nats: () => undefined,
        store: async () => {
          if (!storeUp) throw new Error("store refused the connection");
        },
      },
    });
    expect((await get("/healthz")).status).toBe(200);
    const down = await get("/readyz");
    expect(down.status).toBe(503);
    expect(JSON.parse(down.body)).toEqual({ status: "not ready", checks: { nats: "ok", store: "store refused the connection" } });
    storeUp = true;
    const up = await get("/readyz");
    expect(up.status).toBe(200);
    expect(JSON.parse(up.body)).toEqual({ status: "ready", checks: { nats: "ok", store: "ok" } });
  });

  it("counts a check that hangs as failed, within the timeout", async () => {
    server = await startOpsServer({ address: "127.0.0.1:0", checkTimeoutMs: 50, checks: { graph: () => new Promise(() => {}) } });
    const res = await get("/readyz");
    expect(res.status).toBe(503);
    expect(JSON.parse(res.body).checks.graph).toBe("no answer within 50 ms");
  });

  it("turns unready when draining, while staying alive", async () => {
    server = await startOpsServer({ address: "127.0.0.1:0", checks: { nats: () => undefined } });
    expect((await get("/readyz")).status).toBe(200);
    server.setDraining();
    expect(await get("/readyz")).toMatchObject({ status: 503, body: '{"status":"draining"}\n' });
    expect((await get("/healthz")).status).toBe(200);
  });

  it("serves the metrics exposition and says where to go otherwise", async () => {
    server = await startOpsServer({
      address: "127.0.0.1:0",
      metrics: async () => ({ contentType: "text/plain; version=0.0.4", body: "boyd_up 1\n" }),
    });
    expect(await get("/metrics")).toEqual({ status: 200, type: "text/plain; version=0.0.4", body: "boyd_up 1\n" });
    expect((await get("/nope")).status).toBe(404);
  });
});
