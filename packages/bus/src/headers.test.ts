import { describe, expect, it } from "vitest";
import { isTraceparent, newTraceparent, traceIdOf } from "./headers.js";
import { subjectMatches, eventSubject } from "./subjects.js";

describe("headers - traceparent", () => {
  it("traceparent - fresh ids are well-formed and never repeat, across pool refills", () => {
    const ids = Array.from({ length: 1_000 }, () => newTraceparent());
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
});
