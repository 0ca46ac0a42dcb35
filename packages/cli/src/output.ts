import type { Command } from "commander";
import { renderVisibly } from "@boyd/bus/plain";
import { UsageError } from "./usage-error.js";

/**
 * How every command prints, set once by the global `--json` and
 * `-q/--quiet` (options of the program, accepted before or after the
 * command's name, as git's, kubectl's and the nats CLI's are):
 *
 * - stdout holds only the result: with --json exactly one JSON document,
 *   or one JSON object per line for streams (`events`, a run's cycles are
 *   inside its one document);
 * - notes (what was loaded, where it runs, progress) go to stderr, and -q
 *   drops them; warnings and errors always go to stderr;
 * - with --json an error is one JSON object on stderr: {"error": {...}}.
 */
export interface OutputMode {
  readonly json: boolean;
  readonly quiet: boolean;
}

let mode: OutputMode = { json: false, quiet: false };

/** The global flags, read from the program once its options are parsed (a preAction hook). */
export function setOutputMode(next: Partial<OutputMode>): void {
  mode = { json: next.json ?? false, quiet: next.quiet ?? false };
}

export function outputMode(): OutputMode {
  return mode;
}

/**
 * The global flags as typed, for errors commander reports before any
 * action runs (an unknown flag): options after `--` are operands.
 */
export function outputModeOfArgv(argv: readonly string[]): OutputMode {
  const end = argv.indexOf("--");
  const flags = end < 0 ? argv : argv.slice(0, end);
  return { json: flags.includes("--json"), quiet: flags.includes("-q") || flags.includes("--quiet") };
}

// Everything goes out through console, never process.stdout/stderr.write: main installs the
// printable net there (printable-console.ts), which spells bidi and control characters from
// files, goals and tools as JSON escapes (JSON.stringify leaves U+202E or C1 controls raw).

/** An informational line on stderr (`boyd: ...`, or another `who` such as `boyd up`), dropped by -q. */
export function note(line: string, who = "boyd"): void {
  if (!mode.quiet) console.error(`${who}: ${line}`);
}

/** A warning on stderr: kept under -q, as errors are. */
export function warn(line: string, who = "boyd"): void {
  console.error(`${who}: ${line}`);
}

/** The command's result on stdout: `json()` as one JSON document with --json, else `text()`. */
export function printResult(json: () => unknown, text: () => string): void {
  if (mode.json) console.log(JSON.stringify(json(), null, 2));
  else {
    const t = text();
    if (t !== "") console.log(t);
  }
}

/** The program's error handling: exit codes and where errors are printed. */
export interface ErrorShape {
  readonly message: string;
  /** A stable word for scripts: USAGE, a bus status code (NOT_FOUND, ...), or ERROR. */
  readonly code: string;
  readonly exitCode: number;
}

/** An error on stderr: `boyd: message`, or with --json `{"error":{"code","message","exitCode"}}` on one line. */
export function printError(error: ErrorShape, json = mode.json): void {
  // Messages echo what they refuse (a file name, a tool's error): shown visibly, never obeyed by the terminal.
  const message = renderVisibly(error.message, { multiline: true }).replace(/\n/g, " ");
  console.error(json ? JSON.stringify({ error: { code: error.code, message, exitCode: error.exitCode } }) : `boyd: ${message}`);
}

/**
 * Commands whose output cannot be a JSON document (an interactive loop, a
 * shell script, a demo's narration) refuse --json rather than print text
 * a script would choke on.
 */
export function refuseJson(command: string, why: string): void {
  if (mode.json) throw new UsageError(`--json: ${command} ${why}`);
}

/** The exit codes every command shares, for the end of each --help. */
export const EXIT_CODES_HELP = `
Global options (before or after the command): --json prints the result as one JSON document on
stdout (\`events\`: one JSON object per line), errors as {"error":{...}} on stderr; -q, --quiet
drops progress and notes (stderr), keeping the result and errors.
Exit codes: 0 done; 1 failed (a goal unfinished, a tool call failed, an error); 2 bad usage (a flag,
a file, a request refused as malformed); 3 partly done (ingest skipped lines, a run lost with its
controller, an action denied); 130 stopped by Ctrl-C (where it stopped and how to go on are printed).`;

/** Installs the global flags on the program and reads them before any command's action runs. */
export function addOutputOptions(program: Command): Command {
  return program
    .option("--json", "print the result as JSON on stdout (one document; events: one per line); errors as JSON on stderr")
    .option("-q, --quiet", "no progress or notes on stderr: only the result and errors")
    // Each command's --help lists them too, under "Global Options".
    .configureHelp({ showGlobalOptions: true })
    .hook("preAction", () => setOutputMode(program.opts<Partial<OutputMode>>()));
}
