import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBoyd, startBoyd, startUpOverNats, type RunningBoyd, type UpOverNats } from "./boyd-process.js";

// A goal nothing can answer, with stalling, reflection and budgets out of the way: a run that goes on until stopped.
const ENDLESS = "Find the meaning of zorblax => quux";
const SETTINGS = "default_stall_threshold: 100000\niteration_budget: 1000000\nreflection: { reflect_every_n_cycles: 0, abandon_after_cycles: 0 }\n";
const MANY = "100000";

interface Paused {
  /** The agent's cycle where the run stopped, as printed. */
  readonly cycle: number;
  /** The resume command printed, as argv after `boyd`. */
  readonly resume: string[];
}

/** Reads the three lines the first Ctrl-C prints once the run has paused. */
function pausedLines(stderr: string): Paused {
  const where = /paused at cycle (\d+) after \d+ cycle\(s\) of this run \(CANCELLED\)/.exec(stderr);
  const resume = /^boyd: carry on with: boyd (.+)$/m.exec(stderr);
  expect(where, stderr).not.toBeNull();
  expect(resume, stderr).not.toBeNull();
  expect(stderr).toContain("boyd: goals: goal:Find the meaning of zorblax active");
  return { cycle: Number(where![1]), resume: resume![1]!.split(" ") };
}

/** Waits until the run has printed its third cycle line: it is mid-run. */
async function midRun(run: RunningBoyd): Promise<void> {
  await run.waitFor(/^#3 /m, { timeoutMs: 60_000 });
}

/** Waits until the run has asked its `n`th approval question. */
async function questions(run: RunningBoyd, n: number): Promise<void> {
  for (const deadline = Date.now() + 60_000; run.stderr().split("[Approval required]").length - 1 < n; ) {
    if (Date.now() > deadline) throw new Error(`no approval question ${n} within 60 s:\n${run.stderr()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The stored agent's cycle count, through a resume of `cycles` more cycles (its --json report). */
async function resumeFor(argv: readonly string[], cycles: number): Promise<{ finalCycle: number; cyclesRun: number }> {
  const r = await runBoyd([...argv, "--max-cycles", String(cycles), "--json"]);
  expect(r.code, r.stderr).toBe(1); // the goal is still unfinished
  const report = (JSON.parse(r.stdout) as { report: { finalCycle: string; cyclesRun: string } }).report;
  return { finalCycle: Number(report.finalCycle), cyclesRun: Number(report.cyclesRun) };
}

describe("Ctrl-C during agent run, embedded", () => {
  let dir: string;
  let settings: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "boyd-interrupt-"));
    settings = join(dir, "endless.yaml");
    writeFileSync(settings, SETTINGS);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("the first Ctrl-C pauses after the cycle in flight, says where and how to resume, exits 130; resume goes on from there", async () => {
    const data = join(dir, "one");
    const run = startBoyd(["agent", "--data-dir", data, "run", "--fresh", "--config", settings, "--max-cycles", MANY, "--goals", ENDLESS]);
    await midRun(run);
    run.child.kill("SIGINT");
    expect(await run.exited()).toBe(130);
    expect(run.stderr()).toContain("boyd: pausing agent default after its current cycle (Ctrl-C again to quit now)");
    const paused = pausedLines(run.stderr());
    expect(paused.resume).toEqual(["agent", "--data-dir", data, "--agent", "default", "resume"]);
    // The summary (the result) is still printed, its cycles those the stored agent has.
    expect(run.stdout()).toContain(`stopped: cancelled`);
    expect(run.stdout()).toContain(`last cycle ${paused.cycle};`);
    const resumed = await resumeFor(paused.resume, 2);
    expect(resumed).toEqual({ finalCycle: paused.cycle + 2, cyclesRun: 2 });
  }, 90_000);

  it("a second Ctrl-C exits at once with 130, saying the cycle in flight is lost; the stored agent keeps the cycles before it", async () => {
    // Paranoid mode asks before every tool call: cycles 1-3 are approved, cycle 4 stays in flight at its question, so the second Ctrl-C lands in it.
    const paranoid = join(dir, "paranoid.yaml");
    writeFileSync(paranoid, `approval_mode: paranoid\n${SETTINGS}`);
    const data = join(dir, "two");
    const run = startBoyd(["agent", "--data-dir", data, "run", "--fresh", "--config", paranoid, "--max-cycles", MANY, "--goals", ENDLESS], { stdin: "pipe" });
    for (let asked = 1; asked <= 3; asked++) {
      await questions(run, asked);
      run.child.stdin!.write("y\n");
    }
    await questions(run, 4);
    run.child.kill("SIGINT");
    await run.waitFor(/pausing agent default/, { stream: "stderr" });
    run.child.kill("SIGINT");
    expect(await run.exited()).toBe(130);
    expect(run.stderr()).toContain(`boyd: quitting now; the cycle in flight is lost (this process ran it); the stored agent keeps every cycle before it. Carry on with: boyd agent --data-dir ${data} --agent default resume`);
    expect(run.stderr()).not.toContain("stopped by Ctrl-C");
    const goals = await runBoyd(["agent", "--data-dir", data, "goals", "--json"]);
    expect(JSON.parse(goals.stdout)).toEqual([expect.objectContaining({ status: "GOAL_STATUS_ACTIVE", cyclesWorked: 3 })]);
    // The call left claimed at its question is reported at once as never finished, not waited for over the approval timeout (120 s).
    const resumed = await runBoyd(["agent", "--data-dir", data, "--agent", "default", "resume", "--max-cycles", "1", "--json"]);
    const [redone] = (JSON.parse(resumed.stdout) as { cycles: { cycle: number; warnings: string[] }[] }).cycles;
    expect(redone?.cycle, resumed.stderr).toBe(4);
    expect(redone?.warnings.join("\n")).toContain("never finished; it is not run twice");
  }, 90_000);

  it("agent repl: Ctrl-C during a run pauses it and gives the prompt back; resume there goes on", async () => {
    // The agent is made by a one-cycle run (the REPL has no --config), then the REPL's `resume` runs it on.
    const data = join(dir, "repl");
    expect((await runBoyd(["agent", "--data-dir", data, "run", "--fresh", "--config", settings, "--max-cycles", "1", "--goals", ENDLESS])).code).toBe(1);
    const repl = startBoyd(["agent", "--data-dir", data, "repl", "--max-cycles", MANY], { stdin: "pipe" });
    repl.child.stdin!.write("resume\n");
    await repl.waitFor(/^#4 /m, { timeoutMs: 60_000 });
    repl.child.kill("SIGINT");
    await repl.waitFor(/^boyd: carry on with: /m, { stream: "stderr" });
    repl.child.stdin!.write("g\n");
    await repl.waitFor(/criteria: quux/);
    repl.child.stdin!.end();
    expect(await repl.exited()).toBe(0);
  }, 90_000);
});

describe("Ctrl-C over NATS: agent run --nats, agent resume --nats, events", () => {
  let deployment: UpOverNats;
  let settings: string;
  let dir: string;
  beforeAll(async () => {
    deployment = await startUpOverNats("boyd-interrupt-nats-");
    dir = mkdtempSync(join(tmpdir(), "boyd-interrupt-"));
    settings = join(dir, "endless.yaml");
    writeFileSync(settings, SETTINGS);
  }, 90_000);
  afterAll(async () => {
    await deployment?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("run and resume: Ctrl-C pauses the agent on the server after its cycle, exit 130 with the resume command; the server keeps the cycles", async () => {
    const url = deployment.nats.url;
    const run = startBoyd(["agent", "--nats", url, "--agent", "far", "run", "--fresh", "--config", settings, "--max-cycles", MANY, "--goals", ENDLESS]);
    await midRun(run);
    run.child.kill("SIGINT");
    expect(await run.exited()).toBe(130);
    const paused = pausedLines(run.stderr());
    expect(paused.resume).toEqual(["agent", "--nats", url, "--agent", "far", "resume"]);

    // agent resume is interrupted the same way, and goes on from where the run stopped.
    const resume = startBoyd([...paused.resume, "--max-cycles", MANY]);
    await resume.waitFor(new RegExp(`^#${paused.cycle + 3} `, "m"), { timeoutMs: 60_000 });
    resume.child.kill("SIGINT");
    expect(await resume.exited()).toBe(130);
    const again = pausedLines(resume.stderr());
    expect(again.cycle).toBeGreaterThan(paused.cycle + 2);
    // Nothing ran on after the pause: the next resume starts at that cycle.
    expect(await resumeFor(paused.resume, 1)).toEqual({ finalCycle: again.cycle + 1, cyclesRun: 1 });
  }, 120_000);

  it("events: Ctrl-C stops following, exit 0 with a one-line note", async () => {
    const tail = startBoyd(["events", "--nats", deployment.nats.url, "--agent", "far"]);
    await tail.waitFor(/^boyd: following far/m, { stream: "stderr" });
    tail.child.kill("SIGINT");
    expect(await tail.exited()).toBe(0);
    expect(tail.stderr()).toMatch(/^boyd: stopped following after \d+ event\(s\)$/m);
  }, 30_000);
});
