import type { Decision, Goal, Observation, SessionState } from "@boyd/proto";
import type { RetryContext } from "./adjust-input.js";
import type { ResolvedAgentConfig } from "./agent-config.js";
import type { CyclePorts } from "./ports.js";

/** Idempotency step of the directory listing a retry consults (apart from the call's own attempts, 0 and 1). */
const LIST_STEP = 2;

/**
 * What a failed call's retry may consult this cycle: the goal's words, the
 * working memory observe saw (about this goal, newest first), and the
 * workspace, listed through act like any other call (so the sandbox and
 * the policy apply to the look too).
 */
export function retryContext(state: SessionState, decision: Decision, observation: Observation, ports: CyclePorts, cfg: ResolvedAgentConfig): RetryContext {
  const agentId = state.agentId;
  const goal: Goal | undefined = state.goals.find((g) => g.symbolId === decision.goalId);
  return {
    goalText: goal?.description ?? "",
    recent: observation.recentEntries.filter((e) => !decision.goalId || e.symbols.includes(decision.goalId)),
    async listDir(dir) {
      try {
        const { result } = await ports.act.act(
          {
            agentId,
            decision: { agentId, cycle: decision.cycle, goalId: decision.goalId, call: { toolName: "file_io", inputJson: JSON.stringify({ action: "list", path: dir }), idempotencyKey: { agentId, cycle: decision.cycle, step: LIST_STEP } } },
            psyche: state.psyche,
            approvalMode: cfg.approvalMode,
            approvalTimeoutMs: cfg.approvalTimeoutMs,
          },
          { timeoutMs: cfg.toolTimeoutMs + cfg.approvalTimeoutMs + 10_000, agentId },
        );
        if (!result?.output?.success) return undefined;
        const data = JSON.parse(result.output.dataJson || "{}") as { entries?: Array<{ path?: string; type?: string }> };
        return (data.entries ?? []).filter((e) => e.type !== "dir" && typeof e.path === "string").map((e) => e.path!.split("/").pop()!);
      } catch {
        return undefined;
      }
    },
  };
}
