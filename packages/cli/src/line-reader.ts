import { createInterface, type Interface } from "node:readline";

/**
 * Lines of a stream, taken one at a time by whoever asks next. Lines that
 * arrive (or are piped) before anyone asks wait in order, so the REPL and
 * the approval prompt can share one stdin: during a run the prompt takes
 * the answers, between runs the REPL takes the commands.
 */
export class LineReader {
  readonly #rl: Interface;
  readonly #lines: string[] = [];
  #waiting: ((line: string | undefined) => void) | undefined;
  #closed = false;

  /** `output` given and a TTY input: line editing and a prompt, as readline does. */
  constructor(input: NodeJS.ReadableStream = process.stdin, output?: NodeJS.WritableStream) {
    const terminal = output !== undefined && (input as { isTTY?: boolean }).isTTY === true;
    this.#rl = createInterface({ input, ...(terminal ? { output, terminal: true } : { terminal: false }) });
    this.#rl.on("line", (line) => {
      if (this.#waiting) this.#take(line);
      else this.#lines.push(line);
    });
    // On a terminal readline takes Ctrl-C itself: passed on as the signal, so a run's handler (or the default exit) sees it.
    this.#rl.on("SIGINT", () => process.kill(process.pid, "SIGINT"));
    this.#rl.on("close", () => {
      this.#closed = true;
      this.#take(undefined);
    });
  }

  /**
   * The next line; undefined once the input has ended, or once `signal`
   * aborts: then the wait ends and the next line typed goes to whoever
   * asks next (a question answered elsewhere does not eat the answer to
   * the following one).
   */
  next(prompt?: string, signal?: AbortSignal): Promise<string | undefined> {
    if (signal?.aborted) return Promise.resolve(undefined);
    if (this.#lines.length) return Promise.resolve(this.#lines.shift());
    if (this.#closed) return Promise.resolve(undefined);
    if (prompt !== undefined && this.#rl.terminal) {
      this.#rl.setPrompt(prompt);
      this.#rl.prompt();
    }
    return new Promise((resolve) => {
      const waiter = (line: string | undefined) => {
        signal?.removeEventListener("abort", cancel);
        resolve(line);
      };
      const cancel = () => {
        if (this.#waiting === waiter) this.#waiting = undefined;
        resolve(undefined);
      };
      this.#waiting = waiter;
      signal?.addEventListener("abort", cancel, { once: true });
    });
  }

  close(): void {
    this.#rl.close();
  }

  #take(line: string | undefined): void {
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.(line);
  }
}
