import { jetstreamManager } from "@nats-io/jetstream";
import { startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectNats, openJetStreamEventLog, type NatsTransport } from "../src/index.js";

// Found by bench:scale: the controller replays an agent's last event to number
// its events, once per agent it takes up, and every replay left its ordered
// consumer on the server for nats.js's default 5 minutes of inactivity. At
// about 1,000 agents the server refused new consumers ("maximum consumers
// limit reached") and agents' events went unpublished.
describe("JetStream event log - a replay leaves no consumer behind", () => {
  let nats: NatsServer;
  let transport: NatsTransport;

  beforeAll(async () => {
    nats = await startNats({ jetstream: true });
    transport = await connectNats({ servers: nats.url });
  });

  afterAll(async () => {
    await transport?.close();
    await nats?.dispose();
  });

  it("replays of events, of nothing and of the last per subject each delete their consumer once read", async () => {
    const log = await openJetStreamEventLog(transport, { stream: "CONSUMER_LEAK", subjects: ["leak.>"], memory: true });
    for (let i = 0; i < 3; i++) await log.emit(`leak.a.${i}`, { data: new Uint8Array([i]), headers: {} });
    const read = async (filter: string, options = {}) => {
      const seqs: number[] = [];
      for await (const m of log.replay(filter, options)) seqs.push(m.seq);
      return seqs;
    };
    for (let i = 0; i < 5; i++) {
      expect(await read("leak.a.>")).toEqual([1, 2, 3]);
      expect(await read("leak.none.>")).toEqual([]);
      expect(await read("leak.a.>", { lastPerSubject: true })).toEqual([1, 2, 3]);
    }
    // A reader that stops early deletes its consumer too.
    for await (const m of log.replay("leak.a.>")) if (m.seq === 1) break;
    const jsm = await jetstreamManager(transport.connection);
    expect((await jsm.streams.info("CONSUMER_LEAK")).state.consumer_count).toBe(0);
  });

  it("a read-only reader (which may not delete consumers) asks the server to drop its replay's consumer after 10 s idle, not 5 minutes", async () => {
    await openJetStreamEventLog(transport, { stream: "CONSUMER_IDLE", subjects: ["idle.>"], memory: true });
    const reader = await openJetStreamEventLog(transport, { stream: "CONSUMER_IDLE", readOnly: true });
    for await (const _ of reader.replay("idle.>")) void _;
    const jsm = await jetstreamManager(transport.connection);
    const left = await jsm.consumers.list("CONSUMER_IDLE").next();
    expect(left.map((c) => c.config.inactive_threshold)).toEqual([10_000 * 1_000_000]);
  });
});
