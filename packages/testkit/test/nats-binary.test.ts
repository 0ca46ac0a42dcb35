import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cachedNatsServerPath, findNatsServer, isAtLeast, lineContainsInOrder, NATS_SERVER_VERSION, parseNatsVersion } from "../src/index.js";

// Stand-ins for other nats-server releases: shell scripts that answer
// `--version` like the real binary does. The real pinned build is checked in
// nats-server.test.ts; these only drive the choice between binaries.
const scratch = mkdtempSync(join(tmpdir(), "boyd-nats-binary-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function fakeServer(dir: string, version: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "nats-server");
  writeFileSync(file, `#!/bin/sh\necho "nats-server: ${version}"\n`);
  chmodSync(file, 0o755);
  return file;
}

describe("testkit - which nats-server", () => {
  it("versions - compare numerically, not as text", () => {
    expect(parseNatsVersion("nats-server: v2.9.10")).toEqual([2, 9, 10]);
    expect(isAtLeast("v2.10.0", "v2.9.10")).toBe(true);
    expect(isAtLeast("v2.9.10", NATS_SERVER_VERSION)).toBe(false);
    expect(isAtLeast(NATS_SERVER_VERSION, NATS_SERVER_VERSION)).toBe(true);
    expect(isAtLeast("garbage", "v2.0.0")).toBe(false);
  });

  it("pinned - the version file names a release at least as new as 2.11 (TTLs, priority groups)", () => {
    expect(NATS_SERVER_VERSION).toMatch(/^v2\.\d+\.\d+$/);
    expect(isAtLeast(NATS_SERVER_VERSION, "v2.11.0")).toBe(true);
  });

  it("only an old server - fails naming it, its version and how to build the pinned one", () => {
    const old = fakeServer(join(scratch, "old-bin"), "v2.9.10");
    const repoRoot = join(scratch, "clone-without-cache");
    const lookup = () => findNatsServer({ env: { PATH: join(scratch, "old-bin") }, repoRoot, minimum: "v99.0.0" });
    expect(lookup).toThrow(old);
    expect(lookup).toThrow(/v2\.9\.10/);
    expect(lookup).toThrow(/ensure_nats/);
  });

  it("cache first - the build ensure_nats cached wins over one on PATH", () => {
    const repoRoot = join(scratch, "clone");
    const cached = fakeServer(join(repoRoot, ".cache/nats-server", NATS_SERVER_VERSION), "v99.1.0");
    expect(cachedNatsServerPath(repoRoot)).toBe(cached);
    fakeServer(join(scratch, "path-bin"), "v99.0.5");
    expect(findNatsServer({ env: { PATH: join(scratch, "path-bin") }, repoRoot, minimum: "v99.0.0" })).toBe(cached);
    // Without the cached build, the current one on PATH is taken.
    const bare = join(scratch, "bare-clone");
    expect(findNatsServer({ env: { PATH: join(scratch, "path-bin") }, repoRoot: bare, minimum: "v99.0.0" })).toBe(join(scratch, "path-bin", "nats-server"));
  });

  it("BOYD_NATS_SERVER - used when current, refused when old", () => {
    const current = fakeServer(join(scratch, "explicit-new"), "v99.2.0");
    const old = fakeServer(join(scratch, "explicit-old"), "v2.9.10");
    expect(findNatsServer({ env: { BOYD_NATS_SERVER: current, PATH: "" }, minimum: "v99.0.0" })).toBe(current);
    const refusal = (() => {
      try {
        findNatsServer({ env: { BOYD_NATS_SERVER: old, PATH: "" }, minimum: "v99.0.0" });
        return "(not refused)";
      } catch (err) {
        return (err as Error).message;
      }
    })();
    expect(lineContainsInOrder(refusal, ["only ", "explicit-old", "v2.9.10"]), refusal).toBe(true);
  });
});
