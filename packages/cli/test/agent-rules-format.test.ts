import { BehaviorRule, Decision } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { learnedLines } from "../src/agent-format.js";
import { formatRemovedRule, formatRules } from "../src/agent-rules.js";

const denial = BehaviorRule.fromPartial({
  id: "rule:0a186adae47d5655",
  text: "Avoid 'shell_exec {\"argv\":[\"git\",\"status\"]}' (denied by ann)",
  supportCount: 1,
  sourceIds: ["correction:1"],
  toolName: "shell_exec",
  matchCall: 'shell_exec {"argv":["git","status"]}',
  scoreAdjustment: -0.3,
  origin: "denied by a person, last in cycle 3",
});

describe("agent rules - formatting", () => {
  it("lists each rule with what it matches, its effect and where it came from", () => {
    const preference = BehaviorRule.fromPartial({ id: "rule:f", text: "Never push to main", supportCount: 1, sourceIds: ["fact:1"], origin: "a stated preference" });
    expect(formatRules([denial, preference])).toBe(
      [
        "rule:0a186adae47d5655  Avoid 'shell_exec {\"argv\":[\"git\",\"status\"]}' (denied by ann)",
        '  matches: shell_exec {"argv":["git","status"]}',
        "  effect:  correction=-0.30 on that call's score; left out of new plans",
        "  from:    denied by a person, last in cycle 3 (1 source: correction:1)",
        "rule:f  Never push to main",
        "  matches: no single call (guidance in words)",
        "  effect:  guidance only (no score change)",
        "  from:    a stated preference (1 source: fact:1)",
      ].join("\n"),
    );
    expect(formatRules([])).toBe("no rules learned yet (a denied approval teaches one)");
  });

  it("shows control characters from a rule as visible escapes", () => {
    const nasty = { ...denial, text: "Avoid \u001b[2Jx", matchCall: "shell_exec {\"argv\":[\"\u0007\"]}" };
    const out = formatRules([nasty]) + formatRemovedRule({ rule: nasty, correctionsRemoved: 1, factsRemoved: 0 });
    expect([...out].some((c) => c.charCodeAt(0) < 0x20 && c !== "\n")).toBe(false);
    expect(out).toContain("Avoid \\x1b[2Jx");
  });

  it("a cycle line names the candidates a learned rule scored down, with their breakdown", () => {
    const score = (total: number, correction: number, ruleIds: string[] = []) => ({ total, correction, ruleIds, breakdown: `[score=${total.toFixed(2)}: base=0.52${correction ? " correction=-0.30" : ""}]` });
    const decision = Decision.fromPartial({
      score: score(0.6, 0),
      explanation: {
        alternatives: [
          { toolName: "gap_analysis", inputJson: "{}", rank: 0, score: score(0.6, 0) },
          { toolName: "shell_exec", inputJson: '{"argv":["git","status"]}', rank: 1, score: score(0.28, -0.3, [denial.id]) },
          { toolName: "kg_query", inputJson: "{}", rank: 2, score: score(0.2, 0) },
        ],
      },
    });
    expect(learnedLines(decision)).toEqual(['    ↓ shell_exec {"argv":["git","status"]} [score=0.28: base=0.52 correction=-0.30] (learned: rule:0a186adae47d5655)']);
    expect(learnedLines(undefined)).toEqual([]);
  });
});
