import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBoyd } from "./boyd-process.js";

const SOLAR = fileURLToPath(new URL("../../../examples/solar-system.csv", import.meta.url));
const ASK = "Ask the user which planet they like best";

describe("boyd agent run - the agent's questions", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "boyd-answers-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("ask_user - paranoid mode asks the question once, and 'stop' stops the goal, said on the cycle's line", async () => {
    // Two approvals for the planned look-ups (paranoid asks before every call), then the question.
    const r = await runBoyd(["agent", "--data-dir", join(dir, "stop"), "run", "--kb", SOLAR, "--mode", "paranoid", "--max-cycles", "5", "--goals", ASK], "y\ny\nstop\n");
    expect(r.code, r.stdout).toBe(1);
    expect(r.stderr.match(/\[Question\] Which planet they like best\?/g)).toHaveLength(1);
    expect(r.stderr).not.toContain("[Approval required] user_interact");
    expect(r.stdout).toContain(`⚠ answer "stop": goal:${ASK} stopped`);
    expect(r.stdout).toMatch(/^ {2}✗ failed +goal:Ask the user which planet they like best \(stopped by the person\)$/m);
    expect(r.stdout).toMatch(/^cycles: 3 run/m);
  });

  it("ask_user - an answer to a goal that is a question completes it with the answer", async () => {
    const r = await runBoyd(["agent", "--data-dir", join(dir, "mars"), "run", "--kb", SOLAR, "--mode", "yolo", "--max-cycles", "5", "--goals", ASK], "I like Mars\n");
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toContain(`⚠ answer "I like Mars": goal:${ASK} answered`);
    expect(r.stdout).toMatch(/^ {2}✓ completed +goal:Ask the user which planet they like best/m);
  });
});
