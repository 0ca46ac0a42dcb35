import { Event } from "@boyd/proto";
import { expect, it } from "vitest";
import { createEventChannel, eventSubject, InProcessTransport, MemoryEventLog } from "../src/index.js";

// Found by the attack suite (issue 17): one undecodable message on an
// agent's event subject, stored by the log, made every replay of that agent
// throw there (`boyd events --from-seq`, WatchEvents), hiding every later event.
it("replay - an undecodable message in the log is reported and skipped; the events after it are replayed", async () => {
  const transport = new InProcessTransport();
  const log = new MemoryEventLog(transport);
  const reported: string[] = [];
  const events = createEventChannel({ transport, codec: Event, sink: log, reportError: (err, { subject }) => reported.push(`${subject}: ${(err as Error).message}`) });
  const event = (sequence: number) => Event.fromPartial({ agentId: "a1", cycle: 1, sequence, kind: { $case: "cycleStarted", value: {} } });

  await events.publish("a1", "cycle.started", event(1));
  // Truncated varint and a length past the end: garbage that was published as an event.
  for (const garbage of [Uint8Array.of(0x08, 0xff), Uint8Array.of(0x22, 0xff, 0xff, 0xff, 0x0f)]) await log.emit(eventSubject("a1", "cycle.started"), { data: garbage, headers: {} });
  await events.publish("a1", "cycle.started", event(2));

  const replayed: number[] = [];
  for await (const { event: e, meta } of events.replay({ agentId: "a1" })) replayed.push(Number(e.sequence), meta.seq!);
  expect(replayed).toEqual([1, 1, 2, 4]);
  expect(reported).toHaveLength(2);
  expect(reported[0]).toMatch(/^boyd\.events\.v1\.a1\.cycle\.started: /);
  await transport.close();
});

// The log keeps its newest maxEvents; dropping the oldest must not cost a
// shift of every event kept (it made each of a long-running embedded
// agent's events copy 100,000 references once the log was full).
it("replay - a full log keeps exactly its newest maxEvents, in order, through many drops", async () => {
  const transport = new InProcessTransport();
  const log = new MemoryEventLog(transport, 5);
  for (let i = 1; i <= 23; i++) await log.emit(eventSubject("a1", i % 2 ? "cycle.started" : "cycle.finished"), { data: Uint8Array.of(i), headers: {} });
  const seqs = async (options?: { fromSeq?: number; lastPerSubject?: boolean }) => {
    const out: number[] = [];
    for await (const m of log.replay("boyd.events.v1.a1.>", options)) out.push(m.seq);
    return out;
  };
  expect(await seqs()).toEqual([19, 20, 21, 22, 23]);
  expect(await seqs({ fromSeq: 21 })).toEqual([21, 22, 23]);
  expect(await seqs({ lastPerSubject: true })).toEqual([22, 23]);
  await transport.close();
});

it("replay - the log keeps at most maxBytes of payload (but always the newest event), dropping the oldest", async () => {
  const transport = new InProcessTransport();
  const log = new MemoryEventLog(transport, 1_000, 100);
  for (let i = 1; i <= 30; i++) await log.emit(eventSubject("a1", "cycle.started"), { data: new Uint8Array(30), headers: {} });
  await log.emit(eventSubject("a1", "cycle.started"), { data: new Uint8Array(500), headers: {} });
  const seqs: number[] = [];
  for await (const m of log.replay("boyd.events.v1.a1.>")) seqs.push(m.seq);
  expect(seqs).toEqual([31]);
  for (let i = 1; i <= 4; i++) await log.emit(eventSubject("a1", "cycle.started"), { data: new Uint8Array(30), headers: {} });
  seqs.length = 0;
  for await (const m of log.replay("boyd.events.v1.a1.>")) seqs.push(m.seq);
  expect(seqs).toEqual([33, 34, 35]);
  await transport.close();
});

// The newest event of each subject is kept by agent, so an agent's newest
// events (read by every Run of an agent not running) do not scan the log.
it("replay - lastPerSubject gives each matching subject's newest event kept, for one agent or across agents, through drops", async () => {
  const transport = new InProcessTransport();
  const log = new MemoryEventLog(transport, 6);
  const emit = (agent: string, kind: string) => log.emit(eventSubject(agent, kind), { data: Uint8Array.of(1), headers: {} });
  await emit("a1", "approval.requested"); // 1: dropped below, with no later event of its subject
  await emit("a1", "cycle.started"); // 2: dropped, but seq 7 is kept
  await emit("a2", "cycle.started"); // 3
  await emit("a1", "cycle.finished"); // 4
  await emit("a2", "approval.requested"); // 5
  await emit("a2", "cycle.finished"); // 6
  await emit("a1", "cycle.started"); // 7
  await emit("a10", "cycle.started"); // 8: an agent whose id extends another's
  const newest = async (filter: string) => {
    const out: string[] = [];
    for await (const m of log.replay(filter, { lastPerSubject: true })) out.push(`${m.seq} ${m.subject.slice("boyd.events.v1.".length)}`);
    return out;
  };
  expect(await newest("boyd.events.v1.a1.>")).toEqual(["4 a1.cycle.finished", "7 a1.cycle.started"]);
  expect(await newest("boyd.events.v1.a1.approval.*")).toEqual([]);
  expect(await newest("boyd.events.v1.*.approval.*")).toEqual(["5 a2.approval.requested"]);
  expect(await newest("boyd.events.v1.*.cycle.started")).toEqual(["3 a2.cycle.started", "7 a1.cycle.started", "8 a10.cycle.started"]);
  expect(await newest("boyd.events.v1.a3.>")).toEqual([]);
  await transport.close();
});

it("replay - a replay in progress goes on past events dropped and moved meanwhile, up to the last stored when it began", async () => {
  const transport = new InProcessTransport();
  const log = new MemoryEventLog(transport, 4);
  const emit = () => log.emit(eventSubject("a1", "cycle.started"), { data: Uint8Array.of(1), headers: {} });
  for (let i = 0; i < 4; i++) await emit(); // 1..4
  const seen: number[] = [];
  for await (const m of log.replay("boyd.events.v1.a1.>")) {
    seen.push(m.seq);
    if (m.seq === 2) for (let i = 0; i < 3; i++) await emit(); // 5..7: drops 1..3, and the array is cut
  }
  expect(seen).toEqual([1, 2, 4]);
  await transport.close();
});
