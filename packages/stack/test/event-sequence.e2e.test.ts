import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connectNats, grpcClientSecurity, type NatsTransport } from "@boyd/bus";
import { AgentServiceClient, AgentState, ApprovalVerdict, Event, WatchEventsRequest } from "@boyd/proto";
import { startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startStack, type Stack } from "../src/index.js";

// Goals that state facts: each plan is put to the person, then (safe mode) the write is approved, so approval events interleave with the cycle's.
const FIRST = "Note that a whale eats plankton";
const SECOND = "Note that a dolphin eats fish";

interface Seen {
  readonly sequence: number;
  readonly kind: string;
}

const seen = (e: Event): Seen => ({ sequence: Number(e.sequence), kind: e.kind?.$case ?? "?" });

describe("one event sequence per agent: live over NATS, live over gRPC, replayed from JetStream (stack on nats-server)", () => {
  let nats: NatsServer;
  let dir: string;
  let stack: Stack;
  let outsider: NatsTransport;
  let grpc: AgentServiceClient;

  beforeAll(async () => {
    nats = await startNats();
    dir = await mkdtemp(join(tmpdir(), "boyd-sequence-"));
    await chmod(dir, 0o755);
    stack = await startStack({ dataDir: dir, nats: nats.url, namespace: "sequence", grpcAddress: "127.0.0.1:0" });
    outsider = await connectNats({ servers: nats.url });
    const security = grpcClientSecurity({});
    grpc = new AgentServiceClient(`127.0.0.1:${stack.controller!.grpc!.port}`, security.credentials, security.options);
  }, 60_000);

  afterAll(async () => {
    grpc?.close();
    await outsider?.close();
    // Under full CI load, stopping this stack once never finished (the test
    // itself had passed; not reproduced alone or under a CPU hog). Teardown
    // is bounded and says so, so that hang shows in the log without failing
    // what this file tests; finding it is open work.
    const stopped = await Promise.race([stack?.stop().then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 30_000))]);
    if (!stopped) process.stderr.write("event-sequence: stack.stop() had not finished after 30 s\n");
    await nats?.dispose();
    await rm(dir, { recursive: true, force: true });
  }, 120_000);

  /** Follows WatchEvents over gRPC; `stop` cancels the call, as a client that goes away. */
  function watch(agentId: string, fromSequence = 0) {
    const events: Seen[] = [];
    const call = grpc.watchEvents(WatchEventsRequest.fromPartial({ agentId, fromSequence }));
    call.on("data", (r: { event: Event }) => events.push(seen(r.event)));
    call.on("error", () => undefined); // the cancel
    return { events, stop: () => call.cancel() };
  }

  async function stopped(agentId: string): Promise<void> {
    await vi.waitFor(async () => expect((await stack.agents.getAgent({ agentId })).agent!.state).toBe(AgentState.STOPPED), { timeout: 60_000, interval: 100 });
  }

  it("sequence - strictly increasing with approval events in it, the same number on every path; a client resumes at last seen + 1 and gets exactly the rest", async () => {
    const agentId = "whale";
    // Someone answers every question and approval yes.
    const approver = stack.events.subscribe({ agentId, kind: "approval.requested" }, async (e) => {
      if (e.kind?.$case !== "approvalRequested") return;
      const r = e.kind.value.request!;
      await stack.agents.resolveApproval({ decision: { approvalId: r.id, agentId, verdict: ApprovalVerdict.APPROVE, answeredBy: "e2e", comment: "yes", decidedAtUnixMs: 0 } });
    });
    // A subscriber without Boyd's code: raw nats.js, the payload decoded, the headers read as they are.
    const onNats: Seen[] = [];
    const headers: Array<Record<string, string | undefined>> = [];
    const raw = outsider.connection.subscribe(`boyd.events.v1.${agentId}.>`, {
      callback: (_err, m) => {
        onNats.push(seen(Event.decode(m.data)));
        headers.push({ contentType: m.headers?.get("Content-Type"), msgId: m.headers?.get("Nats-Msg-Id"), traceparent: m.headers?.get("traceparent") });
      },
    });
    await outsider.connection.flush();
    await stack.transport.flush();

    await stack.agents.createAgent({ agentId, goals: [{ description: FIRST }] });
    const first = watch(agentId);
    await new Promise((r) => setTimeout(r, 200)); // the stream is subscribed
    await stack.agents.run({ agentId, maxCycles: 2, detach: true });
    // The client goes away in the middle of the run, right after an approval was asked.
    await vi.waitFor(() => expect(first.events.some((e) => e.kind === "approvalRequested")).toBe(true), { timeout: 60_000 });
    first.stop();
    const lastSeen = first.events.at(-1)!.sequence;
    await stopped(agentId);

    // More happens while it is away, then it comes back at last seen + 1 (replay, then live).
    await stack.agents.addGoal({ agentId, goal: { description: SECOND } });
    await stack.agents.run({ agentId, maxCycles: 2, detach: true });
    const resumed = watch(agentId, lastSeen + 1);
    await stopped(agentId);
    await vi.waitFor(() => expect(resumed.events.at(-1)?.sequence).toBe(onNats.at(-1)!.sequence), { timeout: 10_000 });
    resumed.stop();
    raw.unsubscribe();
    await approver.drain();

    const numbers = onNats.map((e) => e.sequence);
    // Strictly increasing, approval events included (they used to carry 0).
    expect(numbers.every((n, i) => n > 0 && (i === 0 || n > numbers[i - 1]!))).toBe(true);
    expect(onNats.filter((e) => e.kind === "approvalRequested").length).toBeGreaterThanOrEqual(2);
    expect(onNats.filter((e) => e.kind === "approvalResolved").length).toBeGreaterThanOrEqual(2);
    // Live over gRPC: the same events, the same numbers, as NATS subscribers saw them.
    const watchedFrom = onNats.findIndex((e) => e.sequence === first.events[0]!.sequence);
    expect(watchedFrom).toBeGreaterThanOrEqual(0);
    expect(first.events).toEqual(onNats.slice(watchedFrom, watchedFrom + first.events.length));
    // Resumed: exactly the rest, no gap, no duplicate.
    expect(resumed.events).toEqual(onNats.filter((e) => e.sequence > lastSeen));
    // Headers a subscriber can use without the protos.
    for (const [i, h] of headers.entries()) {
      expect(h.contentType).toBe("application/x-protobuf; messageType=boyd.v1.Event");
      expect(h.msgId).toBe(`${agentId}.${numbers[i]}`);
    }
    expect(headers.filter((h) => h.traceparent === undefined).map((_, i) => onNats[i]!.kind)).toEqual([]);
  }, 120_000);
});
