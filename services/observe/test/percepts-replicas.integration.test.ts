// Which percept ids were delivered must be known to every observe replica:
// a late copy of a delivered percept (a sender without Nats-Msg-Id, or a
// retry past the stream's duplicate window) is dropped whichever replica
// takes it. Two JetStream inboxes on their own connections, taken from
// directly so "delivered through A, late copy through B" is deterministic.
import { connectNats, type NatsTransport } from "@boyd/bus";
import { Percept } from "@boyd/proto";
import { startNats, waitFor, type NatsServer } from "@boyd/testkit";
import { jetstreamManager } from "@nats-io/jetstream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openJetStreamPerceptInbox, perceptSubject, type DropReason, type PerceptInbox } from "../src/index.js";

let nats: NatsServer;
let sender: NatsTransport;
const connections: NatsTransport[] = [];
beforeAll(async () => {
  nats = await startNats();
  sender = await connectNats({ servers: nats.url });
});
afterAll(async () => {
  await Promise.all([sender, ...connections].map((c) => c?.close()));
  await nats?.stop();
});

/** An observe replica's inbox, noting what it dropped and why. */
async function replica(): Promise<{ inbox: PerceptInbox; dropped: [DropReason, string | undefined][] }> {
  const transport = await connectNats({ servers: nats.url });
  connections.push(transport);
  const dropped: [DropReason, string | undefined][] = [];
  const inbox = await openJetStreamPerceptInbox(transport, { memory: true, onDrop: (reason, detail) => dropped.push([reason, detail.perceptId]) });
  return { inbox, dropped };
}

/** Sent as a client without publishPercept would: no Nats-Msg-Id, so the stream stores every copy. */
function sendRaw(agent: string, id: string, content: string): void {
  sender.publish(perceptSubject(agent), { data: Percept.encode(Percept.fromPartial({ id, content })).finish(), headers: {} });
}

async function storedFor(agent: string, n: number): Promise<void> {
  const jsm = await jetstreamManager(sender.connection);
  const subject = perceptSubject(agent);
  let held = -1;
  await waitFor(
    async () => {
      held = (await jsm.streams.info("BOYD_PERCEPTS", { subjects_filter: subject })).state.subjects?.[subject] ?? 0;
      return held === n;
    },
    5_000,
    () => `the stream holds ${held} percepts for ${agent}, not ${n}`,
  );
}

const soon = () => ({ limit: 10, deadline: Date.now() + 2_000 });

describe("percepts - delivered ids are shared by observe replicas", () => {
  it("a late copy of a percept delivered through replica A is dropped by replica B, and acknowledged", async () => {
    const [a, b] = [await replica(), await replica()];
    sendRaw("rex", "door-opened", "the front door opened");
    await storedFor("rex", 1);
    const first = await a.inbox.take("rex", soon());
    expect(first.percepts.map((p) => p.id)).toEqual(["door-opened"]);
    await first.commit();

    sendRaw("rex", "door-opened", "the front door opened");
    sendRaw("rex", "door-closed", "the front door closed");
    await storedFor("rex", 2);
    const late = await b.inbox.take("rex", soon());
    expect(late.percepts.map((p) => p.id)).toEqual(["door-closed"]);
    expect(b.dropped).toEqual([["duplicate", "door-opened"]]);
    await late.commit();
    await storedFor("rex", 0);
  });

  it("a released percept is not marked delivered: the other replica hands it out", async () => {
    const [a, b] = [await replica(), await replica()];
    sendRaw("max", "bell", "the bell rang");
    await storedFor("max", 1);
    const failed = await a.inbox.take("max", soon());
    await failed.release();
    const retried = await b.inbox.take("max", soon());
    expect(retried.percepts.map((p) => p.id)).toEqual(["bell"]);
    await retried.commit();
  });
});
