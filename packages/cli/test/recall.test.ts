// `boyd agent recall` end to end: a run creates the agent, its memory is
// given episodes and facts the way a run leaves them (long tool output that
// mentions a word once), then the CLI searches them.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { CallContext } from "@boyd/bus";
import { createMemoryHandlers, openFileStore } from "@boyd/memory";
import { ConsolidationTrigger, Fact, WorkingMemoryKind } from "@boyd/proto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBoyd } from "./boyd-process.js";

const SOLAR = fileURLToPath(new URL("../../../examples/solar-system.csv", import.meta.url));
const STAFF_FILE =
  "file_io output: name,role,salary,start alice,engineer,85000,2019-03-01 bob,designer,72000,2020-06-15 carol,manager,99000,2018-01-10 dave,engineer,81000,2021-09-30 erin,analyst,64000,2022-02-01";
const DECISION =
  'Decide: tool=file_io, goal="Summarise the staff table in staff.csv and the salary bands", because it scores highest of 6 candidates; runner-up library_search 0.451. [score=0.46: base=0.46]';
const FACT = "The yearly salary review for all staff happens every March, run by the finance team.";
// A whole file read by file_io: "salary" once, in the header of 40 rows.
const TABLE = `EXECUTED: file_io output: id,name,department,title,salary_eur,hired,office\n${Array.from({ length: 40 }, (_, i) => `${i + 1},person ${i + 1},dept ${i % 5},title ${i % 7},${50_000 + 1_000 * i},2019-0${1 + (i % 9)}-1${i % 10},office ${i % 3}`).join("\n")}`;

describe("boyd agent recall", () => {
  let dir: string;
  const agent = (...args: string[]) => runBoyd(["agent", "--data-dir", join(dir, ".boyd"), ...args]);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "boyd-recall-"));
    const run = await agent("run", "--fresh", "--kb", SOLAR, "--goals", "Find the moons that orbit Mars => phobos, deimos", "--max-cycles", "4");
    expect(run.code, run.stderr).toBe(0);
    // What a later run on a payroll file would leave behind, written with the memory service's own handlers.
    const store = await openFileStore({ dir: join(dir, ".boyd", "memory") });
    try {
      const memory = createMemoryHandlers(store);
      const ctx = {} as CallContext;
      const entries = [STAFF_FILE, DECISION, "note: \u001b[2Jsalary bands were cleared"].map((content) => ({
        id: 0, content, symbols: ["goal:payroll"], kind: WorkingMemoryKind.OBSERVATION, timestampUnixMs: 0, relevance: 0.9, sourceCycle: 10, referenceCount: 0, accessCycles: [], toolName: "file_io",
      }));
      await memory.remember({ afterPosition: 0, includeRules: false, session: undefined, provenance: [], save: undefined, agentId: "default", cycle: 10, touchIds: [], entries }, ctx);
      await memory.consolidate({ agentId: "default", cycle: 11, trigger: ConsolidationTrigger.MANUAL, goalIds: ["goal:payroll"], config: undefined }, ctx);
      await memory.recordFacts({ agentId: "default", facts: [FACT, TABLE].map((content) => Fact.fromPartial({ agentId: "default", content, source: "tool:file_io", cycle: 10 })) }, ctx);
    } finally {
      await store.close();
    }
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("recall - --query salary finds the episodes and the facts that mention salary (a long file too), nothing about Mars", async () => {
    const r = await agent("recall", "--query", "salary");
    expect(r.code, r.stderr).toBe(0);
    const [episodes, facts] = r.stdout.split(/^facts:$/m);
    expect(episodes).toContain(STAFF_FILE);
    expect(episodes).toContain(DECISION);
    expect(episodes).not.toMatch(/Mars/i);
    expect(facts).toMatch(new RegExp(`^\\d\\. 0\\.\\d{3} {2}${FACT}  \\(tool:file_io, cycle 10\\)$`, "m"));
    // The table, on one line and cut to 300 characters.
    expect(facts).toMatch(/^\d\. 0\.\d{3} {2}EXECUTED: file_io output: id,name,department,title,salary_eur,hired,office 1,person 1,.{200,}… {2}\(tool:file_io, cycle 10\)$/m);
    // Text from memory is printed, never obeyed: the escape sequence is shown.
    expect(r.stdout).not.toContain("\u001b");
    expect(r.stdout).toContain("note: \\x1b[2Jsalary bands were cleared");
  });

  it("recall - of episodes sharing the query's words, the one closest to the query ranks first", async () => {
    const r = await agent("recall", "--query", "salary of each engineer", "--top-k", "2");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^1\\. 0\\.\\d{3} {2}${STAFF_FILE.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}  \\[goal:payroll\\]`, "m"));
    expect(r.stdout).not.toMatch(/^3\./m);
  });

  it("recall - --json gives the episodes and the facts with their scores; a query matching nothing says so", async () => {
    const r = await agent("recall", "--query", "salary", "--json");
    expect(r.code, r.stderr).toBe(0);
    const json = JSON.parse(r.stdout) as { episodes: Array<{ summary: string }>; facts: Array<{ content: string }>; factScores: Array<{ wordMatch: number }> };
    expect(json.episodes.map((e) => e.summary)).toContain(STAFF_FILE);
    expect(json.facts.map((f) => f.content).sort()).toEqual([FACT, TABLE].sort());
    expect(json.factScores.map((s) => s.wordMatch)).toEqual([1, 1]);
    const none = await agent("recall", "--query", "quantum chromodynamics");
    expect(none.code, none.stderr).toBe(0);
    expect(none.stdout.trim()).toBe('nothing recalled for "quantum chromodynamics"');
  });
});
