import { BusError } from "@boyd/bus";
import { constants } from "node:fs";
import { access } from "node:fs/promises";
import { isAbsolute, relative, resolve } from "node:path";
import type { Logger } from "pino";
import {
  bubblewrapArgs,
  DEFAULT_EXEC_LIMITS,
  DEFAULT_SANDBOX_USER,
  type ExecLimits,
  portalArgs,
  prlimitArgs,
  reaperArgs,
  SANDBOX_PATH,
  type SandboxUser,
  setprivArgs,
  SYSTEM_DIRS,
  systemMounts,
  WORKSPACE_PORTAL,
} from "./bubblewrap-args.js";
import { type ExecResult, runCapped } from "./exec-process.js";
import { ipcSeccompProgram } from "./ipc-seccomp.js";

export { DEFAULT_EXEC_LIMITS, DEFAULT_SANDBOX_USER, type ExecLimits, type SandboxUser } from "./bubblewrap-args.js";
export { type ExecResult, outputCeilingBytes } from "./exec-process.js";

/** One program to run, already vetted by the caller. */
export interface ExecRequest {
  /** Program and arguments; never joined into a shell string. */
  readonly argv: readonly string[];
  /** Absolute working directory, already checked to be inside the workspace. */
  readonly cwd: string;
  /** Absolute real path of the workspace root. */
  readonly workspace: string;
  /** Extra environment variables, already vetted; they land on bwrap's command line, so never secrets. */
  readonly env?: Readonly<Record<string, string>>;
  readonly stdin?: string;
  readonly limits: ExecLimits;
  /** Aborting kills the process tree; `run` then rejects with CANCELLED. */
  readonly signal?: AbortSignal;
}

/**
 * Runs programs under resource limits, in their own process group, killed
 * as a tree at the time limit. `kind` says whether the file system and
 * network are confined too: only "bubblewrap" is a security boundary.
 */
export interface ConfinedRunner {
  readonly kind: "bubblewrap" | "unconfined";
  /**
   * Runs one program to its end (or its kill) and reports what it did. A
   * non-zero exit or a time out is a result, not an error; rejects with a
   * BusError when the request is malformed (INVALID_ARGUMENT,
   * PERMISSION_DENIED), the runner's own programs are missing
   * (FAILED_PRECONDITION), or the signal aborted (CANCELLED).
   */
  run(request: ExecRequest): Promise<ExecResult>;
}

/** Where the runner's helper programs are and whom it runs as. */
export interface RunnerOptions {
  /** util-linux prlimit, which sets the limits. @default "/usr/bin/prlimit" */
  readonly prlimitPath?: string;
  /** util-linux setpriv, which drops root to `runAs`. @default "/usr/bin/setpriv" */
  readonly setprivPath?: string;
  /**
   * Unprivileged user to run as. Only possible (and then required) when the
   * service runs as root, because RLIMIT_NPROC does not apply to root. The
   * workspace must be writable by this user; the runner does not chown.
   * @default { uid: 65534, gid: 65534 } as root, none otherwise
   */
  readonly runAs?: SandboxUser;
}

/** Options of {@link bubblewrapRunner}. */
export interface BubblewrapRunnerOptions extends RunnerOptions {
  /** @default "/usr/bin/bwrap" */
  readonly bwrapPath?: string;
  /** util-linux unshare, which makes bwrap pid 1 of its own namespace so every run is reaped. @default "/usr/bin/unshare" */
  readonly unsharePath?: string;
  /** Host directories visible read-only. @default SYSTEM_DIRS (/usr, /bin, /lib, /lib64, /sbin, /etc) */
  readonly systemDirs?: readonly string[];
  /** Size of the private /tmp, which lives in memory. @default 64 MiB */
  readonly tmpSizeBytes?: number;
}

/** Options of {@link unconfinedRunner}: the acknowledgement is the point. */
export interface UnconfinedRunnerOptions extends RunnerOptions {
  /**
   * Must be `true`: the operator accepts that programs can read and write
   * whatever the service user (or `runAs`) can, and reach the network.
   */
  readonly acknowledgeUnconfined: true;
  /** Told once, at warn level, that execution is unconfined. */
  readonly logger?: Pick<Logger, "warn">;
}

/** Whether bubblewrap can run here; `reason` says why not. */
export type ProbeResult = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** Options of {@link probeBubblewrap}: the same chain as the runner's. */
export interface ProbeOptions extends RunnerOptions {
  /** @default "/usr/bin/unshare" */
  readonly unsharePath?: string;
  /** @default 5_000 */
  readonly timeoutMs?: number;
  /**
   * The workspace runs will use: when given, the probe runs in it exactly
   * as a run would (mounted, as the sandbox user), so a workspace the
   * sandbox cannot use is found at start-up rather than at the first call.
   */
  readonly workspace?: string;
}

const DEFAULT_BWRAP = "/usr/bin/bwrap";
const DEFAULT_PRLIMIT = "/usr/bin/prlimit";
const DEFAULT_SETPRIV = "/usr/bin/setpriv";
const DEFAULT_UNSHARE = "/usr/bin/unshare";
const DEFAULT_TMP_SIZE = 64 * 1024 * 1024;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** The descriptor bwrap reads its seccomp program from: the first after stdio. */
const SECCOMP_FD = 3;

/**
 * The user to drop to: the default sandbox user as root, nobody otherwise.
 * Refuses root as a target (limits would not hold) and a `runAs` the
 * process could not switch to.
 */
function sandboxUser(runAs: SandboxUser | undefined): SandboxUser | undefined {
  const uid = process.getuid?.();
  if (runAs === undefined) return uid === 0 ? DEFAULT_SANDBOX_USER : undefined;
  if (!Number.isInteger(runAs.uid) || !Number.isInteger(runAs.gid) || runAs.uid <= 0 || runAs.gid <= 0) {
    throw new Error(`runAs must be an unprivileged uid and gid (positive integers), got ${runAs.uid}:${runAs.gid}`);
  }
  if (uid === runAs.uid) return undefined;
  if (uid !== 0) throw new Error(`runAs ${runAs.uid}:${runAs.gid} needs the service to run as root; it runs as uid ${String(uid)}`);
  return runAs;
}

function positive(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got ${value}`);
  return value;
}

/** Refuses limits prlimit could not take (or that would mean "no limit"). */
function checkLimits(limits: ExecLimits): ExecLimits {
  for (const key of Object.keys(DEFAULT_EXEC_LIMITS) as (keyof ExecLimits)[]) {
    const value = limits[key];
    if (!Number.isSafeInteger(value) || value <= 0) throw new BusError("INVALID_ARGUMENT", `limit ${key} must be a positive integer, got ${String(value)}`);
  }
  return limits;
}

/**
 * Defence in depth: the tool has checked all this, but the runner is the
 * last place before a process exists, so it refuses what it cannot confine.
 */
function checkRequest(request: ExecRequest): void {
  if (request.argv.length === 0) throw new BusError("INVALID_ARGUMENT", "argv is empty");
  if (request.argv.some((a) => a.includes("\0"))) throw new BusError("INVALID_ARGUMENT", "an argument contains a NUL byte");
  if (!isAbsolute(request.workspace) || !isAbsolute(request.cwd)) throw new BusError("INVALID_ARGUMENT", "workspace and cwd must be absolute paths");
  const rel = relative(resolve(request.workspace), resolve(request.cwd));
  if (rel.startsWith("..") || isAbsolute(rel)) throw new BusError("PERMISSION_DENIED", "the working directory is outside the workspace");
  for (const [name, value] of Object.entries(request.env ?? {})) {
    if (!ENV_NAME.test(name)) throw new BusError("INVALID_ARGUMENT", `environment variable name ${JSON.stringify(name)} is not a valid name`);
    if (value.includes("\0")) throw new BusError("INVALID_ARGUMENT", `environment variable ${name} contains a NUL byte`);
  }
}

/** The whole environment a program sees: nothing of the service's own. */
function programEnv(request: ExecRequest): Record<string, string> {
  return { PATH: SANDBOX_PATH, HOME: request.workspace, LANG: "C.UTF-8", ...request.env };
}

/** Environment of the wrapper chain itself (prlimit, setpriv, bwrap): just enough to run. */
const WRAPPER_ENV: Readonly<Record<string, string>> = Object.freeze({ PATH: SANDBOX_PATH, LANG: "C.UTF-8" });

/**
 * The confined runner: `prlimit` sets the limits, as root a portal bwrap
 * hands the workspace over (see `portalArgs`) and `setpriv` drops to the
 * sandbox user, `unshare` makes bwrap pid 1 of a namespace of its own
 * (so the whole run is reaped, see `reaperArgs`), and `bwrap` builds a
 * world holding only the system directories (read-only), a private /proc,
 * a read-only /dev, size-capped /dev/shm and /tmp, and the workspace
 * (read-write), in new namespaces without network. Stopping a run kills
 * bwrap, and with it (pid namespaces, die-with-parent) every process of the
 * run; the process group follows. RLIMIT_NPROC counts these three wrapper
 * processes too. The run as a whole gets `limits.memoryBytes` of memory
 * (see `memoryBudgetBytes` of runCapped), beside the per-process RLIMIT_AS;
 * a seccomp filter, handed to bwrap on descriptor 3, refuses System V IPC
 * objects, memory neither would count (see ipc-seccomp.ts).
 */
export function bubblewrapRunner(options: BubblewrapRunnerOptions = {}): ConfinedRunner {
  const bwrapPath = options.bwrapPath ?? DEFAULT_BWRAP;
  const prlimitPath = options.prlimitPath ?? DEFAULT_PRLIMIT;
  const setprivPath = options.setprivPath ?? DEFAULT_SETPRIV;
  const unsharePath = options.unsharePath ?? DEFAULT_UNSHARE;
  const user = sandboxUser(options.runAs);
  const tmpSizeBytes = positive("tmpSizeBytes", options.tmpSizeBytes ?? DEFAULT_TMP_SIZE);
  const mounts = systemMounts(options.systemDirs ?? SYSTEM_DIRS);
  const seccomp = ipcSeccompProgram();
  return {
    kind: "bubblewrap",
    async run(request) {
      checkRequest(request);
      const limits = checkLimits(request.limits);
      // Dropping from root, the sandbox user may not be able to reach the workspace by its path: root hands it over through the portal.
      const drop = user ? [...portalArgs(bwrapPath, request.workspace), ...setprivArgs(setprivPath, user)] : [];
      const argv = [
        ...prlimitArgs(prlimitPath, limits),
        ...drop,
        ...reaperArgs(unsharePath),
        ...bubblewrapArgs({
          bwrapPath,
          mounts,
          workspace: request.workspace,
          ...(user && { workspaceSource: WORKSPACE_PORTAL }),
          cwd: request.cwd,
          env: programEnv(request),
          tmpSizeBytes,
          seccompFd: SECCOMP_FD,
        }),
        ...request.argv,
      ];
      return runCapped({
        argv,
        // bwrap chdirs inside the sandbox; "/" keeps the wrappers from holding the workspace open.
        cwd: "/",
        env: WRAPPER_ENV,
        killChildrenFirst: true,
        timeoutMs: limits.timeoutMs,
        outputCapBytes: limits.outputCapBytes,
        memoryBudgetBytes: limits.memoryBytes,
        descriptorInputs: [seccomp],
        ...(request.stdin !== undefined && { stdin: request.stdin }),
        ...(request.signal !== undefined && { signal: request.signal }),
      });
    },
  };
}

/**
 * A runner without namespaces, for hosts where bubblewrap cannot run and
 * the operator explicitly accepts it: the same argv-only spawn, scrubbed
 * environment, limits, user drop, group kill and output caps, but the
 * program sees the host's file system and network. A program that leaves
 * its process group (setsid) escapes the kill. Not a security boundary.
 */
export function unconfinedRunner(options: UnconfinedRunnerOptions): ConfinedRunner {
  // Checked at run time too: a cast or a JSON config can bypass the type.
  if ((options as { acknowledgeUnconfined?: unknown }).acknowledgeUnconfined !== true) {
    throw new Error("unconfinedRunner needs acknowledgeUnconfined: true: programs would run without a sandbox");
  }
  const prlimitPath = options.prlimitPath ?? DEFAULT_PRLIMIT;
  const setprivPath = options.setprivPath ?? DEFAULT_SETPRIV;
  const user = sandboxUser(options.runAs);
  options.logger?.warn(
    { runAs: user ?? null },
    "shell execution is UNCONFINED: programs see the host file system and network; only resource limits and the process-group kill apply",
  );
  return {
    kind: "unconfined",
    async run(request) {
      checkRequest(request);
      const limits = checkLimits(request.limits);
      return runCapped({
        argv: [...prlimitArgs(prlimitPath, limits), ...(user ? setprivArgs(setprivPath, user) : []), ...request.argv],
        cwd: request.cwd,
        env: programEnv(request),
        timeoutMs: limits.timeoutMs,
        outputCapBytes: limits.outputCapBytes,
        memoryBudgetBytes: limits.memoryBytes,
        ...(request.stdin !== undefined && { stdin: request.stdin }),
        ...(request.signal !== undefined && { signal: request.signal }),
      });
    },
  };
}

/**
 * Runs `/bin/true` once through the same chain as {@link bubblewrapRunner}
 * (prlimit, setpriv when root, unshare, bwrap with every namespace and the
 * seccomp filter) and says whether it worked. Fails where bwrap is missing,
 * user namespaces are forbidden (many Kubernetes pods, hardened kernels) or
 * the kernel has no seccomp, with bwrap's own complaint, and on a CPU
 * architecture the filter has no rules for, naming it.
 * With `workspace`, it runs as a call would, in that workspace (portal
 * stage included), and the reason names the workspace.
 */
export async function probeBubblewrap(bwrapPath: string = DEFAULT_BWRAP, options: ProbeOptions = {}): Promise<ProbeResult> {
  try {
    await access(bwrapPath, constants.X_OK);
  } catch (err) {
    return { ok: false, reason: `bwrap is not an executable at ${bwrapPath}: ${(err as NodeJS.ErrnoException).code ?? String(err)}` };
  }
  try {
    const timeoutMs = options.timeoutMs ?? 5_000;
    const workspace = options.workspace;
    const result = workspace !== undefined ? await bubblewrapRunner({ ...options, bwrapPath }).run({ argv: ["/bin/true"], cwd: workspace, workspace, limits: { ...DEFAULT_EXEC_LIMITS, timeoutMs } }) : await probeBare(bwrapPath, options, timeoutMs);
    if (result.exitCode === 0) return { ok: true };
    const said = result.stderr.trim().split("\n")[0] ?? "";
    const how = result.timedOut ? "timed out" : result.signal ? `was killed by ${result.signal}` : `exited with status ${String(result.exitCode)}`;
    const where = workspace === undefined ? "" : ` with the workspace ${JSON.stringify(workspace)}`;
    return { ok: false, reason: `the bubblewrap sandbox (${bwrapPath}) does not work here${where}: it ${how}${said ? `: ${said}` : ""}` };
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  }
}

/** The probe without a workspace: only the wrapper chain and bwrap's namespaces. */
function probeBare(bwrapPath: string, options: ProbeOptions, timeoutMs: number): Promise<ExecResult> {
  const user = sandboxUser(options.runAs);
  return runCapped({
    argv: [
      ...prlimitArgs(options.prlimitPath ?? DEFAULT_PRLIMIT, DEFAULT_EXEC_LIMITS),
      ...(user ? setprivArgs(options.setprivPath ?? DEFAULT_SETPRIV, user) : []),
      ...reaperArgs(options.unsharePath ?? DEFAULT_UNSHARE),
      ...bubblewrapArgs({ bwrapPath, mounts: systemMounts(), env: { PATH: SANDBOX_PATH }, tmpSizeBytes: DEFAULT_TMP_SIZE, seccompFd: SECCOMP_FD }),
      "/bin/true",
    ],
    cwd: "/",
    env: WRAPPER_ENV,
    descriptorInputs: [ipcSeccompProgram()],
    killChildrenFirst: true,
    timeoutMs,
    outputCapBytes: 4096,
  });
}
