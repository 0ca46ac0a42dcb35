import { BusError } from "@boyd/bus";
import { Worker } from "node:worker_threads";

/** Longest search pattern accepted, in characters. */
export const MAX_PATTERN_LENGTH = 512;

/** Characters of a matching line kept in a search hit. */
export const MAX_HIT_TEXT = 240;

/** One matching line. */
export interface LineHit {
  /** 1-based line number. */
  readonly line: number;
  /** The line, cut to {@link MAX_HIT_TEXT} characters. */
  readonly text: string;
}

/**
 * Compiles a search regex after two checks: length, and a star-height test
 * that refuses a quantified group which itself contains an unbounded
 * quantifier (`(a+)+`, `(\w*)*`, `(?:x+y)+`), the classic shape of
 * catastrophic backtracking. The check cannot catch every slow pattern
 * (overlapping alternatives such as `(a|a)*` pass it), so matching also runs
 * in a worker with a time bound ({@link RegexRunner}).
 */
export function compileSearchRegex(pattern: string): RegExp {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    throw new BusError("INVALID_ARGUMENT", `search regex is ${pattern.length} characters long; the limit is ${MAX_PATTERN_LENGTH}`);
  }
  let re: RegExp;
  try {
    re = new RegExp(pattern);
  } catch (err) {
    throw new BusError("INVALID_ARGUMENT", `search regex ${JSON.stringify(pattern)} is not valid: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (hasNestedQuantifier(pattern)) {
    throw new BusError(
      "INVALID_ARGUMENT",
      `search regex ${JSON.stringify(pattern)} repeats a group that itself repeats (nested quantifiers can backtrack catastrophically); simplify it`,
    );
  }
  return re;
}

/** Whether a (valid) pattern applies an unbounded quantifier to a group that contains one. */
export function hasNestedQuantifier(src: string): boolean {
  // One frame per open group: does anything inside it repeat without bound?
  const stack: boolean[] = [false];
  let closedGroupRepeats: boolean | undefined;
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    if (ch === "\\") {
      i += 2;
      closedGroupRepeats = undefined;
      continue;
    }
    if (ch === "[") {
      i++;
      while (i < src.length && src[i] !== "]") i += src[i] === "\\" ? 2 : 1;
      i++;
      closedGroupRepeats = undefined;
      continue;
    }
    if (ch === "(") {
      stack.push(false);
      i++;
      // Skip the group's prefix so its `?` is not read as a quantifier.
      const prefix = /^\?(?::|=|!|<=|<!|<[A-Za-z_$][\w$]*>)/.exec(src.slice(i));
      if (prefix) i += prefix[0].length;
      closedGroupRepeats = undefined;
      continue;
    }
    if (ch === ")") {
      const inner = stack.pop() ?? false;
      if (stack.length === 0) stack.push(false);
      if (inner) stack[stack.length - 1] = true;
      closedGroupRepeats = inner;
      i++;
      continue;
    }
    const brace = ch === "{" ? /^\{\d+(,\d*)?\}/.exec(src.slice(i)) : null;
    if (ch === "*" || ch === "+" || (brace !== null && brace[1] !== undefined)) {
      if (closedGroupRepeats === true) return true;
      stack[stack.length - 1] = true;
      i += brace ? brace[0].length : 1;
      if (src[i] === "?") i++;
      closedGroupRepeats = undefined;
      continue;
    }
    i += brace ? brace[0].length : 1;
    closedGroupRepeats = undefined;
  }
  return false;
}

// The worker's program: compiles the pattern once, then answers one message
// per file with the matching lines. Plain JS, run with `eval`, so it needs
// no build step and no file on disk.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const re = new RegExp(workerData.pattern, workerData.flags);
parentPort.on("message", ({ text, max, keep }) => {
  const hits = [];
  const lines = text.split("\\n");
  for (let i = 0; i < lines.length && hits.length < max; i++) {
    const line = lines[i].endsWith("\\r") ? lines[i].slice(0, -1) : lines[i];
    if (re.test(line)) hits.push({ line: i + 1, text: line.slice(0, keep) });
  }
  parentPort.postMessage(hits);
});
`;

/**
 * Runs one regex over file texts in a worker thread, one file at a time,
 * each under a time bound. A JavaScript regex cannot be interrupted on the
 * thread that runs it; terminating the worker can, and it keeps a slow
 * pattern from stalling the service's event loop.
 */
export class RegexRunner {
  private worker: Worker | undefined;

  constructor(
    private readonly re: RegExp,
    private readonly timeoutMs: number,
  ) {}

  /** Lines of `text` that match, at most `max`; rejects with INVALID_ARGUMENT when the file takes longer than the bound. */
  match(text: string, max: number, shown: string): Promise<LineHit[]> {
    const worker = (this.worker ??= new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { pattern: this.re.source, flags: this.re.flags },
      resourceLimits: { maxOldGenerationSizeMb: 64 },
    }));
    return new Promise<LineHit[]>((resolve, reject) => {
      const done = (): void => {
        clearTimeout(timer);
        worker.off("message", onMessage);
        worker.off("error", onError);
      };
      const onMessage = (hits: LineHit[]): void => {
        done();
        resolve(hits);
      };
      const onError = (err: Error): void => {
        done();
        this.worker = undefined;
        reject(new BusError("INTERNAL", "search regex worker failed", { cause: err }));
      };
      const timer = setTimeout(() => {
        done();
        void this.close();
        reject(
          new BusError(
            "INVALID_ARGUMENT",
            `search regex ${JSON.stringify(this.re.source)} took longer than ${this.timeoutMs} ms on ${JSON.stringify(shown)} (catastrophic backtracking?); simplify it`,
          ),
        );
      }, this.timeoutMs);
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.postMessage({ text, max, keep: MAX_HIT_TEXT });
    });
  }

  /** Stops the worker, if one was started. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker !== undefined) await worker.terminate();
  }
}
