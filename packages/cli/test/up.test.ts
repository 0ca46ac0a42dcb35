import { mkdtempSync, rmSync } from "node:fs";
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
    expect(up.stdout()).toMatch(/boyd up: SIGTERM, stopping .*\nboyd up: stopped\n$/);
    // The agent outlived the process: its session is in the data directory.
    const goals = await runBoyd(["agent", "--data-dir", join(dir, ".boyd"), "--agent", "grpc", "goals"]);
    expect(goals.stdout).toMatch(/^… active +p128 goal:Find the moons of Mars$/m);
  });

  it("up - a bad --grpc address exits 2 naming the flag", async () => {
    const r = await runBoyd(["up", "--data-dir", join(dir, ".boyd"), "--grpc", "nowhere"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`option '--grpc <host:port>' argument 'nowhere' is invalid. expected host:port`);
  });
});
