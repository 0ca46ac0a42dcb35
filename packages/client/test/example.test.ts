import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { serveStack, type ServedStack } from "./fixtures.js";

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const QUICKSTART = "examples/client/quickstart.ts";

let served: ServedStack;

beforeAll(async () => {
  served = await serveStack("boyd-client-example-");
});

afterAll(async () => {
  await served?.stop();
});

/** Runs an example as a user would (`npx tsx FILE ARGS` from the repository root), bounded in time. */
function runExample(file: string, args: readonly string[], timeoutMs: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", file, ...args], { cwd: REPO_ROOT, timeout: timeoutMs });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (b: Buffer) => (stdout += b.toString()));
    child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

it("examples/client/quickstart.ts creates an agent, answers its approval from the event stream, and runs it to the end", async () => {
  const { code, stdout, stderr } = await runExample(QUICKSTART, [served.address], 50_000);
  expect(code, `${stdout}\n${stderr}`).toBe(0);
  expect(stderr).toBe("");
  expect(stdout).toMatch(/^created quickstart-\w+$/m);
  expect(stdout).toMatch(/^cycle 1: approvalRequested$/m);
  expect(stdout).toMatch(/^ {2}approved \S+/m);
  // Approved, the plan ran: the server reports the goal done.
  expect(stdout).toMatch(/^run finished: \d+ cycles, ALL_GOALS_DONE$/m);
  const agentId = /^created (\S+)$/m.exec(stdout)![1]!;
  const { agent } = await served.stack.agents.getAgent({ agentId });
  expect(agent).toMatchObject({ completedGoals: 1, pendingApprovals: [] });
}, 60_000);
