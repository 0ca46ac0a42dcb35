import { ActionOutcome, GoalStatus, SessionState, WorkingMemoryKind, type WorkingMemoryEntry } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { actionText, consultedEntryIds, rememberSession } from "../src/cycle/remember.js";
import { workingEntry } from "../src/cycle/working-entry.js";

const entry = (id: number, symbols: string[], kind = WorkingMemoryKind.DECISION): WorkingMemoryEntry => ({ ...workingEntry(kind, `e${id}`, 0.6, 1, 0), id, symbols });

describe("remember - what a cycle records", () => {
  it("consultedEntryIds - the decisions about the goal worked on (decide's tool history), not other goals', other kinds or unsaved ones", () => {
    const recent = [entry(7, ["goal:a"]), entry(6, ["goal:b"]), entry(5, ["goal:a", "mars"]), entry(0, ["goal:a"]), entry(4, ["goal:a"], WorkingMemoryKind.OBSERVATION), entry(3, ["goal:a"], WorkingMemoryKind.ACTION)];
    expect(consultedEntryIds(recent, "goal:a")).toEqual([7, 5]);
    expect(consultedEntryIds(recent, undefined)).toEqual([]);
  });

  it("actionText - the call as made and its outcome; a long input is cut", () => {
    const result = { toolName: "kg_query", outcome: ActionOutcome.EXECUTED } as Parameters<typeof actionText>[0];
    expect(actionText(result, { goalId: "g", call: { toolName: "kg_query", inputJson: '{"symbol":"mars"}' } } as Parameters<typeof actionText>[1])).toBe('kg_query executed {"symbol":"mars"}');
    const denied = { toolName: "shell_exec", outcome: ActionOutcome.DENIED_BY_USER } as Parameters<typeof actionText>[0];
    expect(actionText(denied, undefined)).toBe("shell_exec denied by user");
    const long = actionText(result, { goalId: "g", call: { toolName: "kg_query", inputJson: "x".repeat(400) } } as Parameters<typeof actionText>[1]);
    expect(long).toHaveLength("kg_query executed ".length + 300);
    expect(long.endsWith("…")).toBe(true);
  });

  it("rememberSession - the saved session's active goals and config go with Remember, so memory need not read the session", () => {
    const saved = SessionState.fromPartial({
      agentId: "a",
      goals: [
        { symbolId: "goal:a", status: GoalStatus.ACTIVE },
        { symbolId: "goal:done", status: GoalStatus.COMPLETED },
        { symbolId: "goal:b", status: GoalStatus.ACTIVE },
      ],
      config: { autoConsolidate: false, workingMemoryCapacity: 30, consolidation: { minRelevance: 0.4 } },
    });
    expect(rememberSession(saved)).toEqual({ activeGoalIds: ["goal:a", "goal:b"], config: saved.config });
  });
});
