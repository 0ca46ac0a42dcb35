import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOSTILE, HostileRuns, SHOWN } from "./hostile-text.js";

// Symbols from a knowledge file, and flag values, command names and file
// names echoed in errors: see hostile-text.ts.

const runs = new HostileRuns();
let dir: string;
let kg: string[];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "boyd-hostile-kg-"));
  kg = ["kg", "--data-dir", join(dir, ".boyd")];
  writeFileSync(join(dir, "kb.csv"), `subject,predicate,object\n"dog${HOSTILE}",is-a,"mammal${HOSTILE}"\nmammal,is-a,animal\n`);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  process.stdout.write(runs.summary("kg and errors"));
});

/**
 * Runs the commands one after another: they share one data directory, which
 * one process holds at a time (a second `boyd kg` that overlaps is refused),
 * so run at once they failed whenever two overlapped.
 */
async function inTurn<T extends readonly (() => Promise<unknown>)[]>(commands: readonly [...T]): Promise<{ [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const results: unknown[] = [];
  for (const command of commands) results.push(await command());
  return results as { [K in keyof T]: Awaited<ReturnType<T[K]>> };
}

describe("cli - no control or bidi character reaches the terminal", () => {
  it("hostile text - symbols from a knowledge file in kg ingest, kg query and kg activate, shown in their columns", async () => {
    expect((await runs.boyd("kg ingest", [...kg, "ingest", join(dir, "kb.csv")])).code).toBe(0);
    const [query, activate] = await inTurn([() => runs.boyd("kg query", [...kg, "query"]), () => runs.boyd("kg activate", [...kg, "activate", `dog${HOSTILE}`])]);
    const dog = query.stdout.split("\n").find((l) => l.startsWith("dog"))!;
    expect(dog.split("\t")).toHaveLength(4);
    expect(dog).toContain(`dog${SHOWN}`);
    expect(activate.stdout).toContain(`mammal${SHOWN}`);
  }, 40_000);

  it("hostile text - --json results and errors stay valid JSON, the characters escaped, never raw", async () => {
    const [query, activate, missing] = await inTurn([
      () => runs.boyd("kg query --json", [...kg, "query", "--json"]),
      () => runs.boyd("kg activate --json", [...kg, "activate", `dog${HOSTILE}`, "--json"]),
      () => runs.boyd("missing file name --json", [...kg, "--json", "ingest", join(dir, `missing${HOSTILE}.csv`)]),
    ]);
    // Parsed back, the symbols are the ones in the file.
    expect((JSON.parse(query.stdout) as Array<{ subject: string }>).map((t) => t.subject)).toContain(`dog${HOSTILE}`);
    expect((JSON.parse(activate.stdout) as Array<{ symbol: string }>).map((a) => a.symbol)).toContain(`mammal${HOSTILE}`);
    expect(missing.code).toBe(2);
    expect((JSON.parse(missing.stderr) as { error: { message: string } }).error.message).toContain(`missing${SHOWN}`);
  }, 40_000);

  it("hostile text - a file name, a --format or --limit value and a command name echoed in errors, exit 2", async () => {
    const results = await inTurn([
      () => runs.boyd("missing file name", [...kg, "ingest", join(dir, `missing${HOSTILE}.csv`)]),
      () => runs.boyd("--format value", [...kg, "ingest", join(dir, "kb.csv"), "--format", `csv${HOSTILE}`]),
      () => runs.boyd("unknown command", [`bogus${HOSTILE}`]),
      () => runs.boyd("--limit value", [...kg, "query", "--limit", `3${HOSTILE}`]),
    ]);
    for (const r of results) expect(r.code).toBe(2);
    expect(results[0]!.stderr).toContain(`missing${SHOWN}`);
    expect(results[1]!.stderr).toContain(`csv${SHOWN}`);
    expect(results[2]!.stderr).toContain(`bogus${SHOWN}`);
  }, 40_000);
});
