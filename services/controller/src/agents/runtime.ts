import { BusError, isBusError } from "@boyd/bus";
import {
  ActionOutcome,
  AgentState,
  GoalStatus,
  StopReason,
  type AgentConfig,
  type AgentInfo,
  type ApprovalRequest,
  type CreateAgentRequest,
  type Event,
  type Goal,
  type NewGoal,
  type Psyche,
  type RunReport,
  type SessionState,
  type ToolDescriptor,
} from "@boyd/proto";
import { activeTraceId } from "@boyd/telemetry";
import { addGoal, allDone, GoalError, type NewGoalInput } from "../goals/index.js";
import { forRun, limitReached, resolveAgentConfig } from "../cycle/agent-config.js";
import { EVENTS_PER_CYCLE, Narrator } from "../cycle/narrator.js";
import type { CyclePorts } from "../cycle/ports.js";
import { runCycle, type AgentSession, type CycleOutcome } from "../cycle/run-cycle.js";
import { sessionToSave } from "../cycle/slim-session.js";
import { mergeSettings, protoSettingIssues, settingsFromProto, settingsToProto, type AgentSettings } from "../settings/index.js";
import { localCluster } from "../cluster/local.js";
import { IDLE_INTENT, type AgentIntent, type AgentLease, type Cluster } from "../cluster/types.js";

/** What the runtime needs: the services and the tool catalog. */
export interface RuntimeDeps {
  readonly ports: CyclePorts;
  /** The act service's catalog (cached by the caller). */
  readonly catalog: () => Promise<readonly ToolDescriptor[]>;
  /** Told about runs that fail in the background. */
  readonly onError?: (err: unknown, agentId: string) => void;
  /**
   * Settings every new agent starts from (`boyd up --agent-config FILE`);
   * a CreateAgent request's own config and psyche win field by field.
   */
  readonly agentDefaults?: AgentSettings;
  /** The agent's approval requests waiting for an answer (GetAgent shows them). @default none known */
  readonly pendingApprovals?: (agentId: string) => ApprovalRequest[];
  /** Leases and the agents index shared with other replicas. @default one local controller */
  readonly cluster?: Cluster;
  /**
   * The cycle of the agent's newest stored cycle.finished event (0: none),
   * or "unknown" when no event of the agent is stored, so a run can
   * publish the one a dead replica saved its cycle without. @default not checked
   */
  readonly lastFinishedCycle?: (agentId: string) => Promise<number | "unknown">;
  /**
   * Agents whose handle (the agent's session, tens to hundreds of KB) is
   * kept while nothing uses it. Past this, the least recently used idle
   * ones are let go and read again when next used, as a replica that never
   * ran them reads them. @default 1000
   */
  readonly keptIdleAgents?: number;
}

const KEPT_IDLE_AGENTS = 1_000;

/** Options of a run of cycles. */
export interface RunOptions {
  readonly goals?: readonly NewGoal[];
  /** Cycles at most in this call. @default 10 */
  readonly maxCycles?: number;
  readonly fresh?: boolean;
  /** Load with resume (memory injects a summary of the previous session). */
  readonly resume?: boolean;
  /** Told about each cycle as it finishes. */
  readonly onCycle?: (outcome: CycleOutcome) => void;
  /** Told about every event of the run as it is published. */
  readonly onEvent?: (event: Event) => void;
  readonly signal?: AbortSignal;
  /** Run up to this agent cycle instead of `maxCycles` more (a started agent's run, continued on any replica). */
  readonly untilCycle?: number;
  /** Keep the budgets spent so far (a started run taken over keeps its budgets); otherwise they are per run. */
  readonly keepBudgets?: boolean;
  /** With `untilCycle`: the cycles the run was started for, which size its default iteration budget. @default the cycles left */
  readonly runCycles?: number;
  /**
   * Asked before each cycle; the run stops (CANCELLED) once it says no. A
   * driver's run asks whether the agent's intent still wants it: a pause
   * that lands while the run is still taking the agent (lease, session)
   * has no run to cancel yet, and must not be outrun by the cycles after.
   */
  readonly stillWanted?: () => boolean;
}

/**
 * Why a run stops early without a final stop reason: the agent is handed
 * to another replica (rebalance, shutdown) or its lease was lost. Nothing
 * is saved then: the session as of the last cycle is where the next driver
 * goes on.
 */
export const HAND_OVER = "hand over";

interface Handle {
  session: AgentSession;
  state: AgentState;
  /** Set while cycles run; other mutations wait for it or are refused. */
  running?: Promise<RunReport> | undefined;
  abort?: AbortController | undefined;
  /** Held while this replica drives the agent. */
  lease?: AgentLease | undefined;
  /** Goals added while a run holds the session, merged before the next cycle. */
  queued: Goal[];
  lastMessage: string;
}

const AGENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** An agent id as keys, subjects and files take it; INVALID_ARGUMENT naming the field otherwise. */
export function checkAgentId(id: string, field = "agent_id"): void {
  if (!AGENT_ID.test(id)) throw new BusError("INVALID_ARGUMENT", `${field}: ${JSON.stringify(id)} must be 1-64 letters, digits, '-' or '_'`);
}

/**
 * A new agent's config and psyche: the request's over the deployment's
 * defaults, field by field (a psyche is taken whole: the request's if it
 * has one).
 */
export function withDefaults(request: Pick<CreateAgentRequest, "config" | "psyche">, defaults: AgentSettings | undefined): { config: AgentConfig | undefined; psyche: Psyche | undefined } {
  if (!defaults) return { config: request.config, psyche: request.psyche };
  const { psyche: _own, ...asked } = settingsFromProto(request.config, undefined);
  const merged = settingsToProto(mergeSettings(defaults, asked as AgentSettings));
  return { config: merged.config, psyche: request.psyche ?? merged.psyche };
}

/** NewGoal (proto) to the goal book's input, with the field names callers used. */
export function goalInput(g: NewGoal): NewGoalInput {
  return {
    description: g.description,
    successCriteria: g.successCriteria || undefined,
    priority: g.priority,
    stallThreshold: g.stallThreshold,
    parentId: g.parentId || undefined,
    blockedBy: g.blockedBy.length ? g.blockedBy : undefined,
  };
}

/**
 * The agents this controller drives. Sessions live in the memory service
 * (versioned); the runtime keeps the copy it works on and refuses a second
 * run of the same agent while one is going. Between runs it reloads the
 * stored session, so another replica's progress is never overwritten (a
 * stale save gets ABORTED from memory).
 */
export class AgentRuntime {
  /** Agents loaded here, least recently used first. */
  private readonly agents = new Map<string, Handle>();
  /** Every agent loaded here, listed (ids) even after its handle was let go. */
  private readonly loadedIds = new Set<string>();
  /** The last cycle this process ran of each agent, and whether its cycle.finished got stored (maybe still in flight). */
  private readonly ranHere = new Map<string, { readonly cycle: number; readonly published: Promise<boolean> }>();
  readonly cluster: Cluster;

  constructor(private readonly deps: RuntimeDeps) {
    this.cluster = deps.cluster ?? localCluster();
  }

  /** Creates (or, with `fresh`, recreates) an agent and saves its session. */
  async create(request: CreateAgentRequest): Promise<{ info: AgentInfo; goals: Goal[] }> {
    const agentId = request.agentId || `agent-${crypto.randomUUID().slice(0, 8)}`;
    checkAgentId(agentId);
    // Named errors before anything is stored: the settings file's schema, fields as the request names them.
    const [problem] = protoSettingIssues(request.config, request.psyche);
    if (problem !== undefined) throw new BusError("INVALID_ARGUMENT", problem);
    const { config, psyche } = withDefaults(request, this.deps.agentDefaults);
    const existing = await this.tryLoad(agentId);
    if (existing && !request.fresh) throw new BusError("ALREADY_EXISTS", `agent ${agentId} exists (cycle ${existing.state.cycleCount}); resume it or pass fresh`);
    if (this.agents.get(agentId)?.running) throw new BusError("FAILED_PRECONDITION", `agent ${agentId} is running`);
    // Recreating an agent another replica drives would pull its session from under that run.
    const owner = existing ? await this.cluster.leases.owner(agentId) : undefined;
    if (owner) throw new BusError("FAILED_PRECONDITION", `agent ${agentId} is running on controller replica ${owner}; pause it or wait for the run to end`);
    const now = this.deps.ports.now();
    let state = emptySession(agentId, request.name || agentId, now);
    state = { ...state, ...(config ? { config } : {}), ...(psyche ? { psyche } : {}) };
    const changes = [];
    for (const [i, g] of request.goals.entries()) {
      const u = addGoalAt(state, g, `goals[${i}]`, now);
      state = { ...state, goals: u.goals };
      if (u.change) changes.push(u.change);
    }
    const { version } = await this.deps.ports.memory.saveSession({ state, expectedVersion: existing?.version ?? 0 }, { timeoutMs: 10_000, agentId });
    const handle: Handle = { session: { state, version: Number(version) }, state: AgentState.IDLE, queued: [], lastMessage: "" };
    this.keep(agentId, handle);
    // Listed by every replica from now on; a fresh start is not a started agent.
    await this.cluster.index.change(agentId, () => ({ want: "idle", untilCycle: 0, startId: "" }));
    const narrator = this.narrator(agentId, 0);
    for (const c of changes) await narrator.emit({ $case: "goalChanged", value: c });
    return { info: this.info(handle), goals: state.goals };
  }

  /** The agent's status (loading its session if this controller has not yet), with the replica driving it. */
  async get(agentId: string): Promise<AgentInfo> {
    const h = await this.handle(agentId);
    const info = this.info(h);
    if (h.running) return info;
    return seenFromElsewhere(info, await this.cluster.leases.owner(agentId));
  }

  /** Agents this controller has loaded, by id. */
  list(): AgentInfo[] {
    return [...this.agents.values()].map((h) => this.info(h)).sort((a, b) => a.agentId.localeCompare(b.agentId));
  }

  /** Every agent id of the cluster (the shared index, and those loaded here), sorted. */
  ids(): string[] {
    return [...new Set([...this.cluster.index.ids(), ...this.loadedIds])].sort();
  }

  /** Whether this replica runs the agent now. */
  isRunningHere(agentId: string): boolean {
    return this.agents.get(agentId)?.running !== undefined;
  }

  /** Agents running here now. */
  runningHere(): string[] {
    return [...this.agents.entries()].filter(([, h]) => h.running).map(([id]) => id);
  }

  /** The agent's goals, highest priority first. */
  async goals(agentId: string, statuses: readonly GoalStatus[] = []): Promise<Goal[]> {
    const h = await this.handle(agentId);
    const goals = [...h.session.state.goals, ...h.queued].filter((g) => statuses.length === 0 || statuses.includes(g.status));
    return goals.sort((a, b) => (b.computedPriority ?? b.priority) - (a.computedPriority ?? a.priority) || Number(a.createdAtUnixMs) - Number(b.createdAtUnixMs));
  }

  /** Adds a goal; during a run it joins before the next cycle. */
  async addGoal(agentId: string, goal: NewGoal): Promise<Goal> {
    if (!goal) throw new BusError("INVALID_ARGUMENT", "goal: required");
    const h = await this.handle(agentId);
    const now = this.deps.ports.now();
    const base = { ...h.session.state, goals: [...h.session.state.goals, ...h.queued] };
    const u = addGoalAt(base, goal, "goal", now);
    if (h.running) {
      h.queued.push(u.goal);
      return u.goal;
    }
    await this.save(h, { ...h.session.state, goals: u.goals });
    if (u.change) await this.narrator(agentId, Number(h.session.state.cycleCount), 500).emit({ $case: "goalChanged", value: u.change });
    return u.goal;
  }

  /**
   * Runs cycles until a stop condition holds or `maxCycles` have run.
   * Always with planning and reflection: `cycle`, `run` and `resume` are
   * this one loop with different limits.
   */
  async run(agentId: string, options: RunOptions = {}): Promise<RunReport> {
    return (await this.start(agentId, options)).report;
  }

  /**
   * The agent's lease. A resume waits up to one lease TTL for it: after a
   * controller dies, the lease it held outlives it by that much, and a
   * resume is what a caller sends right after (a restarted controller).
   */
  private async acquire(agentId: string, waitForDeadHolder: boolean): Promise<AgentLease | undefined> {
    const until = Date.now() + (waitForDeadHolder ? this.cluster.leaseTtlMs + 250 : 0);
    for (;;) {
      const lease = await this.cluster.leases.acquire(agentId);
      if (lease || Date.now() >= until) return lease;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Takes the agent (its lease, then its session) and starts the loop; resolves once the run holds the agent. */
  private async start(agentId: string, options: RunOptions): Promise<{ report: Promise<RunReport> }> {
    checkAgentId(agentId);
    if (this.agents.get(agentId)?.running) throw alreadyRunning(agentId);
    // The lease first, then the session: what another replica saved before letting go is what this run goes on from.
    const lease = await this.acquire(agentId, options.resume === true);
    if (!lease) throw alreadyRunning(agentId, await this.cluster.leases.owner(agentId).catch(() => undefined));
    let h: Handle;
    try {
      h = await this.handle(agentId, options.resume ?? false);
    } catch (err) {
      await lease.release();
      throw err;
    }
    if (h.running) {
      await lease.release();
      throw alreadyRunning(agentId);
    }
    // Kept again if other agents' loads let it go since (it was idle until now): a run's handle is always the one held.
    if (this.agents.get(agentId) !== h) this.keep(agentId, h);
    const abort = new AbortController();
    options.signal?.addEventListener("abort", () => abort.abort(), { once: true });
    h.abort = abort;
    h.lease = lease;
    const run = this.loop(h, options, abort.signal);
    h.running = run;
    const report = run.finally(async () => {
      h.running = undefined;
      h.abort = undefined;
      h.lease = undefined;
      await lease.release();
    });
    return { report };
  }

  /**
   * A detached Run or Resume: durable work, as a started agent is. The
   * session it starts from (fresh, goals, budgets) is saved and its intent
   * (run up to cycle N, sized M) goes into the cluster's agents index, so
   * the replica holding the agent's lease drives it and, if that replica
   * dies, the one taking the lease over runs the cycles left, with no
   * client attached. Resolves once a replica holds the agent (a following
   * call sees it running) or the run ended, waiting at most a lease TTL
   * and two seconds (it is durable either way).
   */
  async detach(agentId: string, options: RunOptions = {}): Promise<void> {
    const cycles = options.maxCycles ?? 10;
    if (!Number.isInteger(cycles) || cycles < 1) throw new BusError("INVALID_ARGUMENT", `max_cycles: must be a whole number >= 1, got ${cycles}`);
    const h = await this.handle(agentId, options.resume ?? false);
    if (h.running) throw alreadyRunning(agentId);
    const owner = await this.cluster.leases.owner(agentId);
    if (owner) throw alreadyRunning(agentId, owner);
    await this.save(h, startingState(h.session.state, options, this.deps.ports.now()));
    const intent = { want: "run", untilCycle: Number(h.session.state.cycleCount) + cycles, runCycles: cycles, startId: crypto.randomUUID(), origin: "run" } as const;
    await this.cluster.index.change(agentId, () => intent);
    this.kickDriver();
    await this.untilDriven(agentId, intent.startId, Date.now() + this.cluster.leaseTtlMs + 2_000);
  }

  /**
   * Called when an agent's intent asks for a run, so the driver looks at
   * once rather than at its next tick (the controller wires it). @default nothing
   */
  kickDriver: () => void = () => {};

  /** Waits until a replica holds the agent for the start `startId`, that start is over, or `until` passes. */
  private async untilDriven(agentId: string, startId: string, until: number): Promise<void> {
    for (;;) {
      const intent = this.cluster.index.get(agentId);
      if (this.isRunningHere(agentId) || intent?.startId !== startId || intent.want !== "run" || Date.now() >= until) return;
      if (await this.cluster.leases.owner(agentId)) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /**
   * Stops the agent's run after its current cycle without a final stop
   * reason (nothing saved): another replica goes on from the last cycle.
   */
  handOver(agentId: string): boolean {
    const h = this.agents.get(agentId);
    if (!h?.abort) return false;
    h.abort.abort(HAND_OVER);
    return true;
  }

  /**
   * Makes the agent durable work: the replica the cluster assigns it to
   * runs it until its goals are done, a limit or a pause (`max_cycles`
   * more cycles at most, else its lifetime limit). Goals join first.
   */
  async startDurable(agentId: string, goals: readonly NewGoal[], maxCycles?: number): Promise<AgentInfo> {
    if (maxCycles !== undefined && (!Number.isInteger(maxCycles) || maxCycles < 1)) throw new BusError("INVALID_ARGUMENT", `max_cycles: must be a whole number >= 1, got ${maxCycles}`);
    const h = await this.handle(agentId);
    for (const g of goals) await this.addGoal(agentId, g);
    const busy = h.running !== undefined || (await this.cluster.leases.owner(agentId)) !== undefined;
    // A new start gets fresh budgets, as a new run does; a start of a running agent only moves its end.
    if (!busy) await this.update(agentId, (s) => ({ ...s, iterationCount: 0, toolCallsUsed: {} }));
    const cycle = Number(h.session.state.cycleCount);
    const untilCycle = cycle + (maxCycles ?? resolveAgentConfig(h.session.state.config).maxCycles);
    await this.cluster.index.change(agentId, () => ({ want: "run", untilCycle, startId: crypto.randomUUID(), origin: "start" }));
    this.kickDriver();
    return this.get(agentId);
  }

  /** Whether the agent is started by StartAgent (durable work on the cluster, not paused, not done; a detached Run is durable too, but not attached to). */
  isStarted(agentId: string): boolean {
    const intent = this.cluster.index.get(agentId);
    return intent?.want === "run" && intent.origin !== "run";
  }

  /**
   * Waits for a started agent's run to end, on whichever replicas drive it,
   * and reports it from the stored session: what a Run of a started agent
   * answers instead of refusing it.
   */
  async follow(agentId: string, signal?: AbortSignal, pollMs = 100): Promise<RunReport> {
    const from = Number((await this.peek(agentId)).state.cycleCount);
    while (this.isStarted(agentId)) {
      if (signal?.aborted) throw new BusError("CANCELLED", `stopped following agent ${agentId}; it goes on running`);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    const { state } = await this.peek(agentId);
    const stop = state.lastStopReason;
    return { cyclesRun: Number(state.cycleCount) - from, finalCycle: state.cycleCount, stopReason: stop, goals: state.goals, message: this.agents.get(agentId)?.lastMessage || `started run ended: ${StopReason[stop] ?? stop}` };
  }

  /** The stored session (the working copy while it runs here), without taking the agent. */
  private async peek(agentId: string): Promise<AgentSession> {
    const h = this.agents.get(agentId);
    if (h?.running) return h.session;
    const loaded = await this.tryLoad(agentId);
    if (!loaded) throw new BusError("NOT_FOUND", `agent ${agentId} not found; create it first (CreateAgent or \`boyd agent run --goals ...\`)`);
    return loaded;
  }

  /**
   * Stops the agent's run after its current cycle. A started agent
   * (StartAgent) is held PAUSED: StartAgent goes on. Any other run (a Run,
   * attached or detached) ends as a finished run does, leaving the agent
   * idle, not paused: it was never started, and Resume or Run carry on.
   */
  async pause(agentId: string): Promise<AgentInfo> {
    await this.handle(agentId);
    await this.cluster.index.change(agentId, pausedIntent);
    this.cancel(agentId);
    return this.get(agentId);
  }

  /** Stops a running agent after its current cycle. */
  cancel(agentId: string): boolean {
    const h = this.agents.get(agentId);
    if (!h?.abort) return false;
    h.abort.abort();
    return true;
  }

  /**
   * Waits for every run to end (for shutdown), stopping them first: a
   * started agent's run is handed over (another replica goes on), any
   * other run cancelled.
   */
  async stopAll(): Promise<void> {
    for (const [id, h] of this.agents) h.abort?.abort(this.cluster.index.get(id)?.want === "run" ? HAND_OVER : undefined);
    await Promise.allSettled([...this.agents.values()].map((h) => h.running));
  }

  /** The working copy of an agent's session (idle agents are reloaded). */
  async session(agentId: string): Promise<AgentSession> {
    return (await this.handle(agentId)).session;
  }

  /** Saves a changed session of an idle agent. */
  async update(agentId: string, change: (state: SessionState) => SessionState): Promise<SessionState> {
    const h = await this.handle(agentId);
    if (h.running) throw new BusError("FAILED_PRECONDITION", `agent ${agentId} is running; try again when the run ends`);
    const owner = await this.cluster.leases.owner(agentId);
    if (owner) throw new BusError("FAILED_PRECONDITION", `agent ${agentId} is running on controller replica ${owner}; try again when the run ends`);
    await this.save(h, change(h.session.state));
    return h.session.state;
  }

  private async loop(h: Handle, options: RunOptions, signal: AbortSignal): Promise<RunReport> {
    const agentId = h.session.state.agentId;
    const max = options.untilCycle !== undefined ? Math.max(0, options.untilCycle - Number(h.session.state.cycleCount)) : (options.maxCycles ?? 10);
    if (options.untilCycle === undefined && (!Number.isInteger(max) || max < 1)) throw new BusError("INVALID_ARGUMENT", `max_cycles: must be a whole number >= 1, got ${max}`);
    const runCycles = options.runCycles ?? max;
    const state = startingState(h.session.state, options, this.deps.ports.now());
    if (state !== h.session.state) await this.save(h, state);
    await this.publishMissedFinish(h).catch((err: unknown) => this.deps.onError?.(err, agentId));
    h.state = AgentState.RUNNING;
    const ports: CyclePorts = options.onEvent
      ? { ...this.deps.ports, emit: async (a, k, e) => (options.onEvent!(e), this.deps.ports.emit(a, k, e)) }
      : this.deps.ports;
    let cycles = 0;
    let stop = StopReason.UNSPECIFIED;
    let message = "";
    try {
      const catalog = await this.deps.catalog();
      while (stop === StopReason.UNSPECIFIED) {
        if (handedOver(h, signal) && !(await renewed(h, signal))) break;
        if (signal.aborted || options.stillWanted?.() === false) {
          stop = StopReason.CANCELLED;
          break;
        }
        if (cycles >= max) {
          stop = StopReason.MAX_CYCLES;
          break;
        }
        if (h.queued.length) {
          h.session = { ...h.session, state: { ...h.session.state, goals: [...h.session.state.goals, ...h.queued.splice(0)] } };
        }
        if (allDone(h.session.state.goals) && !h.session.state.jobs.some((j) => j.enabled)) {
          stop = StopReason.ALL_GOALS_DONE;
          break;
        }
        const outcome = await runCycle(h.session, ports, { catalog, cyclesLeftInRun: max - cycles, runCycles });
        h.session = outcome.session;
        this.ranHere.set(agentId, { cycle: Number(outcome.session.state.cycleCount), published: outcome.finishPublished ?? Promise.resolve(true) });
        cycles++;
        options.onCycle?.(outcome);
        stop = outcome.report.stopReason;
      }
      h.state = AgentState.STOPPED;
    } catch (err) {
      stop = StopReason.CRITICAL_FAILURE;
      message = isBusError(err) ? `${err.code}: ${err.message}` : (err as Error).message;
      h.state = AgentState.FAILED;
      // A lease lost mid-cycle: the save was refused because the new owner saved; not a failure of the agent.
      if (handedOver(h, signal)) stop = StopReason.UNSPECIFIED;
      // The stored session is the truth after a failed cycle.
      const reloaded = await this.tryLoad(agentId).catch(() => undefined);
      if (reloaded) h.session = reloaded;
    }
    if (!message) {
      const s = h.session.state;
      const cfg = forRun(resolveAgentConfig(s.config), runCycles);
      message = limitReached(stop, cfg, { cycles: max, cyclesRun: cycles, toolCalls: s.iterationCount, agentCycles: Number(s.cycleCount) });
    }
    if (stop === StopReason.UNSPECIFIED) {
      // Handed over: the next driver goes on from the last saved cycle; nothing is saved over it.
      h.state = AgentState.IDLE;
      message = `handed over to another controller replica after cycle ${h.session.state.cycleCount}`;
    }
    h.lastMessage = message;
    // The last cycle saved its own stop reason; save only a different one (cancelled, failed, nothing to do).
    if (stop !== StopReason.UNSPECIFIED && h.session.state.lastStopReason !== stop && h.lease?.held() !== false) {
      await this.save(h, { ...h.session.state, lastStopReason: stop }).catch(() => {});
    }
    return { cyclesRun: cycles, finalCycle: h.session.state.cycleCount, stopReason: stop, goals: h.session.state.goals, message };
  }

  private async handle(agentId: string, resume = false): Promise<Handle> {
    checkAgentId(agentId);
    const known = this.agents.get(agentId);
    if (known?.running) return known;
    const loaded = await this.tryLoad(agentId, resume);
    if (!loaded) throw new BusError("NOT_FOUND", `agent ${agentId} not found; create it first (CreateAgent or \`boyd agent run --goals ...\`)`);
    // Not running here: another replica may have run it and numbered events since.
    this.deps.ports.sequence?.resync(agentId);
    const h: Handle = known ?? { session: loaded, state: AgentState.IDLE, queued: [], lastMessage: "" };
    h.session = loaded;
    this.keep(agentId, h);
    return h;
  }

  /** Holds the agent's handle as the most recently used, letting go of the least recently used idle ones past keptIdleAgents. */
  private keep(agentId: string, h: Handle): void {
    this.agents.delete(agentId); // set again: the map's order is use order
    this.agents.set(agentId, h);
    this.loadedIds.add(agentId);
    const max = this.deps.keptIdleAgents ?? KEPT_IDLE_AGENTS;
    if (this.agents.size <= max) return;
    for (const [id, other] of this.agents) {
      if (this.agents.size <= max) return;
      // A run sets and clears its abort and lease with `running`.
      if (other === h || other.running || other.queued.length > 0) continue;
      this.agents.delete(id);
    }
  }

  private async tryLoad(agentId: string, resume = false): Promise<AgentSession | undefined> {
    try {
      const r = await this.deps.ports.memory.loadSession({ agentId, resume }, { timeoutMs: 10_000, agentId });
      return r.state ? { state: r.state, version: Number(r.version) } : undefined;
    } catch (err) {
      if (isBusError(err) && err.code === "NOT_FOUND") return undefined;
      throw err;
    }
  }

  private async save(h: Handle, state: SessionState): Promise<void> {
    const stamped = { ...state, updatedAtUnixMs: this.deps.ports.now() };
    const { version } = await this.deps.ports.memory.saveSession({ state: sessionToSave(stamped), expectedVersion: h.session.version }, { timeoutMs: 10_000, agentId: state.agentId });
    h.session = { state: stamped, version: Number(version) };
  }

  /**
   * A replica that died between saving cycle N and publishing its
   * cycle.finished left the stream without it, and nothing would ever send
   * it. The run that takes the agent over publishes it from the saved
   * session, saying so in its warnings, so every saved cycle has exactly one
   * cycle.finished. (A save is the cycle's commit: a cycle not saved is run
   * again and gets its own event.) So does this process's next run of an
   * agent whose last cycle.finished it gave up publishing (JetStream did not
   * acknowledge it in three attempts): the run that went on never looked back.
   */
  private async publishMissedFinish(h: Handle): Promise<void> {
    const s = h.session.state;
    const cycle = Number(s.cycleCount);
    if (cycle === 0 || !this.deps.lastFinishedCycle) return;
    // This process ran the cycle: its own publish settles first (a check of the log meanwhile could publish it twice),
    // and only one it gave up on is published again.
    const mine = this.ranHere.get(s.agentId);
    const ranHere = mine?.cycle === cycle;
    if (ranHere && (await mine.published)) return;
    const published = await this.deps.lastFinishedCycle(s.agentId);
    if (published === "unknown" || published >= cycle) return;
    const run = s.toolRuns.filter((r) => Number(r.cycle) === cycle).at(-1);
    await this.narrator(s.agentId, cycle, EVENTS_PER_CYCLE - 1).emit({
      $case: "cycleFinished",
      value: {
        toolName: run?.toolName ?? "",
        outcome: run?.outcome ?? ActionOutcome.UNSPECIFIED,
        progress: [],
        workingMemorySize: 0,
        memoryPressure: 0,
        sessionVersion: h.session.version,
        durationMs: 0,
        stopReason: s.lastStopReason,
        warnings: [
          ranHere
            ? `recovered: publishing cycle ${cycle}'s cycle.finished failed; published again from the saved session when ${this.cluster.replicaId} next ran the agent`
            : `recovered: the controller that ran cycle ${cycle} saved it but stopped before publishing cycle.finished; published from the saved session when ${this.cluster.replicaId} took the agent over`,
        ],
        phaseMs: {},
        consolidated: [],
      },
    });
  }

  /**
   * Narrates events outside a cycle (after cycle `cycle`, in its
   * between-cycles sequence block), in the trace of the call that caused them.
   */
  narrator(agentId: string, cycle: number, offset = 0): Narrator {
    return new Narrator(this.deps.ports, agentId, cycle, activeTraceId() ?? "", (m) => this.deps.onError?.(new Error(m), agentId), offset);
  }

  private info(h: Handle): AgentInfo {
    const s = h.session.state;
    const count = (st: GoalStatus) => s.goals.filter((g) => g.status === st).length;
    const wm = s.workingMemory.length;
    const capacity = resolveAgentConfig(s.config).workingMemoryCapacity;
    const pendingApprovals = this.deps.pendingApprovals?.(s.agentId) ?? [];
    const intent = this.cluster.index.get(s.agentId)?.want;
    const state = h.state === AgentState.RUNNING || intent !== "pause" ? h.state : AgentState.PAUSED;
    return {
      agentId: s.agentId,
      name: s.name,
      // A run blocked on a person is not "running": say who it waits for.
      state: state === AgentState.RUNNING && pendingApprovals.length > 0 ? AgentState.AWAITING_APPROVAL : state,
      cycleCount: s.cycleCount,
      activeGoals: count(GoalStatus.ACTIVE),
      completedGoals: count(GoalStatus.COMPLETED),
      failedGoals: count(GoalStatus.FAILED),
      workingMemorySize: wm,
      memoryPressure: wm / capacity,
      pendingApprovals,
      config: s.config,
      psyche: s.psyche,
      lastStopReason: s.lastStopReason,
      sessionVersion: h.session.version,
      createdAtUnixMs: s.createdAtUnixMs,
      updatedAtUnixMs: s.updatedAtUnixMs,
      ownerReplica: h.running ? this.cluster.replicaId : "",
      started: intent === "run",
    };
  }
}

/** The intent after PauseAgent: a started (or already paused) agent is held; a detached Run stops, as when it ends; an agent with no durable work keeps none. */
function pausedIntent(current: AgentIntent | undefined): AgentIntent {
  if (!current) return IDLE_INTENT;
  if (current.want === "pause" || (current.want === "run" && current.origin !== "run")) return { ...current, want: "pause" };
  return { ...current, want: "idle" };
}

function alreadyRunning(agentId: string, owner?: string): BusError {
  const where = owner ? ` on controller replica ${owner}` : "";
  return new BusError("FAILED_PRECONDITION", `agent ${agentId} is already running${where}; watch its events or wait for the run to end`);
}

/** A lease that only lapsed (not handed over on purpose, not taken by another replica) is taken again, and the run goes on. */
async function renewed(h: Handle, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted || !h.lease?.renew) return false;
  return h.lease.renew().catch(() => false);
}

/** Whether the run must stop without a final stop reason: handed over on purpose, or its lease lost. */
function handedOver(h: Handle, signal: AbortSignal): boolean {
  return (signal.aborted && signal.reason === HAND_OVER) || h.lease?.held() === false;
}

/** The session a run starts from: clean with `fresh` (settings kept), its goals added, budgets reset unless kept (a started run taken over keeps what it spent). */
function startingState(start: SessionState, options: RunOptions, now: number): SessionState {
  let state = start;
  if (options.fresh) {
    const clean = emptySession(state.agentId, state.name, now);
    state = { ...clean, config: state.config, psyche: state.psyche };
  }
  for (const [i, g] of (options.goals ?? []).entries()) state = { ...state, goals: addGoalAt(state, g, `goals[${i}]`, now).goals };
  if (!options.keepBudgets) state = { ...state, iterationCount: 0, toolCallsUsed: {} };
  return state;
}

function addGoalAt(state: SessionState, g: NewGoal, field: string, now: number) {
  try {
    return addGoal(state.goals, goalInput(g), { cycle: Number(state.cycleCount), nowUnixMs: now, agent: state.config });
  } catch (err) {
    if (err instanceof GoalError) throw new BusError(err.code, `${field}.${err.message}`, { cause: err });
    throw err;
  }
}

/**
 * A new agent's session: no goals, cycle 0, and a run id of its own, so
 * act never answers its calls with what an earlier life of the same agent
 * (same cycle numbers) recorded.
 */
export function emptySession(agentId: string, name: string, now: number, runId: string = crypto.randomUUID()): SessionState {
  return {
    agentId,
    runId,
    name,
    config: undefined,
    goals: [],
    plans: [],
    cycleCount: 0,
    psyche: undefined,
    workingMemory: [],
    toolCallsUsed: {},
    iterationCount: 0,
    approvedSimilarityKeys: [],
    lastReflectionCycle: 0,
    lastStopReason: StopReason.UNSPECIFIED,
    jobs: [],
    createdAtUnixMs: now,
    updatedAtUnixMs: now,
    toolRuns: [],
    shadowEncounters: 0,
  };
}

/**
 * An agent this replica does not drive, as it is on the cluster: driven by
 * `owner` (running there, whatever this copy says), or started with nobody
 * driving it for the moment (a hand-over, or a dead owner's lease running
 * out): durable work a replica takes within a driver tick, so running, not
 * idle waiting for a call.
 */
export function seenFromElsewhere(info: AgentInfo, owner: string | undefined): AgentInfo {
  const betweenReplicas = !owner && info.started && info.state === AgentState.IDLE;
  return { ...info, ownerReplica: owner ?? "", state: owner || betweenReplicas ? AgentState.RUNNING : info.state };
}
