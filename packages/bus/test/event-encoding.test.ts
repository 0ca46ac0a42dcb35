import { Event } from "@boyd/proto";
import { afterEach, expect, it, vi } from "vitest";
import { createEventChannel, InProcessTransport, MemoryEventLog } from "../src/index.js";

afterEach(() => vi.restoreAllMocks());

const event = (sequence: number, note: string) => Event.fromPartial({ agentId: "a1", cycle: 1, sequence, kind: { $case: "cycleFinished", value: { warnings: [note] } } });

async function replayed(events: ReturnType<typeof createEventChannel<Event>>): Promise<Event[]> {
  const out: Event[] = [];
  for await (const { event: e } of events.replay({ agentId: "a1" })) out.push(e);
  return out;
}

it("events are encoded into one writer kept between them; each stored event is its own bytes, a large one before a small one included", async () => {
  const transport = new InProcessTransport();
  const events = createEventChannel({ transport, codec: Event, sink: new MemoryEventLog(transport) });
  const encode = vi.spyOn(Event, "encode");
  const published = [event(1, "x".repeat(5_000)), event(2, "small"), event(3, "")];
  for (const e of published) await events.publish("a1", "cycle.finished", e);
  // The first encode makes the writer; every later one is given it back.
  const writers = encode.mock.calls.map(([, writer]) => writer);
  expect(writers[0]).toBeUndefined();
  expect(writers.slice(1).every((w) => w !== undefined && w === encode.mock.results[0]!.value)).toBe(true);
  encode.mockRestore();
  expect(await replayed(events)).toEqual(published);
  await transport.close();
});

it("an encode that throws half-way leaves no trace in the next event's bytes", async () => {
  const transport = new InProcessTransport();
  const events = createEventChannel({ transport, codec: Event, sink: new MemoryEventLog(transport) });
  await events.publish("a1", "cycle.finished", event(1, "first"));
  // A cycle number no varint holds: ts-proto throws while writing the message, after writing some of it.
  const bad = { ...event(2, "bad"), cycle: 2n ** 70n } as unknown as Event;
  expect(() => events.publish("a1", "cycle.finished", bad)).toThrow();
  await events.publish("a1", "cycle.finished", event(3, "after"));
  expect(await replayed(events)).toEqual([event(1, "first"), event(3, "after")]);
  await transport.close();
});
