// The controller sends Decide only the working-memory entries decide reads
// (DECISION and TOOL_RESULT, a decision naming its tool without its text):
// whatever the working memory, decide must choose exactly as it does from
// every recent entry.
import { createDecideHandlers } from "@boyd/decide";
import { Goal, GoalStatus, Observation, Plan, PlanStatus, StepStatus, WorkingMemoryKind, type DecideRequest, type WorkingMemoryEntry } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { decideHistory } from "../src/cycle/decide-history.js";

const handlers = createDecideHandlers({ now: () => 1_700_000_000_000 });
const ctx = {} as Parameters<typeof handlers.decide>[1];
const GOALS = [
  Goal.fromPartial({ symbolId: "goal:1", description: "Find the moons that orbit Mars", successCriteria: "phobos", priority: 200, status: GoalStatus.ACTIVE, stallThreshold: 5 }),
  Goal.fromPartial({ symbolId: "goal:2", description: "Summarize what is known about Saturn", priority: 100, status: GoalStatus.ACTIVE, stallThreshold: 5 }),
];
const TOOLS = ["kg_query", "memory_recall", "similarity_search", "reason", "library_search", "infer_rules", "gap_analysis"];
const KINDS = [WorkingMemoryKind.OBSERVATION, WorkingMemoryKind.INFERENCE, WorkingMemoryKind.DECISION, WorkingMemoryKind.TOOL_RESULT, WorkingMemoryKind.DECISION, WorkingMemoryKind.TOOL_RESULT];

/** A deterministic pseudo-random working memory of `n` entries, newest first: every kind, both goals, decisions with and without a tool name, failed and empty results. */
function workingMemory(seed: number, n: number): WorkingMemoryEntry[] {
  let s = seed;
  const next = (k: number) => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s % k;
  };
  return Array.from({ length: n }, (_, i) => {
    const kind = KINDS[next(KINDS.length)]!;
    const tool = TOOLS[next(TOOLS.length)]!;
    const goalId = GOALS[next(GOALS.length)]!.symbolId;
    const named = next(3) > 0;
    const content =
      kind === WorkingMemoryKind.DECISION
        ? `Decide: tool=${tool}, goal="${goalId}", because it scores highest`
        : kind === WorkingMemoryKind.TOOL_RESULT
          ? [`phobos orbits mars (${i})`, `Error: ${tool} failed`, " ", `deimos orbits mars, found by ${tool}`][next(4)]!
          : `cycle ${i}: 2 active goals, WM ${i}/100`;
    return { id: n - i, content, symbols: [goalId, "mars"], kind, timestampUnixMs: i, relevance: 0.5, sourceCycle: n - i, referenceCount: next(3), accessCycles: [n - i], toolName: kind === WorkingMemoryKind.OBSERVATION || !named ? "" : tool };
  });
}

function request(history: WorkingMemoryEntry[], plan?: Plan): DecideRequest {
  return {
    agentId: "agent-1",
    orientation: {
      agentId: "agent-1",
      cycle: 30,
      observation: Observation.fromPartial({ agentId: "agent-1", cycle: 30, goals: GOALS, activeGoalIds: GOALS.map((g) => g.symbolId), workingMemoryCapacity: 100 }),
      goals: GOALS.map((g) => ({ goalId: g.symbolId, triples: [], inferences: [], supportingTriples: [], answers: undefined })),
      episodeKnowledge: [],
      memoryPressure: 0.4,
      graphTripleCount: 40,
      summary: "",
    },
    history,
    plan,
    psyche: undefined,
    tools: [],
    rules: [],
    catalogVersion: "",
    excludedTools: [],
  };
}

// A plan whose next step chains from the previous tool's output (decide reads the newest usable TOOL_RESULT for it).
const PLAN = Plan.fromPartial({
  goalId: "goal:1",
  status: PlanStatus.ACTIVE,
  steps: [
    { index: 0, toolName: "kg_query", status: StepStatus.COMPLETED },
    { index: 1, toolName: "reason", status: StepStatus.PENDING, dependsOn: [0] },
  ],
});

describe("decideHistory", () => {
  it("keeps decisions and tool results only, a named decision without its text", () => {
    const entries = workingMemory(7, 40);
    const history = decideHistory(entries);
    expect(history.every((e) => e.kind === WorkingMemoryKind.DECISION || e.kind === WorkingMemoryKind.TOOL_RESULT)).toBe(true);
    expect(history.length).toBe(entries.filter((e) => e.kind === WorkingMemoryKind.DECISION || e.kind === WorkingMemoryKind.TOOL_RESULT).length);
    expect(history.filter((e) => e.kind === WorkingMemoryKind.DECISION && e.toolName).every((e) => e.content === "")).toBe(true);
    // An unnamed decision keeps the text its tool is parsed from; results keep their output; the originals are untouched.
    expect(history.filter((e) => e.kind === WorkingMemoryKind.DECISION && !e.toolName).every((e) => e.content.startsWith("Decide: tool="))).toBe(true);
    expect(history.filter((e) => e.kind === WorkingMemoryKind.TOOL_RESULT)).toEqual(entries.filter((e) => e.kind === WorkingMemoryKind.TOOL_RESULT));
    expect(entries.filter((e) => e.kind === WorkingMemoryKind.DECISION).every((e) => e.content.startsWith("Decide: tool="))).toBe(true);
  });

  it("leaves decide's choice, score and explanation as they are from every recent entry", async () => {
    let differentChoices = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const entries = workingMemory(seed, 1 + (seed % 25));
      for (const plan of [undefined, PLAN]) {
        const full = (await handlers.decide(request(entries, plan), ctx)).decision;
        const slim = (await handlers.decide(request(decideHistory(entries), plan), ctx)).decision;
        expect(slim).toEqual(full);
        if (full?.call?.toolName !== "memory_recall") differentChoices++;
      }
    }
    // The memories are varied enough to move the choice (the comparison is not of one fixed answer).
    expect(differentChoices).toBeGreaterThan(0);
  });
});
