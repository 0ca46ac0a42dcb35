import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBoyd, type RunningBoyd } from "./boyd-process.js";
import { ERASE_SHOWN, HOSTILE, HostileRuns } from "./hostile-text.js";

// Event lines (`boyd events`, plain and --json) of a run whose goal holds
// every class of hidden character: see hostile-text.ts.

const runs = new HostileRuns();
let nats: NatsServer;
let up: RunningBoyd;
let dir: string;

beforeAll(async () => {
  nats = await startNats();
  dir = mkdtempSync(join(tmpdir(), "boyd-hostile-events-"));
  up = startBoyd(["up", "--data-dir", join(dir, ".boyd"), "--nats", nats.url, "--grpc", "127.0.0.1:0"]);
  await up.waitFor(/^Ctrl-C to stop$/m, { timeoutMs: 30_000 });
}, 40_000);

afterAll(async () => {
  await up?.stop("SIGTERM");
  await nats?.dispose();
  rmSync(dir, { recursive: true, force: true });
  process.stdout.write(runs.summary("events"));
});

describe("cli - no control or bidi character reaches the terminal", () => {
  it("hostile text - a hostile goal's event lines in boyd events, plain and --json (still valid JSON)", async () => {
    const run = await runs.boyd("agent run --nats", ["agent", "--nats", nats.url, "--agent", "h1", "run", "--max-cycles", "1", "--goals", `find dog${HOSTILE} => mammal${HOSTILE}`]);
    expect(run.stdout).toMatch(/^#1 /m);
    const [plain, json] = await Promise.all([
      runs.boyd("events", ["events", "--nats", nats.url, "--agent", "h1", "--from-seq", "1", "--limit", "6"]),
      runs.boyd("events --json", ["events", "--nats", nats.url, "--agent", "h1", "--from-seq", "1", "--limit", "6", "--json"]),
    ]);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toContain(`goal:find dog${ERASE_SHOWN}`);
    const events = json.stdout.trim().split("\n").map((line) => JSON.parse(line) as { agentId: string });
    expect(events).toHaveLength(6);
    // Parsed back, the text is what the person typed: nothing was lost, only shown.
    expect(json.stdout.trim().split("\n").some((line) => line.includes("\\u202e"))).toBe(true);
  }, 50_000);
});
