import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBoyd, startBoyd, type BoydResult, type RunningBoyd } from "./boyd-process.js";

// The contract of the global --json and -q/--quiet, command family by command family:
// --json: stdout is exactly one JSON document (events: one JSON object per line), nothing else;
// -q: stderr is empty on success, stdout holds the result alone; errors stay on stderr, non-zero,
// and with --json they are one {"error": {...}} object.

const ANIMALS = fileURLToPath(new URL("../../../examples/animals.csv", import.meta.url));
const SOLAR = fileURLToPath(new URL("../../../examples/solar-system.csv", import.meta.url));
const MARS = "Find the moons that orbit Mars => phobos, deimos";

/** The whole of stdout parsed as one JSON document (it throws on anything else there). */
function jsonDocument<T = unknown>(r: BoydResult): T {
  expect(r.stdout.trim(), r.stderr).not.toBe("");
  return JSON.parse(r.stdout) as T;
}

/** Succeeded with -q: a result on stdout, not a word on stderr. */
function quietResult(r: BoydResult): string {
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toBe("");
  expect(r.stdout.trim()).not.toBe("");
  return r.stdout;
}

/** A failure under --json: nothing on stdout, exactly one JSON error object on stderr. */
function jsonError(r: BoydResult): { code: string; message: string; exitCode: number } {
  expect(r.code).not.toBe(0);
  expect(r.stdout).toBe("");
  const lines = r.stderr.trim().split("\n");
  expect(lines, r.stderr).toHaveLength(1);
  const { error } = JSON.parse(lines[0]!) as { error: { code: string; message: string; exitCode: number } };
  expect(error.exitCode).toBe(r.code);
  return error;
}

describe("--json and -q: kg, decide, act, think (embedded)", () => {
  let dir: string;
  const kg = (...args: string[]) => runBoyd(["kg", "--data-dir", join(dir, ".boyd"), ...args]);
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), "boyd-output-"))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("kg ingest, query, activate, infer, mine: one JSON document each; -q leaves the result alone", async () => {
    // The flags before the command and after it mean the same.
    const ingested = jsonDocument<{ file: string; triples: number }>(await runBoyd(["--json", "kg", "--data-dir", join(dir, ".boyd"), "ingest", ANIMALS]));
    expect(ingested).toMatchObject({ file: ANIMALS, triples: 43 });
    expect(quietResult(await runBoyd(["-q", "kg", "--data-dir", join(dir, ".boyd"), "ingest", ANIMALS]))).toMatch(/animals\.csv: 43 triples from 44 lines/);

    const query = jsonDocument<Array<{ subject: string; predicate: string; object: string }>>(await kg("query", "-s", "dog", "--json"));
    expect(query).toContainEqual(expect.objectContaining({ subject: "dog", predicate: "is-a", object: "mammal" }));
    expect(quietResult(await kg("query", "-s", "dog", "--quiet"))).toContain("dog\tis-a\tmammal");

    const activated = jsonDocument<Array<{ symbol: string; activation: number }>>(await kg("activate", "dog", "--json"));
    expect(activated.map((a) => a.symbol)).toContain("mammal");

    const inferred = jsonDocument<{ mode: string; stored: boolean; facts: unknown[] }>(await kg("infer", "--dry-run", "--json"));
    expect(inferred).toMatchObject({ mode: "forward", stored: false });

    const mined = jsonDocument<{ rules: unknown[]; saved: boolean }>(await kg("mine", "--json"));
    expect(mined.saved).toBe(false);
    // mine's count is a note on stderr: -q drops it.
    expect((await kg("mine")).stderr).toMatch(/^boyd: \d+ rules from \d+ facts/m);
    quietResult(await kg("mine", "-q"));
  }, 60_000);

  it("decide, act tools, act run, think: one JSON document each; -q leaves the result alone", async () => {
    const data = join(dir, ".boyd");
    const decided = jsonDocument<{ decision: { call: { toolName: string } } }>(await runBoyd(["decide", "what is a dog", "--data-dir", data, "--json"]));
    expect(decided.decision.call.toolName).not.toBe("");
    quietResult(await runBoyd(["-q", "decide", "what is a dog", "--data-dir", data]));

    const tools = jsonDocument<Array<{ name: string }>>(await runBoyd(["act", "--data-dir", data, "tools", "--json"]));
    expect(tools.map((t) => t.name)).toContain("file_io");
    const acted = await runBoyd(["act", "--data-dir", data, "run", "file_io", '{"action":"write","path":"a.md","content":"x"}', "--mode", "yolo", "--json"]);
    expect(acted.code, acted.stderr).toBe(0);
    expect(jsonDocument<{ outcome: string }>(acted).outcome).toBe("ACTION_OUTCOME_EXECUTED");

    const thought = jsonDocument<{ state: string; iterations: unknown[] }>(await runBoyd(["think", "what is a dog", "--data-dir", data, "--max-iterations", "2", "--json"]));
    expect(["CONVERGED", "STALLED", "CAPPED"]).toContain(thought.state);
    // Without -q think prints an iteration line per step; with it, only the summary.
    const plain = await runBoyd(["think", "what is a dog", "--data-dir", data, "--max-iterations", "2"]);
    const quiet = quietResult(await runBoyd(["think", "what is a dog", "--data-dir", data, "--max-iterations", "2", "-q"]));
    expect(quiet.split("\n").length).toBeLessThan(plain.stdout.split("\n").length);
  }, 90_000);

  it("errors: with --json one {error} object on stderr and nothing on stdout, in every position of the flag", async () => {
    expect(jsonError(await kg("ingest", join(dir, "missing.csv"), "--json"))).toMatchObject({ code: "USAGE", exitCode: 2 });
    expect(jsonError(await runBoyd(["--json", "kg", "query", "--bogus"]))).toMatchObject({ code: "USAGE", message: "unknown option '--bogus'" });
    expect(jsonError(await runBoyd(["decide", "x", "--priority", "999", "--json"])).message).toContain("expected an integer from 0 to 255");
    // Without --json the same error is one human line, and -q does not hide it.
    const plain = await kg("ingest", join(dir, "missing.csv"), "-q");
    expect(plain.code).toBe(2);
    expect(plain.stderr).toMatch(/^boyd: .*missing\.csv: cannot read/);
  }, 30_000);

  it("commands with no JSON form (repl, completion, demo bus, approvals) refuse --json with a usage error", async () => {
    for (const args of [["agent", "--data-dir", join(dir, ".boyd"), "repl"], ["completion", "bash"], ["demo", "bus"], ["approvals", "--nats", "nats://127.0.0.1:1"]]) {
      const r = await runBoyd([...args, "--json"]);
      expect(r.code, args.join(" ")).toBe(2);
      expect(jsonError(r).message).toMatch(/^--json: /);
    }
  }, 30_000);

  it("--version: the version, with --json (before or after) as a JSON document", async () => {
    const text = await runBoyd(["--version"]);
    expect(text.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    for (const args of [["--json", "--version"], ["--version", "--json"]]) {
      const r = await runBoyd(args);
      expect(r.code).toBe(0);
      expect(jsonDocument(r)).toEqual({ version: text.stdout.trim() });
    }
  });

  it("--help of every command ends with the global flags and the exit codes", async () => {
    for (const args of [[], ["agent", "run"], ["kg", "ingest"], ["events"]]) {
      const r = await runBoyd([...args, "--help"]);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("Global options (before or after the command): --json");
      expect(r.stdout).toContain("130 stopped by Ctrl-C");
    }
  }, 30_000);
});

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
