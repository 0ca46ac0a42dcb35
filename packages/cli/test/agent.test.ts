import { containsInOrder } from "@boyd/testkit";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBoyd } from "./boyd-process.js";

const example = (name: string) => fileURLToPath(new URL(`../../../examples/${name}`, import.meta.url));
const SOLAR = example("solar-system.csv");
const ANIMALS = example("animals.csv");
const MARS = "Find the moons that orbit Mars => phobos, deimos";
const SATURN = "Find which moons of Saturn have a subsurface ocean => enceladus, subsurface water";

interface RunJson {
  report: { cyclesRun: string; stopReason: string; goals: Array<{ symbolId: string; status: string }> };
  cycles: Array<{ cycle: number; goalId: string; toolName: string; phaseMs: Record<string, string> }>;
  summary: { goals: Array<{ id: string; status: string; reason: string }>; derivedFacts: number; episodes: number };
}

describe("boyd agent", () => {
  let dir: string;
  const agent = (...args: string[]) => runBoyd(["agent", "--data-dir", join(dir, ".boyd"), ...args]);
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "boyd-agent-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("agent run - completes the solar-system goals: a line per cycle, then the summary", async () => {
    const r = await agent("run", "--fresh", "--kb", SOLAR, "--goals", `${MARS}; ${SATURN}`, "--max-cycles", "12");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("solar-system.csv: 43 triples from 44 lines");
    expect(r.stdout).toMatch(/^#1 +goal:Find the moons that orbit … +kg_query +\[score=0\.\d\d: base=.*\] +executed +e=0\.000 r=1\.00 +✓ completed: phobos orbits mars \(\S*solar-system\.csv:23\); deimos orbits mars \(\S*solar-system\.csv:24\)$/m);
    expect(r.stdout).toMatch(/^ {2}✓ completed +goal:Find the moons that orbit Mars\n +answer: deimos, phobos\n +proof: phobos orbits mars \(\S*solar-system\.csv:23\); deimos orbits mars \(\S*solar-system\.csv:24\)$/m);
    expect(r.stdout).toMatch(/^ {2}✓ completed +goal:Find which moons of Saturn have a subsur\n +answer: enceladus\n +proof: enceladus orbits saturn \(\S*:30\); enceladus has_ocean subsurface_water \(\S*:44\)$/m);
    expect(r.stdout).toMatch(/^cycles: 2 run, last cycle 2; stopped: all goals done$/m);
    expect(r.stdout).toMatch(/^facts: 0 derived by infer_rules, 0 asserted; graph 0 → 43 triples; 43 loaded from .*solar-system\.csv$/m);
    expect(r.stdout).toMatch(/^episodes: [1-9]\d* consolidated$/m);
    expect(r.stdout).toMatch(/^time: observe \d+ ms, orient .*; total [\d.]+ (ms|s)$/m);
  });

  it("agent run --kb takes a rules file beside the facts (as kg ingest does): the goal the rule answers completes, its proof the rule and the facts it used", async () => {
    const rulesDir = join(dir, "rules");
    const r = await runBoyd(["agent", "--data-dir", rulesDir, "run", "--fresh", "--kb", example("languages.csv"), example("languages.rules"), "--goals", "What does alice speak? => french", "--max-cycles", "6"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/languages\.rules: 1 rule from \d+ lines$/m);
    expect(r.stdout).toMatch(/^ {2}✓ completed +goal:What does alice speak\?\n +answer: french\n +proof: alice speaks french \(by \S*languages\.rules:3\); from alice grew_up_in france \(\S*languages\.csv:5\); france official_language french \(\S*languages\.csv:6\)$/m);
    expect(r.stdout).toMatch(/^facts: .*; 8 loaded from \S*languages\.csv; 1 rule from \S*languages\.rules$/m);
  });

  it("agent run - criteria that name one of two answers: the other answer is shown with its own facts too", async () => {
    const kb = join(dir, "museums.csv");
    writeFileSync(kb, ["subject,predicate,object", "starry_night,is_a,painting", "starry_night,held_by,moma", "persistence_of_memory,is_a,painting", "persistence_of_memory,held_by,moma", "guernica,is_a,painting", "guernica,held_by,reina_sofia"].join("\n"));
    const r = await runBoyd(["agent", "--data-dir", join(dir, "museums"), "run", "--fresh", "--kb", kb, "--goals", "Find which paintings MoMA holds => starry night", "--max-cycles", "6"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^ {2}✓ completed +goal:Find which paintings MoMA holds\n +answer: persistence_of_memory, starry_night\n +proof: starry_night held_by moma \(\S*museums\.csv:3\); starry_night is_a painting \(\S*:2\)\n +other answers' proof: persistence_of_memory held_by moma \(\S*museums\.csv:5\); persistence_of_memory is_a painting \(\S*:4\)$/m,
    );
    expect(r.stdout).not.toContain("guernica");
  });

  it("agent goals, recall, plan, reflect, add-goal - work on the agent after a run", async () => {
    const goals = await agent("goals");
    expect(goals.code, goals.stderr).toBe(0);
    expect(goals.stdout).toMatch(/^✓ completed +p128 goal:Find the moons that orbit Mars$/m);
    expect(goals.stdout).toContain("criteria: phobos, deimos");

    const recall = await agent("recall", "--query", "moons of mars", "--top-k", "2");
    expect(recall.code, recall.stderr).toBe(0);
    expect(recall.stdout).toMatch(/^1\. 0\.\d{3} {2}.*\[goal:Find the moons that orbit Mars\] \(cycle \d\)$/m);
    expect(recall.stdout).not.toMatch(/^3\./m);
    const byWords = await agent("recall", "moons", "of", "mars", "--top-k", "2");
    expect(byWords.code, byWords.stderr).toBe(0);
    expect(byWords.stdout).toBe(recall.stdout);
    const both = await agent("recall", "moons", "--query", "moons of mars");
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("as words or as --query, not both");
    const neither = await agent("recall");
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain("say what to look for");

    const added = await agent("add-goal", "Find the moons of Jupiter => io, europa", "--priority", "150");
    expect(added.stdout.trim()).toBe("added goal:Find the moons of Jupiter (priority 150; criteria: io, europa)");

    const plan = await agent("plan");
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(/^plan for goal:Find the moons of Jupiter: Attempt 0 .*\[active, attempt 0\]$/m);
    expect(plan.stdout).toMatch(/^ {2}0\. pending +kg_query +\{"symbol":/m);

    const reflect = await agent("reflect", "--dry-run");
    expect(reflect.code, reflect.stderr).toBe(0);
    expect(reflect.stdout).toMatch(/^reflection at cycle 2: /);
    expect(reflect.stdout).toContain("(dry run: nothing applied)");
  });

  it("agent run --json - only JSON on stdout, the goals COMPLETED, one summary per cycle", async () => {
    const r = await agent("run", "--fresh", "--kb", SOLAR, "--goals", MARS, "--json");
    expect(r.code, r.stderr).toBe(0);
    const parsed = JSON.parse(r.stdout) as RunJson;
    expect(parsed.report.stopReason).toBe("STOP_REASON_ALL_GOALS_DONE");
    expect(parsed.report.goals.map((g) => g.status)).toEqual(["GOAL_STATUS_COMPLETED"]);
    expect(parsed.summary.goals).toEqual([{ id: "goal:Find the moons that orbit Mars", status: "COMPLETED", reason: expect.stringContaining("phobos, deimos") }]);
    expect(parsed.report.goals[0]).toMatchObject({ answers: { kind: "ANSWER_KIND_ENTITIES", pattern: "?x orbits mars" }, proof: { summary: expect.stringMatching(/phobos orbits mars \(\S*solar-system\.csv:23\)/) } });
    expect(parsed.cycles).toHaveLength(Number(parsed.report.cyclesRun));
    expect(parsed.cycles[0]).toMatchObject({ cycle: 1, goalId: "goal:Find the moons that orbit Mars", toolName: "kg_query" });
    expect(Object.keys(parsed.cycles[0]!.phaseMs)).toEqual(expect.arrayContaining(["observe", "orient", "decide", "act"]));
  });

  it("agent run - a goal that needs an inferred fact completes with the rule and the four facts it used", async () => {
    const r = await runBoyd(["agent", "--data-dir", join(dir, "zoo"), "run", "--kb", ANIMALS, "--goals", "Find out whether a dog is a living thing => living thing"]);
    expect(r.code, r.stdout).toBe(0);
    // In order on the cycle line (a regex with this many open stretches is polynomial: see the repo's ReDoS check).
    const cycleLine = r.stdout.split("\n").find((line) => /^#1 +goal:Find out whether a dog is …/.test(line)) ?? "";
    expect(
      containsInOrder(cycleLine, ["✓ completed: dog is-a living_thing (by is-a-transitive); from dog is-a mammal (", "animals.csv:2); mammal is-a vertebrate (", ":15); vertebrate is-a animal (", ":22); animal is-a living_thing (", ":24)"]),
      cycleLine,
    ).toBe(true);
    expect(cycleLine.endsWith(":24)")).toBe(true);
    expect(r.stdout).toMatch(/^ +answer: yes$/m);
  });

  it("agent run - a dog is not a fish: the goal is not completed and the run exits 1", async () => {
    const r = await runBoyd(["agent", "--data-dir", join(dir, "fish"), "run", "--kb", ANIMALS, "--max-cycles", "6", "--goals", "Find out whether a dog is a fish => fish"]);
    expect(r.code, r.stdout).toBe(1);
    expect(r.stdout).not.toContain("✓ completed");
    expect(r.stdout).toMatch(/^ +answer: unknown$/m);
  });

  it("agent run - the agent's questions are answered at the prompt through AgentService.ResolveApproval", async () => {
    // The goal states a fact to record, so the plan has a kg_mutate step and the agent asks to confirm it first.
    const args = (data: string) => ["agent", "--data-dir", join(dir, data), "run", "--kb", ANIMALS, "--max-cycles", "3", "--goals", "Note that a whale eats krill"];
    const confirmed = await runBoyd(args("confirmed"), "confirm\ny\n");
    expect(confirmed.code, confirmed.stderr).toBe(0);
    expect(confirmed.stderr).toContain('[Question] Confirm the plan for "Note that a whale eats krill"?');
    expect(confirmed.stdout).not.toContain("not confirmed");
    const unanswered = await runBoyd(args("unanswered"), "");
    expect(unanswered.stderr).toContain("(no answer: input closed)");
    // No answer is no consent: the write never runs.
    expect(unanswered.stdout).toMatch(/^ {4}⚠ plan for goal:Note that a whale eats krill rejected \(no answer: .*declined to answer: no answer \(input closed\)\): 2\. kg_mutate will not run$/m);
  });

  it("agent run --fresh twice in one data dir - the second run executes its own calls: nothing replayed, no completion from the first run", async () => {
    const twice = (...args: string[]) => runBoyd(["agent", "--data-dir", join(dir, "twice"), "run", "--fresh", "--max-cycles", "8", ...args]);
    const first = await twice("--kb", SOLAR, "--goals", `${MARS}; ${SATURN}`);
    expect(first.code, first.stderr).toBe(0);
    const second = await twice("--kb", ANIMALS, "--goals", "Find out whether a dog is a living thing => living thing; Find out whether a dog is a fish => fish");
    const cycles = second.stdout.split("\n").filter((l) => /^#\d/.test(l));
    expect(cycles.length).toBeGreaterThan(1);
    for (const line of cycles) {
      expect(line).toMatch(/ executed /);
      expect(line).not.toMatch(/ replayed /);
    }
    // What the second run completes, it completes from the animals: nothing of the solar system's answers comes back.
    expect(second.stdout).not.toContain("solar-system.csv");
    expect(second.stdout).toMatch(/^ {2}✓ completed +goal:Find out whether a dog is a living thing$/m);
    expect(second.stdout).not.toMatch(/✓ completed +goal:Find out whether a dog is a fish/);
  });

  it("agent run --workspace - a file in the folder given is read; its line about water completes '=> 100', its line about ethanol never completes '=> 78'", async () => {
    const files = mkdtempSync(join(tmpdir(), "boyd-files-"));
    try {
      writeFileSync(join(files, "notes.md"), "Lab notes\n\nThe boiling point of ethanol is 78 C at sea level.\nThe boiling point of water is 100 C at sea level.\n");
      const run = (criteria: string) => runBoyd(["agent", "--data-dir", join(dir, "files"), "--workspace", files, "run", "--fresh", "--max-cycles", "6", "--goals", `Read notes.md and find the boiling point of water => ${criteria}`]);
      const water = await run("100");
      expect(water.code, water.stderr).toBe(0);
      expect(water.stderr).toContain(`files in ${files}`);
      expect(water.stdout).toMatch(/^ {2}✓ completed +goal:Read notes\.md and find the boiling point\n +proof: file_io output: "The boiling point of water is 100 C at sea level\."$/m);
      const ethanol = await run("78");
      expect(ethanol.code).toBe(1);
      expect(ethanol.stdout).not.toContain("completed: file_io output");
      expect(ethanol.stdout).not.toMatch(/^ {2}✓ completed/m);
    } finally {
      rmSync(files, { recursive: true, force: true });
    }
  });

  it("agent run --workspace - 'Read docs/handbook.md and find ...' reads the file first; the three facts it states complete, each quoting its sentence (one wrapped over two lines); the two it does not state never do", async () => {
    const files = mkdtempSync(join(tmpdir(), "boyd-handbook-"));
    try {
      mkdirSync(join(files, "docs"));
      writeFileSync(
        join(files, "docs", "handbook.md"),
        [
          "# Handbook",
          "",
          "## Leave",
          "",
          "Full-time employees get 25 days of paid leave per year. Unused leave of up",
          "to 5 days carries over to the next year.",
          "",
          "## Expenses and on-call",
          "",
          "Expenses above 500 euros need the approval of a director. The on-call engineer",
          "must answer a page within 15 minutes. On-call weeks are paid a flat 400 euros.",
          "",
        ].join("\n"),
      );
      const read = (ask: string) => `Read docs/handbook.md and find ${ask}`;
      const goals = [
        read("how many days of paid leave full-time employees get => 25"),
        read("how fast the on-call engineer must answer a page => 15 minutes"),
        read("who approves expenses above 500 euros => director"),
        read("how many days of leave carry over => 10"),
        read("how much on-call weeks are paid => 500 euros"),
      ];
      const r = await runBoyd(["agent", "--data-dir", join(dir, "handbook"), "--workspace", files, "run", "--fresh", "--max-cycles", "12", "--goals", goals.join("; ")]);
      expect(r.code).toBe(1); // two goals not met
      expect(r.stdout).toMatch(/^#1 +goal:Read docs\/handbook\.md and … +file_io /m);
      expect(r.stdout).toMatch(/^ {2}✓ completed +goal:Read docs\/handbook\.md and find how many \n +proof: file_io output: "Full-time employees get 25 days of paid leave per year\."$/m);
      expect(r.stdout).toMatch(/^ {2}✓ completed +goal:Read docs\/handbook\.md and find how fast \n +proof: file_io output: "The on-call engineer must answer a page within 15 minutes\."$/m);
      expect(r.stdout).toMatch(/^ {2}✓ completed +goal:Read docs\/handbook\.md and find who appro\n +proof: file_io output: "Expenses above 500 euros need the approval of a director\."$/m);
      expect(r.stdout.match(/^ {2}✓ completed/gm)).toHaveLength(3);
      // Neither sentence near the two unmet criteria is quoted as a proof.
      expect(r.stdout).not.toContain('output: "Unused leave');
      expect(r.stdout).not.toContain("paid a flat 400 euros.\"");
    } finally {
      rmSync(files, { recursive: true, force: true });
    }
  });

  it("agent cycle --tell - what the agent is told is remembered and is evidence: the nightly build goal completes only when ci says it is green, quoting ci", async () => {
    const told = (...args: string[]) => runBoyd(["agent", "--data-dir", join(dir, "told"), ...args]);
    expect((await told("add-goal", "Find out whether the nightly build passed => green")).code).toBe(0);
    const weekly = await told("cycle", "--tell", "The weekly build is green.", "--source", "ci");
    expect(weekly.code, weekly.stderr).toBe(0);
    expect(weekly.stdout).not.toContain("✓ completed");
    // A side effect the goal never asked for (a scheduled job), turned down with no one to ask, does not fail the goal.
    expect(weekly.stdout).not.toContain("✗ failed");
    const nightly = await told("cycle", "--tell", "Nightly build 142 passed: all checks green.", "--source", "ci");
    expect(nightly.code, nightly.stderr).toBe(0);
    expect(nightly.stdout).toContain('✓ completed (met: told by ci: "Nightly build 142 passed: all checks green."');
    const recall = await told("recall", "weekly", "build");
    expect(recall.stdout).toMatch(/ci: The weekly build is green\. +\(percept, cycle 1\)/);
    const empty = await told("cycle", "--tell", "  ");
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain("--tell");
  });

  it("agent cycle - one cycle, each phase shown", async () => {
    const r = await agent("cycle", "--agent", "one", "--goal", "Find what orbits Neptune => triton");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^cycle 1 in \d+ ms/);
    expect(r.stdout).toMatch(/^decided: {2}kg_query \[score=/m);
    expect(r.stdout).toMatch(/^phases: {3}observe \d+ ms/m);
  });

  it("agent repl - a typed goal runs to the end; g, ?, recall and q answer", async () => {
    const r = await runBoyd(["agent", "--data-dir", join(dir, ".boyd"), "--agent", "repl", "repl"], `${MARS}\ng\n?\nrecall moons\nq\n`);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^#1 +goal:Find the moons that orbit/m);
    expect(r.stdout).toMatch(/^✓ completed +p128 goal:Find the moons that orbit Mars$/m);
    expect(r.stdout).toContain("recall <query>  search the episodes and facts");
    expect(r.stdout).toMatch(/^1\. 0\.\d{3} /m);
  });

  it("agent run - bad flags, files and goals exit 2 naming what is wrong", async () => {
    const cases: Array<[string[], string]> = [
      [["run", "--goals", "x", "--max-cycles", "0"], `option '--max-cycles <n>' argument '0' is invalid. expected a positive integer, got "0"`],
      [["run", "--goals", "x", "--kb", join(dir, "missing.csv")], `--kb ${join(dir, "missing.csv")}: no such file`],
      [["run", "--goals", "x", "--kb", join(dir, "notes.txt")], `--kb ${join(dir, "notes.txt")}: unknown format`],
      [["run", "--goals", "x", "--kb", join(dir, "bad.csv")], `--kb ${join(dir, "bad.csv")}:3: expected 3 or 4 fields`],
      [["run", "--goals", "x", "--bogus"], "unknown option '--bogus'"],
      [["run"], "required option '--goals <list>' not specified"],
      [["run", "--goals", "a; b", "--criteria", "c"], "--criteria: 1 entry for 2 goal(s)"],
      [["run", "--goals", "=> y"], '--goals: a goal needs a description before "=>"'],
      [["--agent", "a b", "goals"], `option '--agent <id>' argument 'a b' is invalid`],
    ];
    writeFileSync(join(dir, "notes.txt"), "hello");
    writeFileSync(join(dir, "bad.csv"), "subject,predicate,object\ndog,is-a,mammal\ndog,only-two\n");
    for (const [args, message] of cases) {
      const r = await agent(...args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr, args.join(" ")).toContain(message);
    }
  }, 60_000);
});
