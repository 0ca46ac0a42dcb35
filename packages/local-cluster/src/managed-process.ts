import { setTimeout as sleep } from "node:timers/promises";
import { describeExit, spawnChild, type Child, type ExitStatus, type OutputLog } from "./child.js";
import type { ServiceName } from "./service-env.js";

/** One service running as its own OS process, with the controls an operator (or a fault test) needs. */
export interface ManagedProcess {
  readonly service: ServiceName;
  /** Which of the service's processes this is, from 1. */
  readonly replica: number;
  /** The current process's pid. */
  readonly pid: number | undefined;
  /** host:port where a controller serves AgentService over gRPC (BOYD_GRPC_ADDRESS); kept across restarts. */
  readonly grpcAddress: string | undefined;
  /** host:port of /healthz, /readyz and /metrics; kept across restarts. */
  readonly opsAddress: string;
  /** The fields of the process's "<service> serving" log line (ops, nats, grpc...), when it logs at info level. */
  readonly serving: Readonly<Record<string, unknown>> | undefined;
  /** How many times it was started again (by restart() or --restart-on-exit). */
  readonly restarts: number;
  running(): boolean;
  /** Signals the process and waits for it to exit. The exit is expected: it is not reported as a crash. */
  kill(signal?: NodeJS.Signals): Promise<ExitStatus>;
  /** Stops it if it runs (SIGTERM: it drains), starts it with the same environment and ports, waits until ready. */
  restart(): Promise<void>;
  /** Resolves when /readyz answers 200; rejects when the process exits first or `timeoutMs` passes. */
  waitReady(timeoutMs?: number): Promise<void>;
  /** Everything it printed, across restarts (the last few MiB). */
  output(): string;
}

/** An exit nobody asked for. */
export interface UnexpectedExit {
  readonly service: ServiceName;
  /** Which of the service's processes, from 1. */
  readonly replica: number;
  readonly pid: number | undefined;
  readonly status: ExitStatus;
}

/** How {@link startManagedProcess} runs a service. */
export interface ManagedProcessOptions {
  readonly service: ServiceName;
  /** Which of the service's processes this is, from 1. @default 1 */
  readonly replica?: number;
  /** The executable and its arguments (node, --import tsx, main.ts). */
  readonly command: readonly [string, ...string[]];
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  readonly output: OutputLog;
  readonly onUnexpectedExit: (exit: UnexpectedExit, process: ManagedProcess) => void;
  /** Start it again after an unexpected exit, with backoff (as a kubelet does). @default false */
  readonly restartOnExit?: boolean;
  readonly onRestart?: (service: ServiceName, delayMs: number) => void;
}

const DEFAULT_READY_TIMEOUT_MS = 60_000;
const MAX_BACKOFF_MS = 30_000;
// A process that ran this long before it crashed was healthy: its backoff starts over.
const HEALTHY_UPTIME_MS = 60_000;

/** A started process and the switch that ends its crash loop for good. */
export interface ManagedProcessControl {
  readonly process: ManagedProcess;
  /** The cluster is stopping: exits from now on are expected and nothing restarts. */
  dispose(): void;
}

/**
 * Starts a service process (without waiting for it to be ready). A restart
 * runs it with the same environment, so on the same ops address (which
 * must be an explicit port for that).
 */
export function startManagedProcess(options: ManagedProcessOptions): ManagedProcessControl {
  const env = { ...options.env };
  let child: Child;
  let serving: Record<string, unknown> | undefined;
  let expectingExit = false;
  let restarts = 0;
  let crashes = 0;
  let stopped = false;
  const servingMessage = `${options.service} serving`;
  const replica = options.replica ?? 1;

  const launch = (): void => {
    serving = undefined;
    expectingExit = false;
    const [file, ...args] = options.command;
    const startedAt = Date.now();
    const current = spawnChild(file, args, {
      env,
      keepStdin: true,
      cwd: options.cwd,
      output: options.output,
      onLine: (line) => {
        const fields = servingLine(line, servingMessage);
        if (fields) serving = fields;
      },
    });
    child = current;
    void current.exited.then((status) => {
      if (expectingExit || stopped || child !== current) return;
      if (Date.now() - startedAt > HEALTHY_UPTIME_MS) crashes = 0;
      options.onUnexpectedExit({ service: options.service, replica, pid: current.pid, status }, handle);
      if (options.restartOnExit) void restartAfterCrash();
    });
  };

  const restartAfterCrash = async (): Promise<void> => {
    const delay = Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** crashes++);
    options.onRestart?.(options.service, delay);
    await sleep(delay);
    // Meanwhile the cluster stopped, someone restarted it, or killed it on purpose.
    if (stopped || expectingExit || child.running()) return;
    restarts++;
    launch();
  };

  const handle: ManagedProcess = {
    service: options.service,
    replica,
    get pid() {
      return child.pid;
    },
    get grpcAddress() {
      return options.service === "controller" ? env["BOYD_GRPC_ADDRESS"] : undefined;
    },
    get opsAddress() {
      return env["BOYD_OPS_ADDRESS"] ?? "";
    },
    get serving() {
      return serving;
    },
    get restarts() {
      return restarts;
    },
    running: () => child.running(),
    async kill(signal = "SIGTERM") {
      expectingExit = true;
      return child.stop(signal);
    },
    async restart() {
      expectingExit = true;
      await child.stop("SIGTERM");
      restarts++;
      launch();
      await handle.waitReady();
    },
    async waitReady(timeoutMs = DEFAULT_READY_TIMEOUT_MS) {
      const current = child;
      const until = Date.now() + timeoutMs;
      let last = "";
      for (;;) {
        if (!current.running()) {
          throw new Error(`${options.service} exited before it was ready (${describeExit(await current.exited)}):\n${options.output.tail()}`);
        }
        last = await probe(`http://${handle.opsAddress}/readyz`);
        if (last === "ready") return;
        if (Date.now() > until) throw new Error(`${options.service} not ready within ${timeoutMs} ms (${last}):\n${options.output.tail()}`);
        await sleep(100);
      }
    },
    output: () => options.output.text(),
  };
  launch();
  return { process: handle, dispose: () => void (stopped = true) };
}

/** The fields of a pino JSON line whose msg is `message`, else undefined. */
function servingLine(line: string, message: string): Record<string, unknown> | undefined {
  if (!line.startsWith("{") || !line.includes(message)) return undefined;
  try {
    const parsed = JSON.parse(line) as Record<string, unknown>;
    return parsed["msg"] === message ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** "ready", or why not (the status and body of /readyz, or the connection error). */
async function probe(url: string): Promise<string> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(3_000) });
    const body = await res.text();
    return res.status === 200 ? "ready" : `/readyz ${res.status}: ${body.trim()}`;
  } catch (err) {
    return `/readyz unreachable: ${(err as Error).message}`;
  }
}
