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
    // Only kept-a and kept-b have a stream: another agent's publishes get no ack at all.
    const log = await openJetStreamEventLog(transport, { stream: "PIPELINE_EVENTS", subjects: ["boyd.events.v1.kept-a.>", "boyd.events.v1.kept-b.>"], memory: true });
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
