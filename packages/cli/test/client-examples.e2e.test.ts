import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lineContainsInOrder } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startUpOverNats, type UpOverNats } from "./boyd-process.js";
import { approvalsIn, clientPython, goBinary, runProgram, type ProgramResult } from "./client-examples.js";
import { REPO_ROOT } from "./grpcurl.js";

// The generated clients' examples (clients/python/example.py,
// clients/go/example) as their users run them: against `boyd up` with a
// gRPC port and a real nats-server, each creating an agent whose plan needs
// confirming, running it, following its events over NATS and answering over
// the API.

let stack: UpOverNats;
let grpcAddress: string;
let scratch: string;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "boyd-client-examples-"));
  stack = await startUpOverNats("boyd-clients-");
  const [, served] = await stack.up.waitFor(/^ {2}gRPC {2}(127\.0\.0\.1:\d+) /m);
  grpcAddress = served!;
}, 90_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

function expectApprovedRun(run: ProgramResult, answeredBy: string): void {
  expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
  const { requested, resolved } = approvalsIn(run.stdout);
  // The plan confirmation (a question) comes first, then the run's own approvals.
  expect(requested[0]?.tool, run.stdout).toBe("user_interact");
  expect(run.stdout).toMatch(/^ {2}Confirm the plan for "Write the moons of Mars to the file moons\.txt"\?/m);
  // Each request was answered over the API, and the server said so on NATS.
  for (const { id } of requested) expect(resolved.get(id), `answer to ${id}:\n${run.stdout}`).toBe(`APPROVAL_VERDICT_APPROVE by ${answeredBy}`);
  expect(run.stdout).toMatch(/^cycle 3 finished: /m);
  expect(run.stdout).toMatch(/^outcome: STOP_REASON_MAX_CYCLES after 3 cycles$/m);
  expect(run.stdout).toMatch(/^goal GOAL_STATUS_ACTIVE: Write the moons of Mars to the file moons\.txt$/m);
}

// Nothing listens on port 1 (a privileged port).
const DEAD_NATS = "nats://127.0.0.1:1";

/** Builds the Go example once for the tests that run it. */
let goExample: Promise<string> | undefined;
function buildGoExample(): Promise<string> {
  goExample ??= (async () => {
    const binary = join(scratch, "go-example");
    // ensure_client_tools compiled the dependencies, so this builds only the example and boydv1.
    const build = await runProgram(goBinary(), ["build", "-o", binary, "./example"], join(REPO_ROOT, "clients/go"), 120_000);
    if (build.code !== 0) throw new Error(`go build ./example failed:\n${build.stderr}`);
    return binary;
  })();
  return goExample;
}

function runPythonExample(args: readonly string[]): Promise<ProgramResult> {
  return runProgram(clientPython(), ["example.py", ...args], join(REPO_ROOT, "clients/python"), 45_000);
}

async function runGoExample(args: readonly string[]): Promise<ProgramResult> {
  return runProgram(await buildGoExample(), args, scratch, 45_000);
}

describe("generated clients - the examples run against boyd up over NATS", () => {
  it("clients - the Python example creates an agent, follows its events over NATS, approves its plan and prints the outcome", async () => {
    const run = await runPythonExample(["--grpc", grpcAddress, "--nats", stack.nats.url, "--agent", "py-moons", "--cycles", "3"]);
    expectApprovedRun(run, "python example");
  }, 60_000);

  it("clients - the Go example creates an agent, follows its events over NATS, approves its plan and prints the outcome", async () => {
    const run = await runGoExample(["--grpc", grpcAddress, "--nats", stack.nats.url, "--agent", "go-moons", "--cycles", "3"]);
    expectApprovedRun(run, "go example");
  }, 150_000);

  it("clients - both examples refuse a bad flag with exit code 2 and say which", async () => {
    for (const run of [await runPythonExample(["--cycles", "many"]), await runGoExample(["--cycles", "many"])]) {
      expect(run.code, run.stderr).toBe(2);
      expect(lineContainsInOrder(run.stderr, ["invalid", "many", "cycles"]) || lineContainsInOrder(run.stderr, ["--cycles: invalid", "many"]), run.stderr).toBe(true);
    }
  }, 150_000);

  it("clients - both examples end with exit code 1 and one line naming the NATS address they could not reach", async () => {
    for (const run of [await runPythonExample(["--grpc", grpcAddress, "--nats", DEAD_NATS]), await runGoExample(["--grpc", grpcAddress, "--nats", DEAD_NATS])]) {
      expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(1);
      expect(run.stdout).toMatch(/^error: connecting to NATS at nats:\/\/127\.0\.0\.1:1: .*no servers available/m);
      expect(run.stderr).not.toMatch(/Traceback|goroutine/);
    }
  }, 150_000);
});
