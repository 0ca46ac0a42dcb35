import { BusError, isBusError } from "@boyd/bus";
import { DangerLevel } from "@boyd/proto";
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { chown, mkdir, mkdtemp, readdir, readFile, realpath, rm, stat, symlink, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { basename, join, resolve, sep } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bubblewrapRunner, type ConfinedRunner, DEFAULT_EXEC_LIMITS, type ExecLimits, type ExecRequest, probeBubblewrap, unconfinedRunner } from "../src/sandbox/confined-exec.js";
import { createShellExecTool, quoteCommandLine, STDERR_MARKER, type WorkspaceDirs } from "../src/tools/shell-exec.js";
import type { CallContext, ToolDefinition, ToolRun } from "../src/tool.js";

// Running as root (as CI does), the runner drops to nobody so RLIMIT_NPROC
// holds; the workspace must then belong to that user.
const ROOT = process.getuid?.() === 0;
// A user of this file's own: processes are counted per user, and the fork
// bombs here must not starve the sandboxes other test files run meanwhile.
const SANDBOX_UID = 64_002;
const AS = ROOT ? { runAs: { uid: SANDBOX_UID, gid: SANDBOX_UID } } : {};

/** A real temp workspace, writable by the sandbox user. */
async function makeWorkspace(): Promise<string> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), "boyd-shell-")));
  if (ROOT) await chown(dir, SANDBOX_UID, SANDBOX_UID);
  return dir;
}

/** The workspace module's contract, the simple way: realpath plus a prefix check. */
function workspaceDirs(root: string): WorkspaceDirs {
  return {
    root,
    async directory(relativePath) {
      let real: string;
      try {
        real = await realpath(resolve(root, relativePath));
      } catch {
        throw new BusError("NOT_FOUND", `no directory ${relativePath} in the workspace`);
      }
      if (real !== root && !real.startsWith(root + sep)) throw new BusError("PERMISSION_DENIED", `${relativePath} escapes the workspace`);
      if (!(await stat(real)).isDirectory()) throw new BusError("NOT_FOUND", `${relativePath} is not a directory`);
      return real;
    },
  };
}

function context(timeoutMs = 10_000, signal = new AbortController().signal): CallContext {
  return { agentId: "agent-test", cycle: 1, step: 0, signal, deadline: Date.now() + timeoutMs, outputCapBytes: 64 * 1024 };
}

/** A marker no other process on the machine has in its command line. */
function marker(): string {
  // sleep takes fractional seconds, so "299.<digits>" is both a valid duration and unique.
  return `299.${randomUUID().replace(/\D/g, "").slice(0, 12)}`;
}

/** Pids whose command line contains `mark` (of user `uid` only, when given), read from the host's /proc. */
async function processesWith(mark: string, uid?: number): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = await readFile(`/proc/${entry}/cmdline`, "utf8");
      if (!cmdline.includes(mark)) continue;
      if (uid !== undefined && !new RegExp(`^Uid:\\s+${uid}\\s`, "m").test(await readFile(`/proc/${entry}/status`, "utf8"))) continue;
      pids.push(Number(entry));
    } catch {
      // Exited while we looked.
    }
  }
  return pids;
}

/**
 * Survivors of a group kill without namespaces: SIGKILL is delivered at
 * once but dying takes a moment, so this waits for it, boundedly. (A
 * bubblewrap run needs no waiting: the kernel has reaped its whole pid
 * namespace before the runner sees it end.)
 */
async function survivors(mark: string, withinMs = 2_000): Promise<number[]> {
  const until = Date.now() + withinMs;
  let left = await processesWith(mark);
  while (left.length > 0 && Date.now() < until) {
    await sleep(50);
    left = await processesWith(mark);
  }
  return left;
}

/** Threads of `uid` system-wide: what RLIMIT_NPROC counts. */
async function threadsOf(uid: number): Promise<number> {
  let n = 0;
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = await readFile(`/proc/${entry}/status`, "utf8");
      if (new RegExp(`^Uid:\\s+${uid}\\s`, "m").test(status)) n += Number(/^Threads:\s+(\d+)/m.exec(status)?.[1] ?? 1);
    } catch {
      // Exited while we looked.
    }
  }
  return n;
}

/** Zombie wrapper processes (bwrap, unshare) of the sandbox user: a run that was not reaped. */
async function sandboxZombies(): Promise<string[]> {
  const uid = ROOT ? SANDBOX_UID : process.getuid!();
  const found: string[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = await readFile(`/proc/${entry}/status`, "utf8");
      const name = /^Name:\s+(\S+)/m.exec(status)?.[1] ?? "";
      if (/^State:\s+Z/m.test(status) && new RegExp(`^Uid:\\s+${uid}\\s`, "m").test(status) && /^(bwrap|unshare)$/.test(name)) found.push(`${entry} ${name}`);
    } catch {
      // Exited while we looked.
    }
  }
  return found;
}

async function rejection(p: Promise<unknown>): Promise<BusError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof BusError) return err;
    throw err;
  }
  throw new Error("expected a rejection");
}

let ws: string;
let runner: ConfinedRunner;
let tool: ToolDefinition;

function limits(over: Partial<ExecLimits> = {}): ExecLimits {
  return { ...DEFAULT_EXEC_LIMITS, timeoutMs: 5_000, ...over };
}

function request(argv: string[], over: Partial<ExecRequest> = {}): ExecRequest {
  return { argv, cwd: ws, workspace: ws, limits: limits(), ...over };
}

function call(raw: unknown, ctx: CallContext = context(), t: ToolDefinition = tool): Promise<ToolRun> {
  return t.run(t.input.parse(raw), ctx);
}

beforeAll(() => {
  runner = bubblewrapRunner(AS);
});

beforeEach(async () => {
  ws = await makeWorkspace();
  tool = createShellExecTool({ runner, workspace: workspaceDirs(ws), limits: { timeoutMs: 5_000 } });
});

afterEach(async () => {
  await rm(ws, { recursive: true, force: true });
});

describe("shell_exec - probe", () => {
  it("probe - bubblewrap works on this machine", async () => {
    expect(await probeBubblewrap()).toEqual({ ok: true });
  });

  it("probe - a bogus bwrap path is reported with a reason", async () => {
    const result = await probeBubblewrap("/nonexistent/boyd/bwrap");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain("/nonexistent/boyd/bwrap");
  });

  it("probe - a program that is not bwrap fails with its complaint", async () => {
    const result = await probeBubblewrap("/bin/false");
    expect(result).toMatchObject({ ok: false });
    if (!result.ok) expect(result.reason).toMatch(/exited with status 1/);
  });
});

describe("shell_exec - file system", () => {
  it("file system - runs a program that writes a file in the workspace", async () => {
    const run = await call({ argv: ["sh", "-c", "echo hello > out.txt && cat out.txt"] });
    expect(run.failure).toBeUndefined();
    expect(run.content).toBe("hello\n");
    expect(await readFile(join(ws, "out.txt"), "utf8")).toBe("hello\n");
    expect(run.data).toMatchObject({ exitCode: 0, signal: null, timedOut: false, truncated: false, sandbox: "bubblewrap" });
  });

  it("file system - runs in a subdirectory given as cwd", async () => {
    await mkdir(join(ws, "sub"));
    const run = await call({ argv: ["pwd"], cwd: "sub" });
    expect(run.content).toBe(`${join(ws, "sub")}\n`);
  });

  it("file system - reading /etc/hostname works", async () => {
    const run = await call({ argv: ["cat", "/etc/hostname"] });
    expect(run.failure).toBeUndefined();
    expect(run.content).toBe(await readFile("/etc/hostname", "utf8"));
  });

  it("file system - writing to /etc and /usr fails read-only", async () => {
    const name = `boyd-shell-${randomUUID()}`;
    const result = await runner.run(request(["sh", "-c", `touch /etc/${name}; echo etc=$?; touch /usr/${name}; echo usr=$?; echo x >> /etc/passwd; echo passwd=$?`]));
    expect(result.stdout).toBe("etc=1\nusr=1\npasswd=2\n");
    expect(result.stderr).toMatch(/Read-only file system/);
    expect(existsSync(`/etc/${name}`)).toBe(false);
    expect(existsSync(`/usr/${name}`)).toBe(false);
    expect(await readFile("/etc/passwd", "utf8")).not.toContain("\nx\n");
  });

  it("file system - writes to /tmp and beside the workspace stay in the sandbox", async () => {
    const name = `boyd-shell-escape-${randomUUID()}`;
    const result = await runner.run(request(["sh", "-c", `echo x > /tmp/${name} && echo x > ../${name} && echo wrote`]));
    // The sandbox's /tmp is its own tmpfs: the write succeeds there and vanishes with it.
    expect(result.stdout).toBe("wrote\n");
    expect(existsSync(join(tmpdir(), name))).toBe(false);
    expect(existsSync(resolve(ws, "..", name))).toBe(false);
  });

  it("file system - the host's /root, /home, /work and /var are invisible", async () => {
    const result = await runner.run(request(["sh", "-c", "for d in /root /home /work /var /run; do test -e $d && echo visible $d; done; ls /"]));
    expect(result.stdout).not.toContain("visible");
    expect(result.stdout.trim().split("\n").sort()).toEqual(expect.arrayContaining(["dev", "etc", "proc", "tmp", "usr"]));
    const here = await runner.run(request(["cat", join(process.cwd(), "package.json")]));
    expect(here.exitCode).not.toBe(0);
    expect(here.stderr).toMatch(/No such file or directory/);
  });

  it("file system - a host file beside the workspace cannot be read", async () => {
    const outside = await mkdtemp(join(tmpdir(), "boyd-shell-outside-"));
    try {
      await writeFile(join(outside, "secret.txt"), "top secret\n", { mode: 0o644 });
      const result = await runner.run(request(["cat", join(outside, "secret.txt")]));
      expect(result.exitCode).not.toBe(0);
      expect(result.stdout).not.toContain("top secret");
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it("file system - a symlink in the workspace to a host directory leads nowhere", async () => {
    await symlink(process.cwd(), join(ws, "link"));
    const result = await runner.run(request(["cat", "link/package.json"]));
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toMatch(/No such file or directory/);
  });

  it("file system - a cwd outside the workspace or missing is refused before anything runs", async () => {
    await symlink(process.cwd(), join(ws, "link"));
    expect((await rejection(call({ argv: ["true"], cwd: ".." }))).code).toBe("PERMISSION_DENIED");
    expect((await rejection(call({ argv: ["true"], cwd: "link" }))).code).toBe("PERMISSION_DENIED");
    expect((await rejection(call({ argv: ["true"], cwd: "missing" }))).code).toBe("NOT_FOUND");
  });

  it("file system - the runner itself refuses a cwd outside the workspace", async () => {
    const err = await rejection(runner.run(request(["true"], { cwd: "/etc" })));
    expect(err.code).toBe("PERMISSION_DENIED");
  });
});

describe("shell_exec - a workspace under a private directory", () => {
  // `mktemp -d` makes a 0700 directory: as root, the sandbox user cannot
  // traverse it, so the workspace inside must be handed over by root.
  let privateParent: string;
  let inner: string;
  beforeEach(async () => {
    privateParent = await realpath(await mkdtemp(join(tmpdir(), "boyd-private-")));
    expect((await stat(privateParent)).mode & 0o777).toBe(0o700);
    inner = join(privateParent, "data", "workspace");
    await mkdir(inner, { recursive: true });
    if (ROOT) await chown(inner, SANDBOX_UID, SANDBOX_UID);
  });
  afterEach(async () => {
    await rm(privateParent, { recursive: true, force: true });
  });

  it("private parent - a program lists, writes and reads in the workspace", async () => {
    await writeFile(join(inner, "notes.txt"), "kept\n");
    const run = await call({ argv: ["sh", "-c", "ls && echo made > made.txt && cat notes.txt && pwd"] }, context(), createShellExecTool({ runner, workspace: workspaceDirs(inner), limits: { timeoutMs: 5_000 } }));
    expect(run.failure).toBeUndefined();
    expect(run.content).toBe(`notes.txt\nkept\n${inner}\n`);
    expect(await readFile(join(inner, "made.txt"), "utf8")).toBe("made\n");
  });

  it("private parent - the start-up probe, run in the workspace, passes; a workspace the sandbox cannot mount is named in its reason", async () => {
    expect(await probeBubblewrap(undefined, { ...AS, workspace: inner })).toEqual({ ok: true });
    const missing = join(privateParent, "data", "gone");
    const result = await probeBubblewrap(undefined, { ...AS, workspace: missing });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(`with the workspace ${JSON.stringify(missing)}: it exited with status 1: bwrap: Can't find source path ${missing}`);
  });

  it("private parent - the parent's other files stay out of sight, and so does the hand-over", async () => {
    await writeFile(join(privateParent, "data", "secret.txt"), "secret\n");
    const result = await runner.run({ argv: ["sh", "-c", "ls -A ..; cat ../secret.txt; ls -A /tmp"], cwd: inner, workspace: inner, limits: limits() });
    // The sandbox's own /tmp holds only the path down to the workspace: no portal, no private files.
    expect(result.stdout).toBe(`workspace\n${basename(privateParent)}\n`);
    expect(result.stderr).toMatch(/secret\.txt: No such file or directory/);
    expect(result.stdout + result.stderr).not.toContain("secret\n");
  });
});

describe("shell_exec - processes", () => {
  it("processes - the host's processes are invisible and kill -9 -1 cannot reach them", async () => {
    const mark = marker();
    // A host process of the very uid the sandbox runs as: same user, other pid namespace.
    const uid = ROOT ? SANDBOX_UID : process.getuid!();
    const bystander = spawn("setpriv", [`--reuid=${uid}`, `--regid=${uid}`, "--clear-groups", "sleep", mark], { stdio: "ignore" });
    try {
      await sleep(100);
      expect(await processesWith(mark)).toHaveLength(1);
      const result = await runner.run(request(["sh", "-c", "ls /proc | grep -c '^[0-9]'; kill -9 -1"]));
      expect(Number(result.stdout.trim())).toBeLessThan(10);
      expect(await processesWith(mark)).toHaveLength(1);
    } finally {
      bystander.kill("SIGKILL");
    }
  });

  it("processes - a finished or killed run leaves no zombie behind", async () => {
    await runner.run(request(["sh", "-c", "sleep 5 & echo done"]));
    expect(await sandboxZombies()).toEqual([]);
    const killed = await runner.run(request(["sleep", "30"], { limits: limits({ timeoutMs: 300 }) }));
    expect(killed.timedOut).toBe(true);
    expect(await sandboxZombies()).toEqual([]);
  });

  it("processes - the limits are in force inside", async () => {
    const result = await runner.run(request(["cat", "/proc/self/limits"]));
    const line = (name: string) => result.stdout.split("\n").find((l) => l.startsWith(name))?.replace(/\s+/g, " ");
    expect(line("Max cpu time")).toContain("10 11 seconds");
    expect(line("Max address space")).toContain(`${DEFAULT_EXEC_LIMITS.memoryBytes} ${DEFAULT_EXEC_LIMITS.memoryBytes} bytes`);
    expect(line("Max file size")).toContain(`${DEFAULT_EXEC_LIMITS.fileSizeBytes} ${DEFAULT_EXEC_LIMITS.fileSizeBytes} bytes`);
    expect(line("Max processes")).toContain(`${DEFAULT_EXEC_LIMITS.maxProcesses} ${DEFAULT_EXEC_LIMITS.maxProcesses} processes`);
    expect(line("Max core file size")).toContain("0 0 bytes");
  });

  it("processes - runs as the unprivileged sandbox user with no capabilities", async () => {
    const result = await runner.run(request(["sh", "-c", "id -u; grep CapEff /proc/self/status"]));
    if (ROOT) expect(result.stdout).toMatch(new RegExp(`^${SANDBOX_UID}\\n`));
    expect(result.stdout).toMatch(/CapEff:\s+0+\n/);
  });
});

describe("shell_exec - injection", () => {
  it("injection - shell metacharacters are literal arguments", async () => {
    const args = ["; rm -rf /", "$(whoami)", "`id`", "&& touch pwned", "| cat /etc/passwd", "$HOME", "*"];
    const run = await call({ argv: ["echo", ...args] });
    expect(run.content).toBe(`${args.join(" ")}\n`);
    expect(await readdir(ws)).toEqual([]);
  });

  it("injection - a program named like a bwrap option is a program, not an option", async () => {
    const result = await runner.run(request(["--bind", "/", "/host", "ls", "/host"]));
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toMatch(/execvp --bind/);
  });

  it("injection - arguments shaped like prlimit options do not loosen the limits", async () => {
    const result = await runner.run(request(["sh", "-c", "ulimit -t", "--cpu=unlimited", "--nproc=unlimited"]));
    expect(result.stdout).toBe("10\n");
  });

  it("injection - an explicit sh -c runs inside the sandbox and cannot escape", async () => {
    const name = `boyd-pwned-${randomUUID()}`;
    const script = [`echo pwned > /etc/${name}`, `echo pwned > /work/${name}`, `echo pwned > ${process.cwd()}/${name}`, `cat /etc/shadow`, `mount -t tmpfs none /usr`, `unshare -U true`, "echo done"].join("; ");
    const run = await call({ argv: ["sh", "-c", script] });
    expect(run.content).toMatch(/^done\n/);
    expect(run.content).toContain(STDERR_MARKER);
    expect(existsSync(`/etc/${name}`)).toBe(false);
    expect(existsSync(`/work/${name}`)).toBe(false);
    expect(existsSync(join(process.cwd(), name))).toBe(false);
    expect(run.content).not.toMatch(/^root:/m);
  });
});

describe("shell_exec - network", () => {
  let server: Server;
  let port: number;
  let connections = 0;

  beforeEach(async () => {
    connections = 0;
    server = createServer((socket) => {
      connections++;
      socket.end("hello from the host\n");
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    port = (server.address() as { port: number }).port;
  });

  afterEach(async () => {
    await new Promise<void>((done) => server.close(() => done()));
  });

  const connect = () => ["bash", "-c", `exec 3<>/dev/tcp/127.0.0.1/${port} && echo connected && cat <&3`];

  it("network - a TCP connect to the host's 127.0.0.1 fails inside", async () => {
    const result = await runner.run(request(connect()));
    expect(result.exitCode).not.toBe(0);
    expect(result.stdout).not.toContain("connected");
    expect(result.stderr).toMatch(/Connection refused|Network is unreachable/);
    expect(connections).toBe(0);
  });

  it("network - only a private loopback exists inside", async () => {
    const result = await runner.run(request(["cat", "/proc/net/dev"]));
    const interfaces = result.stdout
      .split("\n")
      .slice(2)
      .map((l) => l.split(":")[0]!.trim())
      .filter(Boolean);
    expect(interfaces).toEqual(["lo"]);
  });

  it("network - the same connect from the unconfined runner gets through (the test can see a leak)", async () => {
    const unconfined = unconfinedRunner({ acknowledgeUnconfined: true, ...AS });
    const result = await unconfined.run(request(connect()));
    expect(result.stdout).toBe("connected\nhello from the host\n");
    expect(connections).toBe(1);
  });
});

describe("shell_exec - environment", () => {
  const SECRET = `s3cret-${randomUUID()}`;
  beforeAll(() => {
    process.env["BOYD_SHELL_TEST_SECRET"] = SECRET;
  });
  afterAll(() => {
    delete process.env["BOYD_SHELL_TEST_SECRET"];
  });

  it("environment - the service's variables are not visible inside", async () => {
    const run = await call({ argv: ["env"] });
    expect(run.content).not.toContain(SECRET);
    const vars = Object.fromEntries(
      run.content
        .trim()
        .split("\n")
        .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
    );
    // bwrap sets PWD after --chdir; nothing else is there.
    expect(vars).toEqual({ PATH: "/usr/local/bin:/usr/bin:/bin", HOME: ws, LANG: "C.UTF-8", PWD: ws });
  });

  it("environment - vetted extra variables reach the program", async () => {
    const result = await runner.run(request(["sh", "-c", 'echo "$GREETING"'], { env: { GREETING: "hi there" } }));
    expect(result.stdout).toBe("hi there\n");
  });

  it("environment - a malformed variable name is refused", async () => {
    const err = await rejection(runner.run(request(["true"], { env: { "A=B": "x" } })));
    expect(err.code).toBe("INVALID_ARGUMENT");
  });

  it("environment - the unconfined runner scrubs the environment too", async () => {
    const result = await unconfinedRunner({ acknowledgeUnconfined: true, ...AS }).run(request(["env"]));
    expect(result.stdout).not.toContain(SECRET);
    expect(result.stdout).toContain(`HOME=${ws}\n`);
  });
});

describe("shell_exec - time limits", () => {
  it("time limits - a command that never ends is killed at its timeout with its children", async () => {
    const mark = marker();
    const started = Date.now();
    const err = await rejection(call({ argv: ["sh", "-c", `sleep ${mark} & setsid sleep ${mark} & (sleep ${mark} >/dev/null 2>&1 &); sleep ${mark}`], timeout_ms: 1_000 }));
    expect(err.code).toBe("DEADLINE_EXCEEDED");
    expect(err.message).toContain("1000 ms");
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await processesWith(mark)).toEqual([]);
  });

  it("time limits - the call's deadline bounds a longer timeout_ms", async () => {
    const started = Date.now();
    const err = await rejection(call({ argv: ["sleep", "30"], timeout_ms: 60_000 }, context(800)));
    expect(err.code).toBe("DEADLINE_EXCEEDED");
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it("time limits - aborting kills the tree and rejects with CANCELLED", async () => {
    const mark = marker();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const started = Date.now();
    const err = await rejection(runner.run(request(["sh", "-c", `sleep ${mark} & sleep ${mark}`], { signal: controller.signal })));
    expect(err.code).toBe("CANCELLED");
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await processesWith(mark)).toEqual([]);
  });

  it("time limits - a busy loop is stopped by the CPU limit", async () => {
    const t = createShellExecTool({ runner, workspace: workspaceDirs(ws), limits: { cpuSeconds: 1, timeoutMs: 5_000 } });
    const run = await call({ argv: ["sh", "-c", "while :; do :; done"] }, context(), t);
    expect(run.failure).toMatchObject({ code: "RESOURCE_EXHAUSTED" });
    expect(run.failure?.message).toMatch(/SIGXCPU(?: \(|: )CPU time limit of 1 s exceeded/);
  });
});

describe("shell_exec - fork bombs", () => {
  it("fork bombs - a bash fork bomb is contained, killed at its timeout and leaves nothing", async () => {
    const mark = marker();
    const started = Date.now();
    const pending = rejection(call({ argv: ["bash", "-c", "f(){ f | f; }; f", mark], timeout_ms: 2_000 }));
    await sleep(1_000);
    // Every bomb process carries the marker (forks keep the command line); RLIMIT_NPROC caps them.
    // Only the sandbox user's count: the root portal stage before the drop carries the marker in its argv too.
    const during = (await processesWith(mark, ROOT ? SANDBOX_UID : undefined)).length;
    const err = await pending;
    expect(during).toBeGreaterThan(1);
    expect(during).toBeLessThanOrEqual(DEFAULT_EXEC_LIMITS.maxProcesses);
    expect(err.code).toBe("DEADLINE_EXCEEDED");
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(await processesWith(mark)).toEqual([]);
    expect(await sandboxZombies()).toEqual([]);
  });

  it("fork bombs - forking past the process limit fails inside", async () => {
    const mark = marker();
    // RLIMIT_NPROC counts every thread of the uid; without root the test's own user already has some.
    const maxProcesses = ROOT ? 16 : (await threadsOf(process.getuid!())) + 16;
    const started = Date.now();
    const result = await runner.run(
      request(["sh", "-c", `i=0; while [ $i -lt 100 ]; do sleep ${mark} & i=$((i+1)); echo $i > started; done; wait`], { limits: limits({ maxProcesses, timeoutMs: 3_000 }) }),
    );
    // dash gives up on the first refused fork, which ends the whole sandbox.
    expect(result.stderr).toMatch(/Cannot fork/);
    expect(result.timedOut).toBe(false);
    expect(Date.now() - started).toBeLessThan(3_000);
    const sleeps = Number(await readFile(join(ws, "started"), "utf8"));
    expect(sleeps).toBeGreaterThan(0);
    expect(sleeps).toBeLessThan(16);
    expect(await processesWith(mark)).toEqual([]);
  });
});

describe("shell_exec - output", () => {
  it("output - 100 MB of output is capped, ends quickly and is not held in memory", async () => {
    const before = process.memoryUsage().rss;
    const started = Date.now();
    const run = await call({ argv: ["head", "-c", "100000000", "/dev/zero"] });
    expect(Date.now() - started).toBeLessThan(5_000);
    const data = run.data as { truncated: boolean; outputBytes: number; stdoutBytes: number };
    expect(data.truncated).toBe(true);
    expect(data.outputBytes).toBeLessThan(100_000_000);
    expect(data.stdoutBytes).toBe(DEFAULT_EXEC_LIMITS.outputCapBytes);
    expect(run.failure).toMatchObject({ code: "RESOURCE_EXHAUSTED" });
    expect(run.content).toMatch(/\[output truncated: 65536 of \d+ bytes kept\]$/);
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it("output - yes is killed once past the ceiling", async () => {
    const result = await runner.run(request(["yes"], { limits: limits({ outputCapBytes: 1024 }) }));
    expect(result.truncated).toBe(true);
    expect(result.timedOut).toBe(false);
    expect(result.stdout).toHaveLength(1024);
    expect(result.exitCode).toBeNull();
    expect(result.signal).toBe("SIGKILL");
  });

  it("output - output between the cap and the ceiling is cut but the run succeeds", async () => {
    const run = await call({ argv: ["sh", "-c", "head -c 200000 /dev/zero | tr '\\0' a"] });
    expect(run.failure).toBeUndefined();
    expect(run.data).toMatchObject({ truncated: true, outputBytes: 200_000, exitCode: 0 });
    expect(run.content.startsWith("a".repeat(65_536))).toBe(true);
  });

  it("output - stderr follows stdout under a marker and a non-zero exit is a failure", async () => {
    const run = await call({ argv: ["sh", "-c", "echo out; echo err >&2; exit 3"] });
    expect(run.content).toBe(`out\n${STDERR_MARKER}\nerr\n`);
    expect(run.failure).toEqual({ code: "UNKNOWN", message: "exit status 3" });
    expect(run.data).toMatchObject({ exitCode: 3, stdoutBytes: 4, stderrBytes: 4 });
  });

  it("output - stdin reaches the program", async () => {
    const run = await call({ argv: ["tr", "a-z", "A-Z"], stdin: "hello sandbox" });
    expect(run.content).toBe("HELLO SANDBOX");
  });

  it("output - a file larger than the size limit is cut by SIGXFSZ", async () => {
    const t = createShellExecTool({ runner, workspace: workspaceDirs(ws), limits: { fileSizeBytes: 1024 * 1024 } });
    const run = await call({ argv: ["sh", "-c", "head -c 2000000 /dev/zero > big"] }, context(), t);
    expect(run.failure).toMatchObject({ code: "RESOURCE_EXHAUSTED" });
    expect(run.failure?.message).toMatch(/file size limit/);
    expect((await stat(join(ws, "big"))).size).toBe(1024 * 1024);
  });

  it("output - a missing program is a failure naming it", async () => {
    const run = await call({ argv: ["boyd-no-such-program"] });
    expect(run.failure?.code).toBe("UNKNOWN");
    expect(run.content).toMatch(/boyd-no-such-program: No such file or directory/);
  });
});

describe("shell_exec - input validation", () => {
  const parse = (raw: unknown) => tool.input.safeParse(raw);

  it("input validation - accepts a plain argv and fills the defaults", () => {
    const parsed = parse({ argv: ["ls", "-la", ""] });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual({ argv: ["ls", "-la", ""], cwd: "." });
  });

  it("input validation - rejects an empty argv, an empty program and a missing argv", () => {
    expect(parse({ argv: [] }).success).toBe(false);
    expect(parse({ argv: [""] }).success).toBe(false);
    expect(parse({}).success).toBe(false);
    expect(parse({ argv: "ls -la" }).success).toBe(false);
  });

  it("input validation - rejects NUL bytes in arguments and cwd", () => {
    expect(parse({ argv: ["echo", "a\0b"] }).success).toBe(false);
    expect(parse({ argv: ["ls\0"] }).success).toBe(false);
    expect(parse({ argv: ["ls"], cwd: "sub\0dir" }).success).toBe(false);
  });

  it("input validation - rejects oversize argv, arguments and stdin", () => {
    expect(parse({ argv: Array.from({ length: 257 }, () => "x") }).success).toBe(false);
    expect(parse({ argv: Array.from({ length: 256 }, () => "x") }).success).toBe(true);
    expect(parse({ argv: ["echo", "x".repeat(8193)] }).success).toBe(false);
    expect(parse({ argv: ["echo", "x".repeat(8192)] }).success).toBe(true);
    expect(parse({ argv: ["cat"], stdin: "x".repeat(1024 * 1024 + 1) }).success).toBe(false);
  });

  it("input validation - rejects bad timeouts and unknown fields", () => {
    expect(parse({ argv: ["ls"], timeout_ms: 0 }).success).toBe(false);
    expect(parse({ argv: ["ls"], timeout_ms: 300_001 }).success).toBe(false);
    expect(parse({ argv: ["ls"], timeout_ms: 1.5 }).success).toBe(false);
    expect(parse({ argv: ["ls"], env: { LD_PRELOAD: "/tmp/x.so" } }).success).toBe(false);
    expect(parse({ argv: ["ls"], shell: true }).success).toBe(false);
  });
});

describe("shell_exec - assessment", () => {
  it("assessment - describes the call as a critical, irreversible shell command", async () => {
    const input = tool.input.parse({ argv: ["echo", "it's", "a b", "plain"], cwd: "sub", timeout_ms: 2_000 });
    const a = await tool.assess(input, context());
    expect(a.action.detail).toEqual({ $case: "shellCommand", value: { argv: ["echo", "it's", "a b", "plain"], cwd: "sub", timeoutMs: 2_000, commandLine: `echo 'it'\\''s' 'a b' plain` } });
    expect(a.danger).toBe(DangerLevel.CRITICAL);
    expect(a.reversible).toBe(false);
    expect(a.sideEffects).toBe(true);
    expect(a.preview).toContain(`$ echo 'it'\\''s' 'a b' plain`);
    expect(a.preview).toContain("sub");
    expect(a.consequences).toMatch(/sandbox/);
  });

  it("assessment - control and bidi characters are shown escaped", () => {
    expect(quoteCommandLine(["echo", "safe\nrm -rf /", "\u202Egnp.exe"])).toBe(`echo $'safe\\x0arm -rf /' $'\\u202egnp.exe'`);
    expect(quoteCommandLine(["printf", "", "$(x)"])).toBe(`printf '' '$(x)'`);
  });

  it("assessment - the descriptor is the catalog's shell_exec with the tool's limits", () => {
    expect(tool.descriptor.name).toBe("shell_exec");
    expect(tool.descriptor.danger).toBe(DangerLevel.CRITICAL);
    expect(tool.descriptor.timeoutMs).toBe(5_000);
  });

  it("assessment - an unconfined runner says so", async () => {
    const t = createShellExecTool({ runner: unconfinedRunner({ acknowledgeUnconfined: true, ...AS }), workspace: workspaceDirs(ws) });
    const a = await t.assess(t.input.parse({ argv: ["ls"] }), context());
    expect(a.consequences).toMatch(/WITHOUT a sandbox/);
    expect(a.preview).toMatch(/NO SANDBOX/);
  });
});

describe("shell_exec - policy and options", () => {
  it("policy - a denied program is refused before it runs", async () => {
    const t = createShellExecTool({ runner, workspace: workspaceDirs(ws), deniedCommands: ["rm"] });
    const err = await rejection(call({ argv: ["/bin/rm", "-rf", "."] }, context(), t));
    expect(err.code).toBe("PERMISSION_DENIED");
    expect(existsSync(ws)).toBe(true);
  });

  it("options - bad limits are refused when the tool is built", () => {
    expect(() => createShellExecTool({ runner, workspace: workspaceDirs(ws), limits: { maxProcesses: 0 } })).toThrow(/maxProcesses/);
    expect(() => createShellExecTool({ runner, workspace: workspaceDirs(ws), limits: { timeoutMs: 1e9 } })).toThrow(/timeoutMs/);
  });

  it("options - the unconfined runner demands an explicit acknowledgement", () => {
    expect(() => unconfinedRunner({} as never)).toThrow(/acknowledgeUnconfined/);
    const warned: unknown[] = [];
    unconfinedRunner({ acknowledgeUnconfined: true, ...AS, logger: { warn: (...args: unknown[]) => warned.push(args) } as never });
    expect(warned).toHaveLength(1);
  });

  it("options - root as the sandbox user is refused", () => {
    expect(() => bubblewrapRunner({ runAs: { uid: 0, gid: 0 } })).toThrow(/unprivileged/);
  });

  it("options - the unconfined runner still kills its process group at the timeout", async () => {
    const mark = marker();
    const unconfined = unconfinedRunner({ acknowledgeUnconfined: true, ...AS });
    const result = await unconfined.run(request(["sh", "-c", `sleep ${mark} & sleep ${mark}`], { limits: limits({ timeoutMs: 500 }) }));
    expect(result.timedOut).toBe(true);
    expect(await survivors(mark)).toEqual([]);
  });

  it("options - an unusable workspace path is refused", async () => {
    const err = await rejection(runner.run(request(["true"], { workspace: "relative/ws", cwd: "relative/ws" })));
    expect(err.code).toBe("INVALID_ARGUMENT");
    expect(isBusError(err)).toBe(true);
  });
});
