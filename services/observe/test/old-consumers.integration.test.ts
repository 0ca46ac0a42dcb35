// Older versions kept a durable consumer per agent on the percept stream
// (`observe-<agent>`, or `observe_<digest>` for an id unfit for a name):
// about 125 KiB of nats-server's memory each, for every agent ever
// observed. Takes are direct gets now and nothing reads them. Opening the
// inbox removes them from a deployment that ran an older version, and
// leaves any other consumer (one of the user's own) alone.
import { connectNats, type NatsTransport } from "@boyd/bus";
import { startNats, type NatsServer } from "@boyd/testkit";
import { AckPolicy, jetstreamManager, RetentionPolicy, StorageType } from "@nats-io/jetstream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openJetStreamPerceptInbox, perceptSubject } from "../src/index.js";

let nats: NatsServer;
let transport: NatsTransport;
beforeAll(async () => {
  nats = await startNats();
  transport = await connectNats({ servers: nats.url });
});
afterAll(async () => {
  await transport?.close();
  await nats?.stop();
});

describe("percept inbox - consumers an older version left", () => {
  it("the per-agent consumers are removed when the inbox opens, and told of; another consumer stays", async () => {
    const stream = "OLD_PERCEPTS";
    const jsm = await jetstreamManager(transport.connection);
    await jsm.streams.add({ name: stream, subjects: ["boyd.percepts.v1.*"], retention: RetentionPolicy.Workqueue, storage: StorageType.Memory });
    const durable = (name: string, agent: string) => jsm.consumers.add(stream, { durable_name: name, ack_policy: AckPolicy.Explicit, filter_subject: perceptSubject(agent) });
    await durable("observe-ann", "ann");
    await durable("observe-bob_2", "bob_2");
    await durable(`observe_${"a1".repeat(20)}`, "c");
    await durable("audit", "dora");
    await durable("observer-x", "ed");

    const told: string[][] = [];
    const inbox = await openJetStreamPerceptInbox(transport, { stream, memory: true, onOldConsumers: ({ removed, error }) => told.push([...removed, ...(error ? ["error"] : [])]) });
    const left: string[] = [];
    for await (const c of jsm.consumers.list(stream)) left.push(c.name);
    expect(left.sort()).toEqual(["audit", "observer-x"]);
    expect(told.map((names) => [...names].sort())).toEqual([[`observe_${"a1".repeat(20)}`, "observe-ann", "observe-bob_2"].sort()]);

    // A second open finds nothing to remove and says nothing.
    await inbox.close();
    const again = await openJetStreamPerceptInbox(transport, { stream, memory: true, onOldConsumers: ({ removed }) => told.push([...removed]) });
    expect(told).toHaveLength(1);
    await again.close();
  });

  it("a NATS user not allowed to list consumers (permissions from before) still opens the inbox, and is told why nothing was removed", async () => {
    const limited = await startNats({
      extraConfig: `authorization { users = [ { user: "observe", password: "pw", permissions: { publish: { deny: ["$JS.API.CONSUMER.LIST.>"] } } } ] }`,
    });
    const user = await connectNats({ servers: limited.url, user: "observe", pass: "pw" });
    try {
      const told: { removed: readonly string[]; error?: unknown }[] = [];
      const inbox = await openJetStreamPerceptInbox(user, { stream: "LIMITED_PERCEPTS", memory: true, onOldConsumers: (outcome) => told.push(outcome) });
      expect(told).toHaveLength(1);
      expect(told[0]!.removed).toEqual([]);
      expect(String(told[0]!.error)).toMatch(/permission/i);
      await inbox.close();
    } finally {
      await user.close();
      await limited.stop();
    }
  });
});
