import { PlanChangeKind, PlanStatus, StepStatus, type Plan, type PlanChanged, type PlanStep } from "@boyd/proto";

/** What a step's result means for the plan. */
export type StepVerdict =
  /** The plan goes on (the step completed, or failed but may fail). */
  | "continue"
  /** Every step is done. */
  | "completed"
  /** The step failed and its fallback replaces it; it runs next. */
  | "fallback"
  /** A required step failed with no fallback left: backtrack. */
  | "failed";

/** A plan after a step's result, with the verdict and the events to publish. */
export interface StepUpdate {
  readonly plan: Plan;
  readonly verdict: StepVerdict;
  readonly changes: PlanChanged[];
}

function settled(step: PlanStep): boolean {
  return step.status === StepStatus.COMPLETED || step.status === StepStatus.SKIPPED || (step.status === StepStatus.FAILED && step.canFail);
}

/** Whether every step has finished in a way the plan accepts. */
export function planDone(plan: Plan): boolean {
  return plan.steps.length > 0 && plan.steps.every(settled);
}

/**
 * Records the result of step `index`. A success completes the step. A
 * failure of a step that may fail lets the plan go on; otherwise it runs the
 * step's fallback once (the step becomes the fallback call, pending again,
 * with no further fallback); otherwise the plan fails at that step. The plan
 * completes when every step is completed, skipped or failed-but-allowed.
 */
export function recordStepResult(plan: Plan, index: number, success: boolean, reason: string): StepUpdate {
  const at = plan.steps.findIndex((s) => s.index === index);
  if (at < 0 || plan.status !== PlanStatus.ACTIVE) return { plan, verdict: "continue", changes: [] };
  const step = plan.steps[at]!;
  let updated: PlanStep;
  let verdict: StepVerdict = "continue";
  if (success) {
    updated = { ...step, status: StepStatus.COMPLETED, statusReason: "" };
  } else if (step.canFail) {
    // As the reference's executor: a failure the step allows is accepted
    // before any fallback is tried.
    updated = { ...step, status: StepStatus.FAILED, statusReason: reason };
  } else if (step.fallback?.toolName) {
    const fb = step.fallback;
    updated = {
      ...step,
      toolName: fb.toolName,
      toolInputJson: fb.inputJson || "{}",
      description: fb.description || step.description,
      rationale: `fallback after ${step.toolName} failed: ${reason}`,
      status: StepStatus.PENDING,
      statusReason: `${step.toolName} failed (${reason}); trying ${fb.toolName}`,
      fallback: undefined,
    };
    verdict = "fallback";
  } else {
    updated = { ...step, status: StepStatus.FAILED, statusReason: reason };
    verdict = "failed";
  }
  const steps = plan.steps.map((s, i) => (i === at ? updated : s));
  let next: Plan = { ...plan, steps };
  const changes: PlanChanged[] = [{ plan: next, change: PlanChangeKind.STEP_UPDATED, stepIndex: index }];
  if (verdict === "failed") {
    next = { ...next, status: PlanStatus.FAILED, failedStep: index, failureReason: `step ${index} (${step.toolName}) failed: ${reason}` };
    changes.push({ plan: next, change: PlanChangeKind.FAILED });
  } else if (planDone(next)) {
    next = { ...next, status: PlanStatus.COMPLETED };
    changes.push({ plan: next, change: PlanChangeKind.COMPLETED });
    verdict = "completed";
  }
  return { plan: next, verdict, changes };
}

/** The goal's current plan (the last one stored for it), if any. */
export function planOf(plans: readonly Plan[], goalId: string): Plan | undefined {
  for (let i = plans.length - 1; i >= 0; i--) if (plans[i]!.goalId === goalId) return plans[i];
  return undefined;
}

/** Plans with the goal's plan replaced (one current plan per goal, as SessionState keeps them). */
export function withPlan(plans: readonly Plan[], plan: Plan): Plan[] {
  return [...plans.filter((p) => p.goalId !== plan.goalId), plan];
}

/** Tools of the plan's completed steps, so a new attempt takes another route. */
export function usedTools(plan: Plan | undefined): string[] {
  return plan ? [...new Set(plan.steps.filter((s) => s.status === StepStatus.COMPLETED).map((s) => s.toolName))] : [];
}
