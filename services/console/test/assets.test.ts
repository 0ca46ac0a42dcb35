import { readFileSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureDeps } from "@boyd/testkit";
import { describe, expect, it } from "vitest";
import { consoleAssetsDir, consoleAssetsStale, ensureConsoleAssets } from "../src/index.js";

const repo = fileURLToPath(new URL("../../..", import.meta.url)).replace(/\/$/, "");
const pageSource = fileURLToPath(new URL("../web/index.html", import.meta.url));

describe("the page build (ensureConsoleAssets)", () => {
  it("lives in this clone's cache, is built when missing or older than a file under web/, and not otherwise", async () => {
    expect(consoleAssetsDir()).toBe(join(repo, ".cache/console-web", repo.replace(/[^A-Za-z0-9]/g, "_"), "current"));
    const dir = await ensureConsoleAssets();
    expect(dir).toBe(consoleAssetsDir());
    expect(readFileSync(join(dir, "index.html"), "utf8")).toBe(readFileSync(pageSource, "utf8"));
    expect(statSync(join(dir, "app.js")).size).toBeGreaterThan(0);
    expect(consoleAssetsStale()).toBe(false);

    // A page source saved after the build: stale, and the next ensure builds again.
    const before = statSync(pageSource);
    const built = statSync(join(dir, "stamp")).mtimeMs;
    try {
      utimesSync(pageSource, before.atime, new Date(built + 5_000));
      expect(consoleAssetsStale()).toBe(true);
      await ensureConsoleAssets();
      expect(statSync(join(consoleAssetsDir(), "stamp")).mtimeMs).toBeGreaterThan(built);
    } finally {
      utimesSync(pageSource, before.atime, before.mtime);
    }
  }, 60_000);

  it("ensure_console_web (scripts/ensure-deps.sh) makes the same check: nothing when current, a build when a page source is newer", async () => {
    await ensureConsoleAssets();
    const stamp = (): number => statSync(join(consoleAssetsDir(), "stamp")).mtimeMs;
    const built = stamp();
    await ensureDeps(["console_web"]);
    expect(stamp()).toBe(built);
    const before = statSync(pageSource);
    try {
      utimesSync(pageSource, before.atime, new Date(built + 5_000));
      await ensureDeps(["console_web"]);
      expect(stamp()).toBeGreaterThan(built);
    } finally {
      utimesSync(pageSource, before.atime, before.mtime);
    }
  }, 60_000);
});
