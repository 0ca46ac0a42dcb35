import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERASE_SHOWN, HOSTILE, HostileRuns, SHOWN } from "./hostile-text.js";

// Goal text in decide, add-goal, agent run and the REPL, and a tool's output
// and errors in act run: see hostile-text.ts.

const runs = new HostileRuns();
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "boyd-hostile-agent-"));
  writeFileSync(join(dir, "kb.csv"), `subject,predicate,object\n"dog${HOSTILE}",is-a,"mammal${HOSTILE}"\nmammal,is-a,animal\n`);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  process.stdout.write(runs.summary("agent, act and REPL"));
});

describe("cli - no control or bidi character reaches the terminal", () => {
  it("hostile text - goal text in decide, add-goal, agent run (cycle lines, summary) and the REPL (goals, plan, recall, an unknown command)", async () => {
    const goal = `find dog${HOSTILE} => mammal${HOSTILE}`;
    const repl = [goal, "goals", "plan", `recall dog${HOSTILE}`, `bogus${HOSTILE}`, "quit", ""].join("\n");
    const [decide, added, run, session] = await Promise.all([
      runs.boyd("decide goal", ["decide", "--data-dir", join(dir, "decide"), `find dog${HOSTILE}`]),
      runs.boyd("add-goal", ["agent", "--data-dir", join(dir, "goals"), "--agent", "a1", "add-goal", goal]),
      runs.boyd("agent run", ["agent", "--data-dir", join(dir, "run"), "run", "--max-cycles", "2", "--kb", join(dir, "kb.csv"), "--goals", goal]),
      runs.boyd("repl", ["agent", "--data-dir", join(dir, "repl"), "--agent", "r1", "repl", "--max-cycles", "2"], repl),
    ]);
    // Goal text may be cut at the CR (a goal list splits on line breaks); what is shown of it is escaped.
    expect(decide.stdout).toContain(`find dog${SHOWN}`);
    expect(added.stdout).toContain(ERASE_SHOWN);
    expect(run.stdout).toMatch(/^#1 +goal:find dogx\\x1b\[2K/m);
    expect(session.stdout).toContain(`dog${ERASE_SHOWN}`);
  }, 55_000);

  it("hostile text - tool output and errors of act run: a file written and read back, an unknown tool", async () => {
    const act = ["act", "--data-dir", join(dir, "act"), "--agent", "a1", "run", "--mode", "yolo"];
    expect((await runs.boyd("act run file_io write", [...act, "file_io", JSON.stringify({ action: "write", path: "note.txt", content: `hello ${HOSTILE}\n` })])).code).toBe(0);
    // Two processes at once need two data directories (one holds a directory's stores at a time); the unknown tool needs no file.
    const [read, unknown] = await Promise.all([
      runs.boyd("act run file_io read (tool output)", [...act, "file_io", JSON.stringify({ action: "read", path: "note.txt" })]),
      runs.boyd("act run unknown tool", ["act", "--data-dir", join(dir, "act-unknown"), "--agent", "a1", "run", "--mode", "yolo", `nosuch${HOSTILE}`]),
    ]);
    expect(read.stdout).toContain(`hello ${SHOWN}`);
    expect(unknown.code).toBe(3); // refused by act: a call that never ran
    expect(unknown.stdout + unknown.stderr).toContain(`nosuch${SHOWN}`);
  }, 40_000);
});
