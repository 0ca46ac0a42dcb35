import { waitFor } from "@boyd/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { OutputLog } from "../src/child.js";
import { pinPort } from "../src/free-port.js";
import { startManagedProcess, type ManagedProcessControl, type UnexpectedExit } from "../src/managed-process.js";

// A stand-in for a service process: /readyz answers 200 on BOYD_OPS_ADDRESS,
// it logs its serving line, and SIGTERM ends it cleanly.
const FAKE_SERVICE = `
const [host, port] = process.env.BOYD_OPS_ADDRESS.split(":");
require("node:http").createServer((req, res) => res.writeHead(req.url === "/readyz" ? 200 : 404).end()).listen(Number(port), host, () => {
  console.log(JSON.stringify({ level: 30, msg: "decide serving", ops: process.env.BOYD_OPS_ADDRESS }));
});
process.on("SIGTERM", () => process.exit(0));
`;

describe("managed process", () => {
  let control: ManagedProcessControl | undefined;
  afterEach(async () => {
    control?.dispose();
    await control?.process.kill("SIGKILL");
  });

  const start = async (restartOnExit: boolean, crashes: UnexpectedExit[]) => {
    control = startManagedProcess({
      service: "decide",
      command: [process.execPath, "-e", FAKE_SERVICE],
      env: { ...process.env, BOYD_OPS_ADDRESS: await pinPort("127.0.0.1:0") },
      cwd: process.cwd(),
      output: new OutputLog(undefined),
      onUnexpectedExit: (exit) => crashes.push(exit),
      restartOnExit,
    });
    await control.process.waitReady(10_000);
    return control.process;
  };

  it("managed process - restart() starts a new process on the same ops address; asked-for exits are not crashes", async () => {
    const crashes: UnexpectedExit[] = [];
    const p = await start(false, crashes);
    const { pid, opsAddress } = p;
    expect(p.serving).toMatchObject({ ops: opsAddress });
    await p.kill("SIGKILL");
    expect(p.running()).toBe(false);
    await p.restart();
    expect(p.pid).not.toBe(pid);
    expect(p.opsAddress).toBe(opsAddress);
    expect((await fetch(`http://${opsAddress}/readyz`)).status).toBe(200);
    expect(p.restarts).toBe(1);
    expect(crashes).toEqual([]);
  });

  it("managed process - a process that dies on its own is reported, and with restartOnExit started again", async () => {
    const crashes: UnexpectedExit[] = [];
    const p = await start(true, crashes);
    const pid = p.pid!;
    process.kill(pid, "SIGKILL");
    await waitFor(() => crashes.length === 1, 5_000, () => "the crash was not reported");
    expect(crashes[0]).toMatchObject({ service: "decide", pid, status: { code: null, signal: "SIGKILL" } });
    await waitFor(() => p.restarts === 1 && p.running(), 10_000, () => "not restarted");
    await p.waitReady(10_000);
    expect(p.pid).not.toBe(pid);
  });

  it("managed process - without restartOnExit a crashed process stays down, and waitReady says it exited", async () => {
    const crashes: UnexpectedExit[] = [];
    const p = await start(false, crashes);
    process.kill(p.pid!, "SIGKILL");
    await waitFor(() => crashes.length === 1, 5_000, () => "the crash was not reported");
    await expect(p.waitReady(1_000)).rejects.toThrow(/decide exited before it was ready \(SIGKILL\)/);
    expect(p.restarts).toBe(0);
  });
});
