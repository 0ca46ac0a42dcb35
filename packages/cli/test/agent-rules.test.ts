import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBoyd } from "./boyd-process.js";

const GOAL = "run the command git status";
const CALL = 'shell_exec {"argv":["git","status"]}';
// The plan (with its shell_exec step) is confirmed; the call itself is denied at the approval prompt.
const CONFIRM_PLAN_DENY_CALL = "confirm\nn\nn\nn\n";

/** A line with the prompt that precedes it on the terminal ("answer> ") cut off. */
function withoutPrompt(line: string): string {
  const prompt = line.indexOf("> #");
  return prompt < 0 ? line : line.slice(prompt + 2);
}

/** The breakdown of the line that shows shell_exec chosen, and that line's score. */
function shellChosen(stdout: string): { breakdown: string; score: number } | undefined {
  // Line by line, a prompt ("answer> ") cut off before the cycle line, so the
  // pattern starts once per line and never rescans (the ReDoS check's rule).
  const m = stdout
    .split("\n")
    .map((line) => /^#\d+ +goal:\S.* shell_exec +(\[score=(\d\.\d\d): [^\][]*\])/.exec(withoutPrompt(line)))
    .find((found) => found !== null);
  return m ? { breakdown: m[1]!, score: Number(m[2]) } : undefined;
}

describe("boyd agent rules - learning from a person's denial", () => {
  let dir: string;
  const agent = (...args: string[]) => runBoyd(["agent", "--data-dir", join(dir, ".boyd"), ...args]);
  const run = () => runBoyd(["agent", "--data-dir", join(dir, ".boyd"), "run", "--fresh", "--goals", GOAL, "--max-cycles", "4"], CONFIRM_PLAN_DENY_CALL);
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "boyd-rules-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("a denied call is scored down by correction=-0.30 and not asked about again; removing the rule brings it back", async () => {
    const first = await run();
    expect(first.stderr).toContain("[Approval required] shell_exec");
    expect(first.stdout).toMatch(/ shell_exec +\[score=[^\][]*\] +denied by user/);
    const denied = shellChosen(first.stdout)!;
    expect(denied.breakdown).not.toContain("correction");

    const listed = await agent("rules");
    expect(listed.code, listed.stderr).toBe(0);
    const id = /^(rule:[0-9a-f]{16}) {2}Avoid '(.*)' \(denied by cli:user\)$/m.exec(listed.stdout);
    expect(id?.[2]).toBe(CALL);
    expect(listed.stdout).toContain(`  matches: ${CALL}\n  effect:  correction=-0.30 on that call's score; left out of new plans\n  from:    denied by a person, last in cycle `);

    // The next run in the same data directory: the call scores 0.30 × priority factor lower, is left out of the plan, and nobody is asked.
    const second = await run();
    expect(second.code).not.toBeNull();
    expect(second.stderr).not.toContain("[Approval required] shell_exec");
    expect(second.stderr).not.toContain(CALL);
    const lowered = new RegExp(`^ {4}↓ shell_exec \\{"argv":\\["git","status"\\]\\} (\\[score=(\\d\\.\\d\\d): base=\\d\\.\\d\\d .* correction=-0\\.30\\]) \\(learned: ${id![1]}\\)$`, "m").exec(second.stdout);
    expect(lowered, second.stdout).not.toBeNull();
    const priorityFactor = 0.5 + (0.5 * 128) / 255;
    const base = /base=(\d\.\d\d) recency=-(\d\.\d\d) novelty=\+(\d\.\d\d)/;
    const [, b, r, n] = base.exec(lowered![1]!)!.map(Number);
    expect(Number(lowered![2])).toBeCloseTo((b! - r! + n! - 0.3) * priorityFactor, 2);
    expect(Number(lowered![2])).toBeLessThan(denied.score);
    expect(shellChosen(second.stdout)).toBeUndefined();

    const removed = await agent("rules", "--remove", id![1]!);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout.trim()).toBe(`removed ${id![1]} (Avoid '${CALL}' (denied by cli:user)): 1 correction(s) forgotten; its score correction no longer applies`);
    expect((await agent("rules")).stdout.trim()).toBe("no rules learned yet (a denied approval teaches one)");

    // Forgotten: the call is planned and chosen again with the score it had before.
    const third = await run();
    // Until the call is chosen (and denied again, which teaches the rule anew) nothing is scored down.
    const chosenAt = /^#\d+ +goal:\S.* shell_exec +\[score=/m.exec(third.stdout)?.index ?? third.stdout.length;
    expect(third.stdout.slice(0, chosenAt)).not.toContain("correction=");
    expect(shellChosen(third.stdout)?.breakdown).toBe(denied.breakdown);
  }, 120_000);

  it("rules --remove - a missing id or an unknown rule is refused, naming it", async () => {
    const missing = await agent("rules", "--remove");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("option '--remove <id>' argument missing");
    const unknown = await agent("rules", "--remove", "rule:nope");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('rule "rule:nope" not found for agent default');
  });
});
