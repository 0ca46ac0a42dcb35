import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBoyd, startUpOverNats, type RunningBoyd, type UpOverNats } from "./boyd-process.js";

// The goal states a fact, so the run asks to confirm the plan, then (safe mode) to approve the write.
const GOAL = "Note that a whale eats plankton";

describe("boyd agent run - an approval answered from another terminal", () => {
  let stack: UpOverNats;
  let nats: UpOverNats["nats"];
  beforeAll(async () => {
    stack = await startUpOverNats("boyd-elsewhere-");
    nats = stack.nats;
  }, 90_000);
  afterAll(() => stack?.stop());

  it("approvals - the run's prompt closes, saying who answered, when `boyd approvals` answers first; the run ends without a key pressed", async () => {
    // Two people: one at `boyd approvals`, one at the run, who never types anything.
    const approvals = startBoyd(["approvals", "--nats", nats.url], { stdin: "pipe" });
    let run: RunningBoyd | undefined;
    try {
      await approvals.waitFor(/answering approvals for every agent/, { stream: "stderr" });
      run = startBoyd(["agent", "--nats", nats.url, "--agent", "whale", "run", "--fresh", "--max-cycles", "2", "--goals", GOAL], { stdin: "pipe" });
      await run.waitFor(/\[Question\] Confirm the plan/, { stream: "stderr", timeoutMs: 60_000 });
      await approvals.waitFor(/\[Question\] Confirm the plan/, { stream: "stderr" });
      approvals.child.stdin!.write("yes\n");
      await run.waitFor(/^answer> \(answered elsewhere: approved by cli:\S+: "yes"\)$/m, { stream: "stderr" });
      await approvals.waitFor(/\[Approval required\] kg_mutate/, { stream: "stderr" });
      approvals.child.stdin!.write("y\n");
      await run.waitFor(/^\[y\]es \/ \[n\]o \/ \[a\]pprove all similar> \(answered elsewhere: approved by cli:[^\s:]+\)$/m, { stream: "stderr" });
      const code = await Promise.race([run.exited(), new Promise<string>((r) => setTimeout(() => r("still waiting for a key"), 30_000))]);
      expect(code, run.stderr()).toBe(0);
      expect(run.stdout()).toMatch(/^ {2}✓ completed +goal:Note that a whale eats plankton$/m);
    } finally {
      run?.child.stdin?.end();
      await run?.stop("SIGTERM");
      approvals.child.stdin!.end();
      await approvals.stop("SIGINT");
    }
  }, 120_000);

  it("approvals - `boyd approvals` started after the run asked still shows the waiting question and its answer reaches the run", async () => {
    let approvals: RunningBoyd | undefined;
    const run = startBoyd(["agent", "--nats", nats.url, "--agent", "late", "run", "--fresh", "--max-cycles", "2", "--goals", GOAL], { stdin: "pipe" });
    try {
      // The question is out (only its event told of it) before the second person starts listening.
      await run.waitFor(/\[Question\] Confirm the plan/, { stream: "stderr", timeoutMs: 60_000 });
      approvals = startBoyd(["approvals", "--nats", nats.url], { stdin: "pipe" });
      await approvals.waitFor(/\[Question\] Confirm the plan for "Note that a whale eats plankton"/, { stream: "stderr" });
      approvals.child.stdin!.write("yes\n");
      await run.waitFor(/^answer> \(answered elsewhere: approved by cli:\S+: "yes"\)$/m, { stream: "stderr" });
      await approvals.waitFor(/\[Approval required\] kg_mutate/, { stream: "stderr" });
      approvals.child.stdin!.write("y\n");
      const code = await Promise.race([run.exited(), new Promise<string>((r) => setTimeout(() => r("still waiting"), 30_000))]);
      expect(code, run.stderr()).toBe(0);
      expect(run.stdout()).toMatch(/^ {2}✓ completed +goal:Note that a whale eats plankton$/m);
    } finally {
      run.child.stdin?.end();
      await run.stop("SIGTERM");
      approvals?.child.stdin!.end();
      await approvals?.stop("SIGINT");
    }
  }, 120_000);
});
