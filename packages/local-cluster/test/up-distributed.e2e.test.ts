import { spawn, spawnSync } from "node:child_process";
import { chmod, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { waitFor } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const BOYD = fileURLToPath(new URL("../../cli/src/main.ts", import.meta.url));
const SOLAR = fileURLToPath(new URL("../../../examples/solar-system.csv", import.meta.url));
// The CLI's own package, so `--import tsx` resolves as it does for `pnpm boyd`.
const CLI_DIR = fileURLToPath(new URL("../../cli/", import.meta.url));

/** `boyd ...args` with `env` added to ours, to its end. */
function boyd(args: readonly string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", BOYD, ...args], { cwd: CLI_DIR, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (b: Buffer) => (stdout += b.toString()));
    child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** KEY=value lines of an env file. */
async function readEnvFile(file: string): Promise<Record<string, string>> {
  const lines = (await readFile(file, "utf8")).split("\n").filter((l) => l && !l.startsWith("#"));
  return Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]));
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("boyd up --distributed", () => {
  let dir: string;
  let up: ReturnType<typeof spawn>;
  let out = "";
  let exited: Promise<number | null>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "boyd-up-distributed-"));
    await chmod(dir, 0o755);
    up = spawn(
      process.execPath,
      ["--import", "tsx", BOYD, "up", "--distributed", "--data-dir", dir, "--no-neo4j", "--nats-port", "0", "--grpc", "127.0.0.1:0", "--console", "127.0.0.1:0", "--kb", SOLAR],
      { cwd: CLI_DIR, env: { ...process.env, BOYD_LOG_LEVEL: "warn" }, stdio: ["ignore", "pipe", "pipe"] },
    );
    exited = new Promise((resolve) => up.on("close", resolve));
    up.stdout!.on("data", (b: Buffer) => (out += b.toString()));
    up.stderr!.on("data", (b: Buffer) => (out += b.toString()));
    await waitFor(
      () => {
        if (up.exitCode !== null) throw new Error(`boyd up exited (${up.exitCode}):\n${out}`);
        return /^Ctrl-C to stop$/m.test(out);
      },
      90_000,
      () => `boyd up --distributed did not start:\n${out}`,
      100,
    );
  });

  afterAll(async () => {
    if (up && up.exitCode === null) {
      up.kill("SIGTERM");
      await exited;
    }
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("up --distributed - prints each service's pid and ops address; `boyd agent --nats` gets in with the client credentials only", async () => {
    for (const service of ["orient", "memory", "act", "decide", "observe", "controller"]) {
      expect(out).toMatch(new RegExp(`^ {2}${service} +pid \\d+ +ops http://127\\.0\\.0\\.1:\\d+/readyz$`, "m"));
    }
    const envFile = /^ {2}client +(\S+)/m.exec(out)?.[1];
    expect(envFile).toBe(join(dir, "client.env"));
    const client = await readEnvFile(envFile!);
    expect(client["BOYD_NATS_USER"]).toBe("client");

    const run = await boyd(["agent", "--nats", client["BOYD_NATS_URL"]!, "--agent", "cli", "run", "--goals", "Find the moons that orbit Mars => phobos, deimos", "--max-cycles", "6"], client);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    // The client may replay the event log (read only), not just follow it.
    const replay = await boyd(["events", "--nats", client["BOYD_NATS_URL"]!, "--agent", "cli", "--from-seq", "1", "--kind", "cycle.finished", "--limit", "1"], client);
    expect(replay.code, replay.stderr).toBe(0);
    expect(replay.stdout).toMatch(/ cli c1 cycle\.finished /);

    // The web console this process serves shows the same cluster, through the controller's gRPC port.
    const consoleUrl = /^ {2}console (http:\/\/127\.0\.0\.1:\d+\/)$/m.exec(out)?.[1];
    expect(consoleUrl, out).toBeDefined();
    const agents = (await (await fetch(new URL("api/agents", consoleUrl))).json()) as { agents?: { agentId: string }[] };
    expect(agents.agents?.map((a) => a.agentId)).toContain("cli");

    const stranger = await boyd(["agent", "--nats", client["BOYD_NATS_URL"]!, "--agent", "cli", "goals"]);
    expect(stranger.code).not.toBe(0);
    expect(stranger.stderr).toMatch(/authorization violation/i);
  });

  it("up --distributed - SIGTERM (Ctrl-C) drains every service, then NATS; nothing is left running", async () => {
    const pids = [...out.matchAll(/ pid (\d+) /g)].map((m) => Number(m[1]));
    expect(pids).toHaveLength(6);
    up.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(out).toMatch(/boyd up: stopped\n$/);
    expect(out.indexOf("controller stopped (code 0)")).toBeLessThan(out.indexOf("orient stopped (code 0)"));
    expect(pids.filter(alive)).toEqual([]);
  });
});

// A launcher killed outright cannot signal its services; their stdin pipe
// from it closes, and they drain and exit on their own.
describe("boyd up --distributed, killed with SIGKILL", () => {
  it("up --distributed - SIGKILL of boyd itself: every service drains and exits, none is left orphaned", async () => {
    const dir = await mkdtemp(join(tmpdir(), "boyd-up-killed-"));
    await chmod(dir, 0o755);
    const up = spawn(process.execPath, ["--import", "tsx", BOYD, "up", "--distributed", "--data-dir", dir, "--no-neo4j", "--nats-port", "0", "--grpc", "127.0.0.1:0"], {
      cwd: CLI_DIR,
      env: { ...process.env, BOYD_LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    up.stdout.on("data", (b: Buffer) => (out += b.toString()));
    up.stderr.on("data", (b: Buffer) => (out += b.toString()));
    try {
      await waitFor(() => /^Ctrl-C to stop$/m.test(out), 90_000, () => `boyd up --distributed did not start:\n${out}`, 100);
      const pids = [...out.matchAll(/ pid (\d+) /g)].map((m) => Number(m[1]));
      expect(pids).toHaveLength(6);
      up.kill("SIGKILL");
      await waitFor(() => pids.filter(alive).length === 0, 30_000, () => `services still running: ${pids.filter(alive).join(", ")}`);
    } finally {
      up.kill("SIGKILL");
      // nats-server has no such pipe: it is stopped here by its config path.
      spawnSync("pkill", ["-f", dir]);
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
