import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBoyd } from "./boyd-process.js";

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
    expect(r.stdout).toMatch(/^#\d+ +goal:write 'hello world' to the… +file_io +\[score=.*\] +executed .*✓ completed: file_io ran on notes\.md; file_io output: "created "notes\.md" \(11 bytes\)"$/m);
    expect(r.stdout).not.toContain("content: Required");
  });
});
