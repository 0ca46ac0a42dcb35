import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBoyd, startBoyd, type RunningBoyd } from "./boyd-process.js";

const SOLAR = fileURLToPath(new URL("../../../examples/solar-system.csv", import.meta.url));
const MARS = "Find the moons that orbit Mars => phobos, deimos";

describe("boyd up --nats, agent --nats, events", () => {
  let nats: NatsServer;
  let up: RunningBoyd;
  let dir: string;

  beforeAll(async () => {
    nats = await startNats();
    dir = mkdtempSync(join(tmpdir(), "boyd-events-"));
    up = startBoyd(["up", "--data-dir", join(dir, ".boyd"), "--nats", nats.url, "--grpc", "127.0.0.1:0"]);
    await up.waitFor(/^Ctrl-C to stop$/m, { timeoutMs: 30_000 });
  }, 40_000);

  afterAll(async () => {
    expect(await up?.stop("SIGTERM")).toBe(0);
    await nats?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it("agent run --nats - runs on the deployment; events --from-seq replays its cycle, then follows live events", async () => {
    const run = await runBoyd(["agent", "--nats", nats.url, "run", "--kb", SOLAR, "--goals", MARS]);
    expect(run.code, run.stderr + up.stderr()).toBe(0);
    expect(run.stderr).toContain(`agent default created on ${nats.url}`);
    expect(run.stdout).toMatch(/^ {2}✓ completed +goal:Find the moons that orbit Mars\n +answer: deimos, phobos\n +proof: phobos orbits mars /m);

    const replay = await runBoyd(["events", "--nats", nats.url, "--agent", "default", "--from-seq", "1", "--limit", "4"]);
    expect(replay.code, replay.stderr).toBe(0);
    const lines = replay.stdout.trim().split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^#1 \d\d:\d\d:\d\d\.\d{3} default c0 goal\.changed +goal:Find the moons that orbit Mars created: … active \(added\)$/);
    expect(lines[1]).toMatch(/^#2 \S+ default c1 cycle\.started +active: goal:Find the moons that orbit Mars$/);

    const finished = await runBoyd(["events", "--nats", nats.url, "--from-seq", "1", "--kind", "cycle.finished", "--json", "--limit", "1"]);
    const event = JSON.parse(finished.stdout) as { seq: number; agentId: string; cycle: number; cycleFinished: { toolName: string; stopReason: string; phaseMs: Record<string, string> } };
    expect(event).toMatchObject({ agentId: "default", cycle: 1, cycleFinished: { stopReason: "STOP_REASON_ALL_GOALS_DONE" } });
    expect(Object.keys(event.cycleFinished.phaseMs)).toContain("act");

    // Live: a tail started before the run sees its cycle finish.
    const tail = startBoyd(["events", "--nats", nats.url, "--agent", "live", "--kind", "cycle.finished", "--limit", "1"]);
    await tail.waitFor(/^boyd: following live \(cycle\.finished\)/m, { stream: "stderr" });
    const live = await runBoyd(["agent", "--nats", nats.url, "--agent", "live", "run", "--goals", MARS]);
    expect(live.code, live.stderr).toBe(0);
    expect(await tail.exited()).toBe(0);
    expect(tail.stdout()).toMatch(/^#\d+ \S+ live c1 cycle\.finished +kg_query executed in \d+ ms goal:Find the moons that orbit Mars e=0\.000 r=1\.00 stop: all goals done$/m);
  }, 90_000);
});
