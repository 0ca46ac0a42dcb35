// A fresh clone has no nats-server build and no Neo4j launcher; the root
// vitest config's first global setup runs ensureDeps for them, which is why
// `npx vitest run --project deploy` no longer stops at "Neo4j launcher not
// built" / "No test files found". Here in a bare copy of what those steps
// read, so nothing of this clone is reused.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import rootConfig from "../../../vitest.config.js";
import { cachedNatsServerPath, containsInOrder, ensureDeps, NATS_SERVER_VERSION, neo4jCommand } from "../src/index.js";

const REPO_ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const bare = mkdtempSync(join(tmpdir(), "boyd-fresh-clone-"));
afterAll(() => rmSync(bare, { recursive: true, force: true }));

function copyFromRepo(path: string): void {
  mkdirSync(join(bare, path, ".."), { recursive: true });
  cpSync(join(REPO_ROOT, path), join(bare, path), { recursive: true });
}

describe("testkit - ensureDeps on a fresh clone", () => {
  it("root config - the ensure step runs before Neo4j is started", () => {
    const setups = [rootConfig.test?.globalSetup ?? []].flat();
    expect(setups).toEqual(["./packages/testkit/src/ensure-deps-global-setup.ts", "./packages/testkit/src/neo4j-global-setup.ts"]);
  });

  it("builds the pinned nats-server and the Neo4j launcher where they are missing, then reuses them", async () => {
    for (const path of ["scripts/ensure-deps.sh", "scripts/nats-server-version", "deploy/neo4j-dev/pom.xml", "deploy/neo4j-dev/src"]) copyFromRepo(path);
    const launcherDir = join(bare, "deploy/neo4j-dev");
    expect(() => neo4jCommand({ launcherDir })).toThrow(/Neo4j launcher not built/);

    await ensureDeps(["nats", "neo4j_dev"], { root: bare });

    const nats = cachedNatsServerPath(bare);
    expect(execFileSync(nats, ["--version"], { encoding: "utf8" })).toContain(NATS_SERVER_VERSION);
    expect(neo4jCommand({ launcherDir }).args.join(" ")).toContain(join(launcherDir, "target"));

    const started = Date.now();
    await ensureDeps(["nats", "neo4j_dev"], { root: bare });
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 150_000);

  it("a step that fails - the error names the steps, the exit code and the script's own words", async () => {
    const empty = mkdtempSync(join(bare, "no-go-"));
    for (const file of ["ensure-deps.sh", "nats-server-version"]) cpSync(join(REPO_ROOT, "scripts", file), join(empty, "scripts", file));
    // No Go on PATH and no cached build: ensure_nats must say what to install.
    const env = { ...process.env, PATH: "/usr/bin:/bin", BOYD_NATS_SERVER: "" };
    const failure = await ensureDeps(["nats"], { root: empty, env }).then(() => "(no failure)", (err: Error) => err.message);
    expect(containsInOrder(failure, ["ensure-deps.sh (nats) failed with exit code 1", "install Go"]), failure).toBe(true);
    expect(existsSync(cachedNatsServerPath(empty))).toBe(false);
  });
});
