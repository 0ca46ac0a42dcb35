/**
 * How fast `boyd` starts, as a person runs it from a clone: `./boyd.sh
 * --help` and the README's main command (an embedded agent run on
 * examples/solar-system.csv), each timed from the shell's fork to its exit,
 * with the CPU its processes used. Baselines measured in the same run: bare
 * `node -e 0` (the floor any Node.js command pays) and the command as it
 * started before it was built (tsx compiling and loading every package).
 *
 *   pnpm bench:startup          BENCH_STARTUP_RUNS=N (default 7)
 *
 * Targets (issue 21): --help under 0.3 s, the main command under 2 s. Wall
 * time depends on what else the machine runs; the CPU column does not.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { percentile } from "./stats.js";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const RUNS = Number(process.env["BENCH_STARTUP_RUNS"] ?? 7);
const MAIN_GOALS = "Find the moons that orbit Mars => phobos, deimos; Find which moons of Saturn have a subsurface ocean => enceladus, subsurface water";

interface Timing {
  /** Seconds from fork to exit. */
  readonly wall: number;
  /** User + system CPU seconds of the command and its children. */
  readonly cpu: number;
}

/** Runs a command once under GNU time; throws with its output when it fails. */
function timeOnce(argv: readonly string[], cwd = REPO): Timing {
  const r = spawnSync("/usr/bin/time", ["-f", "BOYD_TIME %e %U %S", ...argv], { cwd, encoding: "utf8", maxBuffer: 64 << 20 });
  const line = /BOYD_TIME (\S+) (\S+) (\S+)\s*$/.exec(r.stderr);
  if (r.status !== 0 || !line) throw new Error(`${argv.join(" ")} failed (${r.status}):\n${r.stdout.slice(-2000)}\n${r.stderr.slice(-2000)}`);
  return { wall: Number(line[1]), cpu: Number(line[2]) + Number(line[3]) };
}

interface Row {
  readonly label: string;
  readonly wall: number;
  readonly cpu: number;
  readonly target?: number;
}

/** p50 of `runs` timings (after one warm-up run that may build or fill caches). */
function measure(label: string, argv: () => readonly string[], runs: number, target?: number, cwd = REPO): Row {
  timeOnce(argv(), cwd);
  const times = Array.from({ length: runs }, () => timeOnce(argv(), cwd));
  const p50 = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);
  return { label, wall: p50(times.map((t) => t.wall)), cpu: p50(times.map((t) => t.cpu)), ...(target !== undefined ? { target } : {}) };
}

function format(rows: readonly Row[], floor: Row): string {
  const width = Math.max(...rows.map((r) => r.label.length));
  const head = `${"command".padEnd(width)}  ${"wall p50".padStart(9)}  ${"cpu p50".padStart(8)}  ${"x node".padStart(7)}  target`;
  const lines = rows.map((r) => {
    const verdict = r.target === undefined ? "" : `${r.target} s ${r.wall <= r.target ? "met" : "MISSED"}`;
    return `${r.label.padEnd(width)}  ${`${r.wall.toFixed(3)} s`.padStart(9)}  ${`${r.cpu.toFixed(3)} s`.padStart(8)}  ${(r.wall / floor.wall).toFixed(1).padStart(6)}x  ${verdict}`;
  });
  return [head, "-".repeat(head.length), ...lines].join("\n");
}

function main(): void {
  const boyd = join(REPO, "boyd.sh");
  // First call installs and builds when needed; not measured.
  execFileSync(boyd, ["--help"], { cwd: REPO, stdio: "ignore" });
  const data = mkdtempSync(join(tmpdir(), "boyd-bench-startup-"));
  try {
    const floor = measure("node -e 0", () => ["node", "-e", "0"], RUNS);
    const rows = [
      floor,
      measure("./boyd.sh --help", () => [boyd, "--help"], RUNS, 0.3),
      // As the tests ran it: from the CLI package, where tsx resolves.
      measure("tsx packages/cli/src/main.ts --help (before)", () => ["node", "--import", "tsx", "src/main.ts", "--help"], Math.min(RUNS, 3), undefined, join(REPO, "packages/cli")),
      measure("./boyd.sh agent run (README main command)", () => [boyd, "agent", "--data-dir", data, "run", "--fresh", "--kb", "examples/solar-system.csv", "--max-cycles", "12", "--goals", MAIN_GOALS], RUNS, 2),
    ];
    console.log(`boyd start-up, p50 of ${RUNS} runs after a warm-up; load average ${loadavg()[0]!.toFixed(1)} on ${process.env["BENCH_CORES"] ?? "this machine's"} cores\n`);
    console.log(format(rows, floor));
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

main();
