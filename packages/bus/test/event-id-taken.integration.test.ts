import type { Event } from "@boyd/proto";
import { startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentEventChannel, connectNats, EventIdTaken, openJetStreamEventLog, type EventChannel, type NatsTransport } from "../src/index.js";

const finished = (cycle: number, sequence: number, warning: string): Event => ({
  agentId: "a1",
  cycle,
  timeUnixMs: 1,
  traceId: "",
  sequence,
  kind: { $case: "cycleFinished", value: { toolName: "t", outcome: 0, progress: [], workingMemorySize: 0, memoryPressure: 0, sessionVersion: cycle, durationMs: 1, stopReason: 0, warnings: [warning], phaseMs: {}, consolidated: [] } },
});

describe("an event id (Nats-Msg-Id <agent>.<sequence>) already stored (real nats-server, JetStream event log)", () => {
  let nats: NatsServer;
  let transport: NatsTransport;
  let events: EventChannel<Event>;

  beforeAll(async () => {
    nats = await startNats({ jetstream: true });
    transport = await connectNats({ servers: nats.url });
    events = agentEventChannel({ transport, sink: await openJetStreamEventLog(transport, { stream: "ID_TAKEN", memory: true }) });
  }, 60_000);

  afterAll(async () => {
    await transport?.close();
    await nats?.dispose();
  }, 30_000);

  const kept = async (): Promise<string[]> => {
    const all: string[] = [];
    for await (const { event, meta } of events.replay({ agentId: "a1" })) all.push(`${meta.seq}: ${event.kind?.$case} of cycle ${event.cycle} #${event.sequence}`);
    return all;
  };

  it("the same bytes again (a retry whose ack was lost) and the same event told again by another replica resolve with the stored sequence; another event under the id is refused, naming what holds it, and not stored", async () => {
    const first = await events.publish("a1", "cycle.finished", finished(7, 40, ""));
    expect(await events.publish("a1", "cycle.finished", finished(7, 40, ""))).toBe(first);
    // A replica that took the agent over re-publishes cycle 7's cycle.finished from the saved session: different bytes, the same event.
    expect(await events.publish("a1", "cycle.finished", finished(7, 40, "recovered: published from the saved session"))).toBe(first);
    // Cycle 8's, numbered 40 by a publisher that read the log too early: not this event.
    const refused = await events.publish("a1", "cycle.finished", finished(8, 40, "")).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(EventIdTaken);
    expect((refused as EventIdTaken).message).toContain(`event id a1.40 is already taken by the event stored at ${first}`);
    // Another kind under the id (a different subject) is refused too.
    const started: Event = { agentId: "a1", cycle: 8, timeUnixMs: 1, traceId: "", sequence: 40, kind: { $case: "cycleStarted", value: { activeGoalIds: [], maxCycles: 1 } } };
    expect(await events.publish("a1", "cycle.started", started).catch((err: unknown) => err)).toBeInstanceOf(EventIdTaken);
    expect(await kept()).toEqual([`${first}: cycleFinished of cycle 7 #40`]);
  }, 30_000);
});
