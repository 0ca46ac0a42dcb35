import { rm } from "node:fs/promises";
import { untrackDir } from "./cleanup.js";

/**
 * What every server the testkit starts offers: a process in a temp dir of its
 * own on a loopback port, with the controls fault tests need.
 */
export interface ServerProcess extends AsyncDisposable {
  readonly port: number;
  /** The server's temp dir (config, store, logs). */
  readonly dir: string;
  /** The last lines the server printed, for failure messages. */
  logs(): string;
  /** Whether the process is running. */
  running(): boolean;
  /** Graceful stop (SIGTERM), waits for exit. Files are kept for restart(). */
  stop(): Promise<void>;
  /** Hard kill (SIGKILL), waits for exit. Files are kept for restart(). */
  kill(): Promise<void>;
  /** Start again on the same port with the same store. */
  restart(): Promise<void>;
  /** Stop (if running) and delete the temp dir. */
  dispose(): Promise<void>;
}

/** What a launcher supplies to get the {@link ServerProcess} controls. */
export interface ServerParts {
  readonly port: number;
  readonly dir: string;
  logs(): string;
  running(): boolean;
  /** Signals the process and waits for it to exit (no-op when not running). */
  signal(signal: NodeJS.Signals): Promise<void>;
  /** Starts the process again on the same port and store. */
  relaunch(): Promise<unknown>;
}

/**
 * The stop/kill/restart/dispose controls every launcher offers, built once:
 * restart stops gracefully first; dispose stops and removes the temp dir.
 */
export function serverControls(parts: ServerParts): ServerProcess {
  const server: ServerProcess = {
    port: parts.port,
    dir: parts.dir,
    logs: () => parts.logs(),
    running: () => parts.running(),
    stop: () => parts.signal("SIGTERM"),
    kill: () => parts.signal("SIGKILL"),
    async restart() {
      await parts.signal("SIGTERM");
      // The port was ours a moment ago; bind it explicitly so clients reconnect.
      await parts.relaunch();
    },
    async dispose() {
      await parts.signal("SIGTERM");
      await rm(parts.dir, { recursive: true, force: true });
      untrackDir(parts.dir);
    },
    [Symbol.asyncDispose]() {
      return server.dispose();
    },
  };
  return server;
}
