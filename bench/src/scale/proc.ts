import { readFile } from "node:fs/promises";

// Linux reports CPU times in clock ticks of USER_HZ, 100 per second on every architecture Node runs on.
const MS_PER_TICK = 10;

/** CPU time (user + system, ms) and resident memory (bytes) of a set of processes. */
export interface ProcessUsage {
  readonly cpuMs: number;
  readonly rssBytes: number;
}

/** Sums /proc/<pid>/stat's utime and stime and /proc/<pid>/status's VmRSS over `pids`; a process gone meanwhile counts 0. */
export async function usageOf(pids: readonly number[]): Promise<ProcessUsage> {
  let cpuMs = 0;
  let rssBytes = 0;
  for (const pid of pids) {
    const [stat, status] = await Promise.all([readFile(`/proc/${pid}/stat`, "utf8").catch(() => ""), readFile(`/proc/${pid}/status`, "utf8").catch(() => "")]);
    cpuMs += cpuOf(stat);
    rssBytes += rssOf(status);
  }
  return { cpuMs, rssBytes };
}

/** utime + stime of a /proc/<pid>/stat line, in ms (fields 14 and 15, counted after the parenthesised command name). */
export function cpuOf(stat: string): number {
  const afterName = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // afterName[0] is field 3 (state): field n is afterName[n - 3].
  const ticks = Number(afterName[11]) + Number(afterName[12]);
  return Number.isFinite(ticks) ? ticks * MS_PER_TICK : 0;
}

/** VmRSS of a /proc/<pid>/status text, in bytes. */
export function rssOf(status: string): number {
  const line = status.split("\n").find((l) => l.startsWith("VmRSS:"));
  const kb = line ? Number(line.slice("VmRSS:".length).trim().split(" ")[0]) : 0;
  return Number.isFinite(kb) ? kb * 1024 : 0;
}
