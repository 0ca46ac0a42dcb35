import { ApprovalMode, Plan, PlanStatus, PlanStep, StepStatus } from "@boyd/proto";
import { BUILTIN_TOOLS } from "@boyd/tools";
import { describe, expect, it } from "vitest";
import { blockedByRejection, hasRejectedSteps, needsConfirmation, readPlanAnswer, rejectPlan, toolsAfterRejection } from "../src/cycle/plan-confirmation.js";

const step = (index: number, toolName: string, extra: Partial<PlanStep> = {}): PlanStep => PlanStep.fromPartial({ index, toolName, toolInputJson: "{}", status: StepStatus.PENDING, ...extra });
const plan = (steps: PlanStep[]): Plan => Plan.fromPartial({ goalId: "g", steps, status: PlanStatus.ACTIVE, hasSideEffects: true });
const tool = (name: string) => BUILTIN_TOOLS.find((t) => t.name === name)!;
const writing = plan([step(0, "kg_query", { canFail: true }), step(1, "kg_mutate", { hasSideEffects: true })]);

describe("plan confirmation", () => {
  it("answers - y/yes/confirm and n/no/reject in any case and spacing; anything else is unclear", () => {
    for (const a of ["y", "Y", " yes ", "YES", "confirm", "Confirm.", "yes!"]) expect(readPlanAnswer(a), a).toBe("confirm");
    for (const a of ["n", "N", "no", " No ", "reject", "REJECT"]) expect(readPlanAnswer(a), a).toBe("reject");
    for (const a of ["", "maybe", "yes please", "ok", "yep", "nope"]) expect(readPlanAnswer(a), a).toBe("unclear");
  });

  it("asking - a plan with pending side-effect steps is asked about, except in yolo mode or when confirmation is off", () => {
    const cfg = { confirmSideEffectPlans: true, approvalMode: ApprovalMode.SAFE };
    expect(needsConfirmation(writing, cfg)).toBe(true);
    expect(needsConfirmation(writing, { ...cfg, approvalMode: ApprovalMode.YOLO })).toBe(false);
    expect(needsConfirmation(writing, { ...cfg, confirmSideEffectPlans: false })).toBe(false);
    expect(needsConfirmation({ ...writing, confirmed: true }, cfg)).toBe(false);
    expect(needsConfirmation(plan([step(0, "file_io", { hasSideEffects: false })]), cfg)).toBe(false);
  });

  it("rejection - a rejected step the goal needs fails the plan at that step; nothing is left pending to run", () => {
    const r = rejectPlan(writing, 'answered "no"');
    expect(r.status).toBe(PlanStatus.FAILED);
    expect(r.failedStep).toBe(1);
    expect(r.failureReason).toBe('step 1 (kg_mutate) was rejected by the person (answered "no") and the goal needs it');
    expect(r.steps[1]).toMatchObject({ status: StepStatus.SKIPPED, statusReason: 'rejected by the person (answered "no")' });
    expect(r.steps[0]!.status).toBe(StepStatus.PENDING);
    expect(hasRejectedSteps(r)).toBe(true);
  });

  it("rejection - optional side-effect steps are skipped and the plan goes on, but no call that changes things runs for it", () => {
    const optional = plan([step(0, "file_io", { hasSideEffects: true, canFail: true }), step(1, "kg_query")]);
    const r = rejectPlan(optional, "no");
    expect(r.status).toBe(PlanStatus.ACTIVE);
    expect(r.steps[0]!.status).toBe(StepStatus.SKIPPED);
    expect(blockedByRejection(r, tool("file_io"), JSON.stringify({ action: "write", path: "a.md", content: "x" }))).toBe(true);
    expect(blockedByRejection(r, tool("content_ingest"), JSON.stringify({ source: "a.md" }))).toBe(true);
    expect(blockedByRejection(r, tool("file_io"), JSON.stringify({ action: "read", path: "a.md" }))).toBe(false);
    expect(blockedByRejection(r, tool("kg_query"), "{}")).toBe(false);
    expect(blockedByRejection(optional, tool("kg_mutate"), "{}")).toBe(false);
    const offered = toolsAfterRejection(BUILTIN_TOOLS, r).map((t) => t.name);
    expect(offered).toEqual(expect.arrayContaining(["kg_query", "file_io", "library_search"]));
    expect(offered).not.toContain("kg_mutate");
    expect(offered).not.toContain("content_ingest");
    expect(toolsAfterRejection(BUILTIN_TOOLS, optional)).toHaveLength(BUILTIN_TOOLS.length);
  });
});
