import { Event } from "@boyd/proto";
import { liveEventSubscriptions } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, eventually, serveConsole, type ServedConsole } from "./fixtures.js";
import { openSse, type SseMessage, type SseStream } from "./sse-reader.js";

const MARS_GOAL = { description: "Find the moons that orbit Mars", successCriteria: "phobos, deimos" };
const HEARTBEAT_MS = 200;

let served: ServedConsole;
let call: ReturnType<typeof api>;

beforeAll(async () => {
  served = await serveConsole("boyd-console-events-", { heartbeatMs: HEARTBEAT_MS });
  call = api(served.console.url);
});

afterAll(async () => {
  await served?.stop();
});

const eventsUrl = (agent: string, query = ""): string => new URL(`/api/agents/${encodeURIComponent(agent)}/events${query}`, served.console.url).href;

/** Reads messages until one is the end of a cycle (or of the run); returns them all. */
async function readUntilCycleFinished(stream: SseStream): Promise<Event[]> {
  const events: Event[] = [];
  for (;;) {
    const message = await stream.next();
    if (!message) throw new Error(`the stream ended after ${events.length} events`);
    const event = decode(message);
    events.push(event);
    if (event.kind?.$case === "cycleFinished") return events;
  }
}

function decode(message: SseMessage): Event {
  expect(message.event).toBe("boyd");
  const event = Event.fromJSON(JSON.parse(message.data));
  expect(message.id).toBe(String(event.sequence));
  return event;
}

describe("GET /api/agents/:agent/events (server-sent events from WatchEvents)", () => {
  it("a started agent's cycle events arrive live, each as id: <sequence>, event: boyd, data: <Event JSON>; pause answers", async () => {
    await served.stack.agents.createAgent({ agentId: "live", goals: [MARS_GOAL] });
    const stream = await openSse(eventsUrl("live"));
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      const started = await call("POST", "/api/agents/live/start", { max_cycles: 3 });
      expect(started).toMatchObject({ status: 200, json: { agent: { agentId: "live" } } });
      const events = await readUntilCycleFinished(stream);
      const kinds = events.map((e) => e.kind?.$case);
      expect(kinds).toEqual(expect.arrayContaining(["cycleStarted", "observed", "oriented", "decided", "acted", "cycleFinished"]));
      expect(kinds.indexOf("cycleStarted")).toBeLessThan(kinds.indexOf("cycleFinished"));
      const sequences = events.map((e) => e.sequence);
      expect([...sequences].sort((a, b) => a - b)).toEqual(sequences);
      expect(new Set(sequences).size).toBe(sequences.length);
      expect(events.every((e) => e.agentId === "live")).toBe(true);
    } finally {
      stream.close();
    }
    expect(await call("POST", "/api/agents/live/pause")).toMatchObject({ status: 200, json: { agent: { agentId: "live" } } });
  });

  it("Last-Event-ID replays exactly the events after it (no gap, no duplicate); ?from_seq starts at that sequence", async () => {
    await served.stack.agents.createAgent({ agentId: "replayed", goals: [MARS_GOAL] });
    const { report } = await served.stack.agents.run({ agentId: "replayed", maxCycles: 3 });
    const lastCycle = report!.finalCycle;
    const all: Event[] = [];
    const full = await openSse(eventsUrl("replayed", "?from_seq=1"));
    try {
      for (;;) {
        all.push(decode((await full.next())!));
        if (all.at(-1)!.kind?.$case === "cycleFinished" && all.at(-1)!.cycle === lastCycle) break;
      }
    } finally {
      full.close();
    }
    expect(all.length).toBeGreaterThan(6);
    // A browser that saw up to the middle reconnects with Last-Event-ID (and its first URL's from_seq, which must not win).
    const cut = Math.floor(all.length / 2);
    const seen = all[cut - 1]!.sequence;
    const resumed = await openSse(eventsUrl("replayed", "?from_seq=1"), { "last-event-id": String(seen) });
    const rest: Event[] = [];
    try {
      while (rest.length < all.length - cut) rest.push(decode((await resumed.next())!));
    } finally {
      resumed.close();
    }
    expect(rest.map((e) => e.sequence)).toEqual(all.slice(cut).map((e) => e.sequence));
    expect(rest.map((e) => e.kind?.$case)).toEqual(all.slice(cut).map((e) => e.kind?.$case));

    const from = all[3]!.sequence;
    const fromQuery = await openSse(eventsUrl("replayed", `?from_seq=${from}`));
    try {
      expect(decode((await fromQuery.next())!).sequence).toBe(from);
    } finally {
      fromQuery.close();
    }
  });

  it("closing the browser's connection ends the gRPC stream on the server: no leaked subscriptions", async () => {
    await served.stack.agents.createAgent({ agentId: "left", goals: [MARS_GOAL] });
    const subscriptions = liveEventSubscriptions(served.stack.transport, "left");
    const streams = await Promise.all([openSse(eventsUrl("left")), openSse(eventsUrl("left")), openSse(eventsUrl("left", "?from_seq=1"))]);
    await eventually("the server to hold three event subscriptions", () => subscriptions() === 3);
    for (const stream of streams) stream.close();
    await eventually("the server to release every event subscription", () => subscriptions() === 0);
  });

  it("an idle stream gets a comment line every heartbeat", async () => {
    await served.stack.agents.createAgent({ agentId: "idle", goals: [MARS_GOAL] });
    const stream = await openSse(eventsUrl("idle"));
    try {
      await expect(stream.next(HEARTBEAT_MS * 3)).rejects.toThrow(/no server-sent event/);
      expect(stream.comments().length).toBeGreaterThanOrEqual(1);
      expect(stream.comments()[0]).toBe(": heartbeat");
    } finally {
      stream.close();
    }
  });

  it("an unknown agent or a bad sequence is a plain HTTP error, before any stream", async () => {
    const missing = await call("GET", "/api/agents/nobody/events");
    expect(missing).toMatchObject({ status: 404, json: { error: { code: "NOT_FOUND" } } });
    await served.stack.agents.createAgent({ agentId: "strict", goals: [MARS_GOAL] });
    expect(await call("GET", "/api/agents/strict/events?from_seq=-1")).toMatchObject({ status: 400, json: { error: { message: expect.stringContaining("query parameter from_seq") } } });
    expect(await call("GET", "/api/agents/strict/events", undefined, { "last-event-id": "abc" })).toMatchObject({
      status: 400,
      json: { error: { message: expect.stringContaining("Last-Event-ID") } },
    });
  });
});
