import { ApprovalVerdict, Decision, Event, Goal, GoalStatus, Orientation, PlanChangeKind, PlanStatus } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { applyEvents, emptyView } from "../../web/src/model/agent-view.js";
import { focusGoalId, focusGraph } from "../../web/src/model/focus-graph.js";
import { visibleText } from "../../web/src/model/text.js";

const AGENT = "mars";

function event(sequence: number, cycle: number, kind: NonNullable<Event["kind"]>, agentId = AGENT): Event {
  return Event.fromPartial({ agentId, sequence, cycle, timeUnixMs: 1_000 * sequence, kind } as Parameters<typeof Event.fromPartial>[0]);
}

const started = (seq: number, cycle: number) => event(seq, cycle, { $case: "cycleStarted", value: { activeGoalIds: ["g1"], maxCycles: 0 } });
const finished = (seq: number, cycle: number, error: number) =>
  Event.fromPartial({
    agentId: AGENT,
    sequence: seq,
    cycle,
    kind: { $case: "cycleFinished", value: { toolName: "kg_query", phaseMs: { observe: 2, orient: 5, act: 3 }, durationMs: 11, progress: [{ goalId: "g1", cycle, error, reward: 1 - error }] } },
  });

describe("page model - the agent view folded from events", () => {
  it("dedupe - a replay overlapping what was seen adds nothing twice", () => {
    const first = applyEvents(emptyView(AGENT), [started(1, 1), finished(2, 1, 0.5)]);
    const replayed = applyEvents(first, [started(1, 1), finished(2, 1, 0.5), started(3, 2), finished(4, 2, 0)]);
    expect(replayed.eventCount).toBe(4);
    expect(replayed.lastSequence).toBe(4);
    expect(replayed.cycles.map((c) => c.cycle)).toEqual([1, 2]);
    expect(replayed.progress.get("g1")?.map((p) => p.error)).toEqual([0.5, 0]);
    expect(replayed.recent.map((r) => r.sequence)).toEqual([1, 2, 3, 4]);
  });

  it("dedupe - a batch that is all replay returns the same view (nothing re-renders)", () => {
    const view = applyEvents(emptyView(AGENT), [started(1, 1), finished(2, 1, 0.5)]);
    expect(applyEvents(view, [started(1, 1), finished(2, 1, 0.5)])).toBe(view);
  });

  it("events of another agent are ignored", () => {
    const view = applyEvents(emptyView(AGENT), [event(1, 1, { $case: "cycleStarted", value: { activeGoalIds: [], maxCycles: 0 } }, "venus")]);
    expect(view.eventCount).toBe(0);
  });

  it("timeline - a finished cycle carries its phase times, tool and duration", () => {
    const [row] = applyEvents(emptyView(AGENT), [started(1, 1), finished(2, 1, 0.5)]).cycles;
    expect(row).toMatchObject({ cycle: 1, finished: true, durationMs: 11, toolName: "kg_query", phaseMs: { observe: 2, orient: 5, act: 3 } });
  });

  it("approvals - a request stays pending until its resolution arrives", () => {
    const request = { id: "ap1", agentId: AGENT, toolName: "kg_mutate", preview: "<b>x</b>" };
    const asked = applyEvents(emptyView(AGENT), [event(1, 1, { $case: "approvalRequested", value: { request: request as never } })]);
    expect([...asked.approvals.keys()]).toEqual(["ap1"]);
    const answered = applyEvents(asked, [event(2, 1, { $case: "approvalResolved", value: { decision: { approvalId: "ap1", agentId: AGENT, verdict: ApprovalVerdict.APPROVE } as never } })]);
    expect(answered.approvals.size).toBe(0);
  });

  it("plans - a superseded plan is a backtrack and the next attempt becomes current", () => {
    const plan = (attempt: number, status: PlanStatus) => ({ goalId: "g1", attempt, status, failureReason: attempt === 1 ? "step 0 failed" : "" }) as never;
    const view = applyEvents(emptyView(AGENT), [
      event(1, 1, { $case: "planChanged", value: { plan: plan(1, PlanStatus.ACTIVE), change: PlanChangeKind.CREATED } }),
      event(2, 2, { $case: "planChanged", value: { plan: plan(1, PlanStatus.SUPERSEDED), change: PlanChangeKind.SUPERSEDED } }),
      event(3, 2, { $case: "planChanged", value: { plan: plan(2, PlanStatus.ACTIVE), change: PlanChangeKind.CREATED } }),
    ]);
    expect(view.plan?.attempt).toBe(2);
    expect(view.backtracks).toEqual([{ cycle: 2, goalId: "g1", attempt: 1, change: "PLAN_CHANGE_KIND_SUPERSEDED", reason: "step 0 failed" }]);
  });

  it("goals - the latest GoalChanged wins", () => {
    const goal = (status: GoalStatus) => ({ symbolId: "g1", description: "Find the moons of Mars", status, priority: 100 }) as never;
    const view = applyEvents(emptyView(AGENT), [
      event(1, 1, { $case: "goalChanged", value: { goal: goal(GoalStatus.ACTIVE), change: 1 } as never }),
      event(2, 2, { $case: "goalChanged", value: { goal: goal(GoalStatus.COMPLETED), change: 2 } as never }),
    ]);
    expect(view.goals.get("g1")?.status).toBe(GoalStatus.COMPLETED);
  });
});

describe("page model - agent text shown as text", () => {
  it("control characters become visible escapes; newlines, tabs and markup characters stay as they are", () => {
    expect(visibleText("a\u001b[31mred\u0007\u202eevil\nline\tx <b>")).toBe("a\\u001b[31mred\\u0007\\u202eevil\nline\tx <b>");
  });
});

describe("page model - the focus goal's graph", () => {
  const triple = (subject: string, predicate: string, object: string, source = "solar.csv:1") => ({ subject, predicate, object, source, confidence: 1, subjectLabel: subject, predicateLabel: predicate, objectLabel: object }) as never;
  const orientation = Orientation.fromPartial({
    goals: [
      { goalId: "other", triples: [triple("venus", "orbits", "sun")] },
      {
        goalId: "g1",
        triples: [triple("phobos", "orbits", "mars"), triple("mars", "is_a", "planet")],
        supportingTriples: [triple("deimos", "orbits", "mars")],
        inferences: [{ symbol: { id: "mars", label: "mars" }, activation: 1 }],
        answers: { subjectIds: ["mars"] },
      },
    ],
  });
  const goal = Goal.fromPartial({
    symbolId: "g1",
    answers: {
      answers: [
        { symbolId: "phobos", proof: { steps: [{ fact: triple("phobos", "orbits", "mars") }] } },
        { symbolId: "deimos", proof: { steps: [{ fact: triple("deimos", "moon_of", "mars", ""), ruleId: "inverse-has-moon", premises: [triple("mars", "has_moon", "deimos")] }] } },
      ],
    },
  });

  it("focus - the goal the last decision served, else the first oriented on", () => {
    expect(focusGoalId(orientation, Decision.fromPartial({ goalId: "g1" }))).toBe("g1");
    expect(focusGoalId(orientation, undefined)).toBe("other");
  });

  it("highlight - proof facts, their premises and the supporting triples are lit; a derived edge names its rule; other facts are not lit", () => {
    const g = focusGraph(orientation, Decision.fromPartial({ goalId: "g1" }), goal)!;
    const edge = (s: string, p: string, o: string) => g.edges.find((e) => e.source === s && e.label === p && e.target === o);
    expect(edge("phobos", "orbits", "mars")?.highlighted).toBe(true);
    expect(edge("deimos", "orbits", "mars")?.highlighted).toBe(true);
    expect(edge("mars", "has_moon", "deimos")?.highlighted).toBe(true);
    expect(edge("deimos", "moon_of", "mars")).toMatchObject({ highlighted: true, ruleId: "inverse-has-moon" });
    expect(edge("mars", "is_a", "planet")?.highlighted).toBe(false);
    expect(g.edges.some((e) => e.source === "venus")).toBe(false);
    expect(g.nodes.find((n) => n.id === "mars")).toMatchObject({ activation: 1, isGoalSubject: true, highlighted: true });
    expect(g.nodes.find((n) => n.id === "planet")?.highlighted).toBe(false);
    expect(g.reasons).toEqual(["phobos orbits mars (solar.csv:1)", "deimos moon_of mars (rule inverse-has-moon: mars has_moon deimos)"]);
  });
});
