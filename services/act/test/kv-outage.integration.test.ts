// While NATS is away, every operation of act's JetStream KV record store
// fails with UNAVAILABLE, the code the controller retries, never with a
// bare error that the bus answers as INTERNAL (a detached run failed about
// one time in four across a nats-server restart: an Act whose approvals
// read fell in the outage answered INTERNAL, and the cycle gave up). When
// NATS is back, the same store works again.
import { BusError, connectNats, type NatsTransport } from "@boyd/bus";
import { startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openKvRecordStore, type RecordStore } from "../src/index.js";

let nats: NatsServer;
let transport: NatsTransport;
let store: RecordStore;
beforeAll(async () => {
  nats = await startNats({ jetstream: true });
  transport = await connectNats({ servers: nats.url });
  store = await openKvRecordStore(transport.connection, { bucket: `act_outage_${process.pid}` });
});
afterAll(async () => {
  await transport?.close();
  await nats?.stop();
});

const bytes = (text: string) => new TextEncoder().encode(text);

async function codeOf(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
    return "no error";
  } catch (err) {
    return err instanceof BusError ? err.code : `bare ${(err as Error).name}: ${(err as Error).message}`;
  }
}

describe("act KV record store, NATS away", () => {
  it("get, create, update, put, delete and keys fail with UNAVAILABLE, and work again once NATS is back", async () => {
    const revision = await store.create("approvals/agent/run-1", bytes("pending"));
    await nats.stop();
    try {
      // At once: each waits out the JetStream request timeout.
      const [get, create, update, put, del, keys] = await Promise.all([
        codeOf(() => store.get("approvals/agent/run-1")),
        codeOf(() => store.create("approvals/agent/run-2", bytes("pending"))),
        codeOf(() => store.update("approvals/agent/run-1", bytes("approved"), revision)),
        codeOf(() => store.put("approvals/agent/run-1", bytes("approved"))),
        codeOf(() => store.delete("approvals/agent/run-1")),
        codeOf(() => store.keys("approvals/agent")),
      ]);
      const codes = { get, create, update, put, delete: del, keys };
      expect(codes).toEqual({ get: "UNAVAILABLE", create: "UNAVAILABLE", update: "UNAVAILABLE", put: "UNAVAILABLE", delete: "UNAVAILABLE", keys: "UNAVAILABLE" });
    } finally {
      await nats.restart();
    }
    // Back: the same store writes and reads again. (What was asked in the outage may or may not have
    // been applied: nats.js sends what it buffered when it reconnects. UNAVAILABLE says just that.)
    await expect.poll(async () => codeOf(() => store.create("approvals/agent/run-3", bytes("after"))), { timeout: 20_000, interval: 250 }).toBe("no error");
    expect(new TextDecoder().decode((await store.get("approvals/agent/run-3"))!.value)).toBe("after");
    expect(await store.keys("approvals/agent")).toContain("approvals/agent/run-3");
  }, 60_000);
});
