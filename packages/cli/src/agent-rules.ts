import type { AgentServiceRemoveRuleResponse, BehaviorRule } from "@boyd/proto";
import { printable } from "./agent-format.js";

/** What a rule does to later decisions, in words. */
function effectText(r: BehaviorRule): string {
  if (r.matchCall && r.scoreAdjustment) {
    const sign = r.scoreAdjustment < 0 ? "-" : "+";
    return `correction=${sign}${Math.abs(r.scoreAdjustment).toFixed(2)} on that call's score${r.scoreAdjustment < 0 ? "; left out of new plans" : ""}`;
  }
  return "guidance only (no score change)";
}

/**
 * The agent's learned rules, one block each: id and text, what it matches,
 * its effect on scores and plans, and where it came from.
 */
export function formatRules(rules: readonly BehaviorRule[]): string {
  if (rules.length === 0) return "no rules learned yet (a denied approval teaches one)";
  return rules
    .map((r) =>
      [
        `${printable(r.id)}  ${printable(r.text)}`,
        `  matches: ${r.matchCall ? printable(r.matchCall) : r.toolName ? `calls of ${printable(r.toolName)} (in words, no single call)` : "no single call (guidance in words)"}`,
        `  effect:  ${effectText(r)}`,
        `  from:    ${printable(r.origin || "corrections")} (${r.supportCount} source${r.supportCount === 1 ? "" : "s"}: ${r.sourceIds.map(printable).join(", ")})`,
      ].join("\n"),
    )
    .join("\n");
}

/** What removing a rule did. */
export function formatRemovedRule(r: AgentServiceRemoveRuleResponse): string {
  const rule = r.rule;
  const forgotten = [r.correctionsRemoved ? `${r.correctionsRemoved} correction(s)` : "", r.factsRemoved ? `${r.factsRemoved} preference fact(s)` : ""].filter(Boolean).join(" and ");
  const effect = rule?.matchCall && rule.scoreAdjustment ? "; its score correction no longer applies" : "";
  return `removed ${printable(rule?.id ?? "")} (${printable(rule?.text ?? "")}): ${forgotten || "nothing"} forgotten${effect}`;
}
