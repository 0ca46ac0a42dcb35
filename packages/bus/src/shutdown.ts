/** What a service process reports while it shuts down. */
export interface ShutdownLog {
  info(fields: object, message: string): void;
  info(message: string): void;
  error(fields: object, message: string): void;
}

/**
 * On the first SIGTERM or SIGINT: log "draining", run `steps` in order
 * (stop serving, close the transport, close stores...), log "stopped" and
 * exit 0; exit 1 if a step throws. Requests in flight finish inside the
 * first step (a binding's stop drains its subscriptions).
 */
export function drainOnSignal(log: ShutdownLog, steps: readonly (() => Promise<unknown>)[]): void {
  let started = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      if (started) return;
      started = true;
      log.info({ signal }, "draining");
      void (async () => {
        try {
          for (const step of steps) await step();
          log.info("stopped");
          process.exit(0);
        } catch (err) {
          log.error({ err }, "shutdown failed");
          process.exit(1);
        }
      })();
    });
  }
}
