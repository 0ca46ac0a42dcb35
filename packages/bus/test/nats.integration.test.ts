import { startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll } from "vitest";
import { connectNats, openJetStreamEventLog, type NatsTransport } from "../src/index.js";
import { transportConformance } from "./conformance.js";

let nats: NatsServer;
let stream = 0;
beforeAll(async () => {
  nats = await startNats();
});
afterAll(async () => {
  await nats?.dispose();
});

// Each connect() is its own NATS connection, as separate processes would be.
transportConformance("NATS", async () => {
  const opened: NatsTransport[] = [];
  const name = `EVENTS_${++stream}`;
  const subjects = [`boyd.events.v1.>`];
  return {
    async connect() {
      const t = await connectNats({ servers: nats.url });
      opened.push(t);
      return t;
    },
    openLog: (transport) => openJetStreamEventLog(transport as NatsTransport, { stream: name, subjects, memory: true }),
    async close() {
      // Remove this test's stream so the next test starts empty.
      const first = opened[0];
      if (first) {
        const { jetstreamManager } = await import("@nats-io/jetstream");
        const jsm = await jetstreamManager(first.connection);
        await jsm.streams.delete(name).catch(() => false);
      }
      await Promise.all(opened.map((t) => t.close()));
    },
  };
});
