import { InProcessTransport, type ServiceBinding } from "@boyd/bus";
import { Percept } from "@boyd/proto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openInProcessPerceptInbox, PERCEPTS, perceptSubject, publishPercept, serveObserve, type DropReason, type InProcessPerceptInbox } from "../src/index.js";
import { perceptsWithinBudget } from "../src/percepts/port.js";
import { failureOf, observeClient, startNeighbours, type Neighbours } from "./fixtures/harness.js";

describe("percepts - in-process inbox behind Observe", () => {
  let transport: InProcessTransport;
  let neighbours: Neighbours;
  let inbox: InProcessPerceptInbox;
  let observe: ServiceBinding;
  const drops: [DropReason, string | undefined][] = [];
  const client = () => observeClient(transport);
  const perceptsOf = async (agentId: string) => (await client().observe({ agentId, cycle: 1 })).observation!;

  beforeEach(async () => {
    drops.length = 0;
    transport = new InProcessTransport();
    neighbours = await startNeighbours(transport);
    inbox = await openInProcessPerceptInbox(transport, { maxPerAgent: 5, now: () => 42, onDrop: (reason, d) => drops.push([reason, d.perceptId]) });
    observe = await serveObserve(transport, { percepts: inbox, maxPercepts: 3 });
  });
  afterEach(async () => {
    await observe.stop();
    await inbox.close();
    await neighbours.close();
    await transport.close();
  });

  it("order, addressee, drained once - oldest first, only the agent's own, gone after one Observe", async () => {
    await publishPercept(transport, { agentId: "a1", id: "p1", source: "sensor", content: "door opened" });
    await publishPercept(transport, { agentId: "a2", id: "q1", content: "for someone else" });
    await publishPercept(transport, { agentId: "a1", id: "p2", content: "light on", symbols: ["room:hall"], receivedAtUnixMs: 7 });
    const first = await perceptsOf("a1");
    expect(first.percepts.map((p) => p.id)).toEqual(["p1", "p2"]);
    expect(first.percepts[0]).toMatchObject({ agentId: "a1", source: "sensor", content: "door opened", contentType: "text/plain" });
    expect(first.percepts[1]).toMatchObject({ symbols: ["room:hall"], receivedAtUnixMs: 7 });
    expect(first.summary).toMatch(/, 2 percepts$/);
    expect((await perceptsOf("a1")).percepts).toEqual([]);
    expect((await perceptsOf("a2")).percepts.map((p) => p.id)).toEqual(["q1"]);
  });

  it("size - a percept past PERCEPTS.maxBytes is refused by publishPercept, and dropped as oversized by the inbox; the next one is observed", async () => {
    await expect(publishPercept(transport, { agentId: "a1", id: "huge", content: "x".repeat(PERCEPTS.maxBytes) })).rejects.toThrow(
      new RegExp(`^percept huge for a1 is \\d+ bytes; the most a percept may be is ${PERCEPTS.maxBytes}$`),
    );
    expect(drops).toEqual([]);
    // Sent as another client would, straight onto the subject: observe drops it.
    transport.publish(perceptSubject("a1"), { data: Percept.encode(Percept.fromPartial({ agentId: "a1", id: "huge", content: "x".repeat(PERCEPTS.maxBytes) })).finish(), headers: {} });
    await publishPercept(transport, { agentId: "a1", id: "small", content: "still heard" });
    expect(drops).toEqual([["oversized", undefined]]);
    expect((await perceptsOf("a1")).percepts.map((p) => p.id)).toEqual(["small"]);
  });

  it("size - perceptsWithinBudget takes the oldest that fit the byte budget, and always the first", () => {
    expect(perceptsWithinBudget([100, 100, 100], 250)).toBe(2);
    expect(perceptsWithinBudget([100, 100], 200)).toBe(2);
    expect(perceptsWithinBudget([300, 10], 250)).toBe(1);
    expect(perceptsWithinBudget([], 250)).toBe(0);
    const each = Math.floor(PERCEPTS.maxBytes * 0.9);
    expect(perceptsWithinBudget(Array.from({ length: 100 }, () => each)) * each).toBeLessThanOrEqual(PERCEPTS.maxBatchBytes);
  });

  it("dedupe - a percept id delivered again is seen once, whether still queued or already observed", async () => {
    const p = { agentId: "a1", id: "dup", content: "once" };
    await publishPercept(transport, p);
    await publishPercept(transport, p);
    expect((await perceptsOf("a1")).percepts.map((x) => x.id)).toEqual(["dup"]);
    await publishPercept(transport, p);
    await publishPercept(transport, { agentId: "a1", id: "fresh" });
    expect((await perceptsOf("a1")).percepts.map((x) => x.id)).toEqual(["fresh"]);
    expect(drops).toEqual([["duplicate", "dup"], ["duplicate", "dup"]]);
  });

  it("cap and bound - at most maxPercepts per Observe, the rest next time; a full inbox drops the oldest and says so", async () => {
    for (let i = 1; i <= 7; i++) await publishPercept(transport, { agentId: "a1", id: `p${i}` });
    expect(inbox.stats()).toMatchObject({ buffered: 5, dropped: { overflow: 2 } });
    const first = await perceptsOf("a1");
    expect(first.percepts.map((p) => p.id)).toEqual(["p3", "p4", "p5"]);
    expect(first.summary).toMatch(/, 3 percepts \(2 more waiting, 2 dropped\)$/);
    const second = await perceptsOf("a1");
    expect(second.percepts.map((p) => p.id)).toEqual(["p6", "p7"]);
    expect(second.summary).toMatch(/, 2 percepts$/);
  });

  it("bounded - an agent's queue goes once its percepts are observed, so the inbox holds the agents with percepts waiting, not every agent ever named", async () => {
    for (let i = 0; i < 200; i++) await publishPercept(transport, { agentId: `agent-${i}`, id: `p${i}` });
    expect(inbox.stats()).toMatchObject({ buffered: 200, agents: 200 });
    for (let i = 0; i < 150; i++) expect((await perceptsOf(`agent-${i}`)).percepts.map((p) => p.id)).toEqual([`p${i}`]);
    expect(inbox.stats()).toMatchObject({ buffered: 50, agents: 50 });
    // Taken but not yet committed: the queue stays until the batch settles; released, the percept waits again.
    const out = await inbox.take("agent-150", { limit: 10, deadline: Date.now() + 1_000 });
    expect(inbox.stats()).toMatchObject({ buffered: 49, agents: 50 });
    await out.release();
    expect(inbox.stats()).toMatchObject({ buffered: 50, agents: 50 });
    // A forgotten agent still drops a redelivery of what it observed, and takes new percepts.
    await publishPercept(transport, { agentId: "agent-3", id: "p3" });
    await publishPercept(transport, { agentId: "agent-3", id: "again" });
    expect((await perceptsOf("agent-3")).percepts.map((p) => p.id)).toEqual(["again"]);
    expect(drops).toEqual([["duplicate", "p3"]]);
    expect(inbox.stats()).toMatchObject({ agents: 50 });
  });

  it("refused - malformed payloads and percepts naming another agent are dropped, not delivered", async () => {
    transport.publish(perceptSubject("a1"), { data: new Uint8Array([0xff, 0xff, 0xff]), headers: {} });
    transport.publish(perceptSubject("a1"), { data: Percept.encode(Percept.fromPartial({ id: "x", agentId: "a2" })).finish(), headers: {} });
    transport.publish(perceptSubject("a1"), { data: Percept.encode(Percept.fromPartial({ content: "no id, no time" })).finish(), headers: {} });
    await transport.flush();
    const { percepts } = await perceptsOf("a1");
    expect(percepts).toHaveLength(1);
    expect(percepts[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(percepts[0]).toMatchObject({ agentId: "a1", content: "no id, no time", receivedAtUnixMs: 42 });
    expect(drops).toEqual([["malformed", undefined], ["misaddressed", "x"]]);
  });

  it("release - percepts taken for an observation that failed come back first, once", async () => {
    for (const id of ["p1", "p2"]) await publishPercept(transport, { agentId: "a1", id });
    const deadline = Date.now() + 1_000;
    const failed = await inbox.take("a1", { limit: 10, deadline });
    await publishPercept(transport, { agentId: "a1", id: "p3" });
    await publishPercept(transport, { agentId: "a1", id: "p1" }); // a retry while p1 is out: still one p1
    await failed.release();
    await failed.commit(); // too late: a batch settles once
    expect((await perceptsOf("a1")).percepts.map((p) => p.id)).toEqual(["p1", "p2", "p3"]);
  });

  it("memory down - the percepts wait for the Observe that succeeds", async () => {
    await publishPercept(transport, { agentId: "a1", id: "p1" });
    await neighbours.stopMemory();
    expect(await failureOf(client().observe({ agentId: "a1", cycle: 1 }))).toMatch(/^UNAVAILABLE: observe could not reach memory/);
    await neighbours.startMemory();
    expect((await perceptsOf("a1")).percepts.map((p) => p.id)).toEqual(["p1"]);
  });

  it("publishPercept - refuses an agent id that cannot be a subject token", async () => {
    await expect(publishPercept(transport, { agentId: "a.b" })).rejects.toThrow(/percept agent_id: "a\.b" is not a valid agent id/);
    expect(await failureOf(client().observe({ agentId: "a>", cycle: 1 }))).toMatch(/^INVALID_ARGUMENT: agent_id/);
  });
});
