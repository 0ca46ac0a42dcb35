import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync } from "node:fs";

/** How a child process ended. */
export interface ExitStatus {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** "code 1", "SIGKILL": an exit status for messages. */
export function describeExit(status: ExitStatus): string {
  return status.signal ? status.signal : `code ${status.code}`;
}

/**
 * Everything a process (and its earlier incarnations) printed: the last
 * `limit` characters in memory, and the whole of it appended to `file`
 * when one is given, so a long `boyd up` keeps its logs on disk.
 */
export class OutputLog {
  private text_ = "";

  constructor(
    private readonly file: string | undefined,
    private readonly limit = 4 * 1024 * 1024,
  ) {}

  append(chunk: string): void {
    this.text_ += chunk;
    if (this.text_.length > this.limit) this.text_ = this.text_.slice(this.text_.length - this.limit);
    // Synchronous: the file must hold the last words of a process that is about to be reported dead.
    if (this.file) appendFileSync(this.file, chunk);
  }

  text(): string {
    return this.text_;
  }

  /** The last `n` lines, for failure messages. */
  tail(n = 20): string {
    return this.text_.trimEnd().split("\n").slice(-n).join("\n");
  }
}

/** A spawned process whose output goes to an {@link OutputLog}, line by line to `onLine`. */
export interface Child {
  readonly pid: number | undefined;
  readonly exited: Promise<ExitStatus>;
  running(): boolean;
  /** Sends `signal` and waits for the exit; SIGKILL after `graceMs` if it lingers. */
  stop(signal: NodeJS.Signals, graceMs?: number): Promise<ExitStatus>;
  /** The stdin pipe, when `keepStdin` asked for one. */
  readonly stdin: ChildProcess["stdin"];
}

/** Options of {@link spawnChild}. */
export interface SpawnOptions {
  readonly env: NodeJS.ProcessEnv;
  readonly cwd?: string;
  readonly output: OutputLog;
  /** Called with each complete line of stdout and stderr. */
  readonly onLine?: (line: string) => void;
  /** Keep a stdin pipe open (Neo4j's launcher stops when it closes). @default false */
  readonly keepStdin?: boolean;
}

// Children must not outlive the process that started them, even when it
// dies without stopping them (an uncaught error, process.exit): the 'exit'
// hook kills whatever is still running. Orderly stops go through stop().
const live = new Set<ChildProcess>();
let hooked = false;
function track(child: ChildProcess): void {
  if (!hooked) {
    hooked = true;
    process.once("exit", () => {
      for (const c of live) c.kill("SIGKILL");
    });
  }
  live.add(child);
}

/** Spawns `command`, capturing its output; reports the exit (also of a command that never ran). */
export function spawnChild(command: string, args: readonly string[], options: SpawnOptions): Child {
  const child = spawn(command, args, {
    env: options.env,
    ...(options.cwd ? { cwd: options.cwd } : {}),
    stdio: [options.keepStdin ? "pipe" : "ignore", "pipe", "pipe"],
    // A process group of its own: Ctrl-C in a terminal reaches only us, and
    // we stop the children in order (services drain before NATS goes away).
    detached: true,
  });
  track(child);
  let status: ExitStatus | undefined;
  const exited = new Promise<ExitStatus>((resolve) => {
    const done = (s: ExitStatus): void => {
      if (status) return;
      status = s;
      live.delete(child);
      resolve(s);
    };
    child.once("exit", (code, signal) => done({ code, signal }));
    // ENOENT or EACCES: 'error' and no 'exit'.
    child.once("error", (err) => {
      options.output.append(`spawn ${command} failed: ${err.message}\n`);
      if (child.pid === undefined) done({ code: 127, signal: null });
    });
  });
  for (const stream of [child.stdout, child.stderr]) {
    let partial = "";
    stream?.on("data", (b: Buffer) => {
      const text = b.toString();
      options.output.append(text);
      if (!options.onLine) return;
      const lines = (partial + text).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) options.onLine(line);
    });
  }
  return {
    pid: child.pid,
    exited,
    stdin: child.stdin,
    running: () => status === undefined,
    async stop(signal, graceMs = 30_000) {
      if (status) return status;
      child.kill(signal);
      if (signal === "SIGKILL") return exited;
      // A process that ignores its drain deadline gets SIGKILL rather than hanging `stop()`.
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
