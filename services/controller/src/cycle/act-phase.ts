import { ActionOutcome, type ActionResult, type Decision, type IdempotencyKey, type SessionState, type ToolDescriptor } from "@boyd/proto";
import type { ResolvedAgentConfig } from "./agent-config.js";
import type { CyclePorts } from "./ports.js";
import { adjustInput, type RetryContext } from "./adjust-input.js";
import { classifyResult, retryInput, withRecovery } from "./recovery.js";
import { keptToolRuns } from "./slim-session.js";
import { resolveReflectionConfig } from "../reflection/config.js";

/** Why a call failed, in words. */
export function reasonOf(result: ActionResult): string {
  return result.output?.error?.message || ActionOutcome[result.outcome] || "failed";
}

/** Whose calls these are: the agent, and the run of its session. */
export type CallOwner = Pick<SessionState, "agentId" | "runId">;

/**
 * The idempotency key of the `step`th call of `cycle`. The session's run id
 * is part of it: a cycle retried within the run gets act's recorded result
 * (the side effect happens once), while a session started over, whose
 * cycles count from 1 again, is never answered with its old run's results.
 */
export function callKey(owner: CallOwner, cycle: number, step: number): IdempotencyKey {
  return { agentId: owner.agentId, runId: owner.runId, cycle, step };
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
    toolRuns: keptToolRuns([...state.toolRuns, run], Number(state.lastReflectionCycle), resolveReflectionConfig(state.config?.reflection).reflectEveryNCycles > 0),
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
  retry?: RetryContext,
): Promise<ActionResult> {
  const agentId = state.agentId;
  const call = decision.call!;
  const attempt = async (inputJson: string, step: number, timeoutMs: number): Promise<ActionResult> => {
    const d: Decision = { ...decision, call: { ...call, inputJson, idempotencyKey: callKey(state, decision.cycle, step) } };
    // An attempt may take the tool's whole time plus a person's approval. A
    // second attempt reaches a restarted act, whose idempotency ledger answers
    // "interrupted" for a call its predecessor took (never running it twice).
    const attemptMs = timeoutMs + cfg.approvalTimeoutMs + 10_000;
    // The cycle's Remember stores the output as a fact (its TOOL_RESULT entry, with the goal and symbols): act need not.
    // The cycles before this one are saved (a cycle starts from the last saved one): act may forget their calls.
    const committedCycle = Math.max(0, decision.cycle - 1);
    const request = { agentId, decision: d, psyche: state.psyche, approvalMode: cfg.approvalMode, approvalTimeoutMs: cfg.approvalTimeoutMs, timeoutMs, approvedSimilarityKeys: state.approvedSimilarityKeys, callerRecordsFacts: true, committedCycle };
    const { result } = await withRecovery("act", { deadline: ports.now() + 2 * attemptMs + 10_000, attemptMs, onRetry: (m) => warnings.push(m) }, (deadline) => ports.act.act(request, { deadline, agentId }));
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
    const adjusted = retry ? await adjustInput(call, result, retry) : undefined;
    const input = adjusted?.inputJson ?? retryInput(decision, result, catalog.find((t) => t.name === call.toolName)?.requiredParams ?? []);
    if (input === undefined) {
      warnings.push(`${call.toolName} failed (${reasonOf(result)}); no adjusted input to retry with`);
    } else {
      const how = adjusted ? ` with adjusted input: ${adjusted.change}` : input === call.inputJson ? "" : ` with input ${input}`;
      warnings.push(`${call.toolName} failed (${reasonOf(result)}); retrying once${how}`);
      result = await attempt(input, 1, cfg.toolTimeoutMs);
    }
  } else if (kind === "denied") {
    warnings.push(`${call.toolName} ${ActionOutcome[result.outcome]?.toLowerCase().replaceAll("_", " ")}: ${reasonOf(result)}`);
  } else if (kind === "unknown") {
    warnings.push(`${call.toolName}: unexpected outcome ${ActionOutcome[result.outcome] ?? result.outcome}`);
  }
  return result;
}
