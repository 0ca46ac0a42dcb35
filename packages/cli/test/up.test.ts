import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import { AgentServiceClient, CreateAgentRequest, ListGoalsRequest, type ListGoalsResponse } from "@boyd/proto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runBoyd, startBoyd } from "./boyd-process.js";

function call<Req, Res>(method: (req: Req, md: grpc.Metadata, opts: Partial<grpc.CallOptions>, cb: (err: grpc.ServiceError | null, res: Res) => void) => unknown, req: Req): Promise<Res> {
  return new Promise((resolve, reject) => method(req, new grpc.Metadata(), { deadline: Date.now() + 10_000 }, (err, res) => (err ? reject(err) : resolve(res))));
}

describe("boyd up", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "boyd-up-"))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("up - serves AgentService over gRPC until SIGTERM, then stops cleanly", async () => {
    const up = startBoyd(["up", "--data-dir", join(dir, ".boyd"), "--grpc", "127.0.0.1:0"]);
    try {
      const [, address] = await up.waitFor(/^ {2}gRPC {2}(127\.0\.0\.1:\d+) {3}try: grpcurl -plaintext \S+ list$/m);
      await up.waitFor(/^Ctrl-C to stop$/m);
      const client = new AgentServiceClient(address!, grpc.credentials.createInsecure());
      try {
        const created = await call(client.createAgent.bind(client), CreateAgentRequest.fromPartial({ agentId: "grpc", goals: [{ description: "Find the moons of Mars", successCriteria: "phobos" }] }));
        expect(created.agent?.agentId).toBe("grpc");
        const { goals } = await call<ListGoalsRequest, ListGoalsResponse>(client.listGoals.bind(client), ListGoalsRequest.fromPartial({ agentId: "grpc" }));
        expect(goals.map((g) => g.symbolId)).toEqual(["goal:Find the moons of Mars"]);
      } finally {
        client.close();
      }
    } finally {
      expect(await up.stop("SIGTERM")).toBe(0);
    }
    // Stopping is said on stderr (notes); stdout holds only where up served.
    expect(up.stdout()).toMatch(/^Ctrl-C to stop\n$/m);
    const lastLines = up.stderr().split("\n").slice(-3);
    expect(lastLines[0]).toMatch(/^boyd up: SIGTERM, stopping /);
    expect(lastLines.slice(1)).toEqual(["boyd up: stopped", ""]);
    // The agent outlived the process: its session is in the data directory.
    const goals = await runBoyd(["agent", "--data-dir", join(dir, ".boyd"), "--agent", "grpc", "goals"]);
    expect(goals.stdout).toMatch(/^… active +p128 goal:Find the moons of Mars$/m);
  });

  it("up --agent-config - new agents start from the file, a CreateAgent request's own settings win, bad ones are named", async () => {
    const settings = join(dir, "agents.yaml");
    writeFileSync(settings, "working_memory_capacity: 42\niteration_budget: 7\n");
    const up = startBoyd(["up", "--data-dir", join(dir, ".boyd"), "--grpc", "127.0.0.1:0", "--agent-config", settings]);
    try {
      const [, address] = await up.waitFor(/^ {2}gRPC {2}(127\.0\.0\.1:\d+) /m);
      await up.waitFor(/^Ctrl-C to stop$/m);
      const client = new AgentServiceClient(address!, grpc.credentials.createInsecure());
      try {
        await call(client.createAgent.bind(client), CreateAgentRequest.fromPartial({ agentId: "tuned", config: { iterationBudget: 9 } }));
        const bad = CreateAgentRequest.fromPartial({ agentId: "odd", psyche: { archetypes: { healer: 0.5, sage: 3, guardian: 0.5, explorer: 0.5 } } });
        await expect(call(client.createAgent.bind(client), bad)).rejects.toMatchObject({ code: grpc.status.INVALID_ARGUMENT, details: expect.stringContaining("psyche.archetypes.sage") });
      } finally {
        client.close();
      }
    } finally {
      expect(await up.stop("SIGTERM")).toBe(0);
    }
    const shown = await runBoyd(["agent", "--data-dir", join(dir, ".boyd"), "--agent", "tuned", "config"]);
    expect(shown.stdout).toMatch(/^working_memory_capacity +42 +agent tuned \(stored\)$/m);
    expect(shown.stdout).toMatch(/^iteration_budget +9 +agent tuned \(stored\)$/m);
    const badFile = join(dir, "bad.yaml");
    writeFileSync(badFile, "working_memory_capacity: 42\nmax_cycles: 0\n");
    const refused = await runBoyd(["up", "--data-dir", join(dir, ".boyd"), "--grpc", "127.0.0.1:0", "--agent-config", badFile]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${badFile}:2: max_cycles: Number must be greater than or equal to 1`);
  }, 60_000);

  it("up - a second boyd on the same data directory is refused naming the first's pid (exit 1, no stack trace); after the first is killed -9 the next starts at once", async () => {
    const data = join(dir, ".boyd");
    const first = startBoyd(["up", "--data-dir", data, "--grpc", "127.0.0.1:0"]);
    let second: ReturnType<typeof startBoyd> | undefined;
    try {
      await first.waitFor(/^Ctrl-C to stop$/m);
      for (const args of [["up", "--data-dir", data, "--grpc", "127.0.0.1:0"], ["agent", "--data-dir", data, "--agent", "a", "goals"]]) {
        const refused = await runBoyd(args);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(`boyd: cannot open the graph store in ${join(data, "graph")}: it is in use by the graph store of process ${first.child.pid} (started `);
        expect(refused.stderr).toContain(`Stop that process, or use another --data-dir; if no such process runs, delete ${join(data, "graph", "boyd.lock")}.`);
        // No stack trace: no line is a frame ("    at ...").
        expect(refused.stderr.split("\n").filter((line) => line.trimStart().startsWith("at "))).toEqual([]);
        expect(refused.stdout).toBe("");
      }
      expect(await first.stop("SIGKILL")).toBeNull();
      // Its lock files are left behind, held by a dead process: taken over at once.
      const started = Date.now();
      second = startBoyd(["up", "--data-dir", data, "--grpc", "127.0.0.1:0"]);
      await second.waitFor(/^Ctrl-C to stop$/m);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      await first.stop("SIGKILL");
      if (second) expect(await second.stop("SIGTERM")).toBe(0);
    }
  });

  it("up - a bad --grpc address exits 2 naming the flag", async () => {
    const r = await runBoyd(["up", "--data-dir", join(dir, ".boyd"), "--grpc", "nowhere"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`option '--grpc <host:port>' argument 'nowhere' is invalid. expected host:port`);
  });
});
