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
