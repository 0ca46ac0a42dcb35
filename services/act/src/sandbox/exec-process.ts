import { BusError } from "@boyd/bus";
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Duplex } from "node:stream";
import { treeResidentBytes } from "./tree-memory.js";

/** What one execution produced. */
export interface ExecResult {
  /** Exit status, or null when the process was killed by a signal. */
  readonly exitCode: number | null;
  /** Name of the signal that killed the process (e.g. "SIGKILL"), or null. */
  readonly signal: string | null;
  /** Captured stdout, at most the output cap (shared with stderr). */
  readonly stdout: string;
  /** Captured stderr, at most what the cap left after stdout. */
  readonly stderr: string;
  /** Bytes of stdout and stderr the program wrote, kept or not. */
  readonly outputBytes: number;
  /** Whether output was dropped because of the cap. */
  readonly truncated: boolean;
  /** Whether the process tree was killed because the time limit passed. */
  readonly timedOut: boolean;
  /** Whether the process tree was killed because together it held more memory than the run's budget. */
  readonly memoryExceeded: boolean;
  /** Wall-clock time from spawn to the end of the output. */
  readonly durationMs: number;
}

/** One spawn of a fully built argv (wrappers included). */
export interface CappedSpawn {
  /** Program and arguments; spawned directly, never through a shell. */
  readonly argv: readonly string[];
  /** Working directory of the first program (the wrappers'). */
  readonly cwd: string;
  /** The complete environment of the first program; nothing is inherited. */
  readonly env: Readonly<Record<string, string>>;
  readonly stdin?: string;
  readonly timeoutMs: number;
  readonly outputCapBytes: number;
  readonly signal?: AbortSignal;
  /**
   * Stop by killing the first program's children, not its group, so it
   * lives to reap them (the `unshare` reaper); its group follows after
   * {@link GROUP_KILL_GRACE_MS} if it has not ended by then.
   */
  readonly killChildrenFirst?: boolean;
  /**
   * Resident memory the whole process tree may hold together, in bytes;
   * sampled every {@link MEMORY_SAMPLE_MS}, and past it the tree is killed.
   * Unset: no whole-run budget (per-process rlimits only).
   */
  readonly memoryBudgetBytes?: number;
  /**
   * Bytes handed to the first program on descriptors 3, 4, ... in order:
   * each a pipe that ends after its bytes (bwrap's `--seccomp` program
   * travels this way, so it never touches the disk).
   */
  readonly descriptorInputs?: readonly Uint8Array[];
}

/**
 * How often the tree's memory is sampled. A process allocates a few GB/s at
 * most, so in one interval a run overshoots its budget by some 100 MB
 * before it dies; sampling costs a few /proc reads per process.
 */
export const MEMORY_SAMPLE_MS = 25;

/** Floor of the output ceiling, so a small cap does not kill a merely chatty build. */
const MIN_OUTPUT_CEILING = 1024 * 1024;

/**
 * Output (in bytes) past which the process tree is killed: 16 times the cap,
 * at least 1 MiB. Below it, output past the cap is only counted; above it,
 * reading on would cost time (and a `yes` never ends by itself).
 */
export function outputCeilingBytes(outputCapBytes: number): number {
  return Math.max(outputCapBytes * 16, MIN_OUTPUT_CEILING);
}

/**
 * How long the output may stay open after the first process exited. A
 * background child that escaped the process group (only possible without
 * the pid namespace) could hold the pipes open forever; after this the
 * streams are closed on our side and the result is reported.
 */
const DRAIN_AFTER_EXIT_MS = 1_000;

/** How long a reaper gets to end after its children were killed, before its whole group is. */
const GROUP_KILL_GRACE_MS = 500;

/** Pids of `pid`'s children (empty when unknown or gone). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** SIGKILL to the whole process group led by `pid`; a group already gone is fine. */
export function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // ESRCH: nothing left in the group.
  }
}

/**
 * Writes each input to its descriptor (3, 4, ...) and ends it. Node makes
 * every extra "pipe" a duplex socket: its reading side is drained too, so
 * it closes with the run and never holds the result back. A program that
 * never reads its input is its own failure, not an error here.
 */
function feedDescriptors(child: ChildProcess, inputs: readonly Uint8Array[]): void {
  inputs.forEach((bytes, i) => {
    const stream = child.stdio[3 + i] as Duplex;
    stream.on("error", () => undefined);
    stream.resume();
    stream.end(bytes);
  });
}

/**
 * Spawns `argv` in its own process group (detached), feeds stdin, collects
 * stdout and stderr up to the cap, and resolves when the output closes.
 * The whole group gets SIGKILL (see `killChildrenFirst` for the order)
 * when the time limit passes, when the signal aborts, when output passes
 * {@link outputCeilingBytes}, and when the first process exits (so
 * background jobs it left in the group die with it).
 *
 * Rejects with FAILED_PRECONDITION when the program cannot be started at
 * all, and with CANCELLED (after the tree is dead) when the signal aborted.
 */
export function runCapped(spec: CappedSpawn): Promise<ExecResult> {
  return new Promise<ExecResult>((resolve, reject) => {
    if (spec.signal?.aborted) {
      reject(new BusError("CANCELLED", "execution cancelled before it started"));
      return;
    }
    const [program, ...args] = spec.argv;
    if (program === undefined) {
      reject(new BusError("INVALID_ARGUMENT", "argv is empty"));
      return;
    }
    const started = performance.now();
    let child: ChildProcess;
    try {
      child = spawn(program, args, {
        cwd: spec.cwd,
        env: { ...spec.env },
        detached: true,
        shell: false,
        stdio: ["pipe", "pipe", "pipe", ...(spec.descriptorInputs ?? []).map(() => "pipe" as const)],
      });
    } catch (err) {
      reject(new BusError("FAILED_PRECONDITION", `cannot start ${program}: ${err instanceof Error ? err.message : String(err)}`, { cause: err }));
      return;
    }

    const cap = spec.outputCapBytes;
    const ceiling = outputCeilingBytes(cap);
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let kept = 0;
    let seen = 0;
    let timedOut = false;
    let memoryExceeded = false;
    let aborted = false;
    let settled = false;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    let drainTimer: NodeJS.Timeout | undefined;
    let graceTimer: NodeJS.Timeout | undefined;
    let stopped = false;

    const stop = () => {
      if (stopped || exit !== undefined) return;
      stopped = true;
      const children = spec.killChildrenFirst && child.pid !== undefined ? childrenOf(child.pid) : [];
      for (const pid of children) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // Already gone.
        }
      }
      if (children.length === 0) killGroup(child.pid);
      graceTimer = setTimeout(() => killGroup(child.pid), GROUP_KILL_GRACE_MS);
    };

    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      seen += chunk.length;
      if (kept < cap) {
        const take = Math.min(cap - kept, chunk.length);
        into.push(take === chunk.length ? chunk : chunk.subarray(0, take));
        kept += take;
      }
      // Past the ceiling the group dies; what is still in the pipes is counted and dropped.
      if (seen > ceiling) stop();
    };
    child.stdout?.on("data", collect(stdout));
    child.stderr?.on("data", collect(stderr));
    // A program that exits without reading its stdin makes our write fail with EPIPE: not an error of the run.
    child.stdin?.on("error", () => undefined);
    child.stdin?.end(spec.stdin ?? "");
    feedDescriptors(child, spec.descriptorInputs ?? []);

    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, spec.timeoutMs);
    const onAbort = () => {
      aborted = true;
      stop();
    };
    spec.signal?.addEventListener("abort", onAbort, { once: true });
    const budget = spec.memoryBudgetBytes;
    const sampler =
      budget === undefined || child.pid === undefined
        ? undefined
        : setInterval(() => {
            if (exit !== undefined || stopped || treeResidentBytes(child.pid!) <= budget) return;
            memoryExceeded = true;
            stop();
          }, MEMORY_SAMPLE_MS);

    const cleanup = () => {
      settled = true;
      clearTimeout(timer);
      clearInterval(sampler);
      if (drainTimer !== undefined) clearTimeout(drainTimer);
      if (graceTimer !== undefined) clearTimeout(graceTimer);
      spec.signal?.removeEventListener("abort", onAbort);
    };
    const finish = (code: number | null, signal: NodeJS.Signals | null) => {
      if (settled) return;
      cleanup();
      if (aborted && !timedOut) {
        reject(new BusError("CANCELLED", "execution cancelled: the caller gave up and the process tree was killed"));
        return;
      }
      resolve({
        // When we killed the run, that is what happened, whatever status a wrapper made of it
        // (util-linux 2.38's unshare exits 1 when its child dies of SIGKILL).
        exitCode: stopped ? null : (exit?.code ?? code),
        signal: stopped ? "SIGKILL" : (exit?.signal ?? signal),
        stdout: Buffer.concat(stdout).toString("utf8"),
        stderr: Buffer.concat(stderr).toString("utf8"),
        outputBytes: seen,
        truncated: seen > cap,
        timedOut,
        memoryExceeded,
        durationMs: Math.round(performance.now() - started),
      });
    };

    child.on("error", (err) => {
      // Only a failed spawn has no pid; a failed kill is not worth reporting.
      if (child.pid !== undefined || settled) return;
      cleanup();
      reject(new BusError("FAILED_PRECONDITION", `cannot start ${program}: ${err.message}`, { cause: err }));
    });
    child.on("exit", (code, signal) => {
      if (settled) return;
      exit = { code, signal };
      if (graceTimer !== undefined) clearTimeout(graceTimer);
      killGroup(child.pid);
      drainTimer = setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
        finish(code, signal);
      }, DRAIN_AFTER_EXIT_MS);
    });
    child.on("close", finish);
  });
}
