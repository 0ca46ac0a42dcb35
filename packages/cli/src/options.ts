import { renderVisibly } from "@boyd/bus/plain";
import { ApprovalMode, type NewGoal } from "@boyd/proto";
import { InvalidArgumentError, type Command, type CommanderError } from "commander";
import { outputMode, outputModeOfArgv, printError } from "./output.js";
import { UsageError } from "./usage-error.js";

export { UsageError } from "./usage-error.js";

/**
 * Makes commander exit 2 for usage mistakes (bad flag, missing argument),
 * 0 for help, and print its errors with control characters shown visibly,
 * in this command and the subcommands added after it.
 */
export function usageExits(command: Command): Command {
  return command
    .exitOverride((err: CommanderError) => process.exit(err.exitCode === 0 ? 0 : 2))
    .configureOutput({
      outputError: (text, write) => {
        // Before any action ran the global flags are read from argv; with --json the error is the JSON object alone.
        if (jsonErrors()) printError({ code: "USAGE", message: text.replace(/^error: /, "").trimEnd(), exitCode: 2 }, true);
        // Commander quotes the flag value or command name it refuses: typed or pasted, it may hold escapes a terminal obeys.
        else write(renderVisibly(text, { multiline: true }));
      },
      // The help shown after a usage error is for people: not with --json.
      writeErr: (text) => (jsonErrors() ? undefined : process.stderr.write(text)),
    });
}

function jsonErrors(): boolean {
  return outputMode().json || outputModeOfArgv(process.argv.slice(2)).json;
}

/** Parses a command-line value that must be a positive integer. */
export function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`expected a positive integer, got ${JSON.stringify(value)}`);
  return n;
}

/** Parses a duration in seconds (a positive number, fractions allowed) into milliseconds. */
/** A number in [0, 1] (a confidence, a threshold). */
export function unitInterval(value: string): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n < 0 || n > 1) throw new InvalidArgumentError(`expected a number in [0, 1], got ${JSON.stringify(value)}`);
  return n;
}

export function positiveSeconds(value: string): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n <= 0 || n > 86_400) throw new InvalidArgumentError(`expected a number of seconds above 0, at most 86400 (e.g. 30 or 2.5), got ${JSON.stringify(value)}`);
  return Math.round(n * 1000);
}

/** Parses a goal priority, 0 to 255. */
export function priority(value: string): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isInteger(n) || n < 0 || n > 255) throw new InvalidArgumentError(`expected an integer from 0 to 255, got ${JSON.stringify(value)}`);
  return n;
}

const MODES: Record<string, ApprovalMode> = { safe: ApprovalMode.SAFE, cautious: ApprovalMode.CAUTIOUS, paranoid: ApprovalMode.PARANOID, yolo: ApprovalMode.YOLO };

/** Parses an approval mode: safe, cautious, paranoid or yolo. */
export function approvalMode(value: string): ApprovalMode {
  const m = MODES[value];
  if (m === undefined) throw new InvalidArgumentError(`expected safe, cautious, paranoid or yolo, got ${JSON.stringify(value)}`);
  return m;
}

/** Parses an agent id: 1-64 letters, digits, '-' or '_' (it is a subject token). */
export function agentId(value: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(value)) throw new InvalidArgumentError(`expected 1-64 letters, digits, '-' or '_', got ${JSON.stringify(value)}`);
  return value;
}

/** Splits a `;`-separated list, dropping blank entries. */
export function splitList(value: string): string[] {
  return value
    .split(";")
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/**
 * One goal as typed: `description => criteria` (the criteria optional).
 * `flag` names the option in errors.
 */
export function parseGoal(text: string, flag: string): NewGoal {
  const arrow = text.indexOf("=>");
  const description = (arrow < 0 ? text : text.slice(0, arrow)).trim();
  const criteria = arrow < 0 ? "" : text.slice(arrow + 2).trim();
  if (description === "") throw new UsageError(`${flag}: a goal needs a description before "=>", got ${JSON.stringify(text)}`);
  if (arrow >= 0 && criteria === "") throw new UsageError(`${flag}: nothing after "=>" in ${JSON.stringify(text)}; write the success criteria there or drop the arrow`);
  return { description, successCriteria: criteria, blockedBy: [], parentId: "" };
}

/**
 * The goals of `--goals "g1; g2"`, each optionally `description => criteria`,
 * with `--criteria "c1; c2"` filling in, by position, the criteria of goals
 * that have none inline.
 */
export function parseGoals(goals: string, criteria?: string): NewGoal[] {
  const parsed = splitList(goals).map((g) => parseGoal(g, "--goals"));
  if (parsed.length === 0) throw new UsageError(`--goals: no goal in ${JSON.stringify(goals)}`);
  if (criteria === undefined) return parsed;
  const list = splitList(criteria);
  if (list.length !== parsed.length) throw new UsageError(`--criteria: ${list.length} entr${list.length === 1 ? "y" : "ies"} for ${parsed.length} goal(s); give one per goal, separated by ";"`);
  return parsed.map((g, i) => (g.successCriteria ? g : { ...g, successCriteria: list[i]! }));
}
