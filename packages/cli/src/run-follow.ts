import { isBusError } from "@boyd/bus/plain";
import { AgentState, StopReason, type AgentInfo, type Event, type RunReport } from "@boyd/proto";
import type { AgentConnection } from "./agent-connection.js";

/** How a run is followed across faults. */
export interface FollowOptions {
  readonly agentId: string;
  /** Cycles the whole run may take, resumed parts included. */
  readonly maxCycles: number;
  /** How long the controller may go unanswered (restarting, NATS down) before the run counts as lost for good. */
  readonly reattachTimeoutMs: number;
  /** Between two looks at the agent. @default 1000 */
  readonly lookEveryMs?: number;
  /** The command that picks the agent up by hand, named in errors. */
  readonly resumeCommand: string;
  /** Tells the person what happened (stderr). */
  readonly say: (line: string) => void;
}

/** The run could not be followed to its end; the message says why and what to do. */
export class RunLostError extends Error {
  override readonly name = "RunLostError";
}

/** How long a run waits for a controller that does not answer, by default: a supervised one is back well within it. */
export const REATTACH_TIMEOUT_MS = 30_000;

/** Exit code of a run that was lost (1 is a goal unfinished, 2 bad usage). */
export const RUN_LOST_EXIT = 3;

// Looks in a row that find the agent idle, with no event in between, before
// the run counts as gone: the reply of a run that just ended is on its way
// for the first one.
const IDLE_LOOKS = 2;
// Resumes at most: a controller that dies on every run is not waited on forever.
const MAX_RESUMES = 5;

/**
 * What the agent's events told so far: how many arrived (any sign of life)
 * and the stop reason of a cycle that ended the run. Fed by the caller's
 * event subscription.
 */
export class RunProgress {
  events = 0;
  finalStop: StopReason | undefined;

  take(event: Event): void {
    this.events++;
    if (event.kind?.$case === "cycleFinished" && event.kind.value.stopReason !== StopReason.UNSPECIFIED) this.finalStop = event.kind.value.stopReason;
    else if (event.kind?.$case === "cycleStarted") this.finalStop = undefined;
  }
}

/** How one attempt (the run, or a resume of it) ended. */
type Ending =
  | { readonly kind: "replied"; readonly report: RunReport | undefined }
  /** The agent stopped after a last cycle, but its reply never came (lost with a NATS outage). */
  | { readonly kind: "finished"; readonly info: AgentInfo }
  /**
   * The agent is idle and no event said its run ended: the controller
   * running it died, or the end was missed with the link down. Resuming
   * tells which: a run that had ended stops again at once.
   */
  | { readonly kind: "lost"; readonly info: AgentInfo }
  | { readonly kind: "unreachable" };

/** One call that runs cycles: the first Run, or a Resume of `maxCycles`. */
export type RunCall = (maxCycles: number) => Promise<RunReport | undefined>;

/** Runs an attempt (e.g. with the approval prompt open) and returns what it returned. */
export type AttemptWrapper = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * Runs `first` and follows the agent until the run ends, across faults: a
 * reply lost with a NATS outage is rebuilt from the agent's state once the
 * agent has stopped, a run lost with its controller is resumed for the
 * cycles left once a controller answers again, and a controller that does
 * not answer within `reattachTimeoutMs` ends it with a {@link RunLostError}
 * naming the command to resume. Returns the run's report.
 */
export async function followRun(conn: AgentConnection, progress: RunProgress, options: FollowOptions, calls: { first: RunCall; resume: RunCall }, attempt: AttemptWrapper): Promise<RunReport | undefined> {
  const startCycle = Number((await conn.agents.getAgent({ agentId: options.agentId }, { timeoutMs: 10_000 })).agent?.cycleCount ?? 0);
  let call: () => Promise<RunReport | undefined> = () => calls.first(options.maxCycles);
  let cyclesBefore = 0;
  for (let resumes = 0; ; resumes++) {
    const ending = await attempt(() => untilEnded(conn, progress, options, call, resumes > 0));
    if (ending.kind === "replied") return ending.report && { ...ending.report, cyclesRun: Number(ending.report.cyclesRun) + cyclesBefore };
    if (ending.kind === "unreachable") {
      throw new RunLostError(
        `the controller has not answered for ${seconds(options.reattachTimeoutMs)} (stopped, restarting, or NATS unreachable): agent ${options.agentId}'s run is lost to this command. Its session is stored: once the controller is back, look with \`${options.resumeCommand.replace(/ resume$/, " goals")}\` and go on with \`${options.resumeCommand}\``,
      );
    }
    const done = Number(ending.info.cycleCount) - startCycle;
    if (ending.kind === "finished" || done >= options.maxCycles) return await rebuiltReport(conn, options.agentId, ending.info, done, progress.finalStop);
    if (resumes >= MAX_RESUMES) throw new RunLostError(`agent ${options.agentId}'s run was lost ${resumes + 1} times (its controller keeps stopping); see the controller's log, then go on with \`${options.resumeCommand}\``);
    const left = options.maxCycles - done;
    options.say(`the run of agent ${options.agentId} stopped at cycle ${ending.info.cycleCount} without a reply (its controller restarted, or the reply was lost); resuming it (${left} ${left === 1 ? "cycle" : "cycles"} left)`);
    cyclesBefore = done;
    progress.finalStop = undefined;
    call = () => calls.resume(left);
  }
}

/**
 * Races the call's reply against a watch on the agent; the first ending
 * wins. A reply that cannot come (link down, no controller) leaves it to
 * the watch; so does a resume refused because the agent runs: the lost run
 * was alive after all. (A first call refused so is another caller's run,
 * and an error as before.)
 */
async function untilEnded(conn: AgentConnection, progress: RunProgress, options: FollowOptions, call: () => Promise<RunReport | undefined>, resuming: boolean): Promise<Ending> {
  const stop = new AbortController();
  const reply = call().then(
    (report): Ending => ({ kind: "replied", report }),
    (err: unknown) => (replyMayBeLost(err) || (resuming && isBusError(err, "FAILED_PRECONDITION")) ? new Promise<Ending>(() => {}) : Promise.reject(err)),
  );
  try {
    return await Promise.race([reply, watchAgent(conn, progress, options, stop.signal)]);
  } finally {
    stop.abort();
  }
}

/**
 * Looks at the agent every second until it is gone from a controller's
 * hands: idle on consecutive looks with no event in between ("finished"
 * when its last cycle said the run stops, "lost" otherwise), or no answer
 * for `reattachTimeoutMs` ("unreachable"). An idle answer is trusted
 * because one controller serves AgentService (deploy/k8s runs it as a
 * single replica, Recreate): a controller that says idle holds no run.
 */
async function watchAgent(conn: AgentConnection, progress: RunProgress, options: FollowOptions, signal: AbortSignal): Promise<Ending> {
  const every = options.lookEveryMs ?? 1_000;
  let answeredAt = Date.now();
  let idle = 0;
  let seen = progress.events;
  while (!signal.aborted) {
    await sleep(every, signal);
    if (signal.aborted) break;
    let info: AgentInfo | undefined;
    try {
      info = (await conn.agents.getAgent({ agentId: options.agentId }, { timeoutMs: Math.max(1, Math.min(5_000, answeredAt + options.reattachTimeoutMs - Date.now())) })).agent;
    } catch (err) {
      if (!replyMayBeLost(err)) throw err;
      if (Date.now() - answeredAt >= options.reattachTimeoutMs) return { kind: "unreachable" };
      continue;
    }
    answeredAt = Date.now();
    const moved = progress.events !== seen;
    seen = progress.events;
    if (!info || info.state === AgentState.RUNNING || moved) {
      idle = 0;
      continue;
    }
    if (++idle >= IDLE_LOOKS) return progress.finalStop !== undefined ? { kind: "finished", info } : { kind: "lost", info };
  }
  return new Promise<Ending>(() => {});
}

/** The report of a run whose reply was lost: counts from the agent's state, goals as stored. */
async function rebuiltReport(conn: AgentConnection, agentId: string, info: AgentInfo, cyclesRun: number, stop: StopReason | undefined): Promise<RunReport> {
  const { goals } = await conn.agents.listGoals({ agentId, statuses: [] }, { timeoutMs: 10_000 });
  return {
    cyclesRun: Math.max(0, cyclesRun),
    finalCycle: info.cycleCount,
    stopReason: stop ?? info.lastStopReason,
    goals,
    message: "the run's reply was lost; this report is rebuilt from the agent's stored state",
  };
}

/** Errors after which the run may still be going (or the request never reached a controller). */
function replyMayBeLost(err: unknown): boolean {
  return isBusError(err, "UNAVAILABLE") || isBusError(err, "DEADLINE_EXCEEDED");
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
