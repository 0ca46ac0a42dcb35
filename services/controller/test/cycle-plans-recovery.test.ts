import { BusError } from "@boyd/bus";
import { ActionOutcome, PlanChangeKind, PlanStatus, StatusCode, StepStatus, type ActionResult, type Decision, Plan, PlanStep } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { classifyResult, recordStepResult, retryInput, withRecovery } from "../src/index.js";

const step = (index: number, extra: Partial<PlanStep> = {}): PlanStep => PlanStep.fromPartial({ index, toolName: `tool${index}`, toolInputJson: "{}", status: StepStatus.PENDING, ...extra });
const plan = (steps: PlanStep[]): Plan => Plan.fromPartial({ goalId: "g", steps, status: PlanStatus.ACTIVE });

describe("plan steps", () => {
  it("a success completes the step; the last one completes the plan", () => {
    const a = recordStepResult(plan([step(0), step(1)]), 0, true, "");
    expect(a.verdict).toBe("continue");
    const b = recordStepResult(a.plan, 1, true, "");
    expect(b.verdict).toBe("completed");
    expect(b.plan.status).toBe(PlanStatus.COMPLETED);
    expect(b.changes.map((c) => c.change)).toEqual([PlanChangeKind.STEP_UPDATED, PlanChangeKind.COMPLETED]);
  });

  it("a failure runs the fallback once, then fails the plan", () => {
    const p = plan([step(0, { fallback: { toolName: "backup", inputJson: '{"x":1}', description: "try backup" } })]);
    const a = recordStepResult(p, 0, false, "boom");
    expect(a.verdict).toBe("fallback");
    expect(a.plan.steps[0]).toMatchObject({ toolName: "backup", toolInputJson: '{"x":1}', status: StepStatus.PENDING, fallback: undefined });
    const b = recordStepResult(a.plan, 0, false, "again");
    expect(b.verdict).toBe("failed");
    expect(b.plan).toMatchObject({ status: PlanStatus.FAILED, failedStep: 0, failureReason: "step 0 (backup) failed: again" });
  });

  it("a step that may fail and has a fallback fails acceptably: the plan goes on to the next step, the fallback is not run", () => {
    const p = plan([step(0, { canFail: true, fallback: { toolName: "backup", inputJson: "{}", description: "try backup" } }), step(1)]);
    const r = recordStepResult(p, 0, false, "meh");
    expect(r.verdict).toBe("continue");
    expect(r.plan.steps[0]).toMatchObject({ toolName: "tool0", status: StepStatus.FAILED, statusReason: "meh" });
    expect(r.plan.status).toBe(PlanStatus.ACTIVE);
  });

  it("a step that may fail lets the plan go on", () => {
    const r = recordStepResult(plan([step(0, { canFail: true }), step(1)]), 0, false, "meh");
    expect(r.verdict).toBe("continue");
    expect(r.plan.status).toBe(PlanStatus.ACTIVE);
    expect(r.plan.steps[0]!.status).toBe(StepStatus.FAILED);
  });
});

const result = (outcome: ActionOutcome, success: boolean, code = StatusCode.UNSPECIFIED, message = ""): ActionResult =>
  ({ toolName: "t", outcome, output: { success, content: "", symbolsInvolved: [], error: code ? { code, message, details: [] } : undefined, truncated: false, outputBytes: 0, durationMs: 0, dataJson: "" } }) as unknown as ActionResult;

describe("recovery", () => {
  it("classifies outcomes by error class", () => {
    expect(classifyResult(result(ActionOutcome.EXECUTED, true))).toBe("ok");
    expect(classifyResult(result(ActionOutcome.EXECUTED, false, StatusCode.DEADLINE_EXCEEDED))).toBe("timeout");
    expect(classifyResult(result(ActionOutcome.TIMED_OUT, false))).toBe("timeout");
    expect(classifyResult(result(ActionOutcome.DENIED_BY_USER, false))).toBe("denied");
    expect(classifyResult(result(ActionOutcome.VETOED, false))).toBe("denied");
    expect(classifyResult(result(ActionOutcome.EXECUTED, false, StatusCode.INTERNAL))).toBe("tool_error");
    expect(classifyResult(result(ActionOutcome.REJECTED, false))).toBe("rejected");
  });

  it("retry input: drops optional fields a validation error names, never required ones; none for deterministic failures", () => {
    const decision = { call: { toolName: "t", inputJson: '{"symbol":"x","depth":99}' }, explanation: { alternatives: [] } } as unknown as Decision;
    expect(retryInput(decision, result(ActionOutcome.REJECTED, false, StatusCode.INVALID_ARGUMENT, "t input: depth: too big"), ["symbol"])).toBe('{"symbol":"x"}');
    expect(retryInput(decision, result(ActionOutcome.REJECTED, false, StatusCode.INVALID_ARGUMENT, "t input: symbol: bad"), ["symbol"])).toBeUndefined();
    expect(retryInput(decision, result(ActionOutcome.EXECUTED, false, StatusCode.NOT_FOUND, "no symbol x"), ["symbol"])).toBeUndefined();
    expect(retryInput(decision, result(ActionOutcome.EXECUTED, false, StatusCode.UNAVAILABLE, "busy"), ["symbol"])).toBe(decision.call!.inputJson);
  });

  it("UNAVAILABLE is retried until it answers; other errors are final and named", async () => {
    let calls = 0;
    const retries: string[] = [];
    const value = await withRecovery("observe", { deadline: Date.now() + 5_000, baseDelayMs: 5, onRetry: (m) => retries.push(m) }, async () => {
      if (++calls < 3) throw new BusError("UNAVAILABLE", "no responders");
      return 42;
    });
    expect(value).toBe(42);
    expect(retries).toHaveLength(2);
    await expect(withRecovery("act", { deadline: Date.now() + 5_000 }, async () => Promise.reject(new BusError("PERMISSION_DENIED", "no")))).rejects.toMatchObject({ code: "PERMISSION_DENIED", message: "act: no" });
    await expect(withRecovery("orient", { deadline: Date.now() + 50, baseDelayMs: 20 }, async () => Promise.reject(new BusError("UNAVAILABLE", "down")))).rejects.toMatchObject({ code: "UNAVAILABLE" });
  });

  it("an attempt gets its own share of the deadline, so a call lost with a killed service is asked again", async () => {
    const phaseDeadline = Date.now() + 5_000;
    const deadlines: number[] = [];
    const value = await withRecovery("decide", { deadline: phaseDeadline, attemptMs: 1_000, baseDelayMs: 5 }, async (deadline) => {
      deadlines.push(deadline);
      // The first request went to a process that died: nobody will answer it.
      if (deadlines.length === 1) throw new BusError("DEADLINE_EXCEEDED", "no reply within 1000 ms");
      return "answered by the replacement";
    });
    expect(value).toBe("answered by the replacement");
    expect(deadlines).toHaveLength(2);
    for (const d of deadlines) expect(d).toBeLessThan(phaseDeadline - 3_000);
    const whole: number[] = [];
    await withRecovery("decide", { deadline: phaseDeadline }, async (deadline) => whole.push(deadline));
    expect(whole).toEqual([phaseDeadline]);
  });
});
