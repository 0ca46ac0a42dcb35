import { liveEventSubscriptions } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AgentState,
  ApprovalVerdict,
  BoydError,
  CancelledError,
  connect,
  DeadlineExceededError,
  GoalStatus,
  InvalidArgumentError,
  NotFoundError,
  StopReason,
  UnavailableError,
  type BoydClient,
  type Event,
} from "../src/index.js";
import { eventually, serveStack, type ServedStack } from "./fixtures.js";

const MARS_GOAL = { description: "Find the moons that orbit Mars", successCriteria: "phobos, deimos" };
// Writing a file is a side effect: the agent asks a person to confirm the
// plan and waits, which keeps a Run in flight. The wait is kept short so
// the runs these tests leave behind end soon after the test.
const WAITING_GOAL = { description: "Write the moons of Mars to the file moons.txt", successCriteria: "moons.txt" };
const WAITING_CONFIG = { approvalTimeoutMs: 1_500 };

let served: ServedStack;
let client: BoydClient;

beforeAll(async () => {
  served = await serveStack("boyd-client-");
  client = await connect({ address: served.address });
});

afterAll(async () => {
  await client?.close();
  await served?.stop();
});

/** Resolves with the first approval request the agent raises, seen through the client's own stream. */
async function firstApprovalRequest(agentId: string, signal: AbortSignal): Promise<string> {
  for await (const event of client.watchEvents(agentId, { signal })) {
    if (event.kind?.$case === "approvalRequested") return event.kind.value.request!.id;
  }
  throw new Error("the stream ended before an approval was requested");
}

describe("@boyd/client against a real controller over gRPC", () => {
  it("creates an agent and runs it to completion: typed responses, the agent's status afterwards", async () => {
    const { agent, goals } = await client.createAgent({ agentId: "mars", goals: [MARS_GOAL] });
    expect(agent?.agentId).toBe("mars");
    expect(goals.map((g) => g.description)).toEqual([MARS_GOAL.description]);

    const { report } = await client.run({ agentId: "mars", maxCycles: 5 });
    expect(report?.stopReason).toBe(StopReason.ALL_GOALS_DONE);
    expect(report?.goals.map((g) => g.status)).toEqual([GoalStatus.COMPLETED]);

    const info = await client.getAgent("mars");
    expect(info).toMatchObject({ agentId: "mars", completedGoals: 1});
    expect([AgentState.IDLE, AgentState.STOPPED]).toContain(info.state);
    expect((await client.listGoals("mars")).map((g) => g.status)).toEqual([GoalStatus.COMPLETED]);
    const all = [];
    for await (const a of client.allAgents({ pageSize: 1 })) all.push(a.agentId);
    expect(all).toContain("mars");
  });

  it("startAgent makes the agent run with no call waiting; run follows it to its end; pauseAgent then has nothing to hold (STOPPED, as the run left it)", async () => {
    await client.createAgent({ agentId: "started-mars", goals: [MARS_GOAL] });
    const started = await client.startAgent({ agentId: "started-mars", maxCycles: 5 });
    expect(started.started).toBe(true);
    const { report } = await client.run({ agentId: "started-mars", maxCycles: 5 });
    expect(report?.stopReason).toBe(StopReason.ALL_GOALS_DONE);
    expect((await client.getAgent("started-mars")).started).toBe(false);
    // PAUSED is for a started agent held mid-way (agent-started.e2e.test.ts); this one's start has ended.
    const paused = await client.pauseAgent("started-mars");
    expect(paused.state).toBe(AgentState.STOPPED);
  });

  it("watchEvents is an async iterator: the run's events arrive live, and breaking out cancels the stream on the server", async () => {
    await client.createAgent({ agentId: "watched", goals: [MARS_GOAL] });
    const subscriptions = liveEventSubscriptions(served.stack.transport, "watched");
    const seen: Event[] = [];
    const watching = (async () => {
      for await (const event of client.watchEvents("watched")) {
        seen.push(event);
        if (event.kind?.$case === "cycleFinished") break;
      }
    })();
    await eventually("the server to hold the stream's subscription", () => subscriptions() === 1);
    const run = client.run({ agentId: "watched", maxCycles: 3 });
    await watching;
    await run;

    const kinds = seen.map((e) => e.kind?.$case);
    expect(kinds[0]).toBe("cycleStarted");
    expect(kinds.at(-1)).toBe("cycleFinished");
    expect(kinds).toEqual(expect.arrayContaining(["observed", "oriented", "decided", "acted"]));
    expect(seen.every((e) => e.agentId === "watched")).toBe(true);
    // Leaving the loop ended the call: the server released what it held for it.
    await eventually("the server to release the stream's subscription", () => subscriptions() === 0);
  });

  it("watchEvents with fromSequence replays what happened before the stream opened", async () => {
    const opened = Date.now();
    const replayed: Event[] = [];
    for await (const event of client.watchEvents("mars", { fromSequence: 1 })) {
      replayed.push(event);
      if (event.kind?.$case === "cycleFinished") break;
    }
    // The first run of "mars" (first test), from its goal being added to its first cycle's end.
    expect(replayed[0]?.kind?.$case).toBe("goalChanged");
    expect(replayed.filter((e) => e.kind?.$case === "cycleStarted").map((e) => e.cycle)).toEqual([1]);
    expect(replayed.every((e) => e.agentId === "mars" && e.timeUnixMs <= opened)).toBe(true);
  });

  it("runCycles yields the run's events as they happen, then its report last", async () => {
    await client.createAgent({ agentId: "streamed", goals: [MARS_GOAL] });
    const items = [];
    for await (const item of client.runCycles({ agentId: "streamed", maxCycles: 5 })) items.push(item);
    const last = items.at(-1);
    expect(last?.$case).toBe("report");
    expect(last?.$case === "report" && last.value.stopReason).toBe(StopReason.ALL_GOALS_DONE);
    const events = items.slice(0, -1).map((i) => (i.$case === "event" ? i.value.kind?.$case : i.$case));
    expect(events[0]).toBe("cycleStarted");
    expect(events).toContain("cycleFinished");
    expect(events).not.toContain("report");
  });

  it("an unknown agent id fails with NotFoundError naming the method and the status", async () => {
    const failure = await client.getAgent("nobody-here").catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(NotFoundError);
    expect(failure).toBeInstanceOf(BoydError);
    expect(failure).toMatchObject({ code: "NOT_FOUND", status: 5, method: "GetAgent", retryable: false });
    expect((failure as NotFoundError).details).toMatch(/nobody-here/);
    const message = (failure as NotFoundError).message;
    expect(message.startsWith("GetAgent: ") && message.endsWith(" (NOT_FOUND)") && message.includes("nobody-here"), message).toBe(true);
  });

  it("a bad request fails with InvalidArgumentError", async () => {
    const failure = await client.createAgent({ agentId: "not a token!" }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(InvalidArgumentError);
    expect(failure).toMatchObject({ code: "INVALID_ARGUMENT", method: "CreateAgent" });
  });

  it("a call past its deadline fails with DeadlineExceededError: per call, and the client's default for unary calls", async () => {
    await client.createAgent({ agentId: "slow", goals: [WAITING_GOAL], config: WAITING_CONFIG });
    const started = Date.now();
    const perCall = await client.run({ agentId: "slow", maxCycles: 3 }, { deadlineMs: 400 }).catch((err: unknown) => err);
    expect(perCall).toBeInstanceOf(DeadlineExceededError);
    expect(perCall).toMatchObject({ code: "DEADLINE_EXCEEDED", method: "Run", retryable: true });
    expect(Date.now() - started).toBeLessThan(5_000);

    const hurried = await connect({ address: served.address, defaultDeadlineMs: 300 });
    try {
      await hurried.createAgent({ agentId: "slow-default", goals: [WAITING_GOAL], config: WAITING_CONFIG });
      await expect(hurried.run({ agentId: "slow-default", maxCycles: 3 })).rejects.toBeInstanceOf(DeadlineExceededError);
      // Streams are not cut by the default: a quiet stream is still open past it.
      const quiet = new AbortController();
      const stream = hurried.watchEvents("mars", { signal: quiet.signal })[Symbol.asyncIterator]();
      const next = stream.next();
      await new Promise((r) => setTimeout(r, 600));
      quiet.abort();
      await expect(next).rejects.toBeInstanceOf(CancelledError);
      // A stream given a deadline ends with it.
      const limited = hurried.watchEvents("mars", { deadlineMs: 200 })[Symbol.asyncIterator]().next();
      await expect(limited).rejects.toBeInstanceOf(DeadlineExceededError);
    } finally {
      await hurried.close();
    }
  });

  it("an AbortSignal cancels a unary call in flight and a stream being read, with CancelledError carrying the reason", async () => {
    await client.createAgent({ agentId: "aborted", goals: [WAITING_GOAL], config: WAITING_CONFIG });
    const watch = new AbortController();
    const asked = firstApprovalRequest("aborted", watch.signal);
    const stop = new AbortController();
    const started = Date.now();
    const run = client.run({ agentId: "aborted", maxCycles: 3 }, { signal: stop.signal }).catch((err: unknown) => err);
    await asked; // the Run is now waiting for a person
    const reason = new Error("user pressed stop");
    stop.abort(reason);
    const failure = await run;
    expect(failure).toBeInstanceOf(CancelledError);
    expect(failure).toMatchObject({ code: "CANCELLED", method: "Run", cause: reason });
    expect(Date.now() - started).toBeLessThan(20_000);

    // Aborting while the loop waits for the next event ends the loop.
    const reading = client.watchEvents("aborted", { signal: watch.signal });
    const pending = reading.next();
    watch.abort();
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
    // A signal aborted before the call starts fails at once.
    await expect(client.getAgent("mars", { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(CancelledError);
  });

  it("listApprovals shows what waits for a person, and resolveApproval answers it", async () => {
    await client.createAgent({ agentId: "asking", goals: [WAITING_GOAL], config: { approvalTimeoutMs: 20_000 } });
    const watch = new AbortController();
    const asked = firstApprovalRequest("asking", watch.signal);
    const run = client.run({ agentId: "asking", maxCycles: 1 }).catch((err: unknown) => err);
    const id = await asked;
    watch.abort();
    // The controller learns of the request from the same event the stream showed.
    let listed: string[] = [];
    for (const deadline = Date.now() + 10_000; !listed.includes(id) && Date.now() < deadline; ) {
      listed = (await client.listApprovals("asking")).map((r) => r.id);
      if (!listed.includes(id)) await new Promise((r) => setTimeout(r, 50));
    }
    expect(listed).toContain(id);
    expect((await client.listApprovals()).map((r) => r.id)).toContain(id);
    const answered = await client.resolveApproval({ approvalId: id, agentId: "asking", verdict: ApprovalVerdict.DENY, answeredBy: "test", comment: "no" });
    expect(answered.id).toBe(id);
    await run;
    expect((await client.listApprovals("asking")).map((r) => r.id)).not.toContain(id);
  });

  it("close() ends open streams with CancelledError and refuses later calls", async () => {
    const own = await connect({ address: served.address });
    const stream = own.watchEvents("mars")[Symbol.asyncIterator]();
    const next = stream.next();
    await new Promise((r) => setTimeout(r, 200));
    await own.close();
    await expect(next).rejects.toBeInstanceOf(CancelledError);
    await expect(own.getAgent("mars")).rejects.toThrow(UnavailableError);
    await expect(own.getAgent("mars")).rejects.toThrow(/closed/);
  });
});

describe("connect", () => {
  it("fails with UnavailableError naming the address when nothing answers there", async () => {
    const started = Date.now();
    const failure = await connect({ address: "127.0.0.1:1", connectTimeoutMs: 500 }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(UnavailableError);
    expect((failure as Error).message).toMatch(/127\.0\.0\.1:1/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("refuses bad options with a message naming the option", async () => {
    await expect(connect({ address: "" })).rejects.toThrow(/address must be a host:port/);
    const garbled = (await connect({ address: "127.0.0.1:1\u001b[2J" }).catch((err: unknown) => err)) as Error;
    expect(garbled.message).toMatch(/address must be a host:port/);
    expect(garbled.message.includes("\u001b"), "the escape character is shown, not sent to the terminal").toBe(false);
    await expect(connect({ address: "127.0.0.1:1", defaultDeadlineMs: -1 })).rejects.toThrow(/defaultDeadlineMs must be a positive number/);
    await expect(connect({ address: "127.0.0.1:1", token: "two words" })).rejects.toThrow(/token must be non-empty and hold no whitespace/);
  });
});
