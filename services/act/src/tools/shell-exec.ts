import { BusError, hasHiddenCharacters, isBusError, renderVisibly, type StatusCodeName } from "@boyd/bus";
import { DangerLevel } from "@boyd/proto";
import { BUILTIN_TOOLS } from "@boyd/tools";
import { constants } from "node:os";
import { basename } from "node:path";
import { z } from "zod";
import { type ConfinedRunner, DEFAULT_EXEC_LIMITS, type ExecLimits, type ExecResult, outputCeilingBytes } from "../sandbox/confined-exec.js";
import { defineTool, type ToolDefinition } from "../tool.js";

/** Most arguments (program included) a call may pass. */
export const MAX_ARGS = 256;
/** Longest single argument, in characters. */
export const MAX_ARG_LENGTH = 8192;
/** Largest stdin, bytes of UTF-8. */
export const MAX_STDIN_BYTES = 1024 * 1024;
/** Longest timeout a call may ask for, ms (the executor's deadline still bounds it). */
export const MAX_TIMEOUT_MS = 300_000;

// Bytes the content may add to the captured output: the stderr marker and the truncation note.
const CONTENT_OVERHEAD_BYTES = 256;

/** Separates stdout from stderr in the content. */
export const STDERR_MARKER = "--- stderr ---";

/**
 * The workspace as shell_exec needs it; the workspace module implements it.
 */
export interface WorkspaceDirs {
  /** Real absolute path of the workspace root. */
  readonly root: string;
  /**
   * Real absolute path of an existing directory inside the root; throws
   * BusError PERMISSION_DENIED when it escapes, NOT_FOUND when missing.
   */
  directory(relativePath: string): Promise<string>;
}

const noNul = (s: string) => !s.includes("\0");

/** The input of shell_exec: a program and its arguments, never a shell string. */
export const ShellExecInput = z
  .object({
    /**
     * Program and arguments, one element each. The program must be named;
     * arguments may be empty strings (`sed -i ''`, `ssh-keygen -N ''`).
     */
    argv: z
      .array(z.string().max(MAX_ARG_LENGTH, `an argument may hold at most ${MAX_ARG_LENGTH} characters`).refine(noNul, "an argument may not contain a NUL byte"))
      .min(1, "argv needs at least the program")
      .max(MAX_ARGS, `at most ${MAX_ARGS} arguments`)
      .refine((argv) => (argv[0] ?? "") !== "", { message: "the program (argv[0]) may not be empty", path: [0] }),
    /** Working directory relative to the workspace root. */
    cwd: z.string().min(1).max(4096).refine(noNul, "cwd may not contain a NUL byte").default("."),
    timeout_ms: z.number().int().min(1).max(MAX_TIMEOUT_MS).optional(),
    /** Text fed to the program's stdin (UTF-8); without it stdin is empty. */
    stdin: z
      .string()
      .refine((s) => Buffer.byteLength(s, "utf8") <= MAX_STDIN_BYTES, `stdin may hold at most ${MAX_STDIN_BYTES} bytes`)
      .optional(),
  })
  .strict();
/** A validated shell_exec input. */
export type ShellExecInput = z.infer<typeof ShellExecInput>;

/** What the shell_exec tool is built from. */
export interface ShellExecToolOptions {
  /** The bubblewrap runner, or (loudly) the unconfined one. */
  readonly runner: ConfinedRunner;
  readonly workspace: WorkspaceDirs;
  /** Limits of every call; `timeoutMs` is the default a call may shorten. @default DEFAULT_EXEC_LIMITS */
  readonly limits?: Partial<ExecLimits>;
  /**
   * Programs refused outright (PERMISSION_DENIED), by name (matched against
   * argv[0]'s basename) or absolute path. A convenience for policy, not a
   * boundary: `sh -c` can run anything the sandbox holds.
   * @default []
   */
  readonly deniedCommands?: readonly string[];
}

/**
 * The shell_exec tool: runs one program with arguments (argv, no shell) in
 * a working directory of the workspace through the confined runner, with
 * a time limit (the whole process tree dies with it), an output cap and
 * resource limits. Throws INVALID_ARGUMENT at once for bad limits.
 */
export function createShellExecTool(options: ShellExecToolOptions): ToolDefinition {
  const limits = parseLimits(options.limits ?? {});
  const denied = new Set(options.deniedCommands ?? []);
  const { runner, workspace } = options;
  const base = BUILTIN_TOOLS.find((t) => t.name === "shell_exec")!;
  const isDenied = (program: string) => denied.has(program) || denied.has(basename(program));
  const sandbox = runner.kind === "bubblewrap" ? "the bubblewrap sandbox" : "NO SANDBOX (unconfined)";

  return defineTool<ShellExecInput>({
    // The executor's deadline follows the descriptor, so it matches the default call time; its
    // content cap leaves room for the stderr marker and the truncation note around the output.
    descriptor: { ...base, timeoutMs: limits.timeoutMs, outputCapBytes: limits.outputCapBytes + CONTENT_OVERHEAD_BYTES },
    input: ShellExecInput,

    assess(input, context) {
      const commandLine = quoteCommandLine(input.argv);
      const timeoutMs = callTimeout(input, limits, context.deadline);
      const lines = [`$ ${commandLine}`, `in ${input.cwd === "." ? "the workspace root" : quoteArg(input.cwd)}, ${sandbox}, timeout ${timeoutMs} ms`];
      if (input.stdin !== undefined) lines.push(`stdin: ${Buffer.byteLength(input.stdin, "utf8")} bytes`);
      if (isDenied(input.argv[0]!)) lines.push(`the program ${quoteArg(input.argv[0]!)} is denied by policy and will be refused`);
      return {
        action: { detail: { $case: "shellCommand", value: { argv: [...input.argv], cwd: input.cwd, timeoutMs, commandLine } } },
        danger: DangerLevel.CRITICAL,
        reversible: false,
        sideEffects: true,
        preview: lines.join("\n"),
        consequences:
          runner.kind === "bubblewrap"
            ? `Runs ${quoteArg(input.argv[0]!)} in the sandbox, where it may change or delete any file in the workspace, but cannot reach the network or files outside the workspace.`
            : `Runs ${quoteArg(input.argv[0]!)} WITHOUT a sandbox: it may read and change anything the service's sandbox user can and reach the network.`,
      };
    },

    async run(input, context) {
      const program = input.argv[0]!;
      if (isDenied(program)) throw new BusError("PERMISSION_DENIED", `the program ${quoteArg(program)} is denied by the shell_exec policy`);
      const cwd = await workspace.directory(input.cwd);
      const timeoutMs = callTimeout(input, limits, context.deadline);
      let result: ExecResult;
      try {
        result = await runner.run({
          argv: input.argv,
          cwd,
          workspace: workspace.root,
          limits: { ...limits, timeoutMs },
          signal: context.signal,
          ...(input.stdin !== undefined && { stdin: input.stdin }),
        });
      } catch (err) {
        // The executor aborts at the deadline; say so instead of "cancelled".
        if (isBusError(err, "CANCELLED") && Date.now() >= context.deadline) {
          throw new BusError("DEADLINE_EXCEEDED", `${quoteCommandLine(input.argv)} ran out of the call's time and was killed with its children`, { cause: err });
        }
        throw err;
      }
      if (result.timedOut) {
        throw new BusError("DEADLINE_EXCEEDED", `${quoteCommandLine(input.argv)} did not finish within its timeout of ${timeoutMs} ms and was killed with its children`);
      }
      const failure = failureOf(result, limits);
      return {
        content: render(result),
        data: {
          exitCode: result.exitCode,
          signal: result.signal,
          timedOut: result.timedOut,
          memoryExceeded: result.memoryExceeded,
          truncated: result.truncated,
          outputBytes: result.outputBytes,
          stdoutBytes: Buffer.byteLength(result.stdout, "utf8"),
          stderrBytes: Buffer.byteLength(result.stderr, "utf8"),
          durationMs: result.durationMs,
          cwd: input.cwd,
          sandbox: runner.kind,
        },
        ...(failure !== undefined && { failure }),
      };
    },
  });
}

function parseLimits(partial: Partial<ExecLimits>): ExecLimits {
  const out: ExecLimits = { ...DEFAULT_EXEC_LIMITS, ...partial };
  for (const [name, value] of Object.entries(out)) {
    if (!Number.isSafeInteger(value) || value <= 0) throw new BusError("INVALID_ARGUMENT", `shell_exec limits.${name}: ${String(value)} must be a positive integer`);
  }
  if (out.timeoutMs > MAX_TIMEOUT_MS) throw new BusError("INVALID_ARGUMENT", `shell_exec limits.timeoutMs: ${out.timeoutMs} is above the maximum of ${MAX_TIMEOUT_MS}`);
  return out;
}

// The call's own timeout, never past what is left of the executor's deadline.
function callTimeout(input: ShellExecInput, limits: ExecLimits, deadline: number): number {
  const asked = input.timeout_ms ?? limits.timeoutMs;
  if (!Number.isFinite(deadline) || deadline <= 0) return asked;
  return Math.max(1, Math.min(asked, deadline - Date.now()));
}

const SIGNAL_NAMES = new Map<number, string>(Object.entries(constants.signals).map(([name, n]) => [n, name]));

// Why the kernel sends these: the limits prlimit set.
function limitHit(signal: string | null, limits: ExecLimits): string | undefined {
  if (signal === "SIGXCPU") return `CPU time limit of ${limits.cpuSeconds} s exceeded`;
  if (signal === "SIGXFSZ") return `file size limit of ${limits.fileSizeBytes} bytes exceeded`;
  return undefined;
}

/**
 * The failure a finished run reports; undefined for exit status 0. A
 * non-zero status is UNKNOWN: the program failed for its own reasons, which
 * its output may tell but the status does not; UNKNOWN is not retryable,
 * unlike ABORTED, and does not claim the system was in the wrong state,
 * unlike FAILED_PRECONDITION. Resource limits are RESOURCE_EXHAUSTED.
 */
export function failureOf(result: ExecResult, limits: ExecLimits): { code: StatusCodeName; message: string } | undefined {
  if (result.memoryExceeded) {
    return { code: "RESOURCE_EXHAUSTED", message: `the run's processes held more than ${limits.memoryBytes} bytes of memory together, so all of them were killed` };
  }
  if (result.outputBytes > outputCeilingBytes(limits.outputCapBytes)) {
    return { code: "RESOURCE_EXHAUSTED", message: `output passed ${outputCeilingBytes(limits.outputCapBytes)} bytes, so the program was killed; the first ${limits.outputCapBytes} bytes are kept` };
  }
  if (result.signal !== null) {
    const why = limitHit(result.signal, limits);
    return { code: why ? "RESOURCE_EXHAUSTED" : "UNKNOWN", message: `killed by ${result.signal}${why ? ` (${why})` : ""}` };
  }
  if (result.exitCode === 0) return undefined;
  // bwrap reports a child killed by signal N as exit status 128+N, as shells do.
  const status = result.exitCode ?? -1;
  const signal = status > 128 ? (SIGNAL_NAMES.get(status - 128) ?? null) : null;
  const why = limitHit(signal, limits);
  return {
    code: why ? "RESOURCE_EXHAUSTED" : "UNKNOWN",
    message: `exit status ${status}${signal ? ` (${signal}${why ? `: ${why}` : ""})` : ""}`,
  };
}

function render(result: ExecResult): string {
  let content = result.stdout;
  if (result.stderr !== "") content += `${content === "" || content.endsWith("\n") ? "" : "\n"}${STDERR_MARKER}\n${result.stderr}`;
  if (result.truncated) {
    const kept = Buffer.byteLength(result.stdout, "utf8") + Buffer.byteLength(result.stderr, "utf8");
    content += `${content === "" || content.endsWith("\n") ? "" : "\n"}[output truncated: ${kept} of ${result.outputBytes} bytes kept]`;
  }
  return content;
}

// Characters that never need quoting in a POSIX shell word.
const PLAIN = /^[A-Za-z0-9_@%+=:,./-]+$/;
/**
 * Quotes one argument for display, POSIX style: plain words as they are,
 * others in single quotes (`'` becomes `'\''`). An argument holding a
 * control, bidi or zero-width character is shown with visible escapes
 * (`\x1b`, `\u202e`, the shared renderer's) inside `$'...'` instead, so
 * an approval prompt cannot be made to lie; such a line is for reading,
 * not for pasting into a POSIX sh.
 */
export function quoteArg(arg: string): string {
  if (arg === "") return "''";
  if (PLAIN.test(arg)) return arg;
  if (hasHiddenCharacters(arg)) return `$'${renderVisibly(arg.replace(/[\\']/g, (c) => `\\${c}`))}'`;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** argv as one command line, for display only (it is never run through a shell). */
export function quoteCommandLine(argv: readonly string[]): string {
  return argv.map(quoteArg).join(" ");
}
