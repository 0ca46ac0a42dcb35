import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runBoyd, type BoydResult } from "./boyd-process.js";

// `boyd <command> --data-dir <dir>/.boyd ...`, with .csv arguments taken from `dir`.
function boyd(dir: string, ...args: string[]): Promise<BoydResult> {
  const [command, ...rest] = args;
  return runBoyd([command!, "--data-dir", join(dir, ".boyd"), ...rest.map((a) => (a.endsWith(".csv") ? join(dir, a) : a))]);
}

describe("boyd kg", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "boyd-kg-"));
    writeFileSync(join(dir, "zoo.csv"), "subject,predicate,object,confidence\ndog,is-a,mammal,0.9\nmammal,is-a,animal,0.95\ncat,is-a,mammal,bad\n");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("kg ingest --strict - names file and line, keeps nothing, exits 2 (a bad file is a usage mistake)", async () => {
    const r = await boyd(dir, "kg", "ingest", "zoo.csv", "--strict");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('zoo.csv:4: confidence must be a number in [0, 1], got "bad"');
    expect((await boyd(dir, "kg", "query")).stdout).toBe("");
  });

  it("kg ingest, activate, infer - the graph persists between commands in the data dir", async () => {
    const ingest = await boyd(dir, "kg", "ingest", "zoo.csv");
    expect(ingest.code).toBe(3);
    expect(ingest.stdout).toContain("zoo.csv: 2 triples from 4 lines in 1 batches; 1 bad lines skipped");
    expect(ingest.stderr).toContain("zoo.csv:4:");
    const activate = await boyd(dir, "kg", "activate", "dog", "--depth", "2");
    expect(activate.stdout.trim().split("\n")).toEqual(["0.9000\tmammal\tdog -is-a-> (depth 1)", "0.7695\tanimal\tmammal -is-a-> (depth 2)"]);
    const infer = await boyd(dir, "kg", "infer");
    expect(infer.stdout).toContain("dog\tis-a\tanimal\t0.8122\tis-a-transitive\n  proof: rule is-a-transitive");
    expect((await boyd(dir, "kg", "query", "-s", "dog")).stdout).toBe("dog\tis-a\tanimal\t0.8122499999999999\ndog\tis-a\tmammal\t0.9\n");
  });

  it("kg query - a bad option value is refused with a clear message", async () => {
    const r = await boyd(dir, "kg", "query", "--limit", "0");
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("expected a positive integer");
  });
});

describe("boyd decide", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "boyd-decide-"));
    writeFileSync(join(dir, "zoo.csv"), "subject,predicate,object,confidence\nsparrow,is-a,bird,0.9\nbird,is-a,animal,0.95\n");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("decide - ranks every candidate with its breakdown against the graph, and plans", async () => {
    expect((await boyd(dir, "kg", "ingest", "zoo.csv")).code).toBe(0);
    const r = await boyd(dir, "decide", "download https://example.org/rates.json", "--plan");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ {2}\d\. http_fetch +\[score=0\.\d\d: base=0\.\d\d recency=-0\.00 novelty=\+0\.15 .*\] {2}\{"url":"https:\/\/example\.org\/rates\.json"\}$/m);
    expect(r.stdout).toMatch(/^chosen: kg_query \(confidence 0\.\d\d\)$/m);
    expect(r.stdout).toMatch(/^plan: Attempt 0 \(explore first; external\): kg_query -> http_fetch$/m);
    const sparrow = await boyd(dir, "decide", "what is a sparrow", "--json");
    const parsed = JSON.parse(sparrow.stdout) as { decision: { goalId: string; explanation: { contextFactors: string[] } } };
    expect(parsed.decision.explanation.contextFactors).toContain("knowledge: 1 triples");
  });

  it("decide - refuses a bad option naming it", async () => {
    const r = await boyd(dir, "decide", "x", "--priority", "300");
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("option '--priority <0-255>' argument '300' is invalid");
  });
});
