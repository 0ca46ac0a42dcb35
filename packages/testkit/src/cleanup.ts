import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";

// Servers started by tests must not outlive the test process, even when a
// test fails or the runner exits without calling dispose(). Killing them and
// removing their temp dirs in a synchronous 'exit' hook is the last line of
// defence.
const children = new Set<ChildProcess>();
const dirs = new Set<string>();
let hooked = false;

function hook(): void {
  if (hooked) return;
  hooked = true;
  process.once("exit", () => {
    for (const c of children) c.kill("SIGKILL");
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
}

/** Registers a child process to be SIGKILLed if this process exits first. */
export function trackChild(child: ChildProcess): void {
  hook();
  children.add(child);
}

/** Forgets a child process that has exited. */
export function untrackChild(child: ChildProcess): void {
  children.delete(child);
}

/** Registers a temp dir to be removed when this process exits. */
export function trackDir(dir: string): void {
  hook();
  dirs.add(dir);
}

/** Forgets a temp dir that was removed. */
export function untrackDir(dir: string): void {
  dirs.delete(dir);
}
