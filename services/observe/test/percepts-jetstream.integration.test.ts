import { connectNats, type NatsTransport, type ServiceBinding } from "@boyd/bus";
import { Percept } from "@boyd/proto";
import { startNats, waitFor, type NatsServer } from "@boyd/testkit";
import { jetstreamManager } from "@nats-io/jetstream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openJetStreamPerceptInbox, PERCEPTS, perceptSubject, publishPercept, serveObserve, type JetStreamPerceptInboxOptions, type PerceptInbox } from "../src/index.js";
import { agentId, observeClient, startNeighbours, type Neighbours } from "./fixtures/harness.js";

let nats: NatsServer;
let shared: NatsTransport; // the test's own connection: publishes percepts, calls observe
let neighbours: Neighbours; // memory and orient, alive while observe replicas come and go
const opened: { stop(): Promise<unknown> }[] = [];

beforeAll(async () => {
  nats = await startNats();
  shared = await connectNats({ servers: nats.url });
  neighbours = await startNeighbours(shared);
});
// Replicas join one queue group: none may outlive its test.
afterEach(async () => {
  for (const o of opened.splice(0).reverse()) await o.stop();
});
afterAll(async () => {
  await neighbours?.close();
  await shared?.close();
  await nats?.stop();
});

/** An observe replica: its own connection, its own JetStream inbox, serving in the observe queue group. */
async function replica(options: JetStreamPerceptInboxOptions & { maxPercepts?: number } = {}): Promise<{ inbox: PerceptInbox; taken: string[]; stop(): Promise<void> }> {
  const { maxPercepts, ...inboxOptions } = options;
  const transport = await connectNats({ servers: nats.url });
  const real = await openJetStreamPerceptInbox(transport, { memory: true, ...inboxOptions });
  const taken: string[] = [];
  // The real inbox, noting what this replica handed out.
  const inbox: PerceptInbox = {
    async take(agent, o) {
      const batch = await real.take(agent, o);
      taken.push(...batch.percepts.map((p) => p.id));
      return batch;
    },
    close: () => real.close(),
  };
  const binding: ServiceBinding = await serveObserve(transport, { percepts: inbox, ...(maxPercepts ? { maxPercepts } : {}) });
  let stopped = false;
  const handle = {
    inbox,
    taken,
    async stop() {
      if (stopped) return;
      stopped = true;
      await binding.stop();
      await transport.close();
    },
  };
  opened.push(handle);
  return handle;
}

const client = () => observeClient(shared);
const observe = async (agent: string) => (await client().observe({ agentId: agent, cycle: 1 })).observation!;
const ids = async (agent: string) => (await observe(agent)).percepts.map((p) => p.id);
const soon = () => ({ limit: 100, deadline: Date.now() + 2_000 });

/**
 * Waits until the stream holds `n` percepts for the agent (taken but
 * unacknowledged ones included): a publish is stored a moment after the
 * server has taken it.
 */
async function stored(agent: string, n: number): Promise<void> {
  const jsm = await jetstreamManager(shared.connection);
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

describe("percepts - JetStream inbox over a real nats-server", () => {
  it("observe down - percepts published while no observe runs are delivered by the next Observe, oldest first, once", async () => {
    const agent = agentId();
    const unusual = `team/bot#${agent}`; // not a plain KV key: its claims are kept under a hash
    const first = await replica();
    expect(await ids(agent)).toEqual([]);
    await first.stop();

    for (const id of ["p1", "p2", "p3"]) await publishPercept(shared, { agentId: agent, id, content: `percept ${id}` });
    await publishPercept(shared, { agentId: unusual, id: "u1" });
    await publishPercept(shared, { agentId: agentId(), id: "p1" });
    await stored(agent, 3);
    await stored(unusual, 1);

    await replica();
    const o = await observe(agent);
    expect(o.percepts.map((p) => [p.id, p.content, p.agentId])).toEqual([["p1", "percept p1", agent], ["p2", "percept p2", agent], ["p3", "percept p3", agent]]);
    expect(o.summary).toMatch(/, 3 percepts$/);
    expect(await ids(agent)).toEqual([]);
    await stored(agent, 0);
    expect(await ids(unusual)).toEqual(["u1"]);
  });

  // Found by the attack suite (issue 17): one percept near NATS's 1 MB max
  // payload made every Observe of its agent fail, for as long as it waited.
  it("size - a percept past PERCEPTS.maxBytes is refused as oversized; the agent's next percepts are observed", async () => {
    const agent = agentId();
    const drops: Array<[string, string | undefined]> = [];
    await replica({ onDrop: (reason, d) => drops.push([reason, d.subject]) });
    // publishPercept refuses it: sent as another client would, straight onto the subject.
    shared.publish(perceptSubject(agent), { data: Percept.encode(Percept.fromPartial({ agentId: agent, id: "huge", content: "x".repeat(PERCEPTS.maxBytes + 1) })).finish(), headers: {} });
    await publishPercept(shared, { agentId: agent, id: "small", content: "still heard" });
    await stored(agent, 2);
    expect((await observe(agent)).percepts.map((p) => [p.id, p.content])).toEqual([["small", "still heard"]]);
    expect(drops).toEqual([["oversized", perceptSubject(agent)]]);
    await stored(agent, 0);
  });

  it("size - percepts past PERCEPTS.maxBatchBytes wait for the next Observe, oldest first, none lost", async () => {
    const agent = agentId();
    await replica();
    const each = Math.floor(PERCEPTS.maxBytes * 0.9);
    const count = Math.ceil((2 * PERCEPTS.maxBatchBytes) / each);
    for (let i = 1; i <= count; i++) await publishPercept(shared, { agentId: agent, id: `p${i}`, content: "y".repeat(each) });
    await stored(agent, count);
    const batches: string[][] = [];
    for (let ids_ = await ids(agent); ids_.length > 0; ids_ = await ids(agent)) batches.push(ids_);
    expect(batches.length).toBeGreaterThanOrEqual(2);
    for (const b of batches) expect(b.length * each).toBeLessThanOrEqual(PERCEPTS.maxBatchBytes);
    expect(batches.flat()).toEqual(Array.from({ length: count }, (_, i) => `p${i + 1}`));
  });

  it("cap - at most maxPercepts per Observe, oldest first; the summary counts those still waiting", async () => {
    const agent = agentId();
    await replica({ maxPercepts: 4 });
    for (let i = 1; i <= 10; i++) await publishPercept(shared, { agentId: agent, id: `p${i}` });
    await stored(agent, 10);
    const first = await observe(agent);
    expect(first.percepts.map((p) => p.id)).toEqual(["p1", "p2", "p3", "p4"]);
    expect(first.summary).toMatch(/, 4 percepts \(6 more waiting\)$/);
    expect(await ids(agent)).toEqual(["p5", "p6", "p7", "p8"]);
    expect(await ids(agent)).toEqual(["p9", "p10"]);
    expect(await ids(agent)).toEqual([]);
  });

  it("two replicas - each percept is delivered by exactly one replica", async () => {
    const agent = agentId();
    const a = await replica({ maxPercepts: 3 });
    const b = await replica({ maxPercepts: 3 });
    const sent = Array.from({ length: 30 }, (_, i) => `p${i}`);
    for (const id of sent) await publishPercept(shared, { agentId: agent, id });
    await stored(agent, 30);

    // Concurrent takes from both inboxes never share a percept.
    const [fromA, fromB] = await Promise.all([a.inbox.take(agent, { ...soon(), limit: 5 }), b.inbox.take(agent, { ...soon(), limit: 5 })]);
    const both = [...fromA.percepts, ...fromB.percepts].map((p) => p.id);
    expect(new Set(both).size).toBe(10);
    await Promise.all([fromA.commit(), fromB.commit()]);

    // The rest through Observe, several calls at a time, spread over the queue group.
    const delivered = [...both];
    for (let round = 0; round < 20 && delivered.length < sent.length; round++) {
      const wave = await Promise.all([1, 2, 3, 4].map(() => ids(agent)));
      delivered.push(...wave.flat());
    }
    expect([...delivered].sort()).toEqual([...sent].sort());
    expect(a.taken.length).toBeGreaterThanOrEqual(5);
    expect(b.taken.length).toBeGreaterThanOrEqual(5);
    expect(a.taken.filter((id) => b.taken.includes(id))).toEqual([]);
  });

  it("redelivered duplicates - a percept id sent twice is stored once, or delivered once", async () => {
    const agent = agentId();
    await replica();
    // publishPercept sends `<agent>:<id>` as Nats-Msg-Id: the stream keeps one copy.
    // One connection's publishes are stored in order, so once the marker is
    // stored both copies have been seen.
    const raw = (id: string, content: string) => shared.publish(perceptSubject(agent), { data: Percept.encode(Percept.fromPartial({ id, content })).finish(), headers: {} });
    await publishPercept(shared, { agentId: agent, id: "same", content: "first" });
    await publishPercept(shared, { agentId: agent, id: "same", content: "retry" });
    raw("marker", "");
    await stored(agent, 2);
    // A sender that does not set the header: two stored copies, one delivered.
    raw("twice", "a");
    raw("twice", "b");
    await stored(agent, 4);
    expect((await observe(agent)).percepts.map((p) => [p.id, p.content])).toEqual([["same", "first"], ["marker", ""], ["twice", "a"]]);
    await stored(agent, 0);
    // Delivered already: a late copy is dropped (and acknowledged).
    raw("twice", "c");
    await stored(agent, 1);
    expect(await ids(agent)).toEqual([]);
    await stored(agent, 0);
  });

  it("no id - a percept sent without id or time gets its stream position as id and its stored time", async () => {
    const agent = agentId();
    await replica();
    const before = Date.now();
    shared.publish(perceptSubject(agent), { data: Percept.encode(Percept.fromPartial({ content: "bare" })).finish(), headers: {} });
    await stored(agent, 1);
    const [p] = (await observe(agent)).percepts;
    expect(p).toMatchObject({ agentId: agent, content: "bare", contentType: "text/plain" });
    expect(p!.id).toMatch(/^BOYD_PERCEPTS:\d+$/);
    expect(p!.receivedAtUnixMs).toBeGreaterThanOrEqual(before - 1_000); // the server's clock, not ours
    expect(p!.receivedAtUnixMs).toBeLessThanOrEqual(Date.now() + 1_000);
  });

  it("replica dies mid-observation - the percepts it took are redelivered to another replica after the ack wait, once", async () => {
    const agent = agentId();
    const dying = await replica({ ackWaitMs: 1_000 });
    const survivor = await replica({ ackWaitMs: 1_000 });
    await publishPercept(shared, { agentId: agent, id: "p1" });
    await publishPercept(shared, { agentId: agent, id: "p2" });
    await stored(agent, 2);
    const lost = await dying.inbox.take(agent, soon());
    expect(lost.percepts.map((p) => p.id)).toEqual(["p1", "p2"]);
    await dying.stop(); // never commits nor releases
    expect((await survivor.inbox.take(agent, soon())).percepts).toEqual([]);

    let redelivered: string[] = [];
    await waitFor(
      async () => {
        const batch = await survivor.inbox.take(agent, soon());
        await batch.commit();
        redelivered = batch.percepts.map((p) => p.id);
        return redelivered.length > 0;
      },
      10_000,
      () => "the percepts were never redelivered",
      50,
    );
    expect(redelivered).toEqual(["p1", "p2"]);
    expect(await ids(agent)).toEqual([]);
    await stored(agent, 0);
  });

  it("release - percepts of a failed observation are handed out again at once, oldest first", async () => {
    const agent = agentId();
    const a = await replica();
    const b = await replica();
    for (const id of ["p1", "p2"]) await publishPercept(shared, { agentId: agent, id });
    await stored(agent, 2);
    const failed = await a.inbox.take(agent, soon());
    expect(failed.percepts.map((p) => p.id)).toEqual(["p1", "p2"]);
    await publishPercept(shared, { agentId: agent, id: "p3" });
    await stored(agent, 3);
    await failed.release();
    const next = await b.inbox.take(agent, soon());
    expect(next.percepts.map((p) => p.id)).toEqual(["p1", "p2", "p3"]);
    await next.commit();
    expect((await a.inbox.take(agent, soon())).percepts).toEqual([]);
    await stored(agent, 0);
  });
});
