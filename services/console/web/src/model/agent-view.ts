/**
 * What the page knows about one agent, folded from its event stream: a pure
 * reducer (`applyEvents`) over immutable state, so a signal holding it
 * re-renders exactly the panels whose slice changed. Events are deduplicated
 * by sequence: the server replays in increasing order, so anything at or
 * below the last sequence applied is a replay already seen.
 */
import {
  type ApprovalRequest,
  type Decision,
  type Event,
  type Goal,
  type GoalProgress,
  type Orientation,
  type Plan,
  PlanChangeKind,
  type ReflectionReport,
  actionOutcomeToJSON,
  planChangeKindToJSON,
  stopReasonToJSON,
} from "@boyd/proto";

/** One row of the timeline. */
export interface CycleRow {
  readonly cycle: number;
  readonly startedAtMs: number;
  readonly finished: boolean;
  readonly durationMs: number;
  /** Time per phase (observe, orient, plan, decide, act, record, reflect, persist), ms. */
  readonly phaseMs: Readonly<Record<string, number>>;
  readonly toolName: string;
  readonly outcome: string;
  readonly stopReason: string;
  readonly warnings: readonly string[];
}

/** One sample of a goal's progress signals. */
export interface ProgressPoint {
  readonly cycle: number;
  readonly error: number;
  readonly reward: number;
}

/** A plan that was replaced or failed: what the plan panel lists as a backtrack. */
export interface Backtrack {
  readonly cycle: number;
  readonly goalId: string;
  readonly attempt: number;
  readonly change: string;
  readonly reason: string;
}

export interface AgentView {
  readonly agentId: string;
  /** The highest sequence applied; the stream resumes after it. */
  readonly lastSequence: number;
  /** Distinct events applied (the event log shows the last of them). */
  readonly eventCount: number;
  readonly recent: readonly EventSummary[];
  readonly cycles: readonly CycleRow[];
  readonly goals: ReadonlyMap<string, Goal>;
  readonly progress: ReadonlyMap<string, readonly ProgressPoint[]>;
  readonly plan: Plan | undefined;
  readonly backtracks: readonly Backtrack[];
  readonly reflections: readonly ReflectionReport[];
  readonly approvals: ReadonlyMap<string, ApprovalRequest>;
  readonly orientation: Orientation | undefined;
  readonly decision: Decision | undefined;
}

/** A line of the event log. */
export interface EventSummary {
  readonly sequence: number;
  readonly cycle: number;
  readonly kind: string;
}

/** How much history the page keeps: the newest cycles and log lines. */
export const MAX_CYCLES = 500;
export const MAX_RECENT_EVENTS = 200;
const MAX_REFLECTIONS = 50;
const MAX_BACKTRACKS = 50;

export function emptyView(agentId: string): AgentView {
  return {
    agentId,
    lastSequence: 0,
    eventCount: 0,
    recent: [],
    cycles: [],
    goals: new Map(),
    progress: new Map(),
    plan: undefined,
    backtracks: [],
    reflections: [],
    approvals: new Map(),
    orientation: undefined,
    decision: undefined,
  };
}

/** Applies events in order, skipping those of other agents and those already applied. */
export function applyEvents(view: AgentView, events: readonly Event[]): AgentView {
  let next = view;
  const fresh: EventSummary[] = [];
  for (const event of events) {
    const sequence = Number(event.sequence);
    if (event.agentId !== view.agentId || sequence <= next.lastSequence) continue;
    next = { ...applyKind(next, event), lastSequence: sequence, eventCount: next.eventCount + 1 };
    fresh.push({ sequence, cycle: Number(event.cycle), kind: event.kind?.$case ?? "unknown" });
  }
  return fresh.length === 0 ? view : { ...next, recent: [...next.recent, ...fresh].slice(-MAX_RECENT_EVENTS) };
}

function applyKind(view: AgentView, event: Event): AgentView {
  const kind = event.kind;
  const cycle = Number(event.cycle);
  switch (kind?.$case) {
    case "cycleStarted":
      return { ...view, cycles: upsertCycle(view.cycles, startedRow(cycle, Number(event.timeUnixMs))) };
    case "cycleFinished": {
      const f = kind.value;
      const started = view.cycles.find((c) => c.cycle === cycle);
      const row: CycleRow = {
        cycle,
        startedAtMs: started?.startedAtMs ?? Number(event.timeUnixMs),
        finished: true,
        durationMs: Number(f.durationMs),
        phaseMs: Object.fromEntries(Object.entries(f.phaseMs).map(([k, v]) => [k, Number(v)])),
        toolName: f.toolName,
        outcome: f.outcome ? actionOutcomeToJSON(f.outcome) : "",
        stopReason: f.stopReason ? stopReasonToJSON(f.stopReason) : "",
        warnings: f.warnings,
      };
      return { ...view, cycles: upsertCycle(view.cycles, row), progress: addProgress(view.progress, f.progress) };
    }
    case "oriented":
      return kind.value.orientation ? { ...view, orientation: kind.value.orientation } : view;
    case "decided":
      return kind.value.decision ? { ...view, decision: kind.value.decision } : view;
    case "goalChanged":
      return kind.value.goal ? { ...view, goals: withEntry(view.goals, kind.value.goal.symbolId, kind.value.goal) } : view;
    case "observed":
      return { ...view, goals: mergeGoals(view.goals, kind.value.observation?.goals ?? []) };
    case "planChanged":
      return applyPlanChange(view, cycle, kind.value.plan, kind.value.change);
    case "reflected":
      return kind.value.report ? { ...view, reflections: [...view.reflections, kind.value.report].slice(-MAX_REFLECTIONS) } : view;
    case "approvalRequested": {
      const request = kind.value.request;
      return request ? { ...view, approvals: withEntry(view.approvals, request.id, request) } : view;
    }
    case "approvalResolved": {
      const id = kind.value.decision?.approvalId;
      return id && view.approvals.has(id) ? { ...view, approvals: withoutEntry(view.approvals, id) } : view;
    }
    default:
      return view;
  }
}

function startedRow(cycle: number, startedAtMs: number): CycleRow {
  return { cycle, startedAtMs, finished: false, durationMs: 0, phaseMs: {}, toolName: "", outcome: "", stopReason: "", warnings: [] };
}

function upsertCycle(rows: readonly CycleRow[], row: CycleRow): readonly CycleRow[] {
  const at = rows.findLastIndex((r) => r.cycle === row.cycle);
  if (at >= 0) return rows.with(at, row);
  return [...rows, row].slice(-MAX_CYCLES);
}

function addProgress(series: ReadonlyMap<string, readonly ProgressPoint[]>, samples: readonly GoalProgress[]): ReadonlyMap<string, readonly ProgressPoint[]> {
  if (samples.length === 0) return series;
  const next = new Map(series);
  for (const s of samples) {
    const point = { cycle: Number(s.cycle), error: s.error, reward: s.reward };
    next.set(s.goalId, [...(next.get(s.goalId) ?? []), point].slice(-MAX_CYCLES));
  }
  return next;
}

function applyPlanChange(view: AgentView, cycle: number, plan: Plan | undefined, change: PlanChangeKind): AgentView {
  if (!plan) return view;
  const backtracked = change === PlanChangeKind.SUPERSEDED || change === PlanChangeKind.FAILED;
  const backtracks = backtracked
    ? [...view.backtracks, { cycle, goalId: plan.goalId, attempt: plan.attempt, change: planChangeKindToJSON(change), reason: plan.failureReason }].slice(-MAX_BACKTRACKS)
    : view.backtracks;
  // A superseded plan is history; the attempt that replaces it follows as CREATED.
  return { ...view, plan: change === PlanChangeKind.SUPERSEDED ? view.plan : plan, backtracks };
}

/** Goals from a fetch or an observation; a goal already known from a later GoalChanged keeps that version. */
export function mergeGoals(goals: ReadonlyMap<string, Goal>, incoming: readonly Goal[]): ReadonlyMap<string, Goal> {
  if (incoming.length === 0) return goals;
  const next = new Map(goals);
  for (const goal of incoming) next.set(goal.symbolId, goal);
  return next;
}

/** Replaces the pending approvals with a fetched list (the server is the judge of what is pending). */
export function withApprovals(view: AgentView, requests: readonly ApprovalRequest[]): AgentView {
  return { ...view, approvals: new Map(requests.map((r) => [r.id, r])) };
}

function withEntry<V>(map: ReadonlyMap<string, V>, key: string, value: V): ReadonlyMap<string, V> {
  return new Map(map).set(key, value);
}

function withoutEntry<V>(map: ReadonlyMap<string, V>, key: string): ReadonlyMap<string, V> {
  const next = new Map(map);
  next.delete(key);
  return next;
}
