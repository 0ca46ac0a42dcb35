import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBoyd, startBoyd, type RunningBoyd } from "./boyd-process.js";
import { jsonDocument, quietResult } from "./output-contract.js";

// --json and -q (see output-contract.ts) on the agent commands, embedded and over NATS, up and events.

const SOLAR = fileURLToPath(new URL("../../../examples/solar-system.csv", import.meta.url));
const MARS = "Find the moons that orbit Mars => phobos, deimos";

describe("--json and -q: agent (embedded)", () => {
  let dir: string;
  const agent = (...args: string[]) => runBoyd(["agent", "--data-dir", join(dir, ".boyd"), ...args]);
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), "boyd-output-agent-"))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("agent run: --json is one document with the cycles in it; -q prints the summary alone (no cycle lines, no notes)", async () => {
    const run = await agent("run", "--fresh", "--kb", SOLAR, "--goals", MARS, "--json");
    expect(run.code, run.stderr).toBe(0);
    const doc = jsonDocument<{ cycles: unknown[]; summary: { goals: Array<{ status: string }> } }>(run);
    expect(doc.cycles.length).toBeGreaterThan(0);
    expect(doc.summary.goals[0]!.status).toBe("COMPLETED");
    // The notes (what was loaded, where it runs) are on stderr, not mixed into the document.
    expect(run.stderr).toContain("boyd: agent default created on embedded");

    const quiet = quietResult(await agent("run", "--fresh", "--kb", SOLAR, "--goals", MARS, "-q"));
    expect(quiet).not.toMatch(/^#1 /m);
    expect(quiet).toMatch(/^ {2}✓ completed +goal:Find the moons that orbit Mars$/m);
  }, 60_000);

  it("agent goals, add-goal, plan, recall, rules, config, cycle, reflect, consolidate: one JSON document each", async () => {
    const json = async (...args: string[]) => {
      const r = await agent(...args, "--json");
      expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(0);
      return jsonDocument<Record<string, unknown>>(r);
    };
    expect(await json("add-goal", "Find what orbits Neptune => triton")).toEqual([expect.objectContaining({ symbolId: "goal:Find what orbits Neptune" })]);
    expect(await json("goals")).toEqual(expect.arrayContaining([expect.objectContaining({ symbolId: "goal:Find what orbits Neptune" })]));
    expect(await json("plan")).toHaveProperty("steps");
    expect(await json("recall", "--query", "moons of mars")).toHaveProperty("facts");
    expect(Array.isArray(await json("rules"))).toBe(true);
    expect(Array.isArray(await json("config"))).toBe(true);
    expect(await json("cycle")).toHaveProperty("cycle");
    expect(await json("reflect", "--dry-run")).toBeTypeOf("object");
    expect(await json("consolidate")).toHaveProperty("episodes");
    // -q before the command: the goals listing alone.
    expect(quietResult(await runBoyd(["-q", "agent", "--data-dir", join(dir, ".boyd"), "goals"]))).toContain("goal:Find what orbits Neptune");
  }, 90_000);
});

describe("--json and -q over NATS: up, agent --nats, events (JSON lines)", () => {
  let nats: NatsServer;
  let up: RunningBoyd;
  let dir: string;
  beforeAll(async () => {
    nats = await startNats();
    dir = mkdtempSync(join(tmpdir(), "boyd-output-nats-"));
    up = startBoyd(["up", "--json", "--data-dir", join(dir, ".boyd"), "--nats", nats.url, "--grpc", "127.0.0.1:0"]);
    await up.waitFor(/^}$/m, { timeoutMs: 60_000 });
  }, 90_000);
  afterAll(async () => {
    expect(await up?.stop("SIGTERM")).toBe(0);
    await nats?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it("up --json: one JSON document saying where it serves, its notes on stderr", () => {
    const ready = JSON.parse(up.stdout()) as { grpc: string; bus: string; nats: string };
    expect(ready).toMatchObject({ bus: "nats", nats: nats.url });
    expect(ready.grpc).toMatch(/^127\.0\.0\.1:\d+$/);
  });

  it("agent --nats run -q: the summary alone; events --json: one JSON object per line, nothing else", async () => {
    const run = await runBoyd(["agent", "--nats", nats.url, "run", "--kb", SOLAR, "--goals", MARS, "-q"]);
    expect(quietResult(run)).toMatch(/^ {2}✓ completed +goal:Find the moons that orbit Mars$/m);
    const events = await runBoyd(["events", "--nats", nats.url, "--from-seq", "1", "--limit", "3", "--json", "-q"]);
    expect(events.code, events.stderr).toBe(0);
    expect(events.stderr).toBe("");
    const lines = events.stdout.trim().split("\n").map((l) => JSON.parse(l) as { seq: number; agentId: string });
    expect(lines.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(lines.every((e) => e.agentId === "default")).toBe(true);
  }, 60_000);
});
