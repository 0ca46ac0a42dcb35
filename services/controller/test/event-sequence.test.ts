import { agentEventChannel, InProcessTransport, MemoryEventLog } from "@boyd/bus";
import type { Event } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { EventSequencer } from "../src/cycle/event-sequence.js";

const event = (agentId: string, sequence: number): Event => ({ agentId, cycle: 1, timeUnixMs: 0, traceId: "", sequence, kind: { $case: "cycleStarted", value: { activeGoalIds: [], maxCycles: 0 } } });

describe("EventSequencer", () => {
  it("event sequence - numbers per agent from 1; concurrent callers get distinct numbers in call order; a reserved block is skipped by the next", async () => {
    const seq = new EventSequencer(() => Promise.resolve(0));
    const [a, b, c] = await Promise.all([seq.next("ann"), seq.next("ann"), seq.next("bob")]);
    expect([a, b, c]).toEqual([1, 2, 1]);
    expect(await seq.reserve("ann", 4)).toBe(3);
    expect(await seq.next("ann")).toBe(7);
  });

  it("event sequence - a new controller continues after the newest event in the log (a restart never reuses a number)", async () => {
    const transport = new InProcessTransport();
    const events = agentEventChannel({ transport, sink: new MemoryEventLog(transport) });
    const lastStored = async (agentId: string) => Math.max(0, ...(await events.latest({ agentId })).map((e) => Number(e.sequence)));
    await events.publish("ann", "cycle.started", event("ann", 41));
    await events.publish("ann", "cycle.finished", event("ann", 42));
    await events.publish("bob", "cycle.started", event("bob", 99));
    expect(await new EventSequencer(lastStored).next("ann")).toBe(43);
    await transport.close();
  });

  it("event sequence - resync reads the log again (another replica ran the agent); a failed read is not guessed at", async () => {
    let stored = 10;
    let fail = false;
    const seq = new EventSequencer(() => (fail ? Promise.reject(new Error("log down")) : Promise.resolve(stored)));
    expect(await seq.next("ann")).toBe(11);
    stored = 50;
    expect(await seq.next("ann")).toBe(12);
    seq.resync("ann");
    expect(await seq.next("ann")).toBe(51);
    seq.resync("ann");
    fail = true;
    await expect(seq.next("ann")).rejects.toThrow("log down");
    fail = false;
    expect(await seq.next("ann")).toBe(52);
  });

  it("event sequence - resync never goes below what this process handed out, even when the log lags behind (events still in flight)", async () => {
    const seq = new EventSequencer(() => Promise.resolve(3));
    const first = await Promise.all([seq.next("ann"), seq.next("ann"), seq.next("ann")]);
    expect(first).toEqual([4, 5, 6]);
    seq.resync("ann");
    const again = await Promise.all([seq.next("ann"), seq.next("ann")]);
    expect(again).toEqual([7, 8]);
  });
});
