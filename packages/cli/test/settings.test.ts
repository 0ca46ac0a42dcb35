import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBoyd } from "./boyd-process.js";

const ANIMALS = fileURLToPath(new URL("../../../examples/animals.csv", import.meta.url));
const EXAMPLE = fileURLToPath(new URL("../../../examples/agent-settings.yaml", import.meta.url));
// A goal the animals cannot satisfy: the run goes on until a limit stops it.
const FISH = "Find out whether a dog is a fish => fish";

/** A command of each group (subcommands inherit the group's error handling from the program). */
const COMMANDS = [["think"], ["act", "tools"], ["approvals", "--nats", "nats://127.0.0.1:1"], ["agent", "run", "--goals", "x"], ["agent", "config"], ["kg", "query"], ["decide"], ["up"], ["events", "--nats", "nats://127.0.0.1:1"], ["demo", "bus"]];

describe("boyd: usage mistakes", () => {
  it("a bad flag exits 2 in every command, naming the flag", async () => {
    const results = await Promise.all(COMMANDS.map(async (words) => ({ words, r: await runBoyd([...words, "--bogus-flag"]) })));
    for (const { words, r } of results) {
      expect(r.code, `boyd ${words.join(" ")} --bogus-flag: ${r.stderr}`).toBe(2);
      expect(r.stderr, words.join(" ")).toContain("unknown option '--bogus-flag'");
    }
  }, 120_000);
});

describe("boyd agent: the settings file", () => {
  let dir: string;
  const agent = (data: string, ...args: string[]) => runBoyd(["agent", "--data-dir", join(dir, data), ...args]);
  const file = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "boyd-settings-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("a bad settings file exits 2 naming file:line: field, and no agent is made", async () => {
    const bad = file("bad.yaml", "iteration_budget: 2\nreflection:\n  reflect_every: 3\napproval_mode: reckless\n");
    const r = await agent("bad", "run", "--config", bad, "--kb", ANIMALS, "--goals", FISH);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`${bad}:3: reflection.reflect_every: not a setting (a typo?)`);
    expect(r.stderr).toMatch(new RegExp(`${bad.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:4: approval_mode: Invalid enum value`));
    expect(r.stdout).toBe("");
    const json = await agent("bad", "run", "--config", file("bad.json", '{\n  "working_memory_capacity": 0\n}\n'), "--goals", FISH);
    expect(json.code).toBe(2);
    expect(json.stderr).toContain("bad.json:2: working_memory_capacity: Number must be greater than or equal to 1");
    const missing = await agent("bad", "run", "--config", join(dir, "none.yaml"), "--goals", FISH);
    expect([missing.code, missing.stderr]).toEqual([2, `boyd: --config ${join(dir, "none.yaml")}: no such file\n`]);
    // Nothing was created: the settings in force are all defaults.
    const shown = await agent("bad", "config");
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/^iteration_budget +50 tool calls a run, or the run's cycle limit when that is higher +default$/m);
    expect(shown.stdout).not.toContain("stored");
  }, 60_000);

  it("the file's iteration budget stops the run, says which limit stopped it, with the tools that used the budget", async () => {
    const low = file("low.yaml", "iteration_budget: 2\nworking_memory_capacity: 40\n");
    const r = await agent("low", "run", "--config", low, "--kb", ANIMALS, "--max-cycles", "8", "--goals", FISH, "--no-consolidate");
    expect(r.stdout).toMatch(/^cycles: 2 run, last cycle 2; stopped: iteration budget \(2 tool calls reached the iteration budget of 2 \(set in the agent's settings\) after 2 of the run's 8 cycles\)$/m);
    expect(r.stdout).toMatch(/⚠ iteration budget exceeded: 2 of 2 tool calls used, the run stops; most calls: \w+ 1, \w+ 1$/m);
    // The agent keeps its settings: `agent config` shows them and where they came from.
    const shown = await agent("low", "config");
    expect(shown.stdout).toMatch(/^working_memory_capacity +40 +agent default \(stored\)$/m);
    expect(shown.stdout).toMatch(/^max_cycles +1000 +default$/m);
  }, 60_000);

  it("flags win over the file: --iteration-budget 3 over the file's 2, and agent config says where each came from", async () => {
    const low = file("low2.yaml", "# budget\niteration_budget: 2\napproval_mode: cautious\npsyche:\n  archetypes:\n    sage: 0.8\n");
    const r = await agent("flag", "run", "--config", low, "--iteration-budget", "3", "--kb", ANIMALS, "--max-cycles", "8", "--goals", FISH, "--no-consolidate");
    expect(r.stdout).toMatch(/^cycles: 3 run, last cycle 3; stopped: iteration budget/m);
    // The file's psyche leans to the sage: the graph query's score carries its bonus, (0.8 - 0.5) * 0.15.
    expect(r.stdout.split("\n")).toContainEqual(expect.stringMatching(/^#1 .* kg_query +\[score=[\d.]+: [^\][]*archetype=\+0\.045/));
    const shown = await agent("flag", "config", "--config", low, "--iteration-budget", "3");
    expect(shown.stdout).toMatch(/^iteration_budget +3 +flag --iteration-budget$/m);
    expect(shown.stdout).toMatch(new RegExp(`^approval_mode +cautious +${low.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:3$`, "m"));
  }, 60_000);

  it("--max-cycles 55 runs 55 cycles: no hidden budget of 50 stops it, and more backtracks than decide's default of 3 work", async () => {
    const long = file("long.yaml", "reflection:\n  reflect_every_n_cycles: 0\ndefault_stall_threshold: 1000\nmax_backtrack_attempts: 10\n");
    const r = await agent("long", "run", "--config", long, "--kb", ANIMALS, "--max-cycles", "55", "--goals", FISH, "--no-consolidate");
    expect(r.stdout).toMatch(/^cycles: 55 run, last cycle 55; stopped: max cycles \(the run's limit of 55 cycles\)$/m);
    expect(r.stdout).toMatch(/⚠ iteration budget warning: 44 of 55 tool calls used \(80%\); most calls: /);
  }, 120_000);

  it("approval_mode paranoid in the file asks before even a graph read", async () => {
    const paranoid = file("paranoid.json", '{ "approval_mode": "paranoid", "iteration_budget": 1 }');
    const r = await agent("paranoid", "run", "--config", paranoid, "--kb", ANIMALS, "--max-cycles", "2", "--goals", FISH, "--no-consolidate");
    expect(r.stderr).toContain("[Approval required] kg_query");
    expect(r.stderr).toContain("paranoid mode asks before SAFE calls");
  }, 60_000);

  it("the example settings file is valid and shown line by line", async () => {
    const r = await agent("example", "config", "--config", EXAMPLE);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^psyche\.archetypes\.sage +0\.8 .*agent-settings\.yaml:\d+$/m);
    expect(r.stdout).toMatch(/^reflection\.reflect_every_n_cycles +4 .*agent-settings\.yaml:\d+$/m);
  }, 30_000);
});
