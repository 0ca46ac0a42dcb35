import { Event, type SessionState } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { auditAgent } from "../src/index.js";

// The chaos test's verdict rests on this audit: each way cycles can fail to be exactly once must show.
const finished = (cycle: number, sequence: number) => Event.fromPartial({ agentId: "a", cycle, sequence, kind: { $case: "cycleFinished", value: {} } });
const started = (cycle: number, sequence: number) => Event.fromPartial({ agentId: "a", cycle, sequence, kind: { $case: "cycleStarted", value: {} } });
const session = (cycleCount: number, toolRunCycles: number[]) => ({ agentId: "a", cycleCount, toolRuns: toolRunCycles.map((cycle) => ({ toolName: "t", cycle })) }) as unknown as SessionState;

describe("auditAgent - what makes an agent's cycles not exactly once", () => {
  it("three cycles, each started and finished once, one tool run each: no problem", () => {
    const events = [started(1, 1), finished(1, 2), started(2, 3), finished(2, 4), started(3, 5), finished(3, 6)];
    expect(auditAgent("a", events, session(3, [1, 2, 3])).problems).toEqual([]);
  });

  it("a cycle re-run after a lost controller may start twice, but finishes once: no problem", () => {
    const events = [started(1, 1), finished(1, 2), started(2, 3), started(2, 7), finished(2, 8)];
    expect(auditAgent("a", events, session(2, [1, 2])).problems).toEqual([]);
  });

  it("a cycle finished twice, one missing, a session ahead of its events, a tool run twice and a sequence going back are each named", () => {
    expect(auditAgent("a", [finished(1, 1), finished(1, 2)], session(2, [1, 2])).problems).toEqual(["cycle.finished events: repeated 1; missing 2"]);
    expect(auditAgent("a", [finished(1, 1)], session(3, [1])).problems).toEqual(["cycle.finished events: missing 2,3"]);
    expect(auditAgent("a", [finished(1, 1), finished(2, 2)], session(2, [1, 1])).problems).toEqual(["session tool runs: cycle 1 repeated, out of order or beyond cycle 2: 1,1"]);
    expect(auditAgent("a", [finished(1, 5), finished(2, 4)], session(2, [1, 2])).problems).toEqual(["event sequence goes from 5 to 4 (cycleFinished of cycle 2)"]);
    expect(auditAgent("a", [finished(2, 1), finished(1, 2)], session(2, [])).problems).toEqual(["cycle.finished events: out of order: 2,1"]);
    expect(auditAgent("a", [], undefined).problems).toEqual(["no stored session"]);
  });
});
