import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBoyd, type BoydResult } from "./boyd-process.js";

let dir: string;
function boyd(...args: string[]): Promise<BoydResult> {
  const [command, ...rest] = args;
  return runBoyd([command!, "--data-dir", join(dir, ".boyd"), ...rest.map((a) => (/\.(nt|csv|rules|dl)$/.test(a) ? join(dir, a) : a))]);
}

describe("boyd kg - declared properties and rules files, with proofs", () => {
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "boyd-kg-rules-"));
    writeFileSync(
      join(dir, "people.csv"),
      [
        "subject,predicate,object,confidence",
        "reports_to,rdf:type,owl:TransitiveProperty,1",
        "ann,reports_to,bob,1",
        "bob,reports_to,cat,0.8",
        "alice,grew_up_in,france,0.9",
        "france,official_language,french,1",
      ].join("\n") + "\n",
    );
    writeFileSync(join(dir, "lang.rules"), "% who speaks what\n0.9 :: speaks(X, L) :- grew_up_in(X, C), official_language(C, L).\n");
    writeFileSync(join(dir, "bad.rules"), "speaks(X, L) :- grew_up_in(X, C).\nknows(X, Y) :- met(X, Y).\n");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("kg ingest of a rules file stores it; a bad one exits 2 naming file:line:column, storing nothing", async () => {
    expect((await boyd("kg", "ingest", "people.csv")).code).toBe(0);
    const good = await boyd("kg", "ingest", "lang.rules");
    expect(good.code).toBe(0);
    expect(good.stdout).toContain("lang.rules: 1 rules from 2 lines");
    const bad = await boyd("kg", "ingest", "bad.rules");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("bad.rules:1:1: unsafe head variable L: it does not occur in the body");
    expect(bad.stderr).toContain("bad.rules:2:16: unknown predicate met: no fact uses it and no rule concludes it");
  }, 60_000);

  // Each case spawns at most three boyd processes (about 2 s each, more on a loaded machine); they share the data dir, in order.
  it("kg infer --query answers by backward chaining with the rule's proof; a malformed query exits 2 naming the column", async () => {
    const query = await boyd("kg", "infer", "--query", "speaks(alice, ?)");
    expect(query.code).toBe(0);
    expect(query.stdout).toBe(
      [
        "alice\tspeaks\tfrench\t0.8100\tlang.rules:2",
        `  proof: rule lang.rules:2 [0.9 :: speaks(X, L) :- grew_up_in(X, C), official_language(C, L).] from alice grew_up_in france (0.9, ${join(dir, "people.csv")}:5); france official_language french (1, ${join(dir, "people.csv")}:6)`,
        "1 answers; 1 triples derived (backward, not stored)",
        "",
      ].join("\n"),
    );
    const bad = await boyd("kg", "infer", "--query", "speaks alice");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("query column 8");
  }, 60_000);

  it("kg query shows rule-derived facts (here a declared owl:TransitiveProperty) with their proofs; --stated only the stored ones", async () => {
    const declared = await boyd("kg", "query", "-s", "ann", "-p", "reports_to");
    expect(declared.stdout.split("\n").slice(0, 3)).toEqual(["ann\treports_to\tbob\t1", "ann\treports_to\tcat\t0.8\treports_to owl:TransitiveProperty", expect.stringContaining("  proof: rule reports_to owl:TransitiveProperty [reports_to(X, Z) :- reports_to(X, Y), reports_to(Y, Z).] from ann reports_to bob")]);
    expect((await boyd("kg", "query", "-s", "ann", "-p", "reports_to", "--stated")).stdout).toBe("ann\treports_to\tbob\t1\n");
  }, 60_000);

  it("kg infer materialises every rule in force, each fact with its proof", async () => {
    const forward = await boyd("kg", "infer");
    expect(forward.stdout).toContain("alice\tspeaks\tfrench\t0.8100\tlang.rules:2\n  proof: rule lang.rules:2");
    expect(forward.stdout).toContain("ann\treports_to\tcat\t0.8000\treports_to owl:TransitiveProperty");
    expect(forward.stdout).toContain("2 triples derived");
  }, 60_000);
});
