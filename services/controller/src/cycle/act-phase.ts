import { ActionOutcome, PlanChangeKind, StepStatus, type ActionResult, type Decision, type Goal, type Plan, type PlanChanged, type SessionState, type ToolDescriptor } from "@boyd/proto";
import type { ResolvedAgentConfig } from "./agent-config.js";
import type { CyclePorts } from "./ports.js";
import { classifyResult, retryInput, withRecovery } from "./recovery.js";

/** Why a call failed, in words. */
export function reasonOf(result: ActionResult): string {
  return result.output?.error?.message || ActionOutcome[result.outcome] || "failed";
}

/** The catalog without tools whose per-run budget is spent; warns at the threshold. */
export function withinBudget(catalog: readonly ToolDescriptor[], state: SessionState, cfg: ResolvedAgentConfig, warnings: string[]): { tools: ToolDescriptor[]; exhausted: string[] } {
  const exhausted: string[] = [];
  const tools = catalog.filter((t) => {
    const budget = cfg.toolCallBudgets[t.name] ?? t.callBudget;
    if (!budget) return true;
    const used = state.toolCallsUsed[t.name] ?? 0;
    if (used >= budget) {
      exhausted.push(t.name);
      return false;
    }
    return true;
  });
  if (tools.length === 0) warnings.push("every tool's budget is spent");
  return { tools: tools.length ? tools : [...catalog], exhausted };
}

/** Tools named in a budget warning's breakdown. */
const TOP_CONSUMERS = 3;

/** The tools that used most calls this run, most first: "kg_query 20, file_io 12, memory_recall 8". */
export function topConsumers(toolCallsUsed: Readonly<Record<string, number>>, n = TOP_CONSUMERS): string {
  return Object.entries(toolCallsUsed)
    .filter(([, calls]) => calls > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, n)
    .map(([tool, calls]) => `${tool} ${calls}`)
    .join(", ");
}

/**
 * The iteration-budget warning of seed 004, if this call crosses a mark: a
 * warning when the share `warnAt` is reached, "exceeded" when the budget is
 * spent; each with the tools that used it most.
 */
export function iterationBudgetWarning(iterations: number, cfg: ResolvedAgentConfig, toolCallsUsed: Readonly<Record<string, number>>): string | undefined {
  const budget = cfg.iterationBudget;
  const top = `; most calls: ${topConsumers(toolCallsUsed)}`;
  if (iterations === budget) return `iteration budget exceeded: ${iterations} of ${budget} tool calls used, the run stops${top}`;
  if (iterations === Math.ceil(budget * cfg.warnAt) && iterations < budget) {
    return `iteration budget warning: ${iterations} of ${budget} tool calls used (${Math.round((100 * iterations) / budget)}%)${top}`;
  }
  return undefined;
}

/** Most tool runs the session keeps for reflection. */
const KEPT_TOOL_RUNS = 200;

export function countCall(state: SessionState, result: ActionResult, goalId: string, cfg: ResolvedAgentConfig, warnings: string[]): SessionState {
  const tool = result.toolName;
  const run = { toolName: tool, success: classifyResult(result) === "ok", cycle: result.cycle, goalId, outcome: result.outcome };
  const shadow = result.shadow ? (result.shadow.vetoed ? 1 : 0) + result.shadow.biasPatterns.length : 0;
  const used = (state.toolCallsUsed[tool] ?? 0) + 1;
  const iterations = state.iterationCount + 1;
  const budget = cfg.toolCallBudgets[tool];
  if (budget && used === Math.ceil(budget * cfg.warnAt) && used < budget) warnings.push(`${tool} has used ${used} of its ${budget} calls this run`);
  const toolCallsUsed = { ...state.toolCallsUsed, [tool]: used };
  const budgetWarning = iterationBudgetWarning(iterations, cfg, toolCallsUsed);
  if (budgetWarning) warnings.push(budgetWarning);
  return {
    ...state,
    toolCallsUsed,
    iterationCount: iterations,
    toolRuns: [...state.toolRuns, run].slice(-KEPT_TOOL_RUNS),
    shadowEncounters: state.shadowEncounters + shadow,
  };
}

/**
 * Runs the decision through act. Transport faults are retried by
 * `withRecovery`; then, by the result's class: a timeout is retried once
 * with backoff and a doubled time limit, a tool error or a rejected input
 * once with adjusted input, and denials are reported (act has recorded the
 * correction) and never retried. Each retry uses its own idempotency step,
 * so act runs it instead of replaying the failure.
 */
export async function actWithRecovery(
  decision: Decision,
  state: SessionState,
  ports: CyclePorts,
  cfg: ResolvedAgentConfig,
  catalog: readonly ToolDescriptor[],
  warnings: string[],
): Promise<ActionResult> {
  const agentId = state.agentId;
  const call = decision.call!;
  const attempt = async (inputJson: string, step: number, timeoutMs: number): Promise<ActionResult> => {
    const d: Decision = { ...decision, call: { ...call, inputJson, idempotencyKey: { agentId, cycle: decision.cycle, step } } };
    // An attempt may take the tool's whole time plus a person's approval. A
    // second attempt reaches a restarted act, whose idempotency ledger answers
    // "interrupted" for a call its predecessor took (never running it twice).
    const attemptMs = timeoutMs + cfg.approvalTimeoutMs + 10_000;
    const { result } = await withRecovery("act", { deadline: ports.now() + 2 * attemptMs + 10_000, attemptMs, onRetry: (m) => warnings.push(m) }, (deadline) =>
      ports.act.act(
        { agentId, decision: d, psyche: state.psyche, approvalMode: cfg.approvalMode, approvalTimeoutMs: cfg.approvalTimeoutMs, timeoutMs, approvedSimilarityKeys: state.approvedSimilarityKeys },
        { deadline, agentId },
      ),
    );
    if (!result) throw new Error("act returned no result");
    return result;
  };
  let result = await attempt(call.inputJson, 0, cfg.toolTimeoutMs);
  const kind = classifyResult(result);
  if (kind === "timeout") {
    warnings.push(`${call.toolName} timed out; retrying once with twice the time`);
    await new Promise((r) => setTimeout(r, 200));
    result = await attempt(call.inputJson, 1, Math.min(cfg.toolTimeoutMs * 2, 3_600_000));
  } else if (kind === "tool_error" || kind === "rejected") {
    const input = retryInput(decision, result, catalog.find((t) => t.name === call.toolName)?.requiredParams ?? []);
    if (input === undefined) {
      warnings.push(`${call.toolName} failed (${reasonOf(result)}); no adjusted input to retry with`);
    } else {
      warnings.push(`${call.toolName} failed (${reasonOf(result)}); retrying once${input === call.inputJson ? "" : ` with input ${input}`}`);
      result = await attempt(input, 1, cfg.toolTimeoutMs);
    }
  } else if (kind === "denied") {
    warnings.push(`${call.toolName} ${ActionOutcome[result.outcome]?.toLowerCase().replaceAll("_", " ")}: ${reasonOf(result)}`);
  } else if (kind === "unknown") {
    warnings.push(`${call.toolName}: unexpected outcome ${ActionOutcome[result.outcome] ?? result.outcome}`);
  }
  return result;
}

/**
 * Asks a person to confirm a plan with side effects (a user_interact
 * question through act's approval flow). Refused or unanswered: the
 * side-effect steps are skipped and the rest of the plan goes on.
 */
export async function confirmPlan(agentId: string, plan: Plan, goal: Goal, cycle: number, ports: CyclePorts, cfg: ResolvedAgentConfig, events: PlanChanged[], warnings: string[]): Promise<Plan> {
  const risky = plan.steps.filter((s) => s.hasSideEffects);
  const question = `Confirm the plan for "${goal.description}"? Steps with side effects: ${risky.map((s) => `${s.index}. ${s.toolName} ${s.toolInputJson}`).join("; ")}`;
  let confirmed = false;
  try {
    const { result } = await ports.act.act(
      {
        agentId,
        decision: { agentId, cycle, goalId: goal.symbolId, call: { toolName: "user_interact", inputJson: JSON.stringify({ question, options: ["confirm", "reject"] }), idempotencyKey: { agentId, cycle, step: 100 + plan.attempt } } },
        approvalMode: cfg.approvalMode,
        approvalTimeoutMs: cfg.approvalTimeoutMs,
      },
      { timeoutMs: cfg.approvalTimeoutMs + 10_000, agentId },
    );
    confirmed = !!result?.output?.success && result.output.content.trim().toLowerCase() === "confirm";
  } catch (err) {
    warnings.push(`plan confirmation failed: ${(err as Error).message}`);
  }
  if (confirmed) {
    const next = { ...plan, confirmed: true };
    events.push({ plan: next, change: PlanChangeKind.CONFIRMED });
    return next;
  }
  const next: Plan = { ...plan, steps: plan.steps.map((s) => (s.hasSideEffects && s.status === StepStatus.PENDING ? { ...s, status: StepStatus.SKIPPED, statusReason: "side effects not confirmed" } : s)) };
  warnings.push(`plan for ${goal.symbolId} not confirmed: its side-effect steps are skipped`);
  events.push({ plan: next, change: PlanChangeKind.STEP_UPDATED });
  return next;
}

