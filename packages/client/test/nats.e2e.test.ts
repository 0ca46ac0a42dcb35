import { startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CancelledError, connect, UnavailableError, type BoydClient, type Event } from "../src/index.js";
import { serveStack, type ServedStack } from "./fixtures.js";

const MARS_GOAL = { description: "Find the moons that orbit Mars", successCriteria: "phobos, deimos" };

let nats: NatsServer;
let served: ServedStack;
let client: BoydClient;

beforeAll(async () => {
  nats = await startNats();
  served = await serveStack("boyd-client-nats-", nats.url);
  client = await connect({ address: served.address, nats: { servers: nats.url } });
});

afterAll(async () => {
  await client?.close();
  await served?.stop();
  await nats?.stop();
});

/** Gives the subscription a moment to reach the server before anything is published. */
const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 200));

describe("@boyd/client following events over NATS", () => {
  it("watchEvents via nats yields the run's events, decoded, and ends cleanly when the loop is left", async () => {
    await client.createAgent({ agentId: "bus", goals: [MARS_GOAL] });
    const seen: Event[] = [];
    const following = (async () => {
      for await (const event of client.watchEvents("bus", { via: "nats" })) {
        seen.push(event);
        if (event.kind?.$case === "cycleFinished") break;
      }
    })();
    await settle();
    await client.run({ agentId: "bus", maxCycles: 3 });
    await following;
    const kinds = seen.map((e) => e.kind?.$case);
    expect(kinds).toEqual(expect.arrayContaining(["cycleStarted", "observed", "oriented", "decided", "acted", "cycleFinished"]));
    expect(kinds.at(-1)).toBe("cycleFinished");
    expect(seen.every((e) => e.agentId === "bus" && e.cycle === 1)).toBe(true);
  });

  it("the AbortSignal and close() end a NATS loop with CancelledError", async () => {
    const stop = new AbortController();
    const pending = client.watchEvents("bus", { via: "nats", signal: stop.signal }).next();
    await settle();
    stop.abort(new Error("enough"));
    await expect(pending).rejects.toBeInstanceOf(CancelledError);

    const own = await connect({ address: served.address, nats: { servers: nats.url } });
    const open = own.watchEvents("bus", { via: "nats" }).next();
    await settle();
    await own.close();
    await expect(open).rejects.toBeInstanceOf(CancelledError);
  });

  it("refuses what only the gRPC stream can do, and NATS it was not given, naming why", async () => {
    await expect(client.watchEvents("bus", { via: "nats", fromSequence: 5 }).next()).rejects.toThrow(/via "nats" follows live events only; drop fromSequence/);
    await expect(client.watchEvents("a.b", { via: "nats" }).next()).rejects.toThrow(/agent id "a\.b" is not a subject token/);
    const grpcOnly = await connect({ address: served.address });
    try {
      await expect(grpcOnly.watchEvents("bus", { via: "nats" }).next()).rejects.toThrow(/needs the nats option of connect\(\)/);
    } finally {
      await grpcOnly.close();
    }
    const failure = await connect({ address: served.address, nats: { servers: "nats://127.0.0.1:1", connectTimeoutMs: 500 } }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(UnavailableError);
    expect((failure as Error).message).toMatch(/could not reach NATS at nats:\/\/127\.0\.0\.1:1/);
  });
});
