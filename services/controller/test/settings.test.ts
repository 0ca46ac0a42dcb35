import { ApprovalMode, GoalStatus, ProgressMeasure, StopReason, type Goal } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { AgentSettingsError, emptySession, parseSettingsFile, protoSettingIssues, resolveAgentConfig, settingsFromProto, settingsToProto, stopReasonOf } from "../src/index.js";
import { iterationBudgetWarning } from "../src/cycle/act-phase.js";
import { forRun, limitReached } from "../src/cycle/agent-config.js";
import { withDefaults } from "../src/agents/runtime.js";

const FILE = `# settings
approval_mode: paranoid
iteration_budget: 7
tool_call_budgets:
  shell_exec: 2
reflection:
  reflect_every_n_cycles: 3
control:
  measure: jaccard
psyche:
  archetypes:
    sage: 0.8
`;

function problems(text: string, file = "agent.yaml"): string[] {
  try {
    parseSettingsFile(text, file);
  } catch (err) {
    expect(err).toBeInstanceOf(AgentSettingsError);
    return (err as Error).message.split("\n");
  }
  throw new Error("the file was accepted");
}

describe("agent settings file", () => {
  it("a good file becomes the AgentConfig and Psyche a CreateAgent request carries, and back", () => {
    const { settings, lines } = parseSettingsFile(FILE, "agent.yaml");
    const { config, psyche } = settingsToProto(settings);
    expect(config).toMatchObject({ approvalMode: ApprovalMode.PARANOID, iterationBudget: 7, toolCallBudgets: { shell_exec: 2 }, reflection: { reflectEveryNCycles: 3 }, control: { measure: ProgressMeasure.JACCARD } });
    expect(config.workingMemoryCapacity).toBeUndefined();
    // A psyche named in part is the default one with the parts given, awakened.
    expect(psyche).toMatchObject({ awakened: true, persona: { name: "Scholar" }, archetypes: { sage: 0.8, healer: 0.5 } });
    expect(settingsFromProto(config)).toEqual({ approval_mode: "paranoid", iteration_budget: 7, tool_call_budgets: { shell_exec: 2 }, reflection: { reflect_every_n_cycles: 3 }, control: { measure: "jaccard" } });
    expect(lines.get("reflection.reflect_every_n_cycles")).toBe(7);
    expect(lines.get("psyche.archetypes.sage")).toBe(12);
  });

  it("JSON is read too", () => {
    expect(parseSettingsFile('{"working_memory_capacity": 10}', "a.json").settings).toEqual({ working_memory_capacity: 10 });
  });

  it("every bad setting is named as file:line: field: what is wrong", () => {
    const bad = `iteration_budget: 0
reflection:
  reflect_every: 2
approval_mode: reckless
tool_call_budgets:
  shell_exec: -1
psyche:
  archetypes:
    sage: 3
working_memory_capacity: "many"
`;
    expect(problems(bad)).toEqual([
      "agent.yaml:1: iteration_budget: Number must be greater than or equal to 1",
      "agent.yaml:3: reflection.reflect_every: not a setting (a typo?)",
      expect.stringMatching(/^agent\.yaml:4: approval_mode: Invalid enum value\. Expected 'safe' \| 'cautious' \| 'paranoid' \| 'yolo', received 'reckless'$/),
      "agent.yaml:6: tool_call_budgets.shell_exec: Number must be greater than or equal to 0",
      "agent.yaml:9: psyche.archetypes.sage: Number must be less than or equal to 0.95",
      "agent.yaml:10: working_memory_capacity: Expected number, received string",
    ]);
  });

  it("a syntax error names its line", () => {
    expect(problems("iteration_budget: 3\niteration_budget: 4\n")).toEqual(["agent.yaml:2: Map keys must be unique"]);
  });

  it("CreateAgent's config and psyche are checked by the same schema, fields named as the request names them", () => {
    expect(protoSettingIssues({ maxCycles: 5000, toolCallBudgets: {} } as never, undefined)).toEqual(["config.max_cycles: Number must be less than or equal to 1000"]);
    expect(protoSettingIssues({ approvalMode: 9, toolCallBudgets: {} } as never, undefined)[0]).toMatch(/^config\.approval_mode: Invalid enum value/);
    const psyche = settingsToProto({ psyche: { archetypes: { sage: 0.5 } } }).psyche!;
    expect(protoSettingIssues(undefined, { ...psyche, archetypes: { ...psyche.archetypes!, explorer: 1.5 } })).toEqual(["psyche.archetypes.explorer: Number must be less than or equal to 0.95"]);
    expect(() => resolveAgentConfig({ activationMaxDepth: 11, toolCallBudgets: {} } as never)).toThrow("config.activation_max_depth");
  });

  it("a config is resolved once per config object: the same object gives the same frozen result, a changed one is checked again", () => {
    const config = { iterationBudget: 7, toolCallBudgets: { shell_exec: 2 } } as never;
    const first = resolveAgentConfig(config);
    expect(resolveAgentConfig(config)).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.toolCallBudgets)).toBe(true);
    // Settings changes make a new config object: it is resolved (and checked) afresh.
    const changed = { ...(config as object), iterationBudget: 9 } as never;
    expect(resolveAgentConfig(changed)).toMatchObject({ iterationBudget: 9, toolCallBudgets: { shell_exec: 2 } });
    const refused = { ...(config as object), activationMaxDepth: 11 } as never;
    expect(() => resolveAgentConfig(refused)).toThrow("config.activation_max_depth");
    expect(() => resolveAgentConfig(refused)).toThrow("config.activation_max_depth");
  });

  it("up's defaults: a request's own settings win field by field", () => {
    const { config } = withDefaults({ config: { iterationBudget: 9, toolCallBudgets: {} } as never, psyche: undefined }, { iteration_budget: 4, working_memory_capacity: 12 });
    expect(config).toMatchObject({ iterationBudget: 9, workingMemoryCapacity: 12 });
  });
});

describe("iteration budget", () => {
  const active: Goal = { symbolId: "goal:g", status: GoalStatus.ACTIVE } as Goal;
  const state = (calls: number) => ({ ...emptySession("a", "a", 0), goals: [active], cycleCount: calls, iterationCount: calls });

  it("a budget nobody set does not cut a longer run short: 50 tool calls into a 100-cycle run goes on", () => {
    const cfg = forRun(resolveAgentConfig(undefined), 100);
    expect(cfg.iterationBudget).toBe(100);
    expect(stopReasonOf(state(50), cfg, 50)).toBe(StopReason.UNSPECIFIED);
    expect(stopReasonOf(state(100), cfg, 5)).toBe(StopReason.ITERATION_BUDGET);
  });

  it("a budget the settings set stays, the smaller limit wins, and the report says which one stopped the run", () => {
    const cfg = forRun(resolveAgentConfig({ iterationBudget: 5, toolCallBudgets: {} } as never), 100);
    expect(stopReasonOf(state(5), cfg, 95)).toBe(StopReason.ITERATION_BUDGET);
    expect(limitReached(StopReason.ITERATION_BUDGET, cfg, { cycles: 100, cyclesRun: 5, toolCalls: 5, agentCycles: 5 })).toBe(
      "5 tool calls reached the iteration budget of 5 (set in the agent's settings) after 5 of the run's 100 cycles",
    );
    const longer = forRun(resolveAgentConfig({ iterationBudget: 500, toolCallBudgets: {} } as never), 20);
    expect(limitReached(StopReason.MAX_CYCLES, longer, { cycles: 20, cyclesRun: 20, toolCalls: 20, agentCycles: 20 })).toBe("the run's limit of 20 cycles; 20 of 500 tool calls of the iteration budget used");
  });

  it("warnings at 80% and when exceeded, with the tools that used most calls (seed 004)", () => {
    const cfg = resolveAgentConfig(undefined);
    const used = { kg_query: 20, reason: 12, library_search: 6, memory_recall: 2 };
    expect(iterationBudgetWarning(40, cfg, used)).toBe("iteration budget warning: 40 of 50 tool calls used (80%); most calls: kg_query 20, reason 12, library_search 6");
    expect(iterationBudgetWarning(41, cfg, used)).toBeUndefined();
    // The threshold is a setting (seed 004: "configurable threshold").
    const early = resolveAgentConfig(settingsToProto(parseSettingsFile("budget_warn_at: 0.5\n", "a.yaml").settings).config);
    expect(iterationBudgetWarning(25, early, used)).toBe("iteration budget warning: 25 of 50 tool calls used (50%); most calls: kg_query 20, reason 12, library_search 6");
    expect(problems("budget_warn_at: 0\n")).toEqual(["agent.yaml:1: budget_warn_at: Number must be greater than 0"]);
    expect(iterationBudgetWarning(50, cfg, { ...used, kg_query: 30 })).toBe("iteration budget exceeded: 50 of 50 tool calls used, the run stops; most calls: kg_query 30, reason 12, library_search 6");
  });
});
