import * as grpc from "@grpc/grpc-js";
import { EchoRequest, type EchoResponse, EchoServiceClient, EchoServiceDefinition } from "@boyd/proto";
import { afterEach, describe, expect, it } from "vitest";
import { BusError, grpcService, serveGrpc, type CallContext, type GrpcServer, type GrpcServerOptions } from "../src/index.js";
import { StreamingEchoClient, StreamingEchoDefinition } from "./streaming-echo.js";

// What a handler saw of its call, and when its signal fired (if it did).
interface Seen {
  context: CallContext;
  abortedAfterMs?: number;
}

/** Resolves once `signal` aborts. */
function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => (signal.aborted ? resolve() : signal.addEventListener("abort", () => resolve(), { once: true })));
}

/**
 * A stream that ticks every 20 ms until its signal aborts (a live
 * WatchEvents), and a unary call that works until its signal aborts, then
 * returns what it has (a Run cut short reports the cycles it ran).
 */
async function serveLongCalls(options: GrpcServerOptions = {}): Promise<{ server: GrpcServer; seen: Seen[] }> {
  const seen: Seen[] = [];
  const record = (context: CallContext): Seen => {
    const entry: Seen = { context };
    const started = Date.now();
    context.signal.addEventListener("abort", () => (entry.abortedAfterMs = Date.now() - started), { once: true });
    seen.push(entry);
    return entry;
  };
  const server = await serveGrpc(
    [
      grpcService(EchoServiceDefinition, {
        async echo(request, context) {
          record(context);
          await Promise.race([aborted(context.signal), new Promise((r) => setTimeout(r, request.delayMs))]);
          return { text: context.signal.aborted ? "partial" : request.text, payload: Buffer.alloc(0), servedBy: "grpc" };
        },
      }),
      grpcService(StreamingEchoDefinition, {
        async *repeat(request, context) {
          record(context);
          for (let i = 0; !context.signal.aborted; i++) {
            if (request.text === "fail" && i === 2) throw new BusError("NOT_FOUND", "the agent went away");
            yield { text: `${request.text} ${i}`, payload: Buffer.alloc(0), servedBy: "grpc" };
            await Promise.race([aborted(context.signal), new Promise((r) => setTimeout(r, 20))]);
          }
        },
      }),
    ],
    options,
  );
  return { server, seen };
}

interface StreamOutcome {
  items: number;
  status: grpc.status;
  details: string;
}

/** Opens Repeat with no deadline; `outcome` settles with the final status the client saw. */
function openStream(address: string, text = "tick"): { outcome: Promise<StreamOutcome>; items: () => number; close: () => void } {
  const client = new StreamingEchoClient(address, grpc.credentials.createInsecure());
  const call = (client as unknown as { repeat(r: EchoRequest): grpc.ClientReadableStream<EchoResponse> }).repeat(EchoRequest.fromPartial({ text }));
  let items = 0;
  call.on("data", () => items++);
  const outcome = new Promise<StreamOutcome>((resolve) => {
    call.on("status", (s: grpc.StatusObject) => resolve({ items, status: s.code, details: s.details }));
    call.on("error", () => undefined); // the status event carries the outcome
  });
  return { outcome, items: () => items, close: () => client.close() };
}

function echoWithoutDeadline(address: string, delayMs: number): Promise<{ response?: EchoResponse; error?: grpc.ServiceError }> {
  const client = new EchoServiceClient(address, grpc.credentials.createInsecure());
  return new Promise((resolve) =>
    client.echo(EchoRequest.fromPartial({ text: "done", delayMs }), (error, response) => {
      client.close();
      resolve(error ? { error } : { response });
    }),
  );
}

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}

let running: GrpcServer | undefined;
afterEach(async () => {
  await running?.stop(100);
  running = undefined;
});

describe("gRPC calls without a deadline", () => {
  it("grpc deadlines - a call whose caller set no deadline has none: no limit is armed, the handler sees Infinity", async () => {
    const { server, seen } = await serveLongCalls();
    running = server;
    const stream = openStream(server.address);
    const unary = echoWithoutDeadline(server.address, 300);
    await until(() => seen.length === 2 && stream.items() >= 5);
    for (const { context } of seen) expect(context.deadline).toBe(Number.POSITIVE_INFINITY);
    expect((await unary).response?.text).toBe("done");
    expect(seen.every((s) => s.abortedAfterMs === undefined)).toBe(true);
    stream.close();
  });

  it("grpc deadlines - a server-side default deadline, when configured, ends a stream with DEADLINE_EXCEEDED, never OK", async () => {
    const { server } = await serveLongCalls({ defaultTimeoutMs: 300 });
    running = server;
    const stream = openStream(server.address);
    const outcome = await stream.outcome;
    expect(outcome.items).toBeGreaterThan(3);
    expect(outcome.status).toBe(grpc.status.DEADLINE_EXCEEDED);
    stream.close();
  });
});

describe("gRPC calls the server ends", () => {
  it("grpc deadlines - stop() ends a live stream at once with UNAVAILABLE, so the caller knows to reconnect", async () => {
    const { server } = await serveLongCalls();
    const stream = openStream(server.address);
    await until(() => stream.items() >= 3);
    const started = Date.now();
    await server.stop(5_000);
    const outcome = await stream.outcome;
    expect(outcome.status).toBe(grpc.status.UNAVAILABLE);
    expect(outcome.details).toMatch(/shutting down/);
    // Not held until the grace ran out: a live stream never ends by itself.
    expect(Date.now() - started).toBeLessThan(2_000);
    stream.close();
  });

  it("grpc deadlines - a unary call still running when the grace ends answers UNAVAILABLE, not its partial result", async () => {
    const { server, seen } = await serveLongCalls();
    const unary = echoWithoutDeadline(server.address, 60_000);
    await until(() => seen.length === 1);
    await server.stop(200);
    const { response, error } = await unary;
    expect(response).toBeUndefined();
    expect(error?.code).toBe(grpc.status.UNAVAILABLE);
    expect(seen[0]!.abortedAfterMs).toBeGreaterThanOrEqual(150);
  });

  it("grpc deadlines - a stream whose handler fails ends with the handler's status (not a hang)", async () => {
    const { server } = await serveLongCalls();
    running = server;
    const stream = openStream(server.address, "fail");
    const outcome = await stream.outcome;
    expect(outcome).toEqual({ items: 2, status: grpc.status.NOT_FOUND, details: "the agent went away" });
    stream.close();
  });

  it("grpc deadlines - a unary call that finishes within the grace is answered normally", async () => {
    const { server } = await serveLongCalls();
    const unary = echoWithoutDeadline(server.address, 200);
    await new Promise((r) => setTimeout(r, 50));
    await server.stop(2_000);
    expect((await unary).response?.text).toBe("done");
  });
});
