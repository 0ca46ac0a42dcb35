import { chown, mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InProcessTransport } from "@boyd/bus";
import { ActionOutcome, StatusCode } from "@boyd/proto";
import { readdirSync, readFileSync } from "node:fs";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHarness } from "./fixtures/harness.js";
import { bubblewrapRunner, type ConfinedRunner, DEFAULT_EXEC_LIMITS, type ExecLimits, type ExecRequest } from "../src/sandbox/confined-exec.js";

// The attacks of issue 17, item 1: memory the sandbox could fill without any
// limit counting it (tmpfs mounts without a size, several processes each
// under the per-process limit). Each must be refused or killed, visibly.

const ROOT = process.getuid?.() === 0;
// A uid of this file's own, so its processes do not count against other files' sandboxes.
const SANDBOX_UID = 64_017;
const MiB = 1024 * 1024;

let ws: string;
let runner: ConfinedRunner;

function limits(over: Partial<ExecLimits> = {}): ExecLimits {
  return { ...DEFAULT_EXEC_LIMITS, timeoutMs: 15_000, ...over };
}

function request(script: string, over: Partial<ExecRequest> = {}): ExecRequest {
  return { argv: ["sh", "-c", script], cwd: ws, workspace: ws, limits: limits(), ...over };
}

/**
 * Writes `mib` MiB of zeros under `dir` as 8 MiB files (each below the
 * per-file RLIMIT_FSIZE, as an attacker would) and prints the bytes that
 * landed, counted by the kernel (du), as "size N".
 */
function fill(dir: string, mib: number): string {
  const files = Math.ceil(mib / 8);
  return `i=0; while [ $i -lt ${files} ]; do head -c 8M /dev/zero > ${dir}/fill$i || break; i=$((i+1)); done; echo "size $(cat ${dir}/fill* 2>/dev/null | wc -c)"`;
}

function sizeOf(stdout: string): number {
  const sizes = [...stdout.matchAll(/^size (\d+)$/gm)].map((match) => Number(match[1]));
  if (sizes.length === 0) throw new Error(`no size in ${JSON.stringify(stdout)}`);
  return sizes.reduce((sum, size) => sum + size, 0);
}

beforeAll(() => {
  runner = bubblewrapRunner(ROOT ? { runAs: { uid: SANDBOX_UID, gid: SANDBOX_UID } } : {});
});

beforeEach(async () => {
  ws = await realpath(await mkdtemp(join(tmpdir(), "boyd-limits-")));
  if (ROOT) await chown(ws, SANDBOX_UID, SANDBOX_UID);
});

afterEach(async () => {
  await rm(ws, { recursive: true, force: true });
});

describe("sandbox storage - every writable mount is capped", () => {
  it("storage - /dev/shm takes at most 16 MiB", async () => {
    const result = await runner.run(request(fill("/dev/shm", 240)));
    expect(result.stderr + result.stdout).toMatch(/No space left on device/);
    expect(sizeOf(result.stdout)).toBeLessThanOrEqual(16 * MiB);
  }, 20_000);

  it("storage - /dev itself is read-only, its devices still work", async () => {
    const result = await runner.run(request(`${fill("/dev", 240)}; echo hi > /dev/null && echo null-ok; head -c 4 /dev/urandom | wc -c`));
    expect(result.stdout + result.stderr).toMatch(/Read-only file system/);
    expect(sizeOf(result.stdout)).toBe(0);
    expect(result.stdout).toContain("null-ok\n4\n");
  }, 20_000);

  it("storage - the root tmpfs is read-only", async () => {
    const result = await runner.run(request(`${fill("", 240)}; mkdir /newdir; echo mkdir=$?`));
    expect(result.stdout + result.stderr).toMatch(/Read-only file system/);
    expect(sizeOf(result.stdout)).toBe(0);
    expect(result.stdout).toContain("mkdir=1");
  }, 20_000);

  it("storage - /tmp beyond its cap is refused", async () => {
    const result = await runner.run(request(fill("/tmp", 240)));
    expect(result.stdout + result.stderr).toMatch(/No space left on device/);
    expect(sizeOf(result.stdout)).toBeLessThanOrEqual(64 * MiB);
  }, 20_000);

  it("storage - df shows no writable mount larger than its cap", async () => {
    const result = await runner.run(request("df -B1 --output=target,size /dev/shm /tmp"));
    const sizes = Object.fromEntries(
      result.stdout
        .trim()
        .split("\n")
        .slice(1)
        .map((line) => line.trim().split(/\s+/) as [string, string]),
    );
    expect(Number(sizes["/dev/shm"])).toBe(16 * MiB);
    expect(Number(sizes["/tmp"])).toBe(64 * MiB);
  }, 20_000);
});

/**
 * A python3 program that forks `count` children, each holding `mib` MiB it
 * has written (so the pages are resident, not merely reserved) for `holdS`
 * seconds; every child alone stays under the per-process RLIMIT_AS.
 */
function hogs(count: number, mib: number, holdS: number, mark: string): string[] {
  const program = [
    "import os, sys, time",
    `for i in range(${count}):`,
    "    if os.fork() == 0:",
    `        block = b'x' * (${mib} * 1024 * 1024)`,
    "        print('holding', i, flush=True)",
    `        time.sleep(${holdS})`,
    "        os._exit(0)",
    `for i in range(${count}):`,
    "    os.wait()",
    "print('all held', flush=True)",
  ].join("\n");
  return ["python3", "-c", program, mark];
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** Host processes whose command line holds `mark`: what a killed run left behind. */
function processesWith(mark: string): number[] {
  const pids: number[] = [];
  for (const pid of readdirSafe("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(mark)) pids.push(Number(pid));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

describe("sandbox memory - the run as a whole has a budget", () => {
  it("memory - 6 processes x 400 MB in one run are killed together, with nothing left", async () => {
    const mark = `boyd-hog-${process.pid}-${Date.now()}`;
    const started = Date.now();
    const result = await runner.run({ argv: hogs(6, 400, 10, mark), cwd: ws, workspace: ws, limits: limits() });
    expect(result.memoryExceeded).toBe(true);
    expect(result.signal).toBe("SIGKILL");
    expect(result.stdout).not.toContain("all held");
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(processesWith(mark)).toEqual([]);
  }, 20_000);

  it("memory - 600 MB written into memfds (memory on no mount, resident nowhere) is killed", async () => {
    const program = [
      "import os, time",
      "held = []",
      "for i in range(12):",
      "    fd = os.memfd_create('hog')",
      "    os.write(fd, b'x' * (50 * 1024 * 1024))",
      "    held.append(fd)",
      "print('all held', flush=True)",
      "time.sleep(10)",
    ].join("\n");
    const result = await runner.run({ argv: ["python3", "-c", program], cwd: ws, workspace: ws, limits: limits() });
    expect(result.memoryExceeded).toBe(true);
    expect(result.stdout).not.toContain("all held");
  }, 20_000);

  it("memory - one process under the budget runs to its end", async () => {
    const result = await runner.run({ argv: hogs(1, 100, 0, "small"), cwd: ws, workspace: ws, limits: limits() });
    expect(result.memoryExceeded).toBe(false);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("all held");
  }, 20_000);

  it("memory - through the Act rpc: a clear RESOURCE_EXHAUSTED failure, and act keeps answering", async () => {
    const h = await startHarness(new InProcessTransport(), {
      sandboxUser: { uid: SANDBOX_UID, gid: SANDBOX_UID },
      config: { policy: { allow: { commands: ["python3"] } }, shell: { timeoutMs: 15_000 } },
    });
    try {
      const call = h.call("shell_exec", { argv: hogs(6, 400, 10, "rpc-hog") });
      // While the hogs run, act still answers other requests.
      const { tools } = await h.client.listTools({});
      expect(tools.length).toBeGreaterThan(0);
      const { result } = await call;
      expect(result!.outcome).toBe(ActionOutcome.EXECUTED);
      expect(result!.output!.success).toBe(false);
      expect(result!.output!.error!.code).toBe(StatusCode.RESOURCE_EXHAUSTED);
      expect(result!.output!.error!.message).toMatch(/held more than \d+ bytes of memory together, so all of them were killed/);
      expect(JSON.parse(result!.output!.dataJson)).toMatchObject({ memoryExceeded: true });
      const after = await h.call("shell_exec", { argv: ["python3", "-c", "print('still here')"] });
      expect(after.result!.output!.content).toContain("still here");
    } finally {
      await h.close();
    }
  }, 20_000);
});
