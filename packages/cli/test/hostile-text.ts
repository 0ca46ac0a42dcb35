import { expect } from "vitest";
import { runBoyd, type BoydResult } from "./boyd-process.js";

// Issue 17, standing attack suite: characters a terminal obeys instead of
// showing, in every string the CLI prints that a user, a file or a tool
// controls. Each place gets one text holding a sample of every class;
// nothing of any class may reach stdout or stderr raw.

/** One sample per class of hidden character. */
export const CLASSES = {
  "ESC [2K (erase line)": "\u001b[2K",
  "CR (overwrite)": "\r",
  "OSC 8 hyperlink": "\u001b]8;;http://evil.example/\u0007click\u001b]8;;\u0007",
  "U+202E bidi override": "\u202e",
  "U+200B zero width": "\u200b",
  "C1 0x9b CSI": "\u009b31m",
  BEL: "\u0007",
} as const;

/** Every class in one string, between two letters. */
export const HOSTILE = `x${Object.values(CLASSES).join("")}y`;

/** How HOSTILE's start looks once rendered: the erase and the CR shown, not obeyed. */
export const SHOWN = "x\\x1b[2K\\x0d";
/** The erase alone, shown: where text is cut at the CR (goal lists split on line breaks). */
export const ERASE_SHOWN = "x\\x1b[2K";

/** Characters that must never reach a terminal raw (LF and TAB are output's own). */
// eslint-disable-next-line no-control-regex
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/;

/** Places tried per file, for the summary. */
export class HostileRuns {
  readonly #places = new Map<string, number>();

  /** Runs `boyd ...args` and fails naming the place and the character if any raw hidden character is in its output. */
  async boyd(place: string, args: readonly string[], stdin = ""): Promise<BoydResult> {
    const r = await runBoyd(args, stdin);
    for (const [stream, text] of [["stdout", r.stdout], ["stderr", r.stderr]] as const) {
      const at = text.search(RAW);
      expect(at, `${place}: raw ${JSON.stringify(text[at])} on ${stream} in ${JSON.stringify(text.slice(Math.max(0, at - 60), at + 20))}`).toBe(-1);
    }
    this.#places.set(place, (this.#places.get(place) ?? 0) + 1);
    return r;
  }

  /** "hostile text (kg): 7 places x 7 classes = 49 attacks (...)". */
  summary(suite: string): string {
    const places = [...this.#places.values()].reduce((a, b) => a + b, 0);
    const classes = Object.keys(CLASSES).length;
    return `hostile text (${suite}): ${places} places x ${classes} classes = ${places * classes} attacks; classes: ${Object.keys(CLASSES).join(", ")}; places: ${[...this.#places.keys()].join(", ")}\n`;
  }
}
