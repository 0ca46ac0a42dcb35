import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBoyd } from "./boyd-process.js";

let dir: string;
const dataDir = () => join(dir, ".boyd");

describe("boyd kg reset, and agent run --fresh over a graph earlier runs filled", () => {
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "boyd-kg-reset-"));
    writeFileSync(join(dir, "rivers.csv"), "subject,predicate,object\nnile,flows_into,mediterranean_sea\ndanube,flows_into,black_sea\n");
    writeFileSync(join(dir, "lines.csv"), "subject,predicate,object\nblue_line,serves,airport\n");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Each case spawns a few boyd processes (about 2 s each); they share the data dir, in order.
  it("agent run --fresh says the graph it starts on already holds facts, and how to empty it", async () => {
    expect((await runBoyd(["kg", "--data-dir", dataDir(), "ingest", join(dir, "rivers.csv")])).code).toBe(0);
    const run = await runBoyd(["agent", "--data-dir", dataDir(), "run", "--fresh", "--kb", join(dir, "lines.csv"), "--max-cycles", "2", "--goals", "Find which line serves the airport => blue line"]);
    expect(run.code).toBe(0);
    // The run answered from a graph holding the rivers too, and nothing said so.
    expect(run.stderr).toContain("--fresh starts the agent over, not the graph: it held 2 triples before this run, and answers may use them; `boyd kg reset --yes` (same --data-dir) empties it");
  }, 60_000);

  it("kg reset without --yes exits 2 and deletes nothing; with it, the graph is empty", async () => {
    const refused = await runBoyd(["kg", "--data-dir", dataDir(), "reset"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`kg reset deletes every fact and rule of the graph in ${dataDir()}/graph; add --yes to do it`);
    expect((await runBoyd(["kg", "--data-dir", dataDir(), "query", "-p", "flows_into"])).stdout).toContain("nile\tflows_into\tmediterranean_sea");
    const reset = await runBoyd(["--json", "kg", "--data-dir", dataDir(), "reset", "--yes"]);
    expect(reset.code).toBe(0);
    expect(JSON.parse(reset.stdout)).toEqual({ graph: `${dataDir()}/graph`, removed: { triples: 3, symbols: expect.any(Number) } });
    expect((await runBoyd(["kg", "--data-dir", dataDir(), "query"])).stdout).toBe("");
    // Empty, a fresh run has nothing to say of it.
    const run = await runBoyd(["agent", "--data-dir", dataDir(), "run", "--fresh", "--kb", join(dir, "lines.csv"), "--max-cycles", "2", "--goals", "Find which line serves the airport => blue line"]);
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain("--fresh starts the agent over");
  }, 90_000);
});
