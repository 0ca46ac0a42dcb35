import { format } from "node:util";

// What renderVisibly escapes (C0 and C1 controls, DEL, bidi, zero-width,
// line separators, BOM) except LF and TAB, which CLI output uses on purpose
// (lines, tab-separated columns).
// eslint-disable-next-line no-control-regex
const HIDDEN_BUT_LINES_AND_TABS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/g;

/**
 * `text` with every character a terminal would obey instead of show spelt
 * as a JSON escape (`\u001b`, `\u202e`): visible on a terminal, and still
 * valid JSON inside the strings of `--json` output (a `\x1b` spelling
 * would not be).
 */
export function printableOutput(text: string): string {
  return text.replace(HIDDEN_BUT_LINES_AND_TABS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * Routes console.log, info, warn and error through {@link printableOutput}.
 * Formatters render what they show (goals, symbols, tool output) with
 * `printable()`; this is the net under them, at the one place every line
 * the CLI prints passes, so a formatter that forgets cannot let a goal, a
 * symbol, a file name or a tool's output move the cursor or erase a line.
 * The terminal status line writes to stderr directly and keeps its own
 * escapes.
 */
export function installPrintableConsole(target: Console = console): void {
  for (const method of ["log", "info", "warn", "error"] as const) {
    const write = target[method].bind(target);
    target[method] = (...args: unknown[]) => write(printableOutput(format(...args)));
  }
}
