import { describe, expect, it } from "vitest";
import { isTraceparent, newTraceparent, traceIdOf } from "./headers.js";
import { subjectMatches, eventSubject } from "./subjects.js";

describe("headers - traceparent", () => {
  it("traceparent - fresh ids are well-formed and never repeat, across pool refills", () => {
    const ids = Array.from({ length: 3_000 }, () => newTraceparent());
    for (const id of ids) expect(isTraceparent(id)).toBe(true);
    expect(new Set(ids.map(traceIdOf)).size).toBe(ids.length);
  });

  it("traceparent - malformed values are rejected", () => {
    expect(isTraceparent("00-xyz-123-01")).toBe(false);
    expect(traceIdOf("garbage")).toBeUndefined();
  });
});

describe("subjects - NATS wildcard matching", () => {
  it.each([
    ["a.b.c", "a.b.c", true],
    ["a.*.c", "a.b.c", true],
    ["a.*", "a.b.c", false],
    ["a.>", "a.b.c", true],
    ["a.>", "a", false],
    ["a.b.c", "a.b", false],
    ["*.b.>", "x.b.c.d", true],
  ])("subjectMatches(%s, %s) is %s", (pattern, subject, expected) => {
    expect(subjectMatches(pattern, subject)).toBe(expected);
  });

  it("event subjects - dotted kinds are allowed, dotted agent ids are not", () => {
    expect(eventSubject("agent-1", "cycle.started")).toBe("boyd.events.v1.agent-1.cycle.started");
    expect(() => eventSubject("a.b", "x")).toThrow(/agent id/);
    expect(() => eventSubject("a", "cycle.*")).toThrow(/event kind/);
  });
});

describe("errors - wire mapping", () => {
  it("toWireError - a foreign typed error with a status-code name keeps it; others become INTERNAL", async () => {
    const { toWireError, BusError } = await import("./errors.js");
    class DomainError extends Error {
      constructor(
        readonly code: string,
        message: string,
      ) {
        super(message);
      }
    }
    expect(toWireError(new DomainError("NOT_FOUND", "no such goal")).code).toBe("NOT_FOUND");
    expect(toWireError(new DomainError("NOT_FOUND", "no such goal")).message).toBe("no such goal");
    const internal = toWireError(new DomainError("INTERNAL", "/secret/path"));
    expect([internal.code, internal.message]).toEqual(["INTERNAL", "internal error"]);
    const fs = toWireError(Object.assign(new Error("ENOENT: /etc/x"), { code: "ENOENT" }));
    expect([fs.code, fs.message]).toEqual(["INTERNAL", "internal error"]);
    const kept = new BusError("ABORTED", "stale");
    expect(toWireError(kept)).toBe(kept);
  });

  it("toWireError - nats.js's no-answer and connection errors are UNAVAILABLE (retryable), not INTERNAL", async () => {
    // The NATS transport registers its errors when it loads; errors.js alone loads no client library.
    await import("./nats.js");
    const { toWireError } = await import("./errors.js");
    const { errors } = await import("@nats-io/transport-node");
    for (const err of [new errors.TimeoutError(), new errors.NoRespondersError("$JS.API.DIRECT.GET.KV_x"), new errors.RequestError("cancelled"), new errors.ClosedConnectionError(), Object.assign(new Error("jetstream is not enabled"), { name: "JetStreamNotEnabled" })]) {
      const wire = toWireError(err);
      expect([err.name, wire.code, wire.retryable]).toEqual([err.name, "UNAVAILABLE", true]);
      expect(wire.message).toBe(`NATS: ${err.message}`);
    }
    // A bare error that only says "timeout" is not NATS's: it stays INTERNAL, its message hidden.
    const bare = toWireError(new Error("timeout"));
    expect([bare.code, bare.message]).toEqual(["INTERNAL", "internal error"]);
  });
});

describe("headers - status message encoding", () => {
  it("encoded messages are printable ASCII without CR/LF and decode to the original", async () => {
    const { encodeMessageHeader, decodeMessageHeader } = await import("./headers.js");
    for (const text of ["plain", "x\ny", "a\r\nb\0c", "100%", "%0A literal", "é漢🦀", "\u001b[2K\r", ""]) {
      const encoded = encodeMessageHeader(text);
      expect(encoded).toMatch(/^[\x20-\x7e]*$/);
      expect(decodeMessageHeader(encoded)).toBe(text);
    }
  });

  it("a value that is not valid encoding (an older peer's raw text) is kept as it came", async () => {
    const { decodeMessageHeader } = await import("./headers.js");
    expect(decodeMessageHeader("50% done")).toBe("50% done");
    expect(decodeMessageHeader("no escapes")).toBe("no escapes");
  });

  it("long messages are cut to MAX_MESSAGE_CHARS with an ellipsis, never splitting a surrogate pair", async () => {
    const { capMessage, MAX_MESSAGE_CHARS } = await import("./headers.js");
    expect(capMessage("a".repeat(MAX_MESSAGE_CHARS))).toBe("a".repeat(MAX_MESSAGE_CHARS));
    for (const pad of [0, 1]) {
      const cut = capMessage("a".repeat(pad) + "🦀".repeat(MAX_MESSAGE_CHARS));
      expect(cut.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
      expect(cut.endsWith("…")).toBe(true);
      expect(() => encodeURIComponent(cut)).not.toThrow(); // throws on a lone surrogate
    }
  });
});

describe("timers - delays within setTimeout's range", () => {
  it("timerDelay clamps to [0, 2^31-1]", async () => {
    const { timerDelay, MAX_TIMER_MS } = await import("./timers.js");
    expect(MAX_TIMER_MS).toBe(2_147_483_647);
    expect([timerDelay(-5), timerDelay(10), timerDelay(30 * 86_400_000), timerDelay(Infinity), timerDelay(NaN)]).toEqual([0, 10, MAX_TIMER_MS, MAX_TIMER_MS, 0]);
  });
});
