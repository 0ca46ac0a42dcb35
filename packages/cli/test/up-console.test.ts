import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startBoyd } from "./boyd-process.js";

// Where the page is built for this clone (scripts/build-console-web.mjs): the
// built CLI must find it in the source tree, not beside its bundle.
const repo = fileURLToPath(new URL("../../..", import.meta.url)).replace(/\/$/, "");
const pageDir = join(repo, ".cache/console-web", repo.replace(/[^A-Za-z0-9]/g, "_"), "current");

describe("boyd up serves the web console", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "boyd-up-console-"))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("up --console 127.0.0.1:0 - prints the console's URL, which serves the built page and the API", async () => {
    const up = startBoyd(["up", "--data-dir", join(dir, ".boyd"), "--grpc", "127.0.0.1:0", "--console", "127.0.0.1:0"]);
    try {
      const [, url] = await up.waitFor(/^ {2}console (http:\/\/127\.0\.0\.1:\d+\/)$/m, { timeoutMs: 60_000 });
      await up.waitFor(/^Ctrl-C to stop$/m);
      const index = await fetch(url!);
      expect(index.status).toBe(200);
      expect(index.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(index.headers.get("content-security-policy")).toMatch(/^default-src 'self'/);
      expect(await index.text()).toBe(readFileSync(join(pageDir, "index.html"), "utf8"));
      const script = await fetch(new URL("app.js", url));
      expect(script.status).toBe(200);
      expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
      const agents = await fetch(new URL("api/agents", url));
      expect(agents.status).toBe(200);
      expect(await agents.json()).toEqual({});
    } finally {
      expect(await up.stop("SIGTERM")).toBe(0);
    }
  }, 90_000);

  it("up --no-console - serves no console; a console port in use is named, and the stack runs on", async () => {
    const first = startBoyd(["up", "--data-dir", join(dir, "a"), "--grpc", "127.0.0.1:0", "--console", "127.0.0.1:0"]);
    try {
      const [, port] = await first.waitFor(/^ {2}console http:\/\/127\.0\.0\.1:(\d+)\/$/m, { timeoutMs: 60_000 });
      const second = startBoyd(["up", "--data-dir", join(dir, "b"), "--grpc", "127.0.0.1:0", "--console", `127.0.0.1:${port}`]);
      try {
        await second.waitFor(new RegExp(`^ {2}console not served: 127\\.0\\.0\\.1:${port} is in use \\(choose another with --console HOST:PORT, or --no-console\\)$`, "m"), { timeoutMs: 60_000 });
        await second.waitFor(/^Ctrl-C to stop$/m);
      } finally {
        expect(await second.stop("SIGTERM")).toBe(0);
      }
      const none = startBoyd(["up", "--data-dir", join(dir, "c"), "--grpc", "127.0.0.1:0", "--no-console"]);
      try {
        await none.waitFor(/^Ctrl-C to stop$/m, { timeoutMs: 60_000 });
        expect(none.stdout()).not.toMatch(/^ {2}console/m);
      } finally {
        expect(await none.stop("SIGTERM")).toBe(0);
      }
    } finally {
      expect(await first.stop("SIGTERM")).toBe(0);
    }
  }, 120_000);
});
