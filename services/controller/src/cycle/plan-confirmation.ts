import { ApprovalMode, PlanChangeKind, PlanStatus, StepStatus, type Goal, type Plan, type PlanChanged, type PlanStep, type ToolDescriptor } from "@boyd/proto";
import { callHasSideEffects, READ_ONLY_ACTIONS } from "@boyd/tools";
import { callKey, type CallOwner } from "./act-phase.js";
import type { ResolvedAgentConfig } from "./agent-config.js";
import type { CyclePorts } from "./ports.js";

/** What a person's answer to "Confirm the plan?" means. */
export type PlanAnswer = "confirm" | "reject" | "unclear";

const YES = new Set(["y", "yes", "confirm"]);
const NO = new Set(["n", "no", "reject"]);

/**
 * Reads an answer to a plan confirmation: y, yes or confirm confirm; n, no
 * or reject reject (any case, surrounding blanks and a trailing full stop
 * or exclamation mark ignored). Anything else is unclear, and the caller
 * takes it as no: a plan that changes things runs only on a clear yes.
 */
export function readPlanAnswer(text: string): PlanAnswer {
  // The lookbehind starts the match only where the trailing run begins: retried
  // at every character of a long run, the plain [..]+$ was quadratic.
  const word = text.trim().toLowerCase().replace(/(?<![.!])[.!]+$/, "");
  if (YES.has(word)) return "confirm";
  if (NO.has(word)) return "reject";
  return "unclear";
}

/** Why a step was left out of a plan: set on each side-effect step of a rejected plan. */
export const REJECTED_STEP = "rejected by the person";

/** Whether the plan has steps a person rejected. */
export function hasRejectedSteps(plan: Plan | undefined): boolean {
  return !!plan?.steps.some((s) => s.status === StepStatus.SKIPPED && s.statusReason.startsWith(REJECTED_STEP));
}

/** Whether the plan must be put to a person before its side effects run (never in yolo mode, which asks nothing). */
export function needsConfirmation(plan: Plan | undefined, cfg: Pick<ResolvedAgentConfig, "confirmSideEffectPlans" | "approvalMode">): plan is Plan {
  if (!plan || plan.status !== PlanStatus.ACTIVE || plan.confirmed) return false;
  if (!cfg.confirmSideEffectPlans || cfg.approvalMode === ApprovalMode.YOLO) return false;
  return plan.steps.some((s) => s.hasSideEffects && s.status === StepStatus.PENDING);
}

/**
 * The plan after a person said no (`why` says how). Its pending
 * side-effect steps are skipped. If any of them is one the goal needs (a
 * step that may not fail), the plan fails at the first such step: the
 * goal cannot be met as planned, and it must not look met.
 */
export function rejectPlan(plan: Plan, why: string): Plan {
  const rejected = (s: PlanStep) => s.hasSideEffects && s.status === StepStatus.PENDING;
  const steps = plan.steps.map((s) => (rejected(s) ? { ...s, status: StepStatus.SKIPPED, statusReason: `${REJECTED_STEP} (${why})` } : s));
  const needed = plan.steps.find((s) => rejected(s) && !s.canFail);
  if (!needed) return { ...plan, steps };
  return { ...plan, steps, status: PlanStatus.FAILED, failedStep: needed.index, failureReason: `step ${needed.index} (${needed.toolName}) was ${REJECTED_STEP} (${why}) and the goal needs it` };
}

/**
 * Whether a call must not run because a person rejected the side effects
 * of the goal's plan: any call that changes things, planned or not.
 */
export function blockedByRejection(plan: Plan | undefined, tool: ToolDescriptor | undefined, inputJson: string): boolean {
  return hasRejectedSteps(plan) && callHasSideEffects(tool, inputJson);
}

/**
 * The tools decide may choose for a goal: after a rejection, none whose
 * every call changes things (a tool with read-only actions stays; its
 * changing calls are stopped by {@link blockedByRejection}).
 */
export function toolsAfterRejection<T extends Pick<ToolDescriptor, "name" | "hasSideEffects">>(tools: readonly T[], plan: Plan | undefined): T[] {
  if (!hasRejectedSteps(plan)) return [...tools];
  return tools.filter((t) => !t.hasSideEffects || READ_ONLY_ACTIONS[t.name] !== undefined);
}

/** The confirmation question: the steps that would change something, and the answers understood. */
export function confirmationQuestion(plan: Plan, goal: Goal): string {
  const risky = plan.steps.filter((s) => s.hasSideEffects && s.status === StepStatus.PENDING);
  return `Confirm the plan for "${goal.description}"? Steps with side effects: ${risky.map((s) => `${s.index}. ${s.toolName} ${s.toolInputJson}`).join("; ")}. Answer yes or no.`;
}

/**
 * Asks a person to confirm a plan with side effects (a user_interact
 * question through act, so every client that answers approvals can
 * answer). A clear yes confirms it. No, an unclear answer, no answer or
 * a failed question reject it: see {@link rejectPlan}.
 */
export async function confirmPlan(owner: CallOwner, plan: Plan, goal: Goal, cycle: number, ports: CyclePorts, cfg: ResolvedAgentConfig, events: PlanChanged[], warnings: string[]): Promise<Plan> {
  const agentId = owner.agentId;
  let why: string;
  try {
    const { result } = await ports.act.act(
      {
        agentId,
        decision: {
          agentId,
          cycle,
          goalId: goal.symbolId,
          call: { toolName: "user_interact", inputJson: JSON.stringify({ question: confirmationQuestion(plan, goal) }), idempotencyKey: callKey(owner, cycle, 100 + plan.attempt) },
        },
        approvalMode: cfg.approvalMode,
        approvalTimeoutMs: cfg.approvalTimeoutMs,
      },
      { timeoutMs: cfg.approvalTimeoutMs + 10_000, agentId },
    );
    const output = result?.output;
    const answer = output?.success ? output.content : undefined;
    const verdict = answer === undefined ? undefined : readPlanAnswer(answer);
    if (verdict === "confirm") {
      const next = { ...plan, confirmed: true };
      events.push({ plan: next, change: PlanChangeKind.CONFIRMED });
      return next;
    }
    why =
      verdict === "reject"
        ? `answered ${JSON.stringify(answer!.trim())}`
        : verdict === "unclear"
          ? `answer ${JSON.stringify(answer!.trim())} is neither yes nor no, taken as no`
          : `no answer: ${output?.error?.message || output?.content || "the question failed"}`;
  } catch (err) {
    why = `the question failed: ${(err as Error).message}`;
  }
  const next = rejectPlan(plan, why);
  const skipped = next.steps.filter((s) => s.statusReason.startsWith(REJECTED_STEP)).map((s) => `${s.index}. ${s.toolName}`);
  warnings.push(`plan for ${goal.symbolId} rejected (${why}): ${skipped.join(", ")} will not run`);
  events.push({ plan: next, change: next.status === PlanStatus.FAILED ? PlanChangeKind.FAILED : PlanChangeKind.STEP_UPDATED });
  return next;
}
