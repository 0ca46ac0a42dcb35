import { once } from "node:events";
import http from "node:http";
import https from "node:https";
import net, { isIP, type AddressInfo, type LookupFunction } from "node:net";
import tls from "node:tls";
import { BusError } from "@boyd/bus";
import { DangerLevel } from "@boyd/proto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { checkTarget, classifyAddress, compileAllowList, type AddressKind } from "../src/net/address-policy.js";
import { guardedFetch, type FetchResult, type GuardedRequest, type HostLookup } from "../src/net/guarded-fetch.js";
import { createHttpFetchTool, type HttpFetchInput } from "../src/tools/http-fetch.js";
import type { CallContext, ToolRun } from "../src/tool.js";

// ---------------------------------------------------------------------------
// Network guard. This machine has no network and traffic to private ranges
// is forbidden, so every TCP connect in this file is checked before it
// starts: only 127.0.0.1 may be dialled, whether the address is given
// directly or comes out of a lookup function. A bug in the code under test
// then fails a test instead of sending a packet; `dialled` also records
// where connections really went, which the pinning tests read.

const dialled: string[] = [];
const blocked: string[] = [];
const realConnect = net.Socket.prototype.connect;

function guardAddress(address: string): Error | undefined {
  if (address === "127.0.0.1") {
    dialled.push(address);
    return undefined;
  }
  blocked.push(address);
  return new Error(`test network guard: blocked a connection to ${address}`);
}

function installGuard(): void {
  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
    // net.connect passes its normalised [options, callback] array as one argument.
    const first = args[0];
    const opts = (Array.isArray(first) ? first[0] : first) as { host?: string; port?: number; path?: string | null; lookup?: LookupFunction } | undefined;
    // A string `path` is a Unix socket (http passes path: null for TCP).
    if (opts && typeof opts === "object" && typeof opts.path !== "string" && opts.port !== undefined) {
      const host = opts.host ?? "localhost";
      if (isIP(host) !== 0) {
        const refusal = guardAddress(host);
        if (refusal) throw refusal;
      } else if (opts.lookup) {
        const inner = opts.lookup;
        opts.lookup = ((hostname: string, o: { all?: boolean }, cb: (err: Error | null, a?: unknown, f?: number) => void) =>
          inner(hostname, o as never, (err: Error | null, address: unknown, family?: number) => {
            if (err) return cb(err);
            const list = Array.isArray(address) ? (address as { address: string }[]).map((a) => a.address) : [address as string];
            for (const a of list) {
              const refusal = guardAddress(a);
              if (refusal) return cb(refusal);
            }
            cb(null, address, family);
          })) as unknown as LookupFunction;
      } else {
        // The engine always pins; a connect by name without a pin is a bug.
        throw new Error(`test network guard: unpinned connection by name to ${host}`);
      }
    }
    return (realConnect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof realConnect;
}

// ---------------------------------------------------------------------------
// The one test server, on 127.0.0.1 only.

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

const BIG = 10 * 1024 * 1024;
let server: http.Server;
let port = 0;
let base = "";
let connections = 0;
const seen: Seen[] = [];
const hanging: http.ServerResponse[] = [];
let bigResponse: { finished: boolean; closed: Promise<unknown> } | undefined;

function handle(req: http.IncomingMessage, res: http.ServerResponse, body: string): void {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  seen.push({ method: req.method ?? "", url: url.pathname + url.search, headers: req.headers, body });
  const path = url.pathname;
  if (path === "/hello") {
    res.writeHead(200, { "content-type": "text/plain; charset=utf-8", "x-secret": "s3cr3t", "set-cookie": "sid=1" });
    res.end("hello, world");
  } else if (path === "/echo") {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ method: req.method, headers: req.headers, body }));
  } else if (path.startsWith("/status/")) {
    const status = Number(path.slice("/status/".length));
    res.writeHead(status, { "content-type": "text/plain" });
    res.end(`status ${status}`);
  } else if (path === "/redirect") {
    res.writeHead(Number(url.searchParams.get("code") ?? "302"), { location: url.searchParams.get("to") ?? "/hello" });
    res.end();
  } else if (path.startsWith("/loop/")) {
    const n = Number(path.slice("/loop/".length));
    res.writeHead(302, { location: `/loop/${n + 1}` });
    res.end();
  } else if (path === "/big") {
    const state = { finished: false, closed: once(res, "close") };
    bigResponse = state;
    res.writeHead(200, { "content-type": "text/plain", "content-length": String(BIG) });
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const pump = (): void => {
      while (sent < BIG && !res.destroyed) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
      if (!res.destroyed) res.end(() => (state.finished = true));
    };
    pump();
  } else if (path === "/binary") {
    res.writeHead(200, { "content-type": "image/png" });
    res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 3]));
  } else if (path === "/euro") {
    res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
    res.end("€".repeat(100)); // 3 bytes each: a cap of 10 bytes cuts the fourth
  } else if (path === "/drip") {
    res.writeHead(200, { "content-type": "text/plain" });
    res.write("first bytes, then nothing");
    hanging.push(res);
  } else if (path === "/hang") {
    hanging.push(res); // never answered
  } else {
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("no such page");
  }
}

beforeAll(async () => {
  installGuard();
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => handle(req, res, Buffer.concat(chunks).toString("utf8")));
  });
  server.on("connection", () => connections++);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  net.Socket.prototype.connect = realConnect;
  for (const res of hanging) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  // Nothing in any test may have tried to leave 127.0.0.1.
  expect(blocked).toEqual([]);
  dialled.length = 0;
});

// ---------------------------------------------------------------------------
// Helpers

const LOCAL = (): string[] => [`127.0.0.1:${port}`];

/** A lookup from a table, counting calls; names not in it fail like DNS. */
function fakeDns(table: Record<string, string[] | ((call: number) => string[])>): HostLookup & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (hostname: string) => {
    calls.push(hostname);
    const entry = table[hostname];
    const answers = typeof entry === "function" ? entry(calls.filter((c) => c === hostname).length) : entry;
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return answers.map((address) => ({ address, family: isIP(address) }));
  };
  return Object.assign(lookup, { calls });
}

async function fetchError(request: GuardedRequest, allowHosts: string[] = [], lookup?: HostLookup): Promise<BusError> {
  try {
    await guardedFetch(request, { allowHosts }, lookup ? { lookup } : {});
  } catch (err) {
    expect(err).toBeInstanceOf(BusError);
    return err as BusError;
  }
  throw new Error(`expected ${request.url} to fail`);
}

function context(overrides: Partial<CallContext> = {}): CallContext {
  return { agentId: "agent-1", cycle: 1, step: 0, signal: new AbortController().signal, deadline: Date.now() + 30_000, outputCapBytes: 64 * 1024, ...overrides };
}

function tool(allowHosts: string[] = LOCAL(), lookup?: HostLookup, defaults?: { timeoutMs?: number; maxBytes?: number; maxRedirects?: number }) {
  return createHttpFetchTool({ policy: { allowHosts }, ...(lookup ? { lookup } : {}), ...(defaults ? { defaults } : {}) });
}

async function runTool(raw: Record<string, unknown>, allowHosts: string[] = LOCAL(), lookup?: HostLookup): Promise<ToolRun> {
  const t = tool(allowHosts, lookup);
  return t.run(t.input.parse(raw), context());
}

/** The issues a raw input produces, as "path: message". */
function issues(raw: Record<string, unknown>): string[] {
  const parsed = tool().input.safeParse(raw);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

// ---------------------------------------------------------------------------

describe("test harness", () => {
  it("http_fetch - the network guard blocks any connection that is not to 127.0.0.1", () => {
    expect(() => net.connect({ host: "10.1.2.3", port: 80 })).toThrow("blocked a connection to 10.1.2.3");
    expect(() => net.connect({ host: "example.test", port: 80 })).toThrow("unpinned connection by name");
    expect(blocked).toEqual(["10.1.2.3"]);
    blocked.length = 0;
  });
});

describe("address policy", () => {
  it("http_fetch - classifies every refused range, including IPv6 forms that carry IPv4", () => {
    const cases: [string, AddressKind][] = [
      ["127.0.0.1", "loopback"],
      ["127.255.0.9", "loopback"],
      ["::1", "loopback"],
      ["10.1.2.3", "private"],
      ["172.16.5.4", "private"],
      ["172.31.255.255", "private"],
      ["192.168.1.1", "private"],
      ["fc00::1", "private"],
      ["fd12:3456::1", "private"],
      ["169.254.1.1", "link-local"],
      ["fe80::1", "link-local"],
      ["169.254.169.254", "cloud-metadata"],
      ["fd00:ec2::254", "cloud-metadata"],
      ["100.100.100.200", "cloud-metadata"],
      ["100.64.0.1", "carrier-grade-nat"],
      ["0.0.0.0", "unspecified"],
      ["::", "unspecified"],
      ["224.0.0.1", "multicast"],
      ["ff02::1", "multicast"],
      ["255.255.255.255", "broadcast"],
      ["240.0.0.1", "reserved"],
      ["192.0.2.10", "documentation"],
      ["198.51.100.7", "documentation"],
      ["203.0.113.1", "documentation"],
      ["2001:db8::1", "documentation"],
      ["::ffff:127.0.0.1", "loopback"],
      ["::ffff:7f00:1", "loopback"],
      ["::ffff:169.254.169.254", "cloud-metadata"],
      ["::127.0.0.1", "loopback"],
      ["64:ff9b::10.0.0.1", "private"],
      ["64:ff9b::a9fe:a9fe", "cloud-metadata"],
      ["2002:7f00:1::", "loopback"],
      ["8.8.8.8", "public"],
      ["172.32.0.1", "public"],
      ["2606:4700:4700::1111", "public"],
      ["64:ff9b::8.8.8.8", "public"],
      ["0x7f.1", "invalid"],
      ["2130706433", "invalid"],
      ["localhost", "invalid"],
    ];
    const wrong = cases.filter(([a, kind]) => classifyAddress(a).kind !== kind).map(([a, kind]) => `${a}: ${classifyAddress(a).kind}, want ${kind}`);
    expect(wrong).toEqual([]);
  });

  it("http_fetch - refusal reasons name the host, the address and the range", () => {
    expect(checkTarget("evil.test", 80, ["127.0.0.1"], { allowHosts: [] })).toEqual({
      allowed: false,
      reason: "evil.test: 127.0.0.1 is a loopback address (127.0.0.0/8), not in the allow list for port 80",
    });
    const literal = checkTarget("127.0.0.1", 80, ["127.0.0.1"], { allowHosts: [] });
    expect(literal.allowed).toBe(false);
    expect(!literal.allowed && literal.reason).toMatch(/^127\.0\.0\.1 is a loopback address/);
    const mapped = checkTarget("[::ffff:a9fe:a9fe]", 80, ["::ffff:a9fe:a9fe"], { allowHosts: [] });
    expect(!mapped.allowed && mapped.reason).toContain("carries IPv4 169.254.169.254) is a cloud metadata address");
    expect(checkTarget("example.test", 443, ["93.184.216.34", "2606:2800:220:1::1"], { allowHosts: [] })).toEqual({ allowed: true });
  });

  it("http_fetch - every answer must pass: one public and one private address is refused", () => {
    const r = checkTarget("mixed.test", 80, ["93.184.216.34", "10.0.0.5"], { allowHosts: [] });
    expect(r).toEqual({ allowed: false, reason: "mixed.test: 10.0.0.5 is a private address (10.0.0.0/8), not in the allow list for port 80" });
    expect(checkTarget("nowhere.test", 80, [], { allowHosts: [] })).toEqual({ allowed: false, reason: "nowhere.test: resolved to no addresses" });
  });

  it("http_fetch - allow-list entries: host:port, globs, CIDRs and IPv6", () => {
    const allow = (entries: string[], host: string, p: number, addresses: string[]) => checkTarget(host, p, addresses, { allowHosts: entries }).allowed;
    expect(allow(["127.0.0.1:8080"], "127.0.0.1", 8080, ["127.0.0.1"])).toBe(true);
    expect(allow(["127.0.0.1:8080"], "127.0.0.1", 8081, ["127.0.0.1"])).toBe(false);
    expect(allow(["127.0.0.1:8080"], "127.0.0.2", 8080, ["127.0.0.2"])).toBe(false);
    expect(allow(["10.0.0.0/8"], "10.1.2.3", 443, ["10.1.2.3"])).toBe(true);
    expect(allow(["10.0.0.0/8"], "[::ffff:10.1.2.3]", 443, ["::ffff:10.1.2.3"])).toBe(true);
    expect(allow(["10.0.0.0/8:443"], "10.1.2.3", 80, ["10.1.2.3"])).toBe(false);
    expect(allow(["fc00::/7:443"], "[fd00::5]", 443, ["fd00::5"])).toBe(true);
    expect(allow(["[::1]:8080"], "[::1]", 8080, ["::1"])).toBe(true);
    expect(allow(["::1"], "[::1]", 9, ["::1"])).toBe(true);
    expect(allow(["*.svc.test"], "api.svc.test", 80, ["10.0.0.1"])).toBe(true);
    expect(allow(["*.svc.test"], "a.b.SVC.test.", 80, ["10.0.0.1"])).toBe(true);
    expect(allow(["*.svc.test"], "svc.test", 80, ["10.0.0.1"])).toBe(false);
    expect(allow(["*.svc.test"], "evilsvc.test", 80, ["10.0.0.1"])).toBe(false);
    expect(allow(["api.test:8443"], "api.test", 8443, ["10.0.0.1"])).toBe(true);
    expect(allow(["api.test:8443"], "api.test", 443, ["10.0.0.1"])).toBe(false);
    // A name rule trusts DNS, so it never opens a metadata address; an address rule may.
    expect(allow(["meta.test"], "meta.test", 80, ["169.254.169.254"])).toBe(false);
    expect(allow(["169.254.169.254"], "169.254.169.254", 80, ["169.254.169.254"])).toBe(true);
    // 0.0.0.0 reaches this host on Linux: no entry opens it.
    expect(allow(["0.0.0.0/8", "0.0.0.0"], "0.0.0.0", 80, ["0.0.0.0"])).toBe(false);
  });

  it("http_fetch - bad allow-list entries are refused naming the entry", () => {
    for (const entry of ["10.0.0.0/33", "host:99999", "*.", "", "bad host", "10.0.0.0/8:1:2", "[nope]:80"]) {
      expect(() => compileAllowList([entry]), entry).toThrow(/allowHosts\[0\]/);
    }
    expect(() => createHttpFetchTool({ policy: { allowHosts: ["ok.test", "300.1.1.1/8"] } })).toThrow(/allowHosts\[1\] "300\.1\.1\.1\/8"/);
  });
});

describe("fetching allow-listed targets", () => {
  it("http_fetch - GET from an allow-listed local server returns status, selected headers and body", async () => {
    const r = await guardedFetch({ url: `${base}/hello` }, { allowHosts: LOCAL() });
    expect(r).toMatchObject({
      status: 200,
      statusText: "OK",
      url: `${base}/hello`,
      finalUrl: `${base}/hello`,
      redirects: [],
      body: "hello, world",
      bytes: 12,
      truncated: false,
      contentType: "text/plain; charset=utf-8",
      address: "127.0.0.1",
    });
    expect(r.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(r.headers).not.toHaveProperty("set-cookie");
    expect(r.headers).not.toHaveProperty("x-secret");
    expect(r.durationMs).toBeGreaterThanOrEqual(0);
    expect(dialled).toEqual(["127.0.0.1"]);
  });

  it("http_fetch - POST through the tool sends headers and body and reports the structured result", async () => {
    const run = await runTool({ url: `${base}/echo`, method: "POST", headers: { "Content-Type": "application/json", "X-Trace": "abc" }, body: '{"q":1}' });
    const data = run.data as FetchResult;
    const echoed = JSON.parse(data.body ?? "null") as { method: string; headers: Record<string, string>; body: string };
    expect(echoed.method).toBe("POST");
    expect(echoed.body).toBe('{"q":1}');
    expect(echoed.headers["x-trace"]).toBe("abc");
    expect(echoed.headers["content-length"]).toBe("7");
    expect(echoed.headers["host"]).toBe(`127.0.0.1:${port}`);
    expect(run.content.split("\n")[0]).toBe("HTTP 200 OK (application/json, " + data.bytes + " bytes)");
    expect(run.content).toContain('"body":"{\\"q\\":1}"');
    expect(run.failure).toBeUndefined();
  });

  it("http_fetch - 4xx and 5xx statuses return their output with a mapped failure", async () => {
    const codes: Record<number, string> = { 404: "NOT_FOUND", 401: "PERMISSION_DENIED", 403: "PERMISSION_DENIED", 429: "RESOURCE_EXHAUSTED", 500: "UNAVAILABLE", 503: "UNAVAILABLE", 418: "UNKNOWN", 400: "UNKNOWN" };
    for (const [status, code] of Object.entries(codes)) {
      const run = await runTool({ url: `${base}/status/${status}` });
      expect(run.failure, status).toEqual({ code, message: expect.stringContaining(`HTTP ${status}`) as unknown });
      expect(run.content, status).toContain(`status ${status}`);
      expect((run.data as FetchResult).status).toBe(Number(status));
    }
    expect((await runTool({ url: `${base}/status/204` })).failure).toBeUndefined();
  });

  it("http_fetch - a name resolved by the injected lookup is fetched, keeping the name in Host", async () => {
    const dns = fakeDns({ "api.test": ["127.0.0.1"] });
    const r = await guardedFetch({ url: `http://api.test:${port}/echo` }, { allowHosts: [`api.test:${port}`] }, { lookup: dns });
    expect(r.status).toBe(200);
    expect((JSON.parse(r.body ?? "{}") as { headers: Record<string, string> }).headers["host"]).toBe(`api.test:${port}`);
    expect(dns.calls).toEqual(["api.test"]);
    expect(dialled).toEqual(["127.0.0.1"]);
    // The same name on another port is not open.
    const err = await fetchError({ url: `http://api.test:${port + 1}/` }, [`api.test:${port}`], dns);
    expect(err.code).toBe("PERMISSION_DENIED");
  });

  it("http_fetch - HEAD returns headers and no body; binary content is reported, not decoded", async () => {
    const head = await runTool({ url: `${base}/hello`, method: "HEAD" });
    expect((head.data as FetchResult).body).toBeNull();
    expect(head.content).toContain("content-type: text/plain; charset=utf-8");
    const bin = await runTool({ url: `${base}/binary` });
    expect((bin.data as FetchResult).body).toBeNull();
    expect((bin.data as FetchResult).bytes).toBe(12);
    expect(bin.content).toBe("HTTP 200 OK (image/png, 12 bytes)\n[image/png content not shown]");
  });

  it("http_fetch - redirects: 302 and 303 turn POST into GET, 307 keeps method and body", async () => {
    for (const [code, method, body] of [
      [302, "GET", ""],
      [303, "GET", ""],
      [301, "GET", ""],
      [307, "POST", "payload"],
      [308, "POST", "payload"],
    ] as const) {
      const r = await guardedFetch(
        { url: `${base}/redirect?code=${code}&to=/echo`, method: "POST", body: "payload", headers: { "content-type": "text/plain" } },
        { allowHosts: LOCAL() },
      );
      const echoed = JSON.parse(r.body ?? "{}") as { method: string; body: string };
      expect([code, echoed.method, echoed.body]).toEqual([code, method, body]);
      expect(r.redirects).toEqual([`${base}/echo`]);
      expect(r.finalUrl).toBe(`${base}/echo`);
    }
  });

  it("http_fetch - a redirect to another origin drops Authorization and Cookie", async () => {
    const dns = fakeDns({ "other.test": ["127.0.0.1"] });
    const to = encodeURIComponent(`http://other.test:${port}/echo`);
    const r = await guardedFetch(
      { url: `${base}/redirect?to=${to}`, headers: { Authorization: "Bearer t0ken", Cookie: "a=1", "X-Keep": "yes" } },
      { allowHosts: [...LOCAL(), `other.test:${port}`] },
      { lookup: dns },
    );
    const headers = (JSON.parse(r.body ?? "{}") as { headers: Record<string, string> }).headers;
    expect(headers["authorization"]).toBeUndefined();
    expect(headers["cookie"]).toBeUndefined();
    expect(headers["x-keep"]).toBe("yes");
    expect(seen.at(-2)?.headers["authorization"]).toBe("Bearer t0ken");
  });
});

describe("SSRF refusals", () => {
  it("http_fetch - the local server is refused without an allow-list entry, before any connection", async () => {
    const before = connections;
    const err = await fetchError({ url: `${base}/hello` });
    expect(err.code).toBe("PERMISSION_DENIED");
    expect(err.message).toBe(`refused http://127.0.0.1:${port}: 127.0.0.1 is a loopback address (127.0.0.0/8), not in the allow list for port ${port}`);
    expect(connections).toBe(before);
    expect(dialled).toEqual([]);
  });

  it("http_fetch - loopback, metadata and unspecified literals are refused", async () => {
    const cases: [string, RegExp][] = [
      [`http://[::1]:${port}/`, /::1 is a loopback address/],
      ["http://169.254.169.254/latest/meta-data/", /169\.254\.169\.254 is a cloud metadata address/],
      ["http://[fd00:ec2::254]/latest/meta-data/", /fd00:ec2::254 is a cloud metadata address/],
      ["http://100.100.100.200/latest/meta-data/", /cloud metadata/],
      [`http://0.0.0.0:${port}/`, /0\.0\.0\.0 is an unspecified address \(0\.0\.0\.0\/8\) and is never reachable/],
      [`http://[::]:${port}/`, /:: is an unspecified address/],
      ["http://10.1.2.3/", /10\.1\.2\.3 is a private address/],
      ["http://192.168.0.1/", /private address/],
      ["http://[fe80::1]/", /link-local address/],
    ];
    const before = connections;
    for (const [url, reason] of cases) {
      const err = await fetchError({ url });
      expect([url, err.code]).toEqual([url, "PERMISSION_DENIED"]);
      expect(err.message, url).toMatch(reason);
    }
    expect(connections).toBe(before);
    expect(dialled).toEqual([]);
  });

  it("http_fetch - numeric and mapped spellings of 127.0.0.1 are normalised and refused", async () => {
    // WHATWG URL turns these into 127.0.0.1, which is what a socket would dial.
    expect(new URL("http://2130706433/").hostname).toBe("127.0.0.1");
    expect(new URL("http://0x7f.1/").hostname).toBe("127.0.0.1");
    const before = connections;
    for (const host of ["2130706433", "0x7f000001", "0x7f.1", "017700000001", "127.1", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "[0:0:0:0:0:ffff:127.0.0.1]"]) {
      const err = await fetchError({ url: `http://${host}:${port}/hello` });
      expect([host, err.code]).toEqual([host, "PERMISSION_DENIED"]);
      expect(err.message, host).toMatch(/loopback address/);
    }
    expect(connections).toBe(before);
  });

  it("http_fetch - localhost resolves to loopback and is refused", async () => {
    const before = connections;
    const err = await fetchError({ url: `http://localhost:${port}/hello` });
    expect(err.code).toBe("PERMISSION_DENIED");
    expect(err.message).toMatch(/^refused http:\/\/localhost:\d+: localhost: (127\.0\.0\.1|::1) is a loopback address/);
    expect(connections).toBe(before);
  });

  it("http_fetch - a name that DNS maps to loopback or to one public and one private address is refused", async () => {
    const dns = fakeDns({ "evil.test": ["127.0.0.1"], "mixed.test": ["93.184.216.34", "10.9.8.7"], "meta.test": ["169.254.169.254"] });
    const before = connections;
    const evil = await fetchError({ url: `http://evil.test:${port}/` }, [], dns);
    expect(evil.message).toContain("evil.test: 127.0.0.1 is a loopback address");
    const mixed = await fetchError({ url: "http://mixed.test/" }, [], dns);
    expect(mixed.message).toContain("mixed.test: 10.9.8.7 is a private address");
    // Even allow-listed by name, a metadata answer stays closed.
    const meta = await fetchError({ url: "http://meta.test/" }, ["meta.test"], dns);
    expect(meta.message).toContain("169.254.169.254 is a cloud metadata address");
    expect([evil.code, mixed.code, meta.code]).toEqual(["PERMISSION_DENIED", "PERMISSION_DENIED", "PERMISSION_DENIED"]);
    expect(connections).toBe(before);
  });

  it("http_fetch - a redirect from an allowed server to a private or metadata address is refused at the hop", async () => {
    for (const [to, reason] of [
      ["http://10.1.2.3/", "10.1.2.3 is a private address"],
      ["http://169.254.169.254/latest/meta-data/iam/", "169.254.169.254 is a cloud metadata address"],
      [`http://[::1]:${port}/hello`, "::1 is a loopback address"],
    ] as const) {
      dialled.length = 0;
      const err = await fetchError({ url: `${base}/redirect?to=${encodeURIComponent(to)}` }, LOCAL());
      expect(err.code).toBe("PERMISSION_DENIED");
      expect(err.message).toContain(`redirect 1 (to ${new URL(to).href})`);
      expect(err.message).toContain(reason);
      // The only connection made was to the allowed server.
      expect(dialled).toEqual(["127.0.0.1"]);
    }
  });

  it("http_fetch - a redirect to another scheme is refused, naming it", async () => {
    const err = await fetchError({ url: `${base}/redirect?to=${encodeURIComponent("file:///etc/passwd")}` }, LOCAL());
    expect(err.code).toBe("PERMISSION_DENIED");
    expect(err.message).toContain("scheme file: is not allowed");
  });

  it("http_fetch - a redirect chain longer than the limit ends with RESOURCE_EXHAUSTED", async () => {
    const before = seen.length;
    const err = await fetchError({ url: `${base}/loop/0`, maxRedirects: 3 }, LOCAL());
    expect(err.code).toBe("RESOURCE_EXHAUSTED");
    expect(err.message).toContain("more than 3 redirects");
    expect(seen.slice(before).map((s) => s.url)).toEqual(["/loop/0", "/loop/1", "/loop/2", "/loop/3"]);
  });
});

describe("DNS rebinding", () => {
  it("http_fetch - the connection is pinned to the vetted answer; a second answer is never used", async () => {
    // First answer: the allow-listed address. Any later answer: another
    // loopback address that is not allow-listed (the rebinding target).
    const dns = fakeDns({ "rebind.test": (n) => (n === 1 ? ["127.0.0.1"] : ["127.0.0.2"]) });
    const before = seen.length;
    const r = await guardedFetch({ url: `http://rebind.test:${port}/echo` }, { allowHosts: LOCAL() }, { lookup: dns });
    expect(r.status).toBe(200);
    expect(r.address).toBe("127.0.0.1");
    expect(dns.calls).toEqual(["rebind.test"]);
    expect(dialled).toEqual(["127.0.0.1"]);
    expect(seen.slice(before).map((s) => s.headers.host)).toEqual([`rebind.test:${port}`]);
  });

  it("http_fetch - each redirect hop resolves again, so a rebinding between hops is refused", async () => {
    const dns = fakeDns({ "rebind.test": (n) => (n === 1 ? ["127.0.0.1"] : ["127.0.0.2"]) });
    const to = encodeURIComponent(`http://rebind.test:${port}/hello`);
    const err = await fetchError({ url: `http://rebind.test:${port}/redirect?to=${to}` }, LOCAL(), dns);
    expect(err.code).toBe("PERMISSION_DENIED");
    expect(err.message).toContain("redirect 1");
    expect(err.message).toContain("rebind.test: 127.0.0.2 is a loopback address");
    expect(dns.calls).toEqual(["rebind.test", "rebind.test"]);
    expect(dialled).toEqual(["127.0.0.1"]);
  });

  it("http_fetch - a name whose first answer is private is refused whatever it answers later", async () => {
    const dns = fakeDns({ "flip.test": (n) => (n === 1 ? ["127.0.0.1"] : ["93.184.216.34"]) });
    const err = await fetchError({ url: `http://flip.test:${port}/` }, [], dns);
    expect(err.code).toBe("PERMISSION_DENIED");
    expect(dns.calls).toEqual(["flip.test"]);
  });
});

// A throwaway self-signed certificate for "secure.test" (EC P-256, 100 years).
const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgFc/Gzrj9rKh9CGhA
vLqv35aytppE95Aql14Ac7a/+H2hRANCAARfzhkhSMFMTO0oXudduqdFlXZaEWqw
v8E6moM+SN6jUiHMkojgnqBO6GWxUJCjUloZ76Qw9LkkGbYZ+WQCns0y
-----END PRIVATE KEY-----`;
const TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBnDCCAUGgAwIBAgIUdTarX6G/eEaPRS/vdyORSS4gSJAwCgYIKoZIzj0EAwIw
FjEUMBIGA1UEAwwLc2VjdXJlLnRlc3QwIBcNMjYxMTIzMDk0NDI4WhgPMjEyNjEw
MzAwOTQ0MjhaMBYxFDASBgNVBAMMC3NlY3VyZS50ZXN0MFkwEwYHKoZIzj0CAQYI
KoZIzj0DAQcDQgAEX84ZIUjBTEztKF7nXbqnRZV2WhFqsL/BOpqDPkjeo1IhzJKI
4J6gTuhlsVCQo1JaGe+kMPS5JBm2GflkAp7NMqNrMGkwHQYDVR0OBBYEFEkRMogn
5GE64aNYApjkpJsjKWYVMB8GA1UdIwQYMBaAFEkRMogn5GE64aNYApjkpJsjKWYV
MA8GA1UdEwEB/wQFMAMBAf8wFgYDVR0RBA8wDYILc2VjdXJlLnRlc3QwCgYIKoZI
zj0EAwIDSQAwRgIhAPKGJu/l+73FW6XGAsJw0YTKxFghzyl76D7AotSRU7XcAiEA
y33kjiZR6CydSgOUgHW1h/J60NAKOE3bwwLi7DXk8a4=
-----END CERTIFICATE-----`;

describe("https", () => {
  it("http_fetch - https is pinned to the vetted address, sends the host name as SNI and verifies the certificate", async () => {
    const sni: string[] = [];
    const context = tls.createSecureContext({ key: TEST_KEY, cert: TEST_CERT });
    const secure = https.createServer({ key: TEST_KEY, cert: TEST_CERT, SNICallback: (name, cb) => (sni.push(name), cb(null, context)) }, (_req, res) => res.end("secret"));
    secure.listen(0, "127.0.0.1");
    await once(secure, "listening");
    try {
      const tlsPort = (secure.address() as AddressInfo).port;
      const dns = fakeDns({ "secure.test": (n) => (n === 1 ? ["127.0.0.1"] : ["127.0.0.2"]) });
      const err = await fetchError({ url: `https://secure.test:${tlsPort}/` }, [`127.0.0.1:${tlsPort}`], dns);
      // Self-signed: the default trust store refuses it, which proves verification is on.
      expect(err.code).toBe("UNAVAILABLE");
      expect(err.message).toMatch(/certificate/i);
      expect(sni).toEqual(["secure.test"]);
      expect(dns.calls).toEqual(["secure.test"]);
      expect(dialled).toEqual(["127.0.0.1"]);
    } finally {
      secure.closeAllConnections();
      await new Promise((resolve) => secure.close(resolve));
    }
  });
});

describe("limits", () => {
  it("http_fetch - a server that never answers ends in DEADLINE_EXCEEDED within the timeout", async () => {
    const started = Date.now();
    const err = await fetchError({ url: `${base}/hang`, timeoutMs: 300 }, LOCAL());
    expect(err.code).toBe("DEADLINE_EXCEEDED");
    expect(err.message).toContain("within 300 ms");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("http_fetch - a body that stops half way ends in DEADLINE_EXCEEDED too", async () => {
    const started = Date.now();
    const err = await fetchError({ url: `${base}/drip`, timeoutMs: 300 }, LOCAL());
    expect(err.code).toBe("DEADLINE_EXCEEDED");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("http_fetch - a DNS answer that never comes also ends at the timeout", async () => {
    const never: HostLookup = () => new Promise(() => undefined);
    const err = await fetchError({ url: "http://slow.test/", timeoutMs: 100 }, [], never);
    expect(err.code).toBe("DEADLINE_EXCEEDED");
  });

  it("http_fetch - the caller's signal cancels the exchange", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const err = await fetchError({ url: `${base}/hang`, signal: controller.signal }, LOCAL());
    expect(err.code).toBe("CANCELLED");
  });

  it("http_fetch - a 10 MB body is cut at maxBytes and the connection dropped promptly", async () => {
    const started = Date.now();
    const r = await guardedFetch({ url: `${base}/big`, maxBytes: 64 * 1024 }, { allowHosts: LOCAL() });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(r).toMatchObject({ status: 200, bytes: 64 * 1024, truncated: true });
    expect(r.body).toHaveLength(64 * 1024);
    // The server sees the connection go long before it has sent 10 MB.
    await bigResponse!.closed;
    expect(bigResponse!.finished).toBe(false);
  });

  it("http_fetch - the tool reads at most its configured maxBytes and says so", async () => {
    const t = tool(LOCAL(), undefined, { maxBytes: 1000 });
    const run = await t.run(t.input.parse({ url: `${base}/big` }), context());
    expect((run.data as FetchResult).bytes).toBe(1000);
    expect(run.content.split("\n")[0]).toBe("HTTP 200 OK (text/plain, 1000 bytes (truncated at 1000))");
  });

  it("http_fetch - a cut through a multi-byte character does not leave half a character", async () => {
    const r = await guardedFetch({ url: `${base}/euro`, maxBytes: 10 }, { allowHosts: LOCAL() });
    expect(r.bytes).toBe(10);
    expect(r.body).toBe("€€€");
  });

  it("http_fetch - connection and DNS failures are UNAVAILABLE", async () => {
    const closed = http.createServer();
    closed.listen(0, "127.0.0.1");
    await once(closed, "listening");
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await fetchError({ url: `http://127.0.0.1:${closedPort}/` }, [`127.0.0.1:${closedPort}`]);
    expect(refused.code).toBe("UNAVAILABLE");
    expect(refused.message).toContain("ECONNREFUSED");
    const unknown = await fetchError({ url: "http://nowhere.test/" }, [], fakeDns({}));
    expect(unknown.code).toBe("UNAVAILABLE");
    expect(unknown.message).toBe("cannot resolve nowhere.test (ENOTFOUND)");
  });
});

describe("input validation", () => {
  it("http_fetch - schemes other than http and https are refused naming the scheme", async () => {
    for (const [url, scheme] of [
      ["file:///etc/passwd", "file:"],
      ["ftp://ftp.example.test/pub", "ftp:"],
      ["data:text/plain,hello", "data:"],
      ["gopher://127.0.0.1:70/", "gopher:"],
      ["javascript:alert(1)", "javascript:"],
    ]) {
      expect(issues({ url }), url).toEqual([`url: scheme ${scheme} is not allowed; only http: and https:`]);
      const err = await fetchError({ url: url! });
      expect([url, err.code, err.message]).toEqual([url, "INVALID_ARGUMENT", `url: scheme ${scheme} is not allowed; only http: and https:`]);
    }
  });

  it("http_fetch - URLs with credentials are refused", async () => {
    expect(issues({ url: `http://user:pw@127.0.0.1:${port}/` })).toEqual(["url: credentials in the URL (user:password@) are not allowed; send an Authorization header instead"]);
    const before = connections;
    const err = await fetchError({ url: `http://user@127.0.0.1:${port}/` }, LOCAL());
    expect([err.code, err.message]).toEqual(["INVALID_ARGUMENT", expect.stringContaining("url: credentials") as unknown]);
    expect(connections).toBe(before);
  });

  it("http_fetch - malformed input is refused naming the field", async () => {
    const u = `${base}/hello`;
    expect(issues({ url: "not a url" })).toEqual(["url: Invalid url"]);
    expect(issues({})).toEqual(["url: Required"]);
    expect(issues({ url: 42 })[0]).toMatch(/^url: Expected string/);
    expect(issues({ url: u, method: "DELETE" })[0]).toMatch(/^method: Invalid enum value/);
    expect(issues({ url: u, timeout_ms: 0 })[0]).toMatch(/^timeout_ms: Number must be greater than or equal to 1/);
    expect(issues({ url: u, timeout_ms: 60_001 })[0]).toMatch(/^timeout_ms: Number must be less than or equal to 60000/);
    expect(issues({ url: u, body: "x" })).toEqual(["body: only a POST carries a body, not a GET"]);
    expect(issues({ url: u, method: "POST", body: "x".repeat(1024 * 1024 + 1) })).toEqual([`body: at most ${1024 * 1024} bytes`]);
    expect(issues({ url: u, method: "POST", body: "x".repeat(1024 * 1024) })).toEqual([]);
    expect(issues({ url: u, surprise: 1 })[0]).toMatch(/Unrecognized key\(s\) in object: 'surprise'/);
    const err = await fetchError({ url: "http://[::1" });
    expect([err.code, err.message]).toEqual(["INVALID_ARGUMENT", 'url: "http://[::1" is not a valid absolute URL']);
    expect((await fetchError({ url: u, body: "x" })).message).toBe("body: only a POST carries a body, not a GET");
  });

  it("http_fetch - forbidden, invalid and too many headers are refused naming the header", async () => {
    const u = `${base}/hello`;
    for (const name of ["Host", "Connection", "Transfer-Encoding", "Content-Length", "Proxy-Authorization", "Accept-Encoding"]) {
      expect(issues({ url: u, headers: { [name]: "x" } }), name).toEqual([`headers.${name}: ${name} is set by the tool and may not be overridden`]);
    }
    expect(issues({ url: u, headers: { "Bad Header": "x" } })).toEqual(['headers.Bad Header: "Bad Header" is not a valid header name']);
    expect(issues({ url: u, headers: { "X-Inject": "a\r\nHost: 169.254.169.254" } })).toEqual([
      "headers.X-Inject: header values may hold only tab, printable ASCII and Latin-1 (no CR, LF or NUL)",
    ]);
    const many = Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`x-h${i}`, "v"]));
    expect(issues({ url: u, headers: many })).toEqual(["headers: at most 32 headers, got 33"]);
    // The engine refuses them too, whoever calls it.
    const err = await fetchError({ url: u, headers: { host: "169.254.169.254" } }, LOCAL());
    expect([err.code, err.message]).toEqual(["INVALID_ARGUMENT", "headers.host: set by the engine, not by the caller"]);
    const crlf = await fetchError({ url: u, headers: { "x-a": "1\r\nx-b: 2" } }, LOCAL());
    expect(crlf.code).toBe("INVALID_ARGUMENT");
  });

  it("http_fetch - bad tool defaults are refused at construction", () => {
    expect(() => createHttpFetchTool({ policy: { allowHosts: [] }, defaults: { timeoutMs: 0 } })).toThrow("defaults.timeoutMs");
    expect(() => createHttpFetchTool({ policy: { allowHosts: [] }, defaults: { maxRedirects: -1 } })).toThrow("defaults.maxRedirects");
  });
});

describe("assessment", () => {
  const assess = async (raw: Record<string, unknown>, lookup: HostLookup, allowHosts: string[] = []) => {
    const t = tool(allowHosts, lookup);
    return t.assess(t.input.parse(raw) as HttpFetchInput, context());
  };
  const dns = fakeDns({ "example.test": ["93.184.216.34"], "evil.test": ["127.0.0.1"] });

  it("http_fetch - a GET of a public host is cautious, reversible and without side effects", async () => {
    const a = await assess({ url: "https://example.test/page?q=1" }, dns);
    expect(a.action).toEqual({ detail: { $case: "networkRequest", value: { method: "GET", url: "https://example.test/page?q=1", host: "example.test", privateAddress: false } } });
    expect([a.danger, a.reversible, a.sideEffects]).toEqual([DangerLevel.CAUTIOUS, true, false]);
    expect(a.preview).toBe("GET https://example.test/page?q=1 (host example.test, public)");
  });

  it("http_fetch - a POST is dangerous with side effects; a loopback host is flagged private", async () => {
    const a = await assess({ url: "http://evil.test/hook", method: "POST", body: "rm -rf" }, dns);
    expect([a.danger, a.reversible, a.sideEffects]).toEqual([DangerLevel.DANGEROUS, false, true]);
    expect(a.action.detail?.$case === "networkRequest" && a.action.detail.value.privateAddress).toBe(true);
    expect(a.preview).toBe(
      "POST http://evil.test/hook (host evil.test, loopback address 127.0.0.1)\nbody: 6 bytes: rm -rf\nthe network policy will refuse it: evil.test: 127.0.0.1 is a loopback address (127.0.0.0/8), not in the allow list for port 80",
    );
    const literal = await assess({ url: "http://[::ffff:169.254.169.254]/" }, dns);
    expect(literal.action.detail?.$case === "networkRequest" && literal.action.detail.value).toMatchObject({ host: "::ffff:a9fe:a9fe", privateAddress: true });
  });

  it("http_fetch - a name that does not resolve is assessed without error", async () => {
    const a = await assess({ url: "http://nowhere.test/", method: "HEAD" }, dns);
    expect(a.action.detail?.$case === "networkRequest" && a.action.detail.value.privateAddress).toBe(false);
    expect(a.preview).toBe("HEAD http://nowhere.test/ (host nowhere.test, unresolved)");
    expect(a.danger).toBe(DangerLevel.CAUTIOUS);
  });
});
