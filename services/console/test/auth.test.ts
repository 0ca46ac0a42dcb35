import { request } from "node:https";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startController, type Controller } from "@boyd/controller";
import { startStack, type Stack } from "@boyd/stack";
import { makeTestPki, type TestCert, type TestPki } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSRF_HEADER, SESSION_COOKIE, startConsole, type RunningConsole } from "../src/index.js";
import { api, writePage } from "./fixtures.js";

// The controller demands a token (BOYD_GRPC_TOKEN) and serves TLS with a
// private CA; the console logs browsers in with that same token.
const TOKEN = "console-test-token-0123456789abcdef";

let pki: TestPki;
let ca: TestCert;
let stack: Stack;
let controller: Controller;
let plain: RunningConsole;
let secure: RunningConsole;
let dir: string;

beforeAll(async () => {
  pki = makeTestPki();
  ca = pki.ca("ca");
  const server = pki.issue("server", { ca, dns: ["localhost"], ips: ["127.0.0.1"], usage: "server" });
  dir = await mkdtemp(join(tmpdir(), "boyd-console-auth-"));
  // Every service but the controller from the stack; the controller as a deployment runs it, with TLS and a token.
  stack = await startStack({ dataDir: join(dir, "data"), services: ["observe", "orient", "decide", "act", "memory"] });
  controller = await startController({
    transport: stack.transport,
    events: stack.events,
    grpc: { address: "127.0.0.1:0", tls: { cert: server.certPem, key: server.keyPem }, auth: { tokens: [TOKEN] } },
  });
  await stack.agents.createAgent({ agentId: "mars", goals: [{ description: "Find the moons that orbit Mars" }] });
  await writePage(join(dir, "page"));
  const grpcTarget = `localhost:${controller.grpc!.port}`;
  plain = await startConsole({ listen: "127.0.0.1:0", grpcTarget, tls: { ca: ca.certPem }, assetsDir: join(dir, "page") });
  secure = await startConsole({ listen: "127.0.0.1:0", grpcTarget, tls: { ca: ca.certPem }, assetsDir: join(dir, "page"), https: { cert: server.certPem, key: server.keyPem } });
});

afterAll(async () => {
  await plain?.close();
  await secure?.close();
  await controller?.stop();
  await stack?.stop();
  await rm(dir, { recursive: true, force: true });
  pki?.dispose();
});

/** The session cookie of a Set-Cookie header, as the browser would send it back. */
function cookieOf(headers: Headers): string {
  const set = headers.get("set-cookie") ?? "";
  return set.split(";")[0]!;
}

describe("console authentication is AgentService's own token", () => {
  it("without a token: /api/session says a login is needed, and API routes answer 401 (events too)", async () => {
    const call = api(plain.url);
    expect(await call("GET", "/api/session")).toMatchObject({ status: 200, json: { authRequired: true, authenticated: false } });
    expect(await call("GET", "/api/agents")).toMatchObject({ status: 401, json: { error: { code: "UNAUTHENTICATED" } } });
    expect(await call("GET", "/api/agents/mars/events")).toMatchObject({ status: 401, json: { error: { code: "UNAUTHENTICATED" } } });
    expect(await call("POST", "/api/agents/mars/goals", { description: "x" })).toMatchObject({ status: 401 });
  });

  it("a wrong token is refused with 401 and no cookie; a forged cookie gets nowhere either", async () => {
    const call = api(plain.url);
    const refused = await call("POST", "/api/login", { token: "not-the-token-0123456789abcdef" });
    expect(refused).toMatchObject({ status: 401, json: { error: { code: "UNAUTHENTICATED", message: "the token was refused by AgentService" } } });
    expect(refused.headers.get("set-cookie")).toBeNull();
    const forged = api(plain.url, () => `${SESSION_COOKIE}=not-the-token-0123456789abcdef`);
    expect(await forged("GET", "/api/agents")).toMatchObject({ status: 401 });
    expect(await forged("GET", "/api/session")).toMatchObject({ json: { authRequired: true, authenticated: false } });
    expect(await call("POST", "/api/login", { token: "" })).toMatchObject({ status: 400, json: { error: { message: expect.stringContaining("field token") } } });
  });

  it("the right token logs in: an HttpOnly SameSite=Strict cookie, every call then goes through with it; logout clears it", async () => {
    const browser: { cookie?: string } = {};
    const call = api(plain.url, () => browser.cookie);
    const login = await call("POST", "/api/login", { token: TOKEN });
    expect(login.status).toBe(204);
    const set = login.headers.get("set-cookie")!;
    expect(set).toMatch(new RegExp(`^${SESSION_COOKIE}=[^;]+; Path=/; HttpOnly; SameSite=Strict$`));
    const cookie = cookieOf(login.headers);
    browser.cookie = cookie;
    expect(await call("GET", "/api/session")).toMatchObject({ status: 200, json: { authRequired: true, authenticated: true } });
    expect(await call("GET", "/api/agents")).toMatchObject({ status: 200, json: { agents: [expect.objectContaining({ agentId: "mars" })] } });
    expect(await call("POST", "/api/agents/mars/goals", { description: "Find what orbits Neptune" })).toMatchObject({ status: 200, json: { goal: { description: "Find what orbits Neptune" } } });
    const events = await fetch(new URL("/api/agents/mars/events?from_seq=1", plain.url), { headers: { cookie } });
    expect(events.status).toBe(200);
    expect(events.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    await events.body!.cancel();
    // Past authentication, AgentService's own answers come through: an unknown agent.
    expect(await call("GET", "/api/agents/nobody")).toMatchObject({ status: 404, json: { error: { code: "NOT_FOUND" } } });
    const logout = await call("POST", "/api/logout");
    expect(logout.status).toBe(204);
    expect(logout.headers.get("set-cookie")).toMatch(new RegExp(`^${SESSION_COOKIE}=; .*Max-Age=0$`));
  });

  it("a cross-site POST (the cookie, but not the x-boyd-console header) is refused with 403, login included", async () => {
    const cookie = `${SESSION_COOKIE}=${TOKEN}`;
    for (const path of ["/api/agents/mars/goals", "/api/agents/mars/start", "/api/login", "/api/agents/mars/approvals/a1"]) {
      const res = await fetch(new URL(path, plain.url), { method: "POST", headers: { cookie, "content-type": "application/x-www-form-urlencoded" }, body: "description=forged" });
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
    }
    const wrongValue = await fetch(new URL("/api/agents/mars/pause", plain.url), { method: "POST", headers: { cookie, [CSRF_HEADER]: "yes" } });
    expect(wrongValue.status).toBe(403);
  });

  it("over HTTPS the session cookie is also Secure", async () => {
    const { status, setCookie } = await new Promise<{ status: number; setCookie: string[] }>((resolve, reject) => {
      const body = JSON.stringify({ token: TOKEN });
      const req = request(
        { host: "127.0.0.1", servername: "localhost", port: secure.port, path: "/api/login", method: "POST", ca: ca.certPem, headers: { [CSRF_HEADER]: "1", "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode!, setCookie: res.headers["set-cookie"] ?? [] }));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
    expect(secure.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/$/);
    expect(status).toBe(204);
    expect(setCookie[0]).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
  });
});
