import { mkdir } from "node:fs/promises";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE, serveConsole, type ServedConsole } from "./fixtures.js";

let served: ServedConsole;

beforeAll(async () => {
  served = await serveConsole("boyd-console-static-");
});

afterAll(async () => {
  await served?.stop();
});

/**
 * A GET with the path sent exactly as written: fetch and URL would
 * normalise `..` and `%2e%2e` away before the server saw them, which is
 * what an attacker's raw client does not do.
 */
function rawGet(path: string): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: served.console.port, path, method: "GET" }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the page's files", () => {
  it("/ is index.html; each file has its content type, and every response the security headers", async () => {
    const index = await rawGet("/");
    expect(index.status).toBe(200);
    expect(index.body).toBe(PAGE["index.html"]);
    expect(index.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(index.headers).toMatchObject({
      "content-security-policy": expect.stringMatching(/^default-src 'self'; frame-ancestors 'none';/),
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
    });
    expect((await rawGet("/app.js")).headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect((await rawGet("/app.css")).headers["content-type"]).toBe("text/css; charset=utf-8");
    const api = await rawGet("/api/agents");
    expect(api.headers["content-security-policy"]).toBeDefined();
    expect(api.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("no path leaves the page's directory: .., encoded dots and slashes, backslashes, NUL, absolute paths", async () => {
    // secret.txt sits next to the page directory (see fixtures.ts).
    const attempts = [
      "/../secret.txt",
      "/%2e%2e/secret.txt",
      "/%2E%2E%2Fsecret.txt",
      "/..%2fsecret.txt",
      "/..%5csecret.txt",
      "/.%2e/secret.txt",
      "/app.js/../../secret.txt",
      "/%2fetc%2fpasswd",
      "//etc/passwd",
      "/app.js%00.html",
      "/%c0%ae%c0%ae/secret.txt",
      "/page/../../secret.txt",
    ];
    for (const path of attempts) {
      const res = await rawGet(path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(res.body).not.toContain("not for the browser");
      expect(res.body).not.toContain("root:");
    }
  });

  it("a missing file is a 404, a directory is no file, and only GET and HEAD read files", async () => {
    expect((await rawGet("/nothing.js")).status).toBe(404);
    await mkdir(join(served.assetsDir, "icons"), { recursive: true });
    expect((await rawGet("/icons")).status).toBe(404);
    const head = await fetch(new URL("/app.js", served.console.url), { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(PAGE["app.js"].length));
    const post = await fetch(new URL("/index.html", served.console.url), { method: "POST" });
    expect(post.status).toBe(405);
  });
});
