import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEventChannel } from "@boyd/bus";
import { Event, StopReason, type RunReport } from "@boyd/proto";
import { startStack, type Stack } from "@boyd/stack";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AgentConnection } from "../src/agent-connection.js";
import { resumeCommand } from "../src/agent-run.js";
import { positiveSeconds } from "../src/options.js";
import { followRun, RunLostError, RunProgress, type FollowOptions } from "../src/run-follow.js";
import { runBoyd } from "./boyd-process.js";

// A goal the empty graph cannot satisfy: every run goes to its cycle limit.
const GOAL = { description: "Find the rings of Uranus", successCriteria: "uranus rings ice particles", stallThreshold: 1000 };
const never = () => new Promise<RunReport | undefined>(() => {});
const same = <T>(work: () => Promise<T>) => work();

// The in-process stack: the faults are played by the calls (a reply that
// never comes, a run that never started) and by stopping the stack.
describe("followRun - a run followed to its end across a lost reply or controller", () => {
  let dir: string;
  let stack: Stack | undefined;
  let conn: AgentConnection;
  let progress: RunProgress;
  const said: string[] = [];
  const options = (agentId: string, maxCycles: number, reattachTimeoutMs = 10_000): FollowOptions => ({
    agentId,
    maxCycles,
    reattachTimeoutMs,
    lookEveryMs: 100,
    resumeCommand: `boyd agent --nats nats://x --agent ${agentId} resume`,
    say: (line) => said.push(line),
  });

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "boyd-follow-"));
    stack = await startStack({ dataDir: dir });
    conn = { transport: stack.transport, agents: stack.agents, graph: undefined, where: "test" };
    progress = new RunProgress();
    createEventChannel({ transport: stack.transport, codec: Event }).subscribe({ agentId: "*" }, (e) => progress.take(e));
    said.length = 0;
  }, 60_000);
  afterEach(async () => {
    await stack?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("the reply is lost but the run ends: the report is rebuilt from the stopped agent (cycles, stop reason, goals)", async () => {
    await conn.agents.createAgent({ agentId: "lost-reply", goals: [GOAL] });
    // The run happens (detached), its reply never arrives, as with a NATS outage at the wrong moment.
    const first = async () => {
      await conn.agents.run({ agentId: "lost-reply", maxCycles: 3, detach: true });
      return never();
    };
    const report = await followRun(conn, progress, options("lost-reply", 3), { first, resume: () => Promise.reject(new Error("not resumed")) }, same);
    expect(report?.stopReason).toBe(StopReason.MAX_CYCLES);
    expect(Number(report?.cyclesRun)).toBe(3);
    expect(Number(report?.finalCycle)).toBe(3);
    expect(report?.goals.map((g) => g.description)).toEqual([GOAL.description]);
    expect(report?.message).toMatch(/reply was lost; this report is rebuilt/);
    expect(said).toEqual([]);
  }, 60_000);

  it("the run's controller died (the agent stopped mid-run, no reply): resumed for the cycles left, the report counts both parts", async () => {
    const CYCLES = 12;
    await conn.agents.createAgent({ agentId: "lost-run", goals: [GOAL] });
    // The call gives up early and the controller stops the run after its current cycle, as one that dies leaves it: stopped before its limit, no reply.
    // The call allows 60 ms, a few cycles at most, against a limit of 12 (the goal gives up after about 20), so the run is cut short.
    const first = async () => {
      await conn.agents.run({ agentId: "lost-run", maxCycles: CYCLES }, { timeoutMs: 60 }).catch(() => undefined);
      return never();
    };
    const asked: number[] = [];
    const resume = async (maxCycles: number) => (asked.push(maxCycles), (await conn.agents.resume({ agentId: "lost-run", maxCycles })).report);
    const report = await followRun(conn, progress, options("lost-run", CYCLES), { first, resume }, same);
    expect(asked, `resumes asked; report: ${JSON.stringify({ stop: report?.stopReason, cycles: report?.cyclesRun, message: report?.message, finalStop: progress.finalStop })}`).toHaveLength(1);
    const before = CYCLES - asked[0]!;
    expect(said).toEqual([`the run of agent lost-run stopped at cycle ${before} without a reply (its controller restarted, or the reply was lost); resuming it (${asked[0]} ${asked[0] === 1 ? "cycle" : "cycles"} left)`]);
    expect(Number(report?.cyclesRun), `${report?.stopReason} ${report?.message}`).toBe(CYCLES);
    expect(Number(report?.finalCycle)).toBe(CYCLES);
    expect(report?.stopReason).toBe(StopReason.MAX_CYCLES);
  }, 60_000);

  it("the first call refused because another caller's run holds the agent: the error, as before (not that run's summary)", async () => {
    await conn.agents.createAgent({ agentId: "busy", goals: [GOAL] });
    await conn.agents.run({ agentId: "busy", maxCycles: 5, detach: true });
    const first = async () => (await conn.agents.run({ agentId: "busy", maxCycles: 2 })).report;
    const err = await followRun(conn, progress, options("busy", 2), { first, resume: never }, same).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((err as Error).message).toMatch(/agent busy is already running/);
  }, 60_000);

  it("no controller answers within the bound: RunLostError naming the time and the commands to look and resume", async () => {
    await conn.agents.createAgent({ agentId: "gone", goals: [GOAL] });
    const following = followRun(conn, progress, options("gone", 4, 500), { first: never, resume: never }, same);
    following.catch(() => {});
    await stack!.stop();
    stack = undefined;
    const started = Date.now();
    const err = await following.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(err).toBeInstanceOf(RunLostError);
    expect((err as Error).message).toBe(
      "the controller has not answered for 0.5 s (stopped, restarting, or NATS unreachable): agent gone's run is lost to this command. Its session is stored: once the controller is back, look with `boyd agent --nats nats://x --agent gone goals` and go on with `boyd agent --nats nats://x --agent gone resume`",
    );
  }, 60_000);
});

describe("agent run --reattach-timeout and the resume command named in errors", () => {
  it("--reattach-timeout - seconds (fractions too) to ms; zero, negative or not a number is a usage error naming the flag, exit 2", async () => {
    expect(positiveSeconds("30")).toBe(30_000);
    expect(positiveSeconds("2.5")).toBe(2_500);
    for (const bad of ["0", "-1", "soon", "", "1e9"]) expect(() => positiveSeconds(bad), bad).toThrow(/expected a number of seconds above 0/);
    const r = await runBoyd(["agent", "run", "--goals", "x", "--reattach-timeout", "0"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("option '--reattach-timeout <seconds>' argument '0' is invalid");
  }, 60_000);

  it("resumeCommand - the NATS URL without its credentials, nothing that moves the cursor", () => {
    expect(resumeCommand("nats://alice:s3cret@nats.example:4222", "a1")).toBe("boyd agent --nats nats://nats.example:4222 --agent a1 resume");
    expect(resumeCommand("nats://127.0.0.1:4222", "default")).toBe("boyd agent --nats nats://127.0.0.1:4222 --agent default resume");
    expect(resumeCommand("not a url\u001b[2K", "x")).not.toContain("\u001b");
  });
});
