import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBoyd } from "./boyd-process.js";

// Cycle lines are matched one line at a time, with each field's pattern
// unable to run into the next, so no pattern rescans the output (the repo's
// ReDoS check holds tests to the same rule as sources).
const lines = (out: string) => out.split("\n");
/** The line after the first line `re` matches; undefined when none does. */
function lineAfter(out: string, re: RegExp): string | undefined {
  const all = lines(out);
  const at = all.findIndex((l) => re.test(l));
  return at < 0 ? undefined : all[at + 1];
}

// The tools a user expects from a run, end to end through the embedded stack.
describe("boyd agent run: tools a user expects", () => {
  let dir: string;
  const agent = (data: string, stdin: string, ...args: string[]) => runBoyd(["agent", "--data-dir", join(dir, data), ...args], stdin);
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "boyd-tools-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes the quoted text to the file the goal names, and the goal completes with the write as evidence", async () => {
    // "confirm" answers the plan's confirmation, "y" the write's approval.
    const r = await agent("write", "confirm\ny\n", "run", "--fresh", "--max-cycles", "6", "--goals", "write 'hello world' to the file notes.md");
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(readFileSync(join(dir, "write", "workspace", "notes.md"), "utf8")).toBe("hello world");
    expect(lines(r.stdout)).toContainEqual(expect.stringMatching(/^#\d+ +goal:write 'hello world' to the… +file_io +\[score=[^\]]*\] +executed .*✓ completed: file_io ran on notes\.md; file_io output: "created "notes\.md" \(11 bytes\)"$/));
    expect(r.stdout).not.toContain("content: Required");
  });

  it("a note goal saves the note and completes; a progress goal shows its report under the cycle line", async () => {
    const note = await agent("notes", "", "run", "--fresh", "--max-cycles", "3", "--goals", "note that the meeting moved to Friday");
    expect(note.code, `${note.stdout}\n${note.stderr}`).toBe(0);
    expect(lines(note.stdout)).toContainEqual(expect.stringMatching(/^#1 +goal:note that \S[^…]*… +save_note +\[score=[^\]]*\] +executed .*✓ completed: noted as the goal states; save_note output: "the meeting moved to Friday"$/));
    const progress = await agent("notes", "", "run", "--max-cycles", "3", "--goals", "report progress: the meeting note is saved");
    expect(progress.code, `${progress.stdout}\n${progress.stderr}`).toBe(0);
    expect(lineAfter(progress.stdout, /^#\d+ +goal:report progress: [^…]*… +report_progress +\[score=[^\]]*\] +executed .*✓ completed: progress reported/)).toBe("    ▸ progress: the meeting note is saved");
  });

  it("a path that does not exist is retried with the closest existing name, and the line says what changed", async () => {
    mkdirSync(join(dir, "typo", "workspace"), { recursive: true });
    writeFileSync(join(dir, "typo", "workspace", "notes.md"), "the meeting moved to Friday\n");
    // "confirm" answers the plan's confirmation; then any approvals.
    const r = await agent("typo", "confirm\ny\ny\n", "run", "--fresh", "--max-cycles", "4", "--goals", "read the file note.md");
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(lineAfter(r.stdout, /^#\d+ +goal:read the file note\.md +file_io +\[score=[^\]]*\] +executed [^✓]*✓ completed: .*file_io output: "the meeting moved to Friday[^"]*"$/)).toBe(
      '    ⚠ file_io failed (file_io: path "note.md" does not exist in the workspace); retrying once with adjusted input: path "note.md" → "notes.md" (closest name in .)',
    );
  });

  it("a write with nothing quoted writes what the user answered; asking about the file does not count as writing it", async () => {
    // The plan's confirmation, the agent's question, then the write's approval.
    const r = await agent("answer", "confirm\nbuy milk\ny\ny\n", "run", "--fresh", "--max-cycles", "8", "--goals", "ask the user what to write, then save it to answer.md");
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(readFileSync(join(dir, "answer", "workspace", "answer.md"), "utf8")).toBe("buy milk");
    expect(lines(r.stdout)).toContainEqual(expect.stringMatching(/^#\d+ +goal:ask the user what to write… +user_interact +\[score=[^\]]*\] +executed +e=1\.000 r=0\.00$/));
    expect(lines(r.stdout)).toContainEqual(expect.stringMatching(/^#\d+ +goal:ask the user what to write… +file_io +\[score=[^\]]*\] +executed .*✓ completed: file_io ran on answer\.md/));
  });
});
