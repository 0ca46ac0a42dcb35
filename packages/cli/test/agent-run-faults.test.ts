import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBoyd, type RunningBoyd } from "./boyd-process.js";

// The goal states a fact: the run stops to ask for the plan's confirmation,
// then for the write's approval. Those waits are where each fault strikes,
// so it hits a run in progress every time, whatever the machine's speed.
const GOAL = "Note that a whale eats plankton";
const CONFIRM = /\[Question\] Confirm the plan/g;
const APPROVE = /\[Approval required\] kg_mutate/g;
// How long `agent run` may wait for a controller that stopped answering.
const REATTACH_S = "20";
// A run that is not over this long after its fault hangs.
const BOUND_MS = 40_000;

/**
 * One nats-server and one `boyd up --nats` on a data directory, which the
 * tests kill and start again the way a supervisor restarts a crashed
 * controller (same data, same NATS).
 */
class Deployment {
  up!: RunningBoyd;
  constructor(
    readonly nats: NatsServer,
    readonly dataDir: string,
  ) {}

  async startUp(): Promise<void> {
    this.up = startBoyd(["up", "--nats", this.nats.url, "--data-dir", this.dataDir, "--grpc", "127.0.0.1:0"]);
    await this.up.waitFor(/^Ctrl-C to stop$/m, { timeoutMs: 60_000 });
  }

  run(agent: string, ...extra: string[]): RunningBoyd {
    return startBoyd(["agent", "--nats", this.nats.url, "--agent", agent, "run", "--fresh", "--max-cycles", "4", "--reattach-timeout", REATTACH_S, ...extra, "--goals", GOAL], { stdin: "pipe" });
  }
}

/** Waits until `pattern` has matched `count` times on the run's stderr. */
async function prompted(run: RunningBoyd, pattern: RegExp, count: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while ((run.stderr().match(pattern) ?? []).length < count) {
    if (Date.now() > deadline) throw new Error(`the run did not show ${pattern} ${count} time(s):\n${run.stdout()}\n${run.stderr()}`);
    if (run.child.exitCode !== null) throw new Error(`the run exited (${run.child.exitCode}) before showing ${pattern}:\n${run.stdout()}\n${run.stderr()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The run's exit code, or a failure naming what it printed if it is still going after `ms`. */
async function ended(run: RunningBoyd, ms = BOUND_MS): Promise<number | null> {
  const code = await Promise.race([run.exited(), new Promise<"hung">((r) => setTimeout(() => r("hung"), ms))]);
  if (code === "hung") throw new Error(`agent run still going ${ms} ms after the fault (a caller would wait forever):\n${run.stdout()}\n${run.stderr()}`);
  return code;
}

/** Confirms the plan and approves the write: the goal completes. */
async function approveAll(run: RunningBoyd, confirmsBefore: number): Promise<void> {
  await prompted(run, CONFIRM, confirmsBefore + 1);
  run.child.stdin!.write("yes\n");
  await prompted(run, APPROVE, 1);
  run.child.stdin!.write("y\n");
}

describe("boyd agent run --nats - a fault during the run", () => {
  let dir: string;
  let deployment: Deployment;
  const runs: RunningBoyd[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "boyd-faults-"));
    deployment = new Deployment(await startNats(), join(dir, ".boyd"));
    await deployment.startUp();
  }, 90_000);

  afterAll(async () => {
    for (const r of runs) {
      r.child.stdin?.end();
      await r.stop("SIGKILL");
    }
    await deployment?.up?.stop("SIGTERM");
    await deployment?.nats.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it("nats-server killed and started again while the run waits: the summary arrives, exit 0", async () => {
    const run = deployment.run("through-nats");
    runs.push(run);
    await prompted(run, CONFIRM, 1);
    await deployment.nats.kill();
    await deployment.nats.restart();
    // Whatever the prompt was, the run goes on: a question asked again after the outage is answered too.
    await approveAll(run, (run.stderr().match(CONFIRM) ?? []).length - 1);
    const code = await ended(run);
    expect(code, run.stderr()).toBe(0);
    expect(run.stdout()).toMatch(/^ {2}✓ completed +goal:Note that a whale eats plankton$/m);
    expect(run.stdout()).toMatch(/^cycles: \d+ run, last cycle \d+; stopped: all goals done$/m);
  }, 150_000);

  it("controller killed (SIGKILL) and restarted while the run waits: the run resumes and ends with the summary, exit 0", async () => {
    const run = deployment.run("through-restart");
    runs.push(run);
    await prompted(run, CONFIRM, 1);
    await deployment.up.stop("SIGKILL");
    await deployment.startUp();
    // The restarted controller asks to confirm the plan again: the question died with the old one.
    await approveAll(run, 1);
    const code = await ended(run);
    expect(code, run.stderr()).toBe(0);
    expect(run.stderr()).toMatch(/^boyd: the run of agent through-restart was lost .*; resuming it \(\d+ cycles? left\)$/m);
    expect(run.stdout()).toMatch(/^ {2}✓ completed +goal:Note that a whale eats plankton$/m);
    expect(run.stdout()).toMatch(/^cycles: \d+ run, last cycle \d+; stopped: all goals done$/m);
  }, 180_000);

  it("controller killed for good: a clear error within the bound naming the resume command, exit non-zero", async () => {
    const run = deployment.run("orphan", "--reattach-timeout", "3");
    runs.push(run);
    await prompted(run, CONFIRM, 1);
    await deployment.up.stop("SIGKILL");
    const killedAt = Date.now();
    const code = await ended(run, 20_000);
    expect(Date.now() - killedAt).toBeLessThan(15_000);
    expect(code).toBe(3);
    expect(run.stderr()).toMatch(/^boyd: the controller has not answered for 3 s/m);
    expect(run.stderr()).toContain(`boyd agent --nats ${deployment.nats.url} --agent orphan resume`);
  }, 60_000);
});
