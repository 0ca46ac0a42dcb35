import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runBoyd, type BoydResult } from "./boyd-process.js";

// Runs `boyd act ...` with `stdin` typed at its approval prompt.
function boyd(dir: string, stdin: string, ...args: string[]): Promise<BoydResult> {
  return runBoyd(["act", "--data-dir", join(dir, ".boyd"), ...args], stdin);
}

describe("boyd act", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "boyd-cli-act-"))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const workspaceFile = (name: string) => join(dir, ".boyd", "workspace", name);

  it("act run - asks before a write in safe mode, shows the preview, and runs it when approved", async () => {
    const r = await boyd(dir, "y\n", "run", "file_io", '{"action":"write","path":"plan.md","content":"step one\\n"}', "--mode", "safe");
    expect(r.stderr).toContain("[Approval required] file_io (danger: cautious, reversible)");
    expect(r.stderr).toContain("+step one");
    expect(r.stdout).toMatch(/^file_io: executed in \d+ ms/);
    expect(readFileSync(workspaceFile("plan.md"), "utf8")).toBe("step one\n");
  });

  it("act run - a denial with a reason leaves nothing and exits 3", async () => {
    const r = await boyd(dir, "n not today\n", "run", "file_io", '{"action":"write","path":"no.md","content":"x"}', "--mode", "paranoid");
    expect(r.code).toBe(3);
    expect(r.stdout).toContain("error: denied by cli:");
    expect(r.stdout).toContain("not today");
    expect(existsSync(workspaceFile("no.md"))).toBe(false);
  });

  it("act run - refusals name what is wrong: traversal, bad input, bad flags", async () => {
    const traversal = await boyd(dir, "", "run", "file_io", '{"action":"read","path":"../../etc/passwd"}');
    expect(traversal.code).toBe(3);
    expect(traversal.stdout).toContain('path "../../etc/passwd" escapes the workspace');
    const bad = await boyd(dir, "", "run", "kg_query", '{"symbol": 3}');
    expect(bad.stdout).toContain("kg_query input: symbol: Expected string, received number");
    const flag = await boyd(dir, "", "run", "kg_query", "{}", "--mode", "reckless");
    expect(flag.code).toBe(2); // a bad flag exits 2 in every command (issue 16)
    expect(flag.stderr).toContain('expected safe, cautious, paranoid or yolo, got "reckless"');
  });

  it("act run - shell_exec works in a data dir under a private 0700 directory (mktemp -d)", async () => {
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    writeFileSync(join(dir, "outside.txt"), "beside the data dir\n");
    const made = await boyd(dir, "y\n", "run", "shell_exec", '{"argv":["touch","made.txt"]}', "--mode", "yolo");
    expect(made.stdout).toMatch(/^shell_exec: executed in \d+ ms/);
    const listed = await boyd(dir, "y\n", "run", "shell_exec", '{"argv":["ls","-A"]}', "--mode", "yolo");
    expect(listed.stdout).not.toContain("Permission denied");
    expect(listed.stdout).toContain("made.txt");
    expect(existsSync(workspaceFile("made.txt"))).toBe(true);
  });

  it("act tools - lists the catalog with danger and required inputs", async () => {
    const r = await boyd(dir, "", "tools");
    expect(r.stdout).toMatch(/^shell_exec\s+critical\s+argv\s/m);
    expect(r.stdout.trim().split("\n")).toHaveLength(17);
    expect(r.stdout).toMatch(/^save_note\s+safe\s+text\s/m);
    expect(r.stdout).toMatch(/^report_progress\s+safe\s+message\s/m);
  });
});
