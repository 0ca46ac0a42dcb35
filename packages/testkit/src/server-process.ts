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
