import { describe, expect, it } from "vitest";
import { BusError } from "../src/index.js";
import { endedByServer, InFlightCalls, shuttingDown } from "../src/grpc-call-ends.js";

function abortedWith(reason?: unknown): AbortSignal {
  const controller = new AbortController();
  controller.abort(reason);
  return controller.signal;
}

describe("gRPC calls the server ends", () => {
  it("grpc call ends - a deadline or a shutdown is the server's doing; a finished call or a caller who left is not", () => {
    expect(endedByServer(new AbortController().signal, false)).toBeUndefined();
    expect(endedByServer(abortedWith(shuttingDown()), false)?.code).toBe("UNAVAILABLE");
    expect(endedByServer(abortedWith(new BusError("DEADLINE_EXCEEDED", "deadline passed")), false)?.code).toBe("DEADLINE_EXCEEDED");
    // The caller cancelled: nobody is there to tell.
    expect(endedByServer(abortedWith(shuttingDown()), true)).toBeUndefined();
    expect(endedByServer(abortedWith(new BusError("CANCELLED", "the caller cancelled")), false)).toBeUndefined();
    expect(endedByServer(abortedWith(new Error("not a status")), false)).toBeUndefined();
  });

  it("grpc call ends - shutdown ends streams first, then every call still in flight; finished calls are left alone", () => {
    const calls = new InFlightCalls();
    const stream = new AbortController();
    const unary = new AbortController();
    const finished = new AbortController();
    calls.add(stream, true);
    calls.add(unary, false);
    calls.add(finished, true)();
    calls.endStreams(shuttingDown());
    expect([stream.signal.aborted, unary.signal.aborted, finished.signal.aborted]).toEqual([true, false, false]);
    calls.endAll(shuttingDown());
    expect(unary.signal.reason).toMatchObject({ code: "UNAVAILABLE" });
    expect(finished.signal.aborted).toBe(false);
  });
});
