import { ConsolidationTrigger, CycleFinished, Event, GoalStatus, RunReport, StopReason, type Goal } from "@boyd/proto";
import type { AgentConnection, AgentFlags } from "./agent-connection.js";
import { formatCycleLine, formatRunSummary, printable, shorten, type RunSummary } from "./agent-format.js";
import { answeringApprovals, type AnsweringOptions } from "./approval-prompt.js";
import type { Ingested } from "./knowledge.js";
import { LineReader } from "./line-reader.js";
import { outputMode, warn } from "./output.js";
import { RunInterrupt } from "./run-interrupt.js";
import { followRun, REATTACH_TIMEOUT_MS, RunProgress, type FollowOptions, type RunCall } from "./run-follow.js";
import { RunTracker } from "./run-tracker.js";

/** How a run is shown. */
export interface RunView {
  readonly agentId: string;
  /** Cycles at most, for the progress indicator. */
  readonly maxCycles: number;
  /** Consolidate working memory into episodes when the run ends. @default true */
  readonly consolidate?: boolean;
  /** Where approval answers are read (the REPL shares its stdin). */
  readonly lines?: LineReader;
  /** The command that carries on with the agent (`boyd agent ... resume`), printed when Ctrl-C pauses the run. */
  readonly resumeCommand: string;
  /** The REPL: after a paused run Ctrl-C is the prompt's again (a command ends instead, 130 on a second Ctrl-C). */
  readonly returnsToPrompt?: boolean;
}

/** What happened before the run, for the summary. */
export interface RunSetup {
  /** Goals given for this run, as stored. */
  readonly goals: readonly Goal[];
  readonly ingested?: readonly Ingested[];
  /** Graph triples before anything was loaded. */
  readonly graphBefore?: number;
  /** When the command started (for the total time). @default now */
  readonly startedAt?: number;
}

/**
 * How a run over NATS is followed across faults (a controller restarted,
 * a NATS outage): the call that resumes it and how long to wait for a
 * controller that does not answer.
 */
export interface RunFollowing extends Pick<FollowOptions, "reattachTimeoutMs" | "resumeCommand"> {
  /** Resumes the agent for the cycles left. */
  readonly resume: RunCall;
}

/**
 * Following a run over NATS (`conn.where` is the URL): resumed through
 * AgentService.Resume; errors name `boyd agent --nats URL --agent ID resume`.
 */
export function followingOver(conn: AgentConnection, agentId: string, reattachTimeoutMs = REATTACH_TIMEOUT_MS): RunFollowing {
  return { reattachTimeoutMs, resumeCommand: resumeCommand(conn.where, agentId), resume: async (maxCycles) => (await conn.agents.resume({ agentId, maxCycles })).report };
}

/** `boyd agent --nats URL --agent ID resume`, for messages: the URL without credentials, printable. */
export function resumeCommand(natsUrl: string, agentId: string): string {
  let url = natsUrl;
  try {
    const u = new URL(natsUrl);
    u.username = "";
    u.password = "";
    url = u.toString().replace(/\/$/, "");
  } catch {
    // Not a URL; shown as given.
  }
  return printable(`boyd agent --nats ${url} --agent ${agentId} resume`);
}

/** The exact `boyd agent ... resume` for these flags: over NATS, or the embedded stack's data directory. */
export function resumeCommandFor(flags: AgentFlags): string {
  return flags.nats ? resumeCommand(flags.nats, flags.agent) : printable(`boyd agent --data-dir ${shellWord(flags.dataDir)} --agent ${flags.agent} resume`);
}

/** A word as a shell reads it back: bare when it is plain, else in single quotes. */
function shellWord(word: string): string {
  return /^[A-Za-z0-9_./=:@%+-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

/** A finished run: the report and the exit code it deserves. */
export interface RunOutcome {
  readonly report: RunReport;
  /** 0 when every goal of the run completed, 1 otherwise, 130 when Ctrl-C paused it. */
  readonly exitCode: number;
  /** Ctrl-C paused the run: the agent stopped after the cycle it was in. */
  readonly interrupted: boolean;
}

/**
 * A status line on a terminal's stderr, rewritten in place with `\r`;
 * nothing at all when stderr is not a terminal.
 */
class StatusLine {
  #shown = false;
  constructor(private readonly stream: NodeJS.WriteStream = process.stderr) {}

  show(text: string): void {
    if (!this.stream.isTTY) return;
    // Only the status line's own escapes reach the terminal; the goal in it is shown visibly.
    this.stream.write(`\r\x1b[K${shorten(printable(text), (this.stream.columns || 80) - 1)}`);
    this.#shown = true;
  }

  clear(): void {
    if (!this.#shown) return;
    this.stream.write("\r\x1b[K");
    this.#shown = false;
  }
}

/**
 * Runs cycles through `call` (Run or Resume) while following the agent's
 * events: one line per cycle, a `cycle 3/20` indicator on a terminal,
 * approvals answered at the prompt; then the closing summary (or JSON).
 * Over NATS with `following`, the run is followed to its end across a
 * controller restart or a NATS outage (see {@link followRun}).
 */
export async function runWatched(conn: AgentConnection, view: RunView, setup: RunSetup, call: () => Promise<RunReport | undefined>, following?: RunFollowing): Promise<RunOutcome> {
  const startedAt = setup.startedAt ?? Date.now();
  const { json, quiet } = outputMode();
  const tracker = new RunTracker();
  tracker.know(setup.goals, true);
  const status = new StatusLine();
  const { createEventChannel } = await import("@boyd/bus");
  const events = createEventChannel({ transport: conn.transport, codec: Event });
  const progress = new RunProgress();
  const interrupt = new RunInterrupt(conn, view.agentId, view.resumeCommand);
  const sub = events.subscribe({ agentId: view.agentId }, (event) => {
    progress.take(event);
    const done = tracker.take(event);
    if (event.kind?.$case === "cycleStarted") interrupt.cycleStarted();
    // Per-cycle lines are progress: -q leaves the summary alone.
    if (json || quiet) return;
    if (event.kind?.$case === "cycleStarted") {
      const focus = event.kind.value.activeGoalIds[0];
      status.show(`cycle ${tracker.started}/${view.maxCycles}  ${focus ? shorten(focus, 40) : ""}  ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    }
    if (done) {
      status.clear();
      console.log(formatCycleLine(done));
    }
  });
  await conn.transport.flush();
  // One reader for every attempt of the run: a resumed run's prompts read the same stdin.
  const lines = view.lines ?? new LineReader(process.stdin);
  let report: RunReport;
  try {
    const prompting = { lines, beforePrompt: () => status.clear() };
    const attempt = <T>(work: () => Promise<T>) => withApprovals(conn, view.agentId, work, prompting);
    const followed = following && conn.transport.kind === "nats";
    const replied = followed
      ? await followRun(
          conn,
          progress,
          { agentId: view.agentId, maxCycles: view.maxCycles, reattachTimeoutMs: following.reattachTimeoutMs, resumeCommand: following.resumeCommand, say: (line) => (status.clear(), console.error(`boyd: ${line}`)) },
          { first: call, resume: following.resume },
          attempt,
        )
      : await attempt(call);
    report = replied ?? RunReport.fromPartial({});
    // Events may trail the reply (a JetStream publish, another connection): wait a little for the last ones.
    await conn.transport.flush();
    for (let waited = 0; tracker.cycles.length < Number(report.cyclesRun) && waited < 2_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
  } finally {
    status.clear();
    // Once Ctrl-C paused it, a command only prints and closes: a second Ctrl-C meanwhile still quits at once with 130.
    if (!interrupt.requested || view.returnsToPrompt) interrupt.release();
    if (lines !== view.lines) lines.close();
    await sub.drain();
  }
  tracker.know(report.goals);
  const interrupted = interrupt.requested;

  const shown = runGoals(report.goals, tracker.touched);
  let episodes: number | undefined;
  // A paused run is not over: its working memory stays for the resume.
  if ((view.consolidate ?? true) && !interrupted && Number(report.cyclesRun) > 0) {
    try {
      episodes = await consolidateRun(conn, view.agentId);
    } catch (err) {
      warn(`consolidation at the end of the run failed: ${(err as Error).message}`);
    }
  }
  const graphAfter = conn.graph ? (await conn.graph.counts()).triples : undefined;
  const judged = setup.goals.length ? report.goals.filter((g) => setup.goals.some((s) => s.symbolId === g.symbolId)) : shown.filter((g) => !g.parentId);
  // Nothing left to judge (a resumed agent with every goal finished) is not a failure.
  const allDone = judged.length > 0 ? judged.every((g) => g.status === GoalStatus.COMPLETED) : report.stopReason === StopReason.ALL_GOALS_DONE;
  const exitCode = interrupted ? INTERRUPTED_EXIT : allDone && report.stopReason !== StopReason.CRITICAL_FAILURE ? 0 : 1;
  const summary: RunSummary = {
    agentId: view.agentId,
    report,
    goals: shown,
    phaseMs: tracker.phaseTotals(),
    totalMs: Date.now() - startedAt,
    derivedFacts: tracker.derivedFacts,
    assertedFacts: tracker.assertedFacts,
    ...(setup.graphBefore !== undefined && graphAfter !== undefined ? { graph: { before: setup.graphBefore, after: graphAfter } } : {}),
    ...(episodes !== undefined ? { episodes } : {}),
    ingested: setup.ingested ?? [],
  };
  if (json) {
    console.log(
      JSON.stringify(
        {
          agentId: view.agentId,
          ...(interrupted ? { interrupted: true, resumeCommand: view.resumeCommand } : {}),
          report: RunReport.toJSON(report),
          cycles: tracker.cycles.map((c) => ({ cycle: c.cycle, goalId: c.goalId, ...(CycleFinished.toJSON(c.finished) as object) })),
          summary: {
            goals: shown.map((g) => ({ id: g.symbolId, status: GoalStatus[g.status], reason: g.statusReason || g.progress?.reason || "" })),
            phaseMs: summary.phaseMs,
            totalMs: summary.totalMs,
            derivedFacts: summary.derivedFacts,
            assertedFacts: summary.assertedFacts,
            graph: summary.graph,
            episodes: summary.episodes,
            ingested: summary.ingested,
          },
        },
        null,
        2,
      ),
    );
  } else {
    console.log(formatRunSummary(summary));
  }
  if (interrupted) for (const line of wherePaused(view, report, shown)) warn(line);
  return { report, exitCode, interrupted };
}

/** Exit code of a run stopped by Ctrl-C, as a shell reports SIGINT. */
export const INTERRUPTED_EXIT = 130;

/** Where Ctrl-C left the agent: its cycle, its goals' status, and the command that carries on. */
function wherePaused(view: RunView, report: RunReport, goals: readonly Goal[]): string[] {
  const status = goals.map((g) => `${printable(g.symbolId)} ${GoalStatus[g.status]?.toLowerCase() ?? g.status}`).join(", ");
  const open = goals.some((g) => g.status !== GoalStatus.COMPLETED && g.status !== GoalStatus.FAILED);
  return [
    `stopped by Ctrl-C: agent ${view.agentId} paused at cycle ${report.finalCycle} after ${report.cyclesRun} cycle(s) of this run (${StopReason[report.stopReason] ?? report.stopReason})`,
    `goals: ${status || "none"}`,
    open ? `carry on with: ${view.resumeCommand}` : "every goal of the run is finished; nothing to resume",
  ];
}

/**
 * The session ends with the run: its working memory becomes episodes.
 * Through AgentService (never memory directly), so an outside caller's
 * NATS user needs no access to the internal services.
 */
async function consolidateRun(conn: AgentConnection, agentId: string): Promise<number> {
  const r = await conn.agents.consolidate({ agentId, trigger: ConsolidationTrigger.SESSION_END }, { timeoutMs: 60_000 });
  return r.episodes.length;
}

/** Runs `work` while the agent's approval requests are answered at the prompt, through AgentService.ResolveApproval. */
export function withApprovals<T>(conn: AgentConnection, agentId: string, work: () => Promise<T>, options: AnsweringOptions = {}): Promise<T> {
  const waiting = async () => (await conn.agents.listApprovals({ agentId }, { timeoutMs: 10_000 })).requests;
  return answeringApprovals(conn.transport, agentId, (decision) => conn.agents.resolveApproval({ decision }, { timeoutMs: 10_000 }), work, { waiting, ...options });
}

/** The goals a run is about: those it touched and their sub-goals, in the report's order. */
export function runGoals(goals: readonly Goal[], touched: ReadonlySet<string>): Goal[] {
  const ids = new Set(touched);
  for (let grew = true; grew; ) {
    grew = false;
    for (const g of goals) {
      if (!ids.has(g.symbolId) && g.parentId && ids.has(g.parentId)) {
        ids.add(g.symbolId);
        grew = true;
      }
    }
  }
  return goals.filter((g) => ids.has(g.symbolId));
}
