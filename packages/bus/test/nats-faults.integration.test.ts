import { setTimeout as sleep } from "node:timers/promises";
import { EchoRequest, EchoServiceDefinition } from "@boyd/proto";
import { startNats, type NatsServer } from "@boyd/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  BusError,
  connectNats,
  createClient,
  createEventChannel,
  openJetStreamEventLog,
  serveService,
  type NatsTransport,
  type ServiceBinding,
} from "../src/index.js";

describe("NATS transport - faults", () => {
  let nats: NatsServer;
  const open: NatsTransport[] = [];
  const bindings: ServiceBinding[] = [];

  beforeEach(async () => {
    nats = await startNats();
  });

  afterEach(async () => {
    await Promise.all(bindings.splice(0).map((b) => b.stop()));
    await Promise.all(open.splice(0).map((t) => t.close()));
    await nats.dispose();
  });

  async function connect(reconnectTimeWait = 100): Promise<NatsTransport> {
    const t = await connectNats({ servers: nats.url, reconnectTimeWait });
    open.push(t);
    return t;
  }

  it("reconnect - requests during a kill -9 outage fail as UNAVAILABLE by their deadline; service resumes after restart", async () => {
    const service = await connect();
    bindings.push(
      await serveService(service, EchoServiceDefinition, {
        echo: (r) => ({ text: r.text, payload: Buffer.alloc(0), servedBy: "svc" }),
      }),
    );
    const client = createClient(await connect(), EchoServiceDefinition);
    expect((await client.echo({ text: "before" })).text).toBe("before");

    await nats.kill();
    const timeoutMs = 300;
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        const started = Date.now();
        const result = await client.echo({ text: `during ${i}` }, { timeoutMs }).then(
          () => "ok",
          (e: unknown) => (e instanceof BusError ? e.code : String(e)),
        );
        return { result, elapsed: Date.now() - started };
      }),
    );
    for (const { result, elapsed } of outcomes) {
      expect(result).toBe("UNAVAILABLE");
      // Bounded by the call's own deadline, never hung.
      expect(elapsed).toBeLessThan(timeoutMs + 500);
    }

    await nats.restart();
    // Both connections reconnect and the service resubscribes by itself; no
    // new transport, no re-registration. Bounded wait for the reconnect.
    let reply: string | undefined;
    const until = Date.now() + 10_000;
    while (!reply && Date.now() < until) {
      reply = await client.echo({ text: "after" }, { timeoutMs: 500 }).then(
        (r) => r.text,
        () => undefined,
      );
      if (!reply) await sleep(100);
    }
    expect(reply).toBe("after");
    // And it keeps working.
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => client.echo({ text: String(i) })));
    expect(burst.map((r) => r.text)).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
  });

  it("reconnect - a request sent while the server is down succeeds if it comes back before the deadline", async () => {
    const service = await connect();
    bindings.push(
      await serveService(service, EchoServiceDefinition, {
        echo: (r) => ({ text: r.text, payload: Buffer.alloc(0), servedBy: "svc" }),
      }),
    );
    // The caller retries its connection more slowly than the service, so the
    // service has resubscribed by the time the buffered request goes out.
    const caller = await connect(1_000);
    const client = createClient(caller, EchoServiceDefinition);
    await client.echo({ text: "warm" });
    await nats.kill();
    const until = Date.now() + 5_000;
    while (caller.connected && Date.now() < until) await sleep(10);
    expect(caller.connected).toBe(false);
    const pending = client.echo({ text: "patient" }, { timeoutMs: 8_000 }).then(
      (r) => r.text,
      (e: unknown) => (e as BusError).code,
    );
    await sleep(200);
    await nats.restart();
    // Buffered by the client while disconnected, delivered after reconnect.
    expect(await pending).toBe("patient");
  });

  it("reconnect - a request whose reply was lost in a nats-server restart fails UNAVAILABLE seconds after the reconnect, not at its deadline", async () => {
    const service = await connect();
    let release = (): void => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let received = 0;
    bindings.push(
      await serveService(service, EchoServiceDefinition, {
        // The first request is held until the test ends: its reply would go out on a connection long gone.
        echo: async (r) => {
          if (received++ === 0) await held;
          return { text: r.text, payload: Buffer.alloc(0), servedBy: "svc" };
        },
      }),
    );
    const client = createClient(await connect(), EchoServiceDefinition);
    try {
      const started = Date.now();
      const outcome = client.echo({ text: "lost" }, { timeoutMs: 60_000 }).then(
        () => "ok",
        (e: unknown) => (e instanceof BusError ? `${e.code}: ${e.message}` : String(e)),
      );
      const until = Date.now() + 5_000;
      while (received === 0 && Date.now() < until) await sleep(10);
      expect(received).toBe(1);
      await nats.kill();
      await nats.restart();
      const result = await outcome;
      expect(result).toMatch(/^UNAVAILABLE: NATS connection dropped and came back; the reply on boyd\.v1\.EchoService\.Echo did not come/);
      // Within the reconnect and a grace of seconds, far from the 60 s deadline (which it waited out before).
      expect(Date.now() - started).toBeLessThan(20_000);
      // A retry reaches the service again.
      expect((await client.echo({ text: "again" }, { timeoutMs: 10_000 })).text).toBe("again");
    } finally {
      release();
    }
  }, 90_000);

  it("jetstream - events acknowledged before a kill -9 are replayed by a new subscriber after restart", async () => {
    const publisher = await connect();
    const log = await openJetStreamEventLog(publisher, { stream: "EVENTS_FAULT" });
    const events = createEventChannel({ transport: publisher, codec: EchoRequest, sink: log });
    for (let i = 0; i < 10; i++) {
      await events.publish("agent-1", "cycle.finished", EchoRequest.fromPartial({ text: `cycle ${i}` }));
    }
    await nats.kill();
    await nats.restart();
    const reader = await connect();
    const replayed: string[] = [];
    const channel = createEventChannel({
      transport: reader,
      codec: EchoRequest,
      sink: await openJetStreamEventLog(reader, { stream: "EVENTS_FAULT" }),
    });
    for await (const { event } of channel.replay({ agentId: "agent-1" })) replayed.push(event.text);
    expect(replayed).toEqual(Array.from({ length: 10 }, (_, i) => `cycle ${i}`));
  });
});
