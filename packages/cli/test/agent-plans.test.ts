import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBoyd } from "./boyd-process.js";

const ANIMALS = fileURLToPath(new URL("../../../examples/animals.csv", import.meta.url));
// The goal states a fact to record, so its plan ends with a kg_mutate step: a side effect to confirm.
const GOAL = "Note that a whale eats plankton";
const QUESTION = `[Question] Confirm the plan for "${GOAL}"?`;

describe("boyd agent run - plan confirmation", () => {
  let dir: string;
  const run = (data: string, stdin: string, ...extra: string[]) =>
    runBoyd(["agent", "--data-dir", join(dir, data), "run", "--kb", ANIMALS, "--max-cycles", "3", ...extra, "--goals", GOAL], stdin);
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "boyd-plans-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("plan confirmation - y, Yes and confirm confirm the plan: the fact is written and the goal completes", async () => {
    for (const [data, answer] of [["y", "y"], ["yes", " Yes "], ["confirm", "CONFIRM"]] as const) {
      // The second line approves the kg_mutate call itself (safe mode asks before a CAUTIOUS call).
      const r = await run(data, `${answer}\ny\n`);
      expect(r.code, `${answer}: ${r.stdout}`).toBe(0);
      expect(r.stderr).toContain(QUESTION);
      expect(r.stdout).not.toContain("rejected");
      expect(r.stdout).toMatch(/^facts: 0 derived by infer_rules, 1 asserted; graph 0 → 44 triples/m);
      expect(r.stdout).toMatch(/^ {2}✓ completed +goal:Note that a whale eats plankton$/m);
    }
  });

  it("plan confirmation - n, no and reject reject the plan: its side-effect step never runs and the goal fails", async () => {
    for (const [data, answer] of [["n", "n"], ["no", "No"], ["reject", "reject"]] as const) {
      // A second "y" is there to catch a kg_mutate approval that must never be asked.
      const r = await run(data, `${answer}\ny\n`);
      expect(r.code, `${answer}: ${r.stdout}`).toBe(1);
      expect(r.stderr).not.toContain("[Approval required] kg_mutate");
      expect(r.stdout).toMatch(/^#1 +goal:Note that a whale eats pla… +- +no action +✗ failed \(plan rejected: /m);
      expect(r.stdout).toContain(`⚠ plan for goal:${GOAL} rejected (answered "${answer.trim()}"): 2. kg_mutate will not run`);
      expect(r.stdout).toMatch(/^facts: 0 derived by infer_rules, 0 asserted; graph 0 → 43 triples/m);
      expect(r.stdout).toMatch(/^ {2}✗ failed +goal:Note that a whale eats plankton \(plan rejected: step 2 \(kg_mutate\) was rejected by the person/m);
      expect(r.stdout).not.toContain("✓ completed");
    }
  });

  it("plan confirmation - an answer that is neither yes nor no counts as no, and says so", async () => {
    const r = await run("maybe", "maybe later\ny\n");
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`rejected (answer "maybe later" is neither yes nor no, taken as no): 2. kg_mutate will not run`);
    expect(r.stdout).toMatch(/graph 0 → 43 triples/);
  });

  it("plan confirmation - a plan that only reads a file has no side effects: nothing is asked and the read runs", async () => {
    const data = join(dir, "read");
    mkdirSync(join(data, "workspace"), { recursive: true });
    writeFileSync(join(data, "workspace", "notes.md"), "the launch window opens at dawn\n");
    const r = await runBoyd(["agent", "--data-dir", data, "run", "--max-cycles", "3", "--goals", "Read the file notes.md in the workspace"], "");
    expect(r.stderr).not.toContain("[Question]");
    expect(r.stdout).not.toContain("rejected");
    expect(r.stdout).toMatch(/^#\d +goal:Read the file notes\.md in … +file_io +\[score=.*\] +executed/m);
  });

  it("plan confirmation - in yolo mode nothing is asked and the plan runs", async () => {
    const r = await run("yolo", "", "--mode", "yolo");
    expect(r.code, r.stdout).toBe(0);
    expect(r.stderr).not.toContain("[Question]");
    expect(r.stderr).not.toContain("[Approval required]");
    expect(r.stdout).toMatch(/^ {2}✓ completed +goal:Note that a whale eats plankton$/m);
  });
});
