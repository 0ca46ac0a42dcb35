import { EchoServiceDefinition } from "@boyd/proto";
import { startNats, type NatsServer } from "@boyd/testkit";
import { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BusError, connectNats, createClient, serveService, type NatsTransport } from "../src/index.js";

// What nats.js was connected with: the transport exposes the connection,
// and nats.js keeps its resolved options on it.
function natsOptions(t: NatsTransport): { noAsyncTraces?: boolean } {
  return (t.connection as unknown as { options: { noAsyncTraces?: boolean } }).options;
}

let nats: NatsServer;
beforeAll(async () => {
  nats = await startNats({ jetstream: false });
});
afterAll(async () => {
  await nats?.dispose();
});

describe("NATS hot path", () => {
  it("connects with nats.js async traces off (no Error built per request), unless the caller asks for them", async () => {
    const plain = await connectNats({ servers: nats.url });
    const traced = await connectNats({ servers: nats.url, noAsyncTraces: false });
    try {
      expect(natsOptions(plain).noAsyncTraces).toBe(true);
      expect(natsOptions(traced).noAsyncTraces).toBe(false);
    } finally {
      await Promise.all([plain.close(), traced.close()]);
    }
  });

  it("without async traces a slow or missing server still fails with a BusError naming the subject", async () => {
    const server = await connectNats({ servers: nats.url });
    const caller = await connectNats({ servers: nats.url });
    const binding = await serveService(server, EchoServiceDefinition, {
      echo: async (req, ctx) => {
        if (req.text === "slow") await new Promise((resolve) => setTimeout(resolve, 500).unref?.());
        return { text: req.text, payload: req.payload, servedBy: ctx.method };
      },
    });
    try {
      const client = createClient(caller, EchoServiceDefinition);
      await expect(client.echo({ text: "hi" })).resolves.toMatchObject({ text: "hi", servedBy: "Echo" });
      const slow = await client.echo({ text: "slow" }, { timeoutMs: 100 }).catch((e: unknown) => e);
      expect(slow).toBeInstanceOf(BusError);
      expect(slow).toMatchObject({ code: "DEADLINE_EXCEEDED" });
      expect((slow as BusError).message).toContain("boyd.v1.EchoService.Echo");
      const missing = await caller.request("boyd.test.Nobody.Echo", { data: new Uint8Array(), headers: {} }, 1_000).catch((e: unknown) => e);
      expect(missing).toMatchObject({ code: "UNAVAILABLE" });
      expect((missing as BusError).message).toContain("boyd.test.Nobody.Echo");
    } finally {
      await binding.stop();
      await Promise.all([server.close(), caller.close()]);
    }
  });

  it("messages that separate promise chains send in one turn of the event loop leave in one socket write (patches/@nats-io__nats-core)", async () => {
    const sender = await connectNats({ servers: nats.url });
    const receiver = await connectNats({ servers: nats.url });
    const received: string[] = [];
    const sub = receiver.subscribe("boyd.test.flush.*", async (m) => {
      received.push(m.subject);
    });
    try {
      await receiver.connection.flush();
      await sender.connection.flush();
      const write = vi.spyOn(Socket.prototype, "write");
      try {
        // Chain i sends after i + 1 awaits: with a flush per microtask turn each message went out on its own.
        await Promise.all(
          Array.from({ length: 5 }, async (_, i) => {
            for (let k = 0; k <= i; k++) await null;
            sender.publish(`boyd.test.flush.${i}`, { data: new Uint8Array(8), headers: {} });
          }),
        );
        await new Promise((resolve) => setImmediate(resolve));
        expect(write).toHaveBeenCalledTimes(1);
      } finally {
        write.mockRestore();
      }
      await sender.connection.flush();
      await expect.poll(() => received.length).toBe(5);
    } finally {
      await sub.drain();
      await Promise.all([sender.close(), receiver.close()]);
    }
  });
});
