import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBoyd, type RunningBoyd } from "./boyd-process.js";
import { grpcurlCommandsIn, grpcurlMessages, REPO_ROOT, runShell, startShell, type ShellRun } from "./grpcurl.js";

// Before issue 18 a call without a deadline was cut here, ending as if it
// had succeeded. The tests cross it once to show it is gone.
const OLD_CUT_MS = 30_000;
const PAST_OLD_CUT_MS = OLD_CUT_MS + 1_500;
// Where the README's commands point (`boyd up`'s default --grpc).
const README_ADDRESS = "127.0.0.1:50051";

interface EventMessage {
  event: { agentId: string; cycle?: string; timeUnixMs?: string; cycleFinished?: unknown; approvalRequested?: { request: { id: string } } };
}

function eventsIn(output: string): EventMessage["event"][] {
  return (grpcurlMessages(output) as EventMessage[]).map((m) => m.event);
}

async function waitUntil(what: string, check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function sleepUntil(time: number): Promise<void> {
  await new Promise((r) => setTimeout(r, Math.max(0, time - Date.now())));
}

/** Stops a live grpcurl stream as a person would (Ctrl-C), once the test has seen what it needs. */
async function interrupt(run: ShellRun): Promise<void> {
  run.child.kill("SIGINT");
  await run.exited();
}

let dir: string;
let up: RunningBoyd;
let address: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "boyd-grpcurl-"));
  up = startBoyd(["up", "--data-dir", join(dir, ".boyd"), "--grpc", "127.0.0.1:0"]);
  const [, served] = await up.waitFor(/^ {2}gRPC {2}(127\.0\.0\.1:\d+) /m, { timeoutMs: 60_000 });
  await up.waitFor(/^Ctrl-C to stop$/m, { timeoutMs: 60_000 });
  address = served!;
}, 70_000);

afterAll(async () => {
  await up?.stop("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
});

// Both cross the old cut; run side by side, the file takes ~35 s, not ~70.
describe.concurrent("grpcurl against boyd up", () => {
  it("grpcurl - the README's commands run as written: list, describe, health, calls, and a live WatchEvents still streaming past 30 s", async () => {
    const commands = grpcurlCommandsIn(readFileSync(join(REPO_ROOT, "README.md"), "utf8"));
    const kinds = [/ list$/, /list boyd\.v1\.AgentService$/, /describe boyd\.v1\.\w+Service$/, /describe boyd\.v1\.Event$/, /Health\/Check$/, /\/CreateAgent$/, /\/GetAgent$/, /\/WatchEvents$/, /\/Run$/];
    for (const kind of kinds) expect(commands.some((c) => kind.test(c)), `README.md has a grpcurl command matching ${kind}`).toBe(true);

    const outputs = new Map<string, string>();
    let watch: ShellRun | undefined;
    let watchStarted = 0;
    for (const written of commands) {
      expect(written).toContain(README_ADDRESS);
      const command = written.replaceAll(README_ADDRESS, address);
      if (command.endsWith("/WatchEvents")) {
        watch = startShell(command);
        watchStarted = Date.now();
        continue;
      }
      if (watch && command.endsWith("/Run")) {
        // What runs next is followed live by a stream older than the old cut.
        await sleepUntil(watchStarted + PAST_OLD_CUT_MS);
        expect(watch.running(), `the live WatchEvents ended early:\n${watch.stderr()}`).toBe(true);
      }
      outputs.set(written, await runShell(command));
    }

    const outputOf = (kind: RegExp): string => outputs.get(commands.find((c) => kind.test(c))!)!;
    // Only what the port serves: AgentService, health, reflection (both versions).
    expect(outputOf(/ list$/).trim().split("\n")).toEqual([
      "boyd.v1.AgentService",
      "grpc.health.v1.Health",
      "grpc.reflection.v1.ServerReflection",
      "grpc.reflection.v1alpha.ServerReflection",
    ]);
    expect(outputOf(/list boyd\.v1\.AgentService$/).trim().split("\n")).toEqual(expect.arrayContaining(["boyd.v1.AgentService.CreateAgent", "boyd.v1.AgentService.Run", "boyd.v1.AgentService.WatchEvents"]));
    expect(outputOf(/describe boyd\.v1\.\w+Service$/)).toMatch(/^boyd\.v1\.AgentService is a service:[\s\S]*rpc WatchEvents \( \.boyd\.v1\.WatchEventsRequest \) returns \( stream \.boyd\.v1\.WatchEventsResponse \);/);
    expect(outputOf(/describe boyd\.v1\.Event$/)).toMatch(/^boyd\.v1\.Event is a message:[\s\S]*\.boyd\.v1\.CycleFinished cycle_finished = \d+;/);
    expect(grpcurlMessages(outputOf(/Health\/Check$/))).toEqual([{ status: "SERVING" }]);
    expect(grpcurlMessages(outputOf(/\/CreateAgent$/))).toMatchObject([{ agent: { agentId: "mars" } }]);
    expect(grpcurlMessages(outputOf(/\/GetAgent$/))).toMatchObject([{ agent: { agentId: "mars", activeGoals: 1 } }]);
    expect(grpcurlMessages(outputOf(/\/Run$/))).toMatchObject([{ report: { cyclesRun: "3", stopReason: "STOP_REASON_MAX_CYCLES" } }]);

    // The stream, opened more than 30 s before, delivers the run's last event.
    const live = watch!;
    await waitUntil("cycle 3's cycle.finished on the live stream", () => eventsIn(live.stdout()).some((e) => e.cycleFinished && e.cycle === "3"), 10_000);
    expect(live.running()).toBe(true);
    const late = eventsIn(live.stdout()).filter((e) => Number(e.timeUnixMs) >= watchStarted + OLD_CUT_MS);
    expect(late.length).toBeGreaterThan(0);
    expect(late.every((e) => e.agentId === "mars")).toBe(true);
    await interrupt(live);
    expect(live.stderr()).toBe("");
  }, 70_000);

  it("grpcurl - stopping boyd up ends a live WatchEvents with UNAVAILABLE, not as if the stream were complete", async () => {
    const ownDir = mkdtempSync(join(tmpdir(), "boyd-grpcurl-stop-"));
    const own = startBoyd(["up", "--data-dir", join(ownDir, ".boyd"), "--grpc", "127.0.0.1:0"]);
    try {
      const [, ownAddress] = await own.waitFor(/^ {2}gRPC {2}(127\.0\.0\.1:\d+) /m, { timeoutMs: 60_000 });
      await own.waitFor(/^Ctrl-C to stop$/m, { timeoutMs: 60_000 });
      await runShell(`grpcurl -plaintext -d '{"agent_id": "mars"}' ${ownAddress} boyd.v1.AgentService/CreateAgent`);
      const watch = startShell(`grpcurl -plaintext -d '{"agent_id": "mars"}' ${ownAddress} boyd.v1.AgentService/WatchEvents`);
      await new Promise((r) => setTimeout(r, 1_000));
      expect(watch.running()).toBe(true);
      expect(await own.stop("SIGTERM")).toBe(0);
      const ended = await watch.exited();
      expect(ended.code).not.toBe(0);
      expect(watch.stderr()).toMatch(/Code: Unavailable\n\s*Message: the server is shutting down/);
    } finally {
      await own.stop("SIGKILL");
      rmSync(ownDir, { recursive: true, force: true });
    }
  }, 70_000);

  it("grpcurl - a Run without a deadline that waits past 30 s for a person completes all its cycles", async () => {
    const call = (method: string, body: object): string => `grpcurl -plaintext -d '${JSON.stringify(body)}' ${address} boyd.v1.AgentService/${method}`;
    // Writing a file is a side effect, so the new plan asks to be confirmed first.
    await runShell(call("CreateAgent", { agent_id: "scribe", goals: [{ description: "Write the moons of Mars to the file moons.txt", success_criteria: "moons.txt" }] }));
    const watch = startShell(call("WatchEvents", { agent_id: "scribe" }));
    const run = startShell(call("Run", { agent_id: "scribe", max_cycles: 3 }));
    const runStarted = Date.now();
    try {
      const approvalIds = (): string[] => eventsIn(watch.stdout()).flatMap((e) => (e.approvalRequested ? [e.approvalRequested.request.id] : []));
      await waitUntil("the plan confirmation to be asked", () => approvalIds().length > 0, 20_000);
      // The person answers only after the old cut.
      await sleepUntil(runStarted + PAST_OLD_CUT_MS);
      expect(run.running(), `Run ended before the confirmation was answered:\n${run.stdout()}\n${run.stderr()}`).toBe(true);
      const answered = new Set<string>();
      const answerPending = async (): Promise<void> => {
        for (const id of approvalIds().filter((a) => !answered.has(a))) {
          answered.add(id);
          await runShell(call("ResolveApproval", { decision: { approval_id: id, agent_id: "scribe", verdict: "APPROVAL_VERDICT_APPROVE", answered_by: "grpcurl test", comment: "yes" } }));
        }
      };
      // Later steps with side effects ask too; each is answered as it comes.
      const runDone = run.exited();
      while (run.running()) {
        await answerPending();
        await Promise.race([runDone, new Promise((r) => setTimeout(r, 200))]);
      }
      expect(await runDone, run.stderr()).toEqual({ code: 0, signal: null });
      expect(grpcurlMessages(run.stdout())).toMatchObject([{ report: { cyclesRun: "3", finalCycle: "3", stopReason: "STOP_REASON_MAX_CYCLES" } }]);
    } finally {
      if (run.running()) run.child.kill("SIGKILL");
      await interrupt(watch);
    }
  }, 70_000);
});
