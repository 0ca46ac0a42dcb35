import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runBoyd, type BoydResult } from "./boyd-process.js";

function boyd(dir: string, ...args: string[]): Promise<BoydResult> {
  return runBoyd(["think", ...args, "--data-dir", join(dir, ".boyd")]);
}

const WATER = `# Water

Water boils at 100 degrees Celsius at sea level, where the air pressure is one atmosphere.

At higher altitude the air pressure is lower, so water boils at a lower temperature.
`;

describe("boyd think", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "boyd-think-"));
    writeFileSync(join(dir, "water.md"), WATER);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("think - ingests a file, prints each iteration and a summary, and remembers the answer", async () => {
    const r = await boyd(dir, "At what temperature does water boil at sea level?", "--ingest", join(dir, "water.md"));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('ingested "Water" (markdown)');
    const lines = r.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^k=0 e=0\.000 I=0\.000 K=1\.000 r=1\.000 q="At what temperature does water boil at sea level\?"/);
    expect(r.stdout).toContain("state: CONVERGED after 1 step(s)");
    expect(r.stdout).toMatch(/answer:\n {2}1\. \[Water\] .*100 degrees Celsius at sea level/);
    expect(r.stdout).toContain("promoted 1 fact(s) to memory");

    // The library persists in the data dir; --json is for machines.
    const again = await boyd(dir, "water boiling sea level", "--json", "--max-iterations", "2");
    expect(again.code, again.stderr).toBe(0);
    const json = JSON.parse(again.stdout) as { state: string; steps: Array<{ error: number }>; answer: Array<{ passage: string }>; promoted: unknown[] };
    expect(json.state).toBe("CONVERGED");
    expect(json.steps).toHaveLength(1);
    expect(json.answer[0]!.passage).toContain("100 degrees Celsius");
  });

  it("think - stops on a question the library cannot answer", async () => {
    const r = await boyd(dir, "Who invented the telescope?", "--ingest", join(dir, "water.md"), "--max-iterations", "5");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/state: (STALLED|CAPPED)/);
    expect(r.stdout).toContain("not found: invented, telescope");
    expect(r.stdout).toContain("promoted 0 fact(s) to memory");
    expect(r.stdout).toContain("answer: nothing found");
  });

  it("think - passages about something else are shown as the closest, never as the answer", async () => {
    writeFileSync(join(dir, "ethanol.md"), "# Boiling points\n\nEthanol boils at 78 degrees Celsius at sea level.\n");
    const r = await boyd(dir, "At what temperature does water boil at sea level?", "--ingest", join(dir, "ethanol.md"), "--max-iterations", "5");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/state: (STALLED|CAPPED)/);
    expect(r.stdout).toContain("not found: temperature, water");
    expect(r.stdout).toMatch(/^no answer: the question is not covered; the closest passages:\n {2}1\. \[Boiling points\] .*Ethanol boils at 78/m);
    expect(r.stdout).not.toMatch(/^answer:$/m);
  });

  it("think - never sends the same query twice (the missing terms were asked again and again)", async () => {
    const r = await boyd(dir, "Who invented the telescope?", "--ingest", join(dir, "water.md"), "--max-iterations", "6");
    expect(r.code, r.stderr).toBe(0);
    const queries = [...r.stdout.matchAll(/ q=("(?:[^"\\]|\\.)*")/g)].map((m) => JSON.parse(m[1]!) as string);
    expect(queries.length).toBeGreaterThan(0);
    expect(new Set(queries).size).toBe(queries.length);
    // The library has nothing on telescopes, so nothing found can widen the query.
    expect(r.stdout).toContain("stalled: no new query left");
  });

  it("think - --measure jaccard uses the seed's error, 1 - Jaccard of the question and each answer", async () => {
    const coverage = await boyd(dir, "water boil sea level", "--ingest", join(dir, "water.md"));
    expect(coverage.code, coverage.stderr).toBe(0);
    expect(coverage.stdout).toMatch(/^k=0 e=0\.000 /);
    expect(coverage.stdout).toContain("measure: coverage");
    const jaccard = await boyd(dir, "water boil sea level", "--measure", "jaccard", "--stall-patience", "2", "--max-iterations", "4");
    expect(jaccard.code, jaccard.stderr).toBe(0);
    expect(jaccard.stdout).toContain("measure: jaccard");
    // The same passages hold every term, but Jaccard also counts the rest of their words.
    const first = /^k=0 e=(\d\.\d{3}) /.exec(jaccard.stdout);
    expect(Number(first?.[1])).toBeGreaterThan(0.5);
    expect(jaccard.stdout).not.toContain("state: CONVERGED");
  });

  it("think - bad flags and missing files are named", async () => {
    const threshold = await boyd(dir, "water", "--threshold", "1.5");
    expect(threshold.code).toBe(2); // a bad flag exits 2 in every command (issue 16)
    expect(threshold.stderr).toContain('expected a number in [0, 1], got "1.5"');
    const iterations = await boyd(dir, "water", "--max-iterations", "0");
    expect(iterations.stderr).toContain('expected a positive integer, got "0"');
    const missing = await boyd(dir, "water", "--ingest", join(dir, "nope.md"));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("nope.md: no such file");
    const measure = await boyd(dir, "water", "--measure", "cosine");
    expect(measure.stderr).toContain('--measure <name>');
    expect(measure.stderr).toContain('expected one of coverage, jaccard, got "cosine"');
    const empty = await boyd(dir, "what is it?");
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain("question: has no content words");
  });
});
