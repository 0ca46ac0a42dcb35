import { setTimeout as sleep } from "node:timers/promises";
import { EchoServiceDefinition, type EchoRequest, type EchoResponse } from "@boyd/proto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  BusError,
  createClient,
  createEventChannel,
  eventSubject,
  Header,
  isTraceparent,
  rpcSubject,
  serveService,
  type CallContext,
  type EventLog,
  type ServiceBinding,
  type ServiceHandlers,
  type Transport,
} from "../src/index.js";

/** What the suite needs from one transport under test. */
export interface TransportEnv {
  /** A transport standing for one process (a new NATS connection, or the shared in-process bus). */
  connect(): Promise<Transport>;
  /** An event log kept by this transport kind (in memory, or JetStream). */
  openLog(transport: Transport): Promise<EventLog>;
  /** Tear down everything connect() made. */
  close(): Promise<void>;
}

const EchoMessage = {
  encode: (m: EchoRequest) => EchoServiceDefinition.methods.echo.requestType.encode(m),
  decode: (b: Uint8Array) => EchoServiceDefinition.methods.echo.requestType.decode(b),
  fromPartial: (p: never) => EchoServiceDefinition.methods.echo.requestType.fromPartial(p),
};

function echoHandlers(id: string, seen: CallContext[] = []): ServiceHandlers<typeof EchoServiceDefinition> {
  return {
    async echo(request, context): Promise<EchoResponse> {
      seen.push(context);
      if (request.delayMs > 0) await sleep(request.delayMs);
      if (request.text === "not-found") throw new BusError("NOT_FOUND", "no such thing");
      if (request.text === "crash") throw new Error("secret internals at /srv/app.ts:42");
      return { text: request.text, payload: request.payload, servedBy: id };
    },
  };
}

/** Runs the bus semantics every transport must share. */
export function transportConformance(name: string, makeEnv: () => Promise<TransportEnv>): void {
  describe(`${name} transport - conformance`, () => {
    let env: TransportEnv;
    let server: Transport;
    let caller: Transport;
    const bindings: ServiceBinding[] = [];

    beforeEach(async () => {
      env = await makeEnv();
      server = await env.connect();
      caller = await env.connect();
    });

    afterEach(async () => {
      await Promise.all(bindings.splice(0).map((b) => b.stop()));
      await env.close();
    });

    async function serve(id: string, seen?: CallContext[]): Promise<ServiceBinding> {
      const binding = await serveService(server, EchoServiceDefinition, echoHandlers(id, seen));
      bindings.push(binding);
      return binding;
    }

    it("request/reply - a typed call returns the handler's response", async () => {
      await serve("a");
      const client = createClient(caller, EchoServiceDefinition);
      const reply = await client.echo({ text: "hello", payload: Buffer.from([1, 2, 3]) });
      expect(reply.text).toBe("hello");
      expect([...reply.payload]).toEqual([1, 2, 3]);
      expect(reply.servedBy).toBe("a");
    });

    it("headers - the handler sees deadline, agent id and traceparent", async () => {
      const seen: CallContext[] = [];
      await serve("a", seen);
      const client = createClient(caller, EchoServiceDefinition, { agentId: "agent-7" });
      const before = Date.now();
      await client.echo({ text: "x" }, { timeoutMs: 3_000 });
      const ctx = seen[0]!;
      expect(ctx.agentId).toBe("agent-7");
      expect(ctx.service).toBe("boyd.v1.EchoService");
      expect(ctx.method).toBe("Echo");
      expect(isTraceparent(ctx.traceparent ?? "")).toBe(true);
      expect(ctx.deadline).toBeGreaterThanOrEqual(before + 3_000);
      expect(ctx.deadline).toBeLessThanOrEqual(Date.now() + 3_000);
      expect(ctx.signal.aborted).toBe(false);
    });

    it("headers - a given traceparent is passed through unchanged", async () => {
      const seen: CallContext[] = [];
      await serve("a", seen);
      const traceparent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
      await createClient(caller, EchoServiceDefinition).echo({ text: "x" }, { traceparent });
      expect(seen[0]!.traceparent).toBe(traceparent);
    });

    it("deadlines - a slow handler gives DEADLINE_EXCEEDED, not a hang", async () => {
      await serve("a");
      const client = createClient(caller, EchoServiceDefinition);
      const started = Date.now();
      const err = await client.echo({ text: "slow", delayMs: 1_500 }, { timeoutMs: 150 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BusError);
      expect((err as BusError).code).toBe("DEADLINE_EXCEEDED");
      expect((err as BusError).retryable).toBe(true);
      expect(Date.now() - started).toBeLessThan(1_000);
    });

    it("deadlines - a deadline already past fails before sending", async () => {
      const seen: CallContext[] = [];
      await serve("a", seen);
      const err = await createClient(caller, EchoServiceDefinition)
        .echo({ text: "late" }, { deadline: Date.now() - 1 })
        .catch((e: unknown) => e);
      expect((err as BusError).code).toBe("DEADLINE_EXCEEDED");
      expect(seen).toHaveLength(0);
    });

    it("deadlines - the handler's signal aborts when the deadline passes", async () => {
      let aborted: Promise<unknown> | undefined;
      const binding = await serveService(server, EchoServiceDefinition, {
        echo(_request, context) {
          aborted = new Promise((resolve) => context.signal.addEventListener("abort", () => resolve(context.signal.reason)));
          return new Promise(() => {}); // never answers
        },
      });
      bindings.push(binding);
      await createClient(caller, EchoServiceDefinition)
        .echo({ text: "x" }, { timeoutMs: 100 })
        .catch(() => {});
      await expect(aborted).resolves.toBeDefined();
    });

    it("deadlines - a signal first read after the deadline is already aborted, with DEADLINE_EXCEEDED", async () => {
      let late: Promise<AbortSignal> | undefined;
      const binding = await serveService(server, EchoServiceDefinition, {
        echo(_request, context) {
          // The signal is made on first read: this one after the deadline passed.
          late = sleep(250).then(() => context.signal);
          return new Promise(() => {}); // never answers
        },
      });
      bindings.push(binding);
      const err = await createClient(caller, EchoServiceDefinition)
        .echo({ text: "x" }, { timeoutMs: 100 })
        .catch((e: unknown) => e);
      expect(err).toMatchObject({ code: "DEADLINE_EXCEEDED" });
      const signal = await late!;
      expect(signal.aborted).toBe(true);
      expect(signal.reason).toMatchObject({ code: "DEADLINE_EXCEEDED" });
    });

    it("errors - a thrown BusError keeps its code and message", async () => {
      await serve("a");
      const err = await createClient(caller, EchoServiceDefinition)
        .echo({ text: "not-found" })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BusError);
      expect((err as BusError).code).toBe("NOT_FOUND");
      expect((err as BusError).message).toBe("no such thing");
      expect((err as BusError).retryable).toBe(false);
    });

    it("errors - any other throw becomes INTERNAL and leaks nothing", async () => {
      const reported: unknown[] = [];
      bindings.push(await serveService(server, EchoServiceDefinition, echoHandlers("a"), { reportError: (e) => reported.push(e) }));
      const err = await createClient(caller, EchoServiceDefinition)
        .echo({ text: "crash" })
        .catch((e: unknown) => e);
      expect((err as BusError).code).toBe("INTERNAL");
      expect((err as BusError).message).toBe("internal error");
      expect(String((err as BusError).stack)).not.toContain("secret");
      expect(String((err as BusError).stack)).not.toContain("/srv/app.ts");
      expect(reported).toHaveLength(1);
    });

    it("errors - a malformed payload gets INVALID_ARGUMENT and the server keeps serving", async () => {
      await serve("a");
      const subject = rpcSubject(EchoServiceDefinition.fullName, "Echo");
      // Field 1, length 5, but only one byte follows: a truncated message.
      const garbage = Uint8Array.from([0x0a, 0x05, 0x41]);
      const reply = await caller.request(subject, { data: garbage, headers: {} }, 2_000);
      expect(reply.headers[Header.status]).toBe("INVALID_ARGUMENT");
      expect(reply.headers[Header.message]).toMatch(/malformed Echo request/);
      const ok = await createClient(caller, EchoServiceDefinition).echo({ text: "still here" });
      expect(ok.text).toBe("still here");
    });

    it("errors - no responder gives UNAVAILABLE", async () => {
      const err = await createClient(caller, EchoServiceDefinition)
        .echo({ text: "anyone?" }, { timeoutMs: 1_000 })
        .catch((e: unknown) => e);
      expect((err as BusError).code).toBe("UNAVAILABLE");
    });

    it("queue groups - load spreads over several servers, each request answered once", async () => {
      const replicas = ["r1", "r2", "r3"];
      const counts = new Map<string, number>();
      for (const id of replicas) {
        const t = await env.connect();
        bindings.push(
          await serveService(t, EchoServiceDefinition, {
            echo: (req) => {
              counts.set(id, (counts.get(id) ?? 0) + 1);
              return { text: req.text, payload: Buffer.alloc(0), servedBy: id };
            },
          }),
        );
      }
      const client = createClient(caller, EchoServiceDefinition);
      const replies = await Promise.all(Array.from({ length: 90 }, (_, i) => client.echo({ text: String(i) })));
      expect(replies.map((r) => r.text)).toEqual(Array.from({ length: 90 }, (_, i) => String(i)));
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      expect(total).toBe(90);
      for (const id of replicas) expect(counts.get(id) ?? 0).toBeGreaterThan(0);
    });

    it("drain - stop lets in-flight requests finish, then refuses new ones", async () => {
      const binding = await serve("a");
      const client = createClient(caller, EchoServiceDefinition);
      const inflight = client.echo({ text: "almost done", delayMs: 300 }, { timeoutMs: 5_000 });
      await sleep(100); // the request is now inside the handler
      await binding.stop();
      await expect(inflight).resolves.toMatchObject({ text: "almost done" });
      const err = await client.echo({ text: "too late" }, { timeoutMs: 1_000 }).catch((e: unknown) => e);
      expect((err as BusError).code).toBe("UNAVAILABLE");
    });

    it("events - wildcards select by agent and by kind", async () => {
      const channel = createEventChannel({ transport: caller, codec: EchoMessage });
      const publisher = createEventChannel({ transport: server, codec: EchoMessage });
      const started: string[] = [];
      const forA1: string[] = [];
      const everything: string[] = [];
      const subs = [
        channel.subscribe({ kind: "cycle.started" }, (e, meta) => void started.push(`${meta.agentId}:${e.text}`)),
        channel.subscribe({ agentId: "a1" }, (e, meta) => void forA1.push(`${meta.kind}:${e.text}`)),
        caller.subscribe("boyd.events.v1.>", (m) => void everything.push(m.subject)),
      ];
      await caller.flush();
      await sleep(50); // let NATS register the interest
      const event = (text: string): EchoRequest => ({ text, payload: Buffer.alloc(0), delayMs: 0 });
      await publisher.publish("a1", "cycle.started", event("1"));
      await publisher.publish("a2", "cycle.started", event("2"));
      await publisher.publish("a1", "decided", event("3"));
      await server.flush();
      await waitUntil(() => everything.length === 3);
      expect(started.sort()).toEqual(["a1:1", "a2:2"]);
      expect(forA1.sort()).toEqual(["cycle.started:1", "decided:3"]);
      expect(everything).toContain(eventSubject("a1", "decided"));
      await Promise.all(subs.map((s) => s.drain()));
    });

    it("events - a queue subscription delivers each event to one member", async () => {
      const got: string[] = [];
      const subs = await Promise.all(
        ["m1", "m2"].map(async (id) => (await env.connect()).subscribe("boyd.events.v1.*.tick", () => void got.push(id), { queue: "workers" })),
      );
      await sleep(50);
      for (let i = 0; i < 20; i++) server.publish(eventSubject("a1", "tick"), { data: new Uint8Array(), headers: {} });
      await server.flush();
      await waitUntil(() => got.length === 20);
      await sleep(50);
      expect(got).toHaveLength(20);
      await Promise.all(subs.map((s) => s.drain()));
    });

    it("events - a new subscriber replays what the log kept", async () => {
      const log = await env.openLog(server);
      const publisher = createEventChannel({ transport: server, codec: EchoMessage, sink: log });
      const event = (text: string): EchoRequest => ({ text, payload: Buffer.alloc(0), delayMs: 0 });
      const seqs = [
        await publisher.publish("r1", "cycle.started", event("one")),
        await publisher.publish("r2", "cycle.started", event("other agent")),
        await publisher.publish("r1", "cycle.finished", event("two")),
      ];
      expect(seqs.every((s) => typeof s === "number")).toBe(true);
      const reader = createEventChannel({ transport: caller, codec: EchoMessage, sink: await env.openLog(caller) });
      const replayed: string[] = [];
      for await (const { event: e, meta } of reader.replay({ agentId: "r1" })) replayed.push(`${meta.kind}:${e.text}`);
      expect(replayed).toEqual(["cycle.started:one", "cycle.finished:two"]);
      const fromThird: string[] = [];
      for await (const { event: e } of reader.replay({}, { fromSeq: seqs[2]! })) fromThird.push(e.text);
      expect(fromThird).toEqual(["two"]);
    });

    it("events - an invalid agent id is refused with INVALID_ARGUMENT", async () => {
      const channel = createEventChannel({ transport: server, codec: EchoMessage });
      expect(() => channel.publish("a.b", "decided", { text: "", payload: Buffer.alloc(0), delayMs: 0 })).toThrow(/agent id/);
      expect(() => eventSubject("a b", "decided")).toThrow(BusError);
    });
  });
}

/** Polls a condition, failing after `timeoutMs` (bounded, for asynchronous delivery). */
export async function waitUntil(condition: () => boolean, timeoutMs = 3_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await sleep(5);
  }
}
