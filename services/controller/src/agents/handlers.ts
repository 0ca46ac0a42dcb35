import { BusError, isBusError, type CallContext, type EventChannel, type ServiceHandlers } from "@boyd/bus";
import {
  ConsolidationTrigger,
  EventKind,
  GoalStatus,
  PlanChangeKind,
  PlanStatus,
  StopReason,
  type AgentServiceDefinition,
  type ApprovalRequest,
  type Event,
  type Goal,
  type RunReport,
  type RunRequest,
  type ToolDescriptor,
  type CycleReport,
} from "@boyd/proto";
import { findGoalByRef, focusGoal } from "../goals/index.js";
import { learnedScoreRules } from "../cycle/learned-rules.js";
import { EVENT_KINDS } from "../cycle/narrator.js";
import { planOf, withPlan } from "../cycle/plans.js";
import type { CyclePorts } from "../cycle/ports.js";
import { reflectAndApply } from "../cycle/reflection.js";
import { librarySearchOracle, memoryColdStore, think } from "../think/index.js";
import { AsyncQueue } from "./async-queue.js";
import type { AgentRuntime } from "./runtime.js";

/** What the AgentService handlers use. */
export interface AgentHandlerDeps {
  readonly runtime: AgentRuntime;
  readonly ports: CyclePorts;
  readonly events: EventChannel<Event>;
  readonly catalog: () => Promise<readonly ToolDescriptor[]>;
  /** Approval requests waiting for an answer, oldest first (all agents' without an id). */
  readonly pendingApprovals: (agentId?: string) => ApprovalRequest[];
}

const DEFAULT_RUN_CYCLES = 10;

/**
 * AgentService: the public API, transport-agnostic. The same object is
 * served over the bus and over gRPC; streaming rpcs are gRPC-only.
 */
export function createAgentHandlers(deps: AgentHandlerDeps): ServiceHandlers<typeof AgentServiceDefinition> {
  const { runtime, ports } = deps;

  const runOptions = (r: RunRequest, ctx?: CallContext) => ({
    goals: r.goals,
    maxCycles: Number(r.maxCycles ?? DEFAULT_RUN_CYCLES),
    fresh: r.fresh,
    ...(ctx ? { signal: ctx.signal } : {}),
  });

  const attach = async (r: RunRequest, ctx: CallContext): Promise<RunReport> => {
    for (const goal of r.goals) await runtime.addGoal(r.agentId, goal);
    return runtime.follow(r.agentId, ctx.signal);
  };

  return {
    async createAgent(req) {
      const { info, goals } = await runtime.create(req);
      return { agent: info, goals };
    },
    async listAgents(req) {
      // Every agent of the cluster (the shared index), not only those this replica loaded.
      const all = runtime.ids();
      const start = req.pageToken ? Number.parseInt(req.pageToken, 10) : 0;
      if (!Number.isInteger(start) || start < 0) throw new BusError("INVALID_ARGUMENT", `page_token: ${JSON.stringify(req.pageToken)} is not a token this server gave`);
      const limit = req.limit ?? 100;
      const page = await Promise.all(all.slice(start, start + limit).map((id) => runtime.get(id).catch((err: unknown) => (isBusError(err) && err.code === "NOT_FOUND" ? undefined : Promise.reject(err)))));
      const agents = page.filter((a) => a !== undefined);
      return { agents, nextPageToken: start + limit < all.length ? String(start + limit) : "" };
    },
    async startAgent(req) {
      return { agent: await runtime.startDurable(req.agentId, req.goals, req.maxCycles === undefined ? undefined : Number(req.maxCycles)) };
    },
    async pauseAgent(req) {
      return { agent: await runtime.pause(req.agentId) };
    },
    async getAgent(req) {
      return { agent: await runtime.get(req.agentId) };
    },
    async addGoal(req) {
      return { goal: await runtime.addGoal(req.agentId, req.goal!) };
    },
    async listGoals(req) {
      return { goals: await runtime.goals(req.agentId, req.statuses) };
    },
    async cycle(req, ctx) {
      let report: CycleReport | undefined;
      const run = await runtime.run(req.agentId, { goals: req.goal ? [req.goal] : [], maxCycles: 1, signal: ctx.signal, onCycle: (o) => (report = o.report) });
      if (!report) throw new BusError("FAILED_PRECONDITION", `agent ${req.agentId} ran no cycle: ${stopText(run)}`);
      return { report };
    },
    async run(req, ctx) {
      // A started agent runs on the cluster already: a Run attaches to that run (with its goals added) and reports it.
      if (runtime.isStarted(req.agentId) && !req.fresh) {
        if (!req.detach) return { report: await attach(req, ctx), detached: false };
        for (const goal of req.goals) await runtime.addGoal(req.agentId, goal);
        return { report: undefined, detached: true };
      }
      if (req.detach) {
        await runtime.detach(req.agentId, runOptions(req));
        return { report: undefined, detached: true };
      }
      return { report: await runtime.run(req.agentId, runOptions(req, ctx)), detached: false };
    },
    async resume(req, ctx) {
      const options = { maxCycles: Number(req.maxCycles ?? DEFAULT_RUN_CYCLES), resume: true };
      if (req.detach) {
        await runtime.detach(req.agentId, options);
        return { report: undefined, detached: true };
      }
      return { report: await runtime.run(req.agentId, { ...options, signal: ctx.signal }), detached: false };
    },
    async getPlan(req) {
      const { state } = await runtime.session(req.agentId);
      const goal = req.goalId ? goalNamed(state.goals, req.goalId, req.agentId) : focusGoal(state.goals, Number(state.cycleCount) + 1);
      if (!goal) throw new BusError("NOT_FOUND", `agent ${req.agentId} has no active goal`);
      const current = planOf(state.plans, goal.symbolId);
      if (current && (current.status === PlanStatus.ACTIVE || !req.generateIfMissing)) return { plan: current };
      if (!req.generateIfMissing) throw new BusError("NOT_FOUND", `goal ${goal.symbolId} has no plan yet; pass generate_if_missing`);
      const rules = await learnedScoreRules(ports, req.agentId, ports.now() + 10_000, () => undefined);
      const { plan } = await ports.decide.generatePlan({ agentId: req.agentId, goal, attempt: current ? current.attempt + 1 : 0, tools: [...(await deps.catalog())], rules }, { timeoutMs: 30_000, agentId: req.agentId });
      if (!plan) throw new BusError("INTERNAL", "decide returned no plan");
      await runtime.update(req.agentId, (s) => ({ ...s, plans: withPlan(s.plans, plan) }));
      await runtime.narrator(req.agentId, Number(state.cycleCount), 500).emit({ $case: "planChanged", value: { plan, change: PlanChangeKind.CREATED } });
      return { plan };
    },
    async reflect(req) {
      const { state } = await runtime.session(req.agentId);
      const apply = req.apply ?? true;
      const warnings: string[] = [];
      const { size, capacity } = await ports.memory.recent({ agentId: req.agentId, limit: 1 }, { timeoutMs: 10_000, agentId: req.agentId });
      const outcome = await reflectAndApply(state, ports, await deps.catalog(), capacity ? size / capacity : 0, Number(state.cycleCount), warnings, apply);
      if (apply) await runtime.update(req.agentId, () => outcome.state);
      return { report: outcome.report };
    },
    async consolidate(req) {
      const { state } = await runtime.session(req.agentId);
      // Completed goals count too: after a successful run no goal is active,
      // yet what the run learned about them is what is worth keeping.
      const relevant = state.goals.filter((g) => g.status === GoalStatus.ACTIVE || g.status === GoalStatus.COMPLETED);
      // Consolidation comes after the last cycle: its entries count as one cycle old.
      const trigger = req.trigger === ConsolidationTrigger.SESSION_END ? ConsolidationTrigger.SESSION_END : ConsolidationTrigger.MANUAL;
      const r = await ports.memory.consolidate(
        { agentId: req.agentId, cycle: Number(state.cycleCount) + 1, trigger, goalIds: relevant.map((g) => g.symbolId), config: state.config?.consolidation },
        { timeoutMs: 30_000, agentId: req.agentId },
      );
      return { episodes: r.episodes, entriesRemoved: r.entriesRemoved, pressureAfter: r.pressureAfter };
    },
    async recall(req) {
      if (!req.query.trim()) throw new BusError("INVALID_ARGUMENT", "query: must not be empty");
      await runtime.session(req.agentId);
      // Facts too: what a tool reported or a note saved is memory a person
      // searches for as much as an episode.
      const r = await ports.memory.recall({ agentId: req.agentId, query: req.query, topK: req.topK ?? 5, includeFacts: true }, { timeoutMs: 10_000, agentId: req.agentId });
      return { episodes: r.episodes, facts: r.facts, factScores: r.factScores };
    },
    async listRules(req) {
      await runtime.session(req.agentId);
      const { rules } = await ports.memory.listRules({ agentId: req.agentId, ...(req.limit !== undefined ? { limit: req.limit } : {}) }, { timeoutMs: 10_000, agentId: req.agentId });
      return { rules };
    },
    async removeRule(req) {
      if (!req.ruleId.trim()) throw new BusError("INVALID_ARGUMENT", "rule_id: must not be empty");
      await runtime.session(req.agentId);
      return ports.memory.removeRule({ agentId: req.agentId, ruleId: req.ruleId }, { timeoutMs: 10_000, agentId: req.agentId });
    },
    async resolveApproval(req) {
      const r = await ports.act.resolveApproval({ decision: req.decision }, { timeoutMs: 10_000 });
      return { request: r.request };
    },
    async listApprovals(req) {
      // A named agent must exist: a typo should not look like "nothing waiting".
      if (req.agentId) await runtime.get(req.agentId);
      return { requests: deps.pendingApprovals(req.agentId || undefined) };
    },
    async think(req) {
      const question = req.question.trim();
      if (!question) throw new BusError("INVALID_ARGUMENT", "question: must not be empty");
      const agentId = req.agentId || "think";
      const cycle = ports.now();
      const result = await think(question, librarySearchOracle(ports.act, agentId, { cycle }), {
        ...(req.maxIterations !== undefined || req.convergenceThreshold !== undefined
          ? { control: { ...(req.maxIterations !== undefined ? { maxIterations: req.maxIterations } : {}), ...(req.convergenceThreshold !== undefined ? { convergenceThreshold: req.convergenceThreshold } : {}) } }
          : {}),
        ...(req.promote === false ? {} : { coldStore: memoryColdStore(ports.memory, agentId, { cycle }) }),
      });
      return {
        state: result.state,
        reason: result.reason,
        steps: result.steps.map((s) => ({ k: s.k, query: s.query, error: s.error, integral: s.integral, gain: s.gain, reward: s.reward, hits: s.hits, matchedTerms: [...s.matchedTerms], newTerms: [...s.newTerms], observation: s.observation })),
        finalError: result.finalError,
        missingTerms: [...result.missingTerms],
        answer: result.answer.map((a) => ({ passage: a.passage, source: a.source, questionTerms: [...a.questionTerms] })),
        promotedFactIds: result.promoted.map((p) => p.id),
      };
    },
    async *watchEvents(req, ctx) {
      const kinds = new Set(req.kinds.map((k) => k as number));
      const wanted = (e: Event) => kinds.size === 0 || kinds.has(kindNumber(e));
      const queue = new AsyncQueue<Event>(ctx.signal, {
        items: WATCH_QUEUE_EVENTS,
        overflow: () =>
          new BusError("RESOURCE_EXHAUSTED", `WatchEvents: ${WATCH_QUEUE_EVENTS} events waited for this client to read them; watch again with from_sequence set to the last sequence received plus one`),
      });
      const sub = deps.events.subscribe({ agentId: req.agentId || "*" }, (e) => {
        if (wanted(e)) queue.push(e);
      });
      try {
        // from_sequence is the events' own number (the one seen live), not the log's position.
        const from = Number(req.fromSequence);
        // Past the last number replayed: live events that arrived meanwhile and were replayed too are not sent twice.
        let sentTo = from - 1;
        if (from > 0) {
          if (!req.agentId) throw new BusError("INVALID_ARGUMENT", "from_sequence needs an agent_id");
          for await (const { event } of deps.events.replay({ agentId: req.agentId })) {
            const n = Number(event.sequence);
            if (n <= sentTo) continue;
            sentTo = n;
            if (wanted(event)) yield { event };
          }
        }
        for await (const event of queue) if (from === 0 || Number(event.sequence) > sentTo) yield { event };
      } finally {
        await sub.drain();
      }
    },
    async *runCycles(req, ctx) {
      const run = req.run;
      if (!run) throw new BusError("INVALID_ARGUMENT", "run: required");
      const queue = new AsyncQueue<Event>(ctx.signal);
      // A started agent: its events as any replica publishes them, until its run ends.
      const started = runtime.isStarted(run.agentId) && !run.fresh;
      const sub = started ? deps.events.subscribe({ agentId: run.agentId }, (e) => queue.push(e)) : undefined;
      const done = (started ? attach(run, ctx) : runtime.run(run.agentId, { ...runOptions(run, ctx), onEvent: (e) => queue.push(e) })).finally(async () => {
        await sub?.drain();
        queue.close();
      });
      for await (const event of queue) yield { kind: { $case: "event", value: event } };
      const report = await done;
      yield { kind: { $case: "report", value: report } };
    },
  };
}

// Events a WatchEvents client may be behind (about 25 MB of them) before
// its stream ends: events keep coming for as long as agents run.
const WATCH_QUEUE_EVENTS = 10_000;

function stopText(r: RunReport): string {
  return r.message || `stopped: ${StopReason[r.stopReason] ?? r.stopReason}`;
}

/** The EventKind of an event, from its subject kind (`cycle.started` -> CYCLE_STARTED). */
function kindNumber(e: Event): number {
  return e.kind ? (EventKind[EVENT_KINDS[e.kind.$case].replaceAll(".", "_").toUpperCase() as keyof typeof EventKind] ?? 0) : 0;
}

/** The goal `ref` names (id, description as typed, or a unique start of either), or NOT_FOUND saying why. */
function goalNamed(goals: readonly Goal[], ref: string, agentId: string): Goal {
  const found = findGoalByRef(goals, ref);
  if (!found.goal) throw new BusError("NOT_FOUND", `agent ${agentId}: ${found.problem}`);
  return found.goal;
}
