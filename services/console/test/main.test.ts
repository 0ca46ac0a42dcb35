import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startStack, type Stack } from "@boyd/stack";
import { launchService, type ServiceProcess } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSOLE_ENV, configFromEnv, securityOptions } from "../src/config.js";
import { PAGE, writePage } from "./fixtures.js";

const MAIN = fileURLToPath(new URL("../src/main.ts", import.meta.url));

/** The address a JSON log line of `process` reported under `field`, once it did. */
async function loggedField(process: ServiceProcess, field: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const line of process.output().split("\n")) {
      if (!line.startsWith("{")) continue;
      const value = (JSON.parse(line) as Record<string, unknown>)[field];
      if (typeof value === "string") return value;
    }
    if (Date.now() > deadline) throw new Error(`no ${field} logged within ${timeoutMs} ms:\n${process.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("the console's own process (main.ts)", () => {
  let dir: string;
  let stack: Stack;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "boyd-console-main-"));
    await writePage(join(dir, "page"));
    stack = await startStack({ dataDir: join(dir, "data"), grpcAddress: "127.0.0.1:0" });
  });

  afterAll(async () => {
    await stack?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("serves the page and the API in front of BOYD_CONTROLLER_GRPC, with /healthz, /readyz and /metrics; SIGTERM drains, exit 0", async () => {
    const proc = launchService(MAIN, {
      BOYD_CONTROLLER_GRPC: stack.controller!.grpc!.address,
      BOYD_CONSOLE_ADDRESS: "127.0.0.1:0",
      BOYD_CONSOLE_ASSETS: join(dir, "page"),
    });
    try {
      const url = await loggedField(proc, "url");
      const ops = await loggedField(proc, "ops");
      expect(await (await fetch(url)).text()).toBe(PAGE["index.html"]);
      await stack.agents.createAgent({ agentId: "mars", goals: [{ description: "Find the moons that orbit Mars" }] });
      expect(await (await fetch(new URL("/api/agents", url))).json()).toMatchObject({ agents: [expect.objectContaining({ agentId: "mars" })] });
      expect((await fetch(`http://${ops}/healthz`)).status).toBe(200);
      const ready = await fetch(`http://${ops}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: "ready", checks: { page: "ok" } });
      expect(await (await fetch(`http://${ops}/metrics`)).text()).toMatch(/^# (HELP|TYPE) /m);
    } finally {
      proc.kill("SIGTERM");
    }
    expect(await proc.exited).toBe(0);
  });

  it("a controller that does not answer: the page is still served (ready), its API calls answer 503 UNAVAILABLE; a missing page is not ready", async () => {
    const proc = launchService(MAIN, { BOYD_CONTROLLER_GRPC: "127.0.0.1:1", BOYD_CONSOLE_ADDRESS: "127.0.0.1:0", BOYD_CONSOLE_ASSETS: join(dir, "page") });
    const pageless = launchService(MAIN, { BOYD_CONTROLLER_GRPC: "127.0.0.1:1", BOYD_CONSOLE_ADDRESS: "127.0.0.1:0", BOYD_CONSOLE_ASSETS: join(dir, "no-page") });
    try {
      const [url, ops] = [await loggedField(proc, "url"), await loggedField(proc, "ops")];
      expect((await fetch(`http://${ops}/readyz`)).status).toBe(200);
      expect((await fetch(url)).status).toBe(200);
      const agents = await fetch(new URL("/api/agents", url));
      expect(agents.status).toBe(503);
      expect(await agents.json()).toMatchObject({ error: { code: "UNAVAILABLE" } });
      const notReady = await fetch(`http://${await loggedField(pageless, "ops")}/readyz`);
      expect(notReady.status).toBe(503);
      expect(await notReady.json()).toMatchObject({ status: "not ready", checks: { page: `no index.html in ${join(dir, "no-page")}` } });
    } finally {
      proc.kill("SIGTERM");
      pageless.kill("SIGTERM");
    }
    expect(await proc.exited).toBe(0);
    expect(await pageless.exited).toBe(0);
  });

  it("a bad setting exits 2 naming the variable", async () => {
    const proc = launchService(MAIN, { BOYD_CONTROLLER_GRPC: "controller", BOYD_CONSOLE_TLS_CERT: "/x.pem" });
    expect(await proc.exited).toBe(2);
    expect(proc.output()).toContain("invalid console configuration: BOYD_CONTROLLER_GRPC: expected host:port");
    expect(proc.output()).toContain("BOYD_CONSOLE_TLS_KEY: certificate and key go together");
  });
});

describe("console configuration", () => {
  it("defaults: 0.0.0.0:8080, ops on 0.0.0.0:9090, plaintext towards the controller", () => {
    const config = configFromEnv({ BOYD_CONTROLLER_GRPC: "boyd-controller:50051" });
    expect(config).toMatchObject({ address: "0.0.0.0:8080", controllerGrpc: "boyd-controller:50051", opsAddress: "0.0.0.0:9090", controllerTls: false });
    expect(securityOptions(config)).toEqual({});
  });

  it("TLS towards the controller: 1 for the system roots, a CA file (and client certificate) for a private CA; HTTPS with a certificate and key", () => {
    const files: Record<string, string> = { "/ca.pem": "CA", "/c.pem": "CERT", "/k.pem": "KEY", "/s.pem": "SCERT", "/sk.pem": "SKEY" };
    const readFile = (path: string): Buffer => Buffer.from(files[path] ?? "");
    expect(securityOptions(configFromEnv({ BOYD_CONTROLLER_GRPC: "c:1", BOYD_CONTROLLER_GRPC_TLS: "1" }), readFile)).toEqual({ tls: true });
    const env = { BOYD_CONTROLLER_GRPC: "c:1", BOYD_CONTROLLER_GRPC_TLS_CA: "/ca.pem", BOYD_CONTROLLER_GRPC_TLS_CERT: "/c.pem", BOYD_CONTROLLER_GRPC_TLS_KEY: "/k.pem", BOYD_CONSOLE_TLS_CERT: "/s.pem", BOYD_CONSOLE_TLS_KEY: "/sk.pem" };
    const options = securityOptions(configFromEnv(env), readFile);
    expect(options).toEqual({ tls: { ca: Buffer.from("CA"), cert: Buffer.from("CERT"), key: Buffer.from("KEY") }, https: { cert: Buffer.from("SCERT"), key: Buffer.from("SKEY") } });
  });

  it("an unreadable file is named by its variable", () => {
    const config = configFromEnv({ BOYD_CONTROLLER_GRPC: "c:1", BOYD_CONTROLLER_GRPC_TLS_CA: "/nonexistent/ca.pem" });
    expect(() => securityOptions(config)).toThrow(`${CONSOLE_ENV.controllerTlsCa}: cannot read /nonexistent/ca.pem (ENOENT)`);
  });
});
