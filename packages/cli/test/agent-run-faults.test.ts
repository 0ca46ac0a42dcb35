import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { connectNats, createClient, createEventChannel, type NatsTransport } from "@boyd/bus";
import { AgentServiceDefinition, AgentState, Event } from "@boyd/proto";
import { startNats, waitFor, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBoyd, type RunningBoyd } from "./boyd-process.js";

const SOLAR = fileURLToPath(new URL("../../../examples/solar-system.csv", import.meta.url));
// Two goals, one cycle each: a fault right after cycle 1 hits a run in progress.
const GOALS = "Find the moons that orbit Mars => phobos, deimos; Find which moons of Saturn have a subsurface ocean => enceladus, subsurface water";
// A run that is not over this long after its fault hangs.
const BOUND_MS = 60_000;

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

  run(agent: string, reattachSeconds: string): RunningBoyd {
    return startBoyd(["agent", "--nats", this.nats.url, "--agent", agent, "run", "--fresh", "--kb", SOLAR, "--max-cycles", "4", "--reattach-timeout", reattachSeconds, "--goals", GOALS]);
  }
}

/**
 * Resolves once `fault` has been done, from the event handler itself, the
 * moment the agent's cycle 1 finishes: a poll would let the next cycle get
 * far (or the run end) first.
 */
async function afterCycleOne(transport: NatsTransport, agentId: string, fault: () => Promise<unknown>): Promise<void> {
  let done: Promise<unknown> | undefined;
  const fired = new Promise<void>((resolve) => {
    const sub = createEventChannel({ transport, codec: Event }).subscribe({ agentId }, (e) => {
      if (done || e.kind?.$case !== "cycleFinished" || Number(e.cycle) !== 1) return;
      done = fault();
      void sub.drain();
      resolve();
    });
  });
  await transport.flush();
  await fired;
  await done;
}

/** The run's exit code, or a failure naming what it printed if it is still going after `ms`. */
async function ended(run: RunningBoyd, ms = BOUND_MS): Promise<number | null> {
  const code = await Promise.race([run.exited(), new Promise<"hung">((r) => setTimeout(() => r("hung"), ms))]);
  if (code === "hung") throw new Error(`agent run still going ${ms} ms after the fault (a caller would wait forever):\n${run.stdout()}\n${run.stderr()}`);
  return code;
}

/** The summary of a run that completed both goals. */
function expectBothCompleted(run: RunningBoyd): void {
  expect(run.stdout()).toMatch(/^ {2}✓ completed +goal:Find the moons that orbit Mars$/m);
  expect(run.stdout()).toMatch(/^ {2}✓ completed +goal:Find which moons of Saturn have a subsur$/m);
  expect(run.stdout()).toMatch(/^cycles: \d+ run, last cycle \d+; stopped: all goals done/m);
}

describe("boyd agent run --nats - a fault during the run", () => {
  let dir: string;
  let deployment: Deployment;
  let watcher: NatsTransport;
  const runs: RunningBoyd[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "boyd-faults-"));
    deployment = new Deployment(await startNats(), join(dir, ".boyd"));
    await deployment.startUp();
    watcher = await connectNats({ servers: deployment.nats.url, name: "faults-test" });
  }, 90_000);

  afterAll(async () => {
    for (const r of runs) {
      r.child.kill("SIGCONT");
      await r.stop("SIGKILL");
    }
    await watcher?.close();
    await deployment?.up?.stop("SIGTERM");
    await deployment?.nats.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  // The reply goes to an inbox nobody listens on when the controller is back on a
  // restarted nats-server before the caller is: the CLI is held (SIGSTOP) until
  // the run is over, so it comes back after the reply and the last events.
  it("nats-server killed and started again, the CLI back on it only after the run ended: the lost reply is made up for, summary and exit 0", async () => {
    const run = deployment.run("through-nats", "60");
    runs.push(run);
    await afterCycleOne(watcher, "through-nats", async () => {
      run.child.kill("SIGSTOP");
      await deployment.nats.kill();
      await deployment.nats.restart();
    });
    const agents = createClient(watcher, AgentServiceDefinition, { timeoutMs: 5_000 });
    await waitFor(
      async () => {
        const info = (await agents.getAgent({ agentId: "through-nats" }).catch(() => undefined))?.agent;
        return !!info && info.state !== AgentState.RUNNING && Number(info.cycleCount) >= 2;
      },
      60_000,
      () => "the run did not end on the deployment",
      200,
    );
    run.child.kill("SIGCONT");
    const code = await ended(run);
    expect(code, `${run.stdout()}\n${run.stderr()}`).toBe(0);
    expectBothCompleted(run);
  }, 150_000);

  it("controller killed (SIGKILL) after cycle 1 and started again: the run resumes and ends with the summary, exit 0", async () => {
    const run = deployment.run("through-restart", "60");
    runs.push(run);
    await afterCycleOne(watcher, "through-restart", () => deployment.up.stop("SIGKILL"));
    await deployment.startUp();
    const code = await ended(run);
    expect(code, `${run.stdout()}\n${run.stderr()}`).toBe(0);
    expect(run.stderr()).toMatch(/^boyd: the run of agent through-restart stopped at cycle \d+ without a reply \(its controller restarted, or the reply was lost\); resuming it \(\d+ cycles? left\)$/m);
    expectBothCompleted(run);
  }, 180_000);

  it("controller killed for good after cycle 1: a clear error within the bound naming the resume command, exit 3", async () => {
    const run = deployment.run("orphan", "3");
    runs.push(run);
    let killedAt = 0;
    await afterCycleOne(watcher, "orphan", async () => {
      await deployment.up.stop("SIGKILL");
      killedAt = Date.now();
    });
    const code = await ended(run, 30_000);
    expect(Date.now() - killedAt).toBeLessThan(15_000);
    expect(code, `${run.stdout()}\n${run.stderr()}`).toBe(3);
    expect(run.stderr()).toMatch(/^boyd: the controller has not answered for 3 s \(stopped, restarting, or NATS unreachable\)/m);
    expect(run.stderr()).toContain(`\`boyd agent --nats ${deployment.nats.url} --agent orphan resume\``);
  }, 60_000);
});
