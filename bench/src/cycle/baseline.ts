import { execFile, spawn } from "node:child_process";
import { copyFile, mkdir, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { RunnerResult } from "./embedded-runner.js";

const run = promisify(execFile);

/** The repository this bench lives in. */
const REPO = fileURLToPath(new URL("../../../", import.meta.url));
const RUNNER = fileURLToPath(new URL("./embedded-runner.ts", import.meta.url));

/** main when issue 19 was filed: the code "today's embedded cycle" means. */
export const ISSUE_BASELINE_REV = "eedffc5";

/**
 * A checkout of `rev` with its dependencies, made once under .cache/ (git
 * archive, not a worktree: nothing is registered in the repository) and
 * reused by later runs.
 */
export async function baselineTree(rev: string): Promise<string> {
  const { stdout } = await run("git", ["-C", REPO, "rev-parse", "--verify", `${rev}^{commit}`]).catch((err: Error) => {
    throw new Error(`baseline revision ${JSON.stringify(rev)} is not a commit of this repository (${err.message.split("\n")[0]}); a shallow clone lacks it: git fetch --unshallow`);
  });
  const commit = stdout.trim();
  const dir = join(REPO, ".cache", "bench-baseline", commit);
  const ready = join(dir, ".bench-baseline-ready");
  if (await exists(ready)) return dir;
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await run("sh", ["-c", `git -C "$1" archive --format=tar "$2" | tar -x -C "$3"`, "sh", REPO, commit, dir], { maxBuffer: 1 << 20 });
  await run("pnpm", ["install", "--frozen-lockfile", "--prefer-offline", "--ignore-scripts"], { cwd: dir, maxBuffer: 64 << 20 });
  await mkdir(dirname(ready), { recursive: true });
  await run("touch", [ready]);
  return dir;
}

/**
 * Runs the embedded runner in a fresh process in `tree` (this repository,
 * or a baseline's), the runner file copied in so both run the same
 * measurement.
 */
export async function runEmbedded(tree: string, agents: number, warmup: number, cycles: number): Promise<RunnerResult> {
  const target = join(tree, "bench", "src", "cycle", "embedded-runner.ts");
  if (target !== RUNNER) await copyFile(RUNNER, target);
  const child = spawn(process.execPath, ["--import", "tsx", "src/cycle/embedded-runner.ts", String(agents), String(warmup), String(cycles)], {
    cwd: join(tree, "bench"),
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, BOYD_LOG_LEVEL: "error" },
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  const last = out.trim().split("\n").at(-1) ?? "";
  if (code !== 0 || !last.startsWith("{")) throw new Error(`the embedded runner in ${tree} exited ${code}: ${(err || out).trim().split("\n").slice(-5).join(" | ")}`);
  return JSON.parse(last) as RunnerResult;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
