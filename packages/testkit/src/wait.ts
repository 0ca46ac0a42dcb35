import { setTimeout as sleep } from "node:timers/promises";

/**
 * Polls `ready` until it returns true. `ready` may throw to give up early
 * (a process that exited, say); on timeout the error carries `describe()`.
 */
export async function waitFor(
  ready: () => boolean | Promise<boolean>,
  timeoutMs: number,
  describe: () => string,
  intervalMs = 10,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > until) throw new Error(describe());
    await sleep(intervalMs);
  }
}
