import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { containsInOrder, launchService, startNats, waitFor, type NatsServer, type ServiceProcess } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const PROBE = new URL("./fixtures/probe-service.ts", import.meta.url).pathname;
const PASSWORD = "probe-password-0123456789";
/** What a clean stop logs, in this order. */
const STOP_LOGS = ['"draining"', '"probe stopping"', '"stopped"'];

/** The ops address the process logged in its "probe serving" line. */
async function opsAddressOf(service: ServiceProcess): Promise<string> {
  let address: string | undefined;
  await waitFor(
    () => {
      const line = service.output().split("\n").find((l) => l.includes('"probe serving"'));
      address = line ? (JSON.parse(line) as { ops: string }).ops : undefined;
      return address !== undefined;
    },
    20_000,
    () => `the probe to log "probe serving"; output so far:\n${service.output()}`,
  );
  return address!;
}

const readyz = async (address: string) => {
  const res = await fetch(`http://${address}/readyz`);
  return { status: res.status, body: (await res.json()) as { status: string; checks?: Record<string, string> } };
};

describe("runService: one process shape for every service", () => {
  let nats: NatsServer;
  let dir: string;

  beforeAll(async () => {
    nats = await startNats({ extraConfig: `authorization { user: probe, password: "${PASSWORD}" }` });
    dir = await mkdtemp(join(tmpdir(), "boyd-probe-"));
  });
  afterAll(async () => {
    await nats?.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  const launch = (env: Record<string, string>) =>
    launchService(PROBE, { BOYD_NATS_URL: nats.url, BOYD_NATS_USER: "probe", BOYD_NATS_PASSWORD: PASSWORD, BOYD_OPS_ADDRESS: "127.0.0.1:0", PROBE_STORE_FILE: join(dir, "store"), ...env });

  it("is ready only while NATS and its store answer, drains on SIGTERM, and never logs the password", async () => {
    const service = launch({});
    try {
      const ops = await opsAddressOf(service);
      expect(await readyz(ops)).toEqual({ status: 503, body: { status: "not ready", checks: { nats: "ok", store: expect.stringContaining("ENOENT") } } });
      await writeFile(join(dir, "store"), "");
      expect((await readyz(ops)).status).toBe(200);

      await nats.stop();
      await waitFor(async () => (await readyz(ops)).body.checks?.["nats"] !== "ok", 10_000, () => "readiness to see NATS go away");
      expect((await readyz(ops)).status).toBe(503);
      await nats.restart();
      await waitFor(async () => (await readyz(ops)).status === 200, 15_000, () => "readiness to come back with NATS");

      expect((await fetch(`http://${ops}/healthz`)).status).toBe(200);
      service.kill("SIGTERM");
      expect(await service.exited).toBe(0);
      const output = service.output();
      expect(containsInOrder(output, STOP_LOGS)).toBe(true);
      expect(output).toContain('"natsPassword":"[redacted]"');
      expect(output).not.toContain(PASSWORD);
    } finally {
      service.kill("SIGKILL");
    }
  });

  it("a SIGTERM while the start is still running (already answering) drains after it, and exits 0", async () => {
    await writeFile(join(dir, "store"), "");
    const service = launch({ PROBE_SLOW_START_MS: "3000" });
    try {
      await waitFor(async () => service.output().includes("probe answering"), 15_000, () => "the probe to start answering");
      service.kill("SIGTERM");
      expect(await service.exited).toBe(0);
      expect(containsInOrder(service.output(), STOP_LOGS)).toBe(true);
    } finally {
      service.kill("SIGKILL");
    }
  });

  it("with BOYD_STOP_ON_STDIN_EOF=1, drains and exits when its launcher's end of stdin closes", async () => {
    await writeFile(join(dir, "store"), "");
    const child = spawn(process.execPath, ["--import", "tsx", PROBE], {
      env: { ...process.env, BOYD_NATS_URL: nats.url, BOYD_NATS_USER: "probe", BOYD_NATS_PASSWORD: PASSWORD, BOYD_OPS_ADDRESS: "127.0.0.1:0", PROBE_STORE_FILE: join(dir, "store"), BOYD_STOP_ON_STDIN_EOF: "1" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (b: Buffer) => (output += b.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    try {
      await waitFor(() => output.includes('"probe serving"'), 20_000, () => `the probe to serve; output:\n${output}`);
      expect(child.exitCode).toBeNull();
      child.stdin.end();
      expect(await exited).toBe(0);
      expect(containsInOrder(output, STOP_LOGS)).toBe(true);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("exits 2 naming the variable when a setting is bad, before connecting anywhere", async () => {
    const service = launch({ BOYD_OPS_ADDRESS: "everywhere" });
    expect(await service.exited).toBe(2);
    expect(service.output()).toContain("BOYD_OPS_ADDRESS: expected host:port or off");
    const missing = launch({ PROBE_STORE_FILE: "" });
    expect(await missing.exited).toBe(2);
    expect(missing.output()).toContain("PROBE_STORE_FILE: is required");
  });
});
