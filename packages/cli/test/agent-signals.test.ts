import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBoyd } from "./boyd-process.js";

const example = (name: string) => fileURLToPath(new URL(`../../../examples/${name}`, import.meta.url));
const SOLAR = example("solar-system.csv");
const ANIMALS = example("animals.csv");
// Given Saturn first: alphabetically Mars ("Find the ...") would come first.
const SATURN = "Find which moons of Saturn have a subsurface ocean => enceladus, subsurface water";
const MARS = "Find the moons that orbit Mars => phobos, deimos";

describe("boyd agent - goal order and references", () => {
  let dir: string;
  const agent = (...args: string[]) => runBoyd(["agent", "--data-dir", join(dir, ".boyd"), ...args]);
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "boyd-signals-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("agent run - equal-priority goals run in the order given, not alphabetically", async () => {
    const r = await agent("run", "--fresh", "--kb", SOLAR, "--goals", `${SATURN}; ${MARS}`, "--max-cycles", "6");
    expect(r.code, r.stderr).toBe(0);
    const cycleLines = r.stdout.split("\n").filter((l) => /^#\d/.test(l));
    expect(cycleLines[0]).toMatch(/^#1 +goal:Find which moons of Saturn/);
    expect(cycleLines[1]).toMatch(/^#2 +goal:Find the moons that orbit/);
  });

  it("agent plan --goal - the goal as the user typed it, not only its 40-character id", async () => {
    const typed = await agent("plan", "--goal", SATURN);
    expect(typed.code, typed.stderr).toBe(0);
    expect(typed.stdout).toMatch(/^plan for goal:Find which moons of Saturn have a subsur: /m);
    const description = await agent("plan", "--goal", "Find which moons of Saturn have a subsurface ocean");
    expect(description.code, description.stderr).toBe(0);
    expect(description.stdout).toMatch(/^plan for goal:Find which moons of Saturn have a subsur: /m);
    const unknown = await agent("plan", "--goal", "Find Pluto");
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('no goal matches "Find Pluto"; goals: goal:Find which moons of Saturn have a subsur, goal:Find the moons that orbit Mars');
  });

  it("agent run - reflection shows on its cycle's line and does not boost a goal whose error never fell", async () => {
    const data = join(dir, "reflect");
    const first = await runBoyd(["agent", "--data-dir", data, "run", "--kb", ANIMALS, "--goals", "Find out whether a dog is a living thing => living thing"]);
    expect(first.code, first.stderr).toBe(0);
    // Added at cycle 1, the goal's stall clock starts there; it never finds "fish".
    const r = await runBoyd(["agent", "--data-dir", data, "run", "--max-cycles", "4", "--goals", "Find out whether a dog is a fish => fish"]);
    expect(r.stdout).toMatch(/^#5 .* e=1\.000 r=0\.00\n {4}↻ reflected \(1 goal\(s\) assessed, 0 advanced, 0 stagnant\): no change$/m);
    expect(r.stdout).not.toContain("Boost");
    const goals = await runBoyd(["agent", "--data-dir", data, "goals"]);
    expect(goals.stdout).toMatch(/^… active +p128 goal:Find out whether a dog is a fish$/m);
  });
});
