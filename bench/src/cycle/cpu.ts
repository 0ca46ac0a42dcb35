import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** CPU time of this process and of the child processes a mode involves, ms. */
export interface CpuSample {
  /** This process (user + system). */
  readonly self: number;
  /** Each child by name (user + system), read from /proc. */
  readonly children: Readonly<Record<string, number>>;
}

/** A process this benchmark started, whose CPU counts toward a mode's cycles. */
export interface ChildProcessRef {
  readonly name: string;
  readonly pid: number;
}

// Clock ticks per second of /proc's utime and stime; read once.
let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    const read = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
    ticksPerSecond = Number.isFinite(read) && read > 0 ? read : 100;
  }
  return ticksPerSecond;
}

/**
 * User + system CPU of a process from /proc/<pid>/stat, ms. The command
 * name (field 2) is in parentheses and may hold spaces, so the fields are
 * counted from the last ")".
 */
export function procCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // After the name: state is field 3, so utime (14) and stime (15) are at 11 and 12 here.
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error(`/proc/${pid}/stat: utime/stime unreadable in ${JSON.stringify(stat.slice(0, 200))}`);
  return ((utime + stime) * 1_000) / clockTicks();
}

/**
 * The pid of the nats-server testkit started in `dir`: it writes
 * `nats-server_<pid>.ports` there when it listens.
 */
export function natsServerPid(dir: string): number {
  const prefix = "nats-server_";
  const file = readdirSync(dir).find((f) => f.startsWith(prefix) && f.endsWith(".ports"));
  const pid = file ? Number(file.slice(prefix.length, -".ports".length)) : NaN;
  if (!Number.isSafeInteger(pid) || pid <= 0) throw new Error(`no nats-server_<pid>.ports in ${dir}: cannot read the server's CPU`);
  return pid;
}

/** This process's and the children's CPU so far. */
export function sampleCpu(children: readonly ChildProcessRef[]): CpuSample {
  const own = process.cpuUsage();
  return { self: (own.user + own.system) / 1_000, children: Object.fromEntries(children.map((c) => [c.name, procCpuMs(c.pid)])) };
}

/** CPU spent between two samples, ms: this process, each child, and the total. */
export function cpuSpent(before: CpuSample, after: CpuSample): { self: number; children: Record<string, number>; total: number } {
  const children: Record<string, number> = {};
  for (const [name, ms] of Object.entries(after.children)) children[name] = ms - (before.children[name] ?? 0);
  const self = after.self - before.self;
  return { self, children, total: self + Object.values(children).reduce((a, b) => a + b, 0) };
}

/** CPU a mode spent over its measured cycles, accumulated round by round. */
export class CpuTally {
  self = 0;
  readonly children: Record<string, number> = {};
  cycles = 0;

  add(spent: ReturnType<typeof cpuSpent>, cycles: number): void {
    this.self += spent.self;
    for (const [name, ms] of Object.entries(spent.children)) this.children[name] = (this.children[name] ?? 0) + ms;
    this.cycles += cycles;
  }

  /** ms per cycle, all processes. */
  perCycle(): number {
    return (this.self + Object.values(this.children).reduce((a, b) => a + b, 0)) / Math.max(1, this.cycles);
  }

  /** "4.1 ms (this process 3.2 + nats-server 0.9)". */
  describe(): string {
    const parts = [`this process ${(this.self / Math.max(1, this.cycles)).toFixed(2)}`, ...Object.entries(this.children).map(([n, ms]) => `${n} ${(ms / Math.max(1, this.cycles)).toFixed(2)}`)];
    return `${this.perCycle().toFixed(2)} ms (${parts.join(" + ")})`;
  }
}
