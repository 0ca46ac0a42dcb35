import { agentEventChannel, connectNats, openJetStreamEventLog, type EventChannel, type NatsTransport } from "@boyd/bus";
import type { Event } from "@boyd/proto";
import { startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EventSequencer } from "../src/cycle/event-sequence.js";
import { EVENT_PUBLISH_ATTEMPTS, EVENTS_IN_FLIGHT, Narrator } from "../src/cycle/narrator.js";
import type { CyclePorts } from "../src/cycle/ports.js";

const EVENTS = 60;

/** Stored events of an agent, in log order. */
async function stored(events: EventChannel<Event>, agentId: string): Promise<number[]> {
  const numbers: number[] = [];
  for await (const { event } of events.replay({ agentId })) numbers.push(Number(event.sequence));
  return numbers;
}

describe("a cycle's narrator publishes without waiting on each ack (real nats-server, JetStream event log)", () => {
  let nats: NatsServer;
  let transport: NatsTransport;
  let events: EventChannel<Event>;

  beforeAll(async () => {
    nats = await startNats({ jetstream: true });
    transport = await connectNats({ servers: nats.url });
    // Only the kept-* agents have a stream: another agent's publishes get no ack at all.
    const log = await openJetStreamEventLog(transport, { stream: "PIPELINE_EVENTS", subjects: ["boyd.events.v1.kept-a.>", "boyd.events.v1.kept-b.>", "boyd.events.v1.kept-c.>"], memory: true });
    events = agentEventChannel({ transport, sink: log });
  }, 60_000);

  afterAll(async () => {
    await transport?.close();
    await nats?.dispose();
  }, 30_000);

  /** Ports whose emit is the real JetStream publish, wrapped by `around` (counting, or losing an ack). */
  function ports(around: (publish: () => Promise<void>, event: Event) => Promise<void>): Pick<CyclePorts, "emit" | "now" | "sequence"> {
    return {
      emit: (agentId, kind, event) => around(async () => void (await events.publish(agentId, kind, event)), event),
      now: Date.now,
      sequence: new EventSequencer(() => Promise.resolve(0)),
    };
  }

  it("pipeline - several acks in flight at once, never more than the bound; every event stored once, numbered 1..N without a gap, in order", async () => {
    let inFlight = 0;
    let most = 0;
    const warnings: string[] = [];
    const narrator = new Narrator(
      ports(async (publish) => {
        most = Math.max(most, ++inFlight);
        try {
          await publish();
        } finally {
          inFlight--;
        }
      }),
      "kept-a",
      1,
      "",
      (m) => warnings.push(m),
      0,
      true,
    );
    for (let i = 0; i < EVENTS; i++) await narrator.emit({ $case: "cycleStarted", value: { activeGoalIds: [], maxCycles: i } });
    await narrator.settle();
    expect(inFlight).toBe(0);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(EVENTS_IN_FLIGHT);
    expect(warnings).toEqual([]);
    expect(await stored(events, "kept-a")).toEqual(Array.from({ length: EVENTS }, (_, i) => i + 1));
  }, 30_000);

  it("pipeline - a lost ack is published again and JetStream keeps the event once (same Nats-Msg-Id): no gap, no duplicate, no warning", async () => {
    const lostOnce = new Set([3, 10, 11]);
    const warnings: string[] = [];
    const narrator = new Narrator(
      ports(async (publish, event) => {
        await publish();
        // Stored, but the publisher never hears so.
        if (lostOnce.delete(Number(event.sequence))) throw new Error("ack lost");
      }),
      "kept-b",
      1,
      "",
      (m) => warnings.push(m),
      0,
      true,
    );
    for (let i = 0; i < 20; i++) await narrator.emit({ $case: "cycleStarted", value: { activeGoalIds: [], maxCycles: i } });
    await narrator.settle();
    expect(lostOnce.size).toBe(0);
    expect(warnings).toEqual([]);
    expect([...(await stored(events, "kept-b"))].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  }, 30_000);

  it("a number the log already holds for another event (act's, in a block a replica that died reserved): the event is stored under the next free number, not dropped as a duplicate", async () => {
    // What act published for the dead replica's cycle, numbered 5 from its block.
    await events.publish("kept-c", "approval.resolved", { agentId: "kept-c", cycle: 30, timeUnixMs: 1, traceId: "", sequence: 5, kind: { $case: "approvalResolved", value: { decision: undefined } } });
    // This controller read the log before that event landed: its next number is 5 too.
    let reads = 0;
    const lastStored = async (agentId: string) => (reads++ === 0 ? 4 : Math.max(0, ...(await events.latest({ agentId })).map((e) => Number(e.sequence))));
    const warnings: string[] = [];
    const narrator = new Narrator({ emit: (agentId, kind, event) => events.publish(agentId, kind, event).then(() => {}), now: Date.now, sequence: new EventSequencer(lastStored) }, "kept-c", 30, "", (m) => warnings.push(m), 0, true);
    const finished = await narrator.emit({ $case: "cycleFinished", value: { toolName: "tally", outcome: 0, progress: [], workingMemorySize: 0, memoryPressure: 0, sessionVersion: 30, durationMs: 1, stopReason: 0, warnings: [], phaseMs: {}, consolidated: [] } });
    expect(await narrator.delivered(finished)).toBe(true);
    expect(warnings).toEqual([]);
    const kept: string[] = [];
    for await (const { event } of events.replay({ agentId: "kept-c" })) kept.push(`${event.kind?.$case} ${event.sequence}`);
    expect(kept).toEqual(["approvalResolved 5", "cycleFinished 6"]);
    expect(Number(finished.sequence)).toBe(6);
  }, 30_000);

  it("pipeline - an event the log never acknowledges is retried, then named in the warnings by kind and sequence once settle returns", async () => {
    const warnings: string[] = [];
    let attempts = 0;
    const narrator = new Narrator(
      ports(async (publish) => {
        attempts++;
        await publish();
      }),
      "nostream",
      1,
      "",
      (m) => warnings.push(m),
      0,
      true,
    );
    await narrator.emit({ $case: "observed", value: { observation: undefined } });
    await narrator.emit({ $case: "oriented", value: { orientation: undefined } });
    await narrator.settle();
    expect(attempts).toBe(2 * EVENT_PUBLISH_ATTEMPTS);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain(`event observed (sequence 1) not published after ${EVENT_PUBLISH_ATTEMPTS} attempts`);
    expect(warnings[1]).toContain(`event oriented (sequence 2) not published after ${EVENT_PUBLISH_ATTEMPTS} attempts`);
  }, 30_000);
});
