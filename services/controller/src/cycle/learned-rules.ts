import { MAX_RULES_LISTED, type BehaviorRule, type ScoreRule } from "@boyd/proto";
import type { CyclePorts } from "./ports.js";

/**
 * The rules learned from people that change scores and plans, as decide
 * applies them: only rules that name one call and carry an adjustment
 * (guidance in words has no call to match).
 */
export function scoreRules(rules: readonly BehaviorRule[]): ScoreRule[] {
  return rules.filter((r) => r.matchCall !== "" && r.scoreAdjustment !== 0).map((r) => ({ id: r.id, toolName: r.toolName, matchCall: r.matchCall, adjustment: r.scoreAdjustment }));
}

/**
 * The agent's learned score rules, read from memory once per cycle so a
 * denial in one cycle (or a rule the user removed) counts from the next.
 * Memory unreachable is not worth failing the cycle over: the agent
 * decides without what it learned, and the warning says so.
 */
export async function learnedScoreRules(ports: Pick<CyclePorts, "memory">, agentId: string, deadline: number, warn: (message: string) => void): Promise<ScoreRule[]> {
  try {
    const { rules } = await ports.memory.listRules({ agentId, limit: MAX_RULES_LISTED }, { deadline, agentId });
    return scoreRules(rules);
  } catch (err) {
    warn(`learned rules unavailable, deciding without them: ${(err as Error).message}`);
    return [];
  }
}

/**
 * The rules a cycle decides by: those the agent's last Remember carried,
 * while they are current (see RememberedRules), else read from memory.
 */
export async function cycleScoreRules(ports: Pick<CyclePorts, "memory" | "rememberedRules">, agentId: string, deadline: number, warn: (message: string) => void): Promise<ScoreRule[]> {
  return ports.rememberedRules?.take(agentId) ?? learnedScoreRules(ports, agentId, deadline, warn);
}
