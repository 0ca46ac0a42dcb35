import { printable } from "./agent-format.js";
import { Goal, GoalJustification, GoalSource, GoalStatus, ImpasseKind, Observation } from "@boyd/proto";
import { InvalidArgumentError, type Command } from "commander";
import { withGraph, type GraphFlags } from "./kg.js";
import { priority } from "./options.js";
import { outputMode } from "./output.js";

interface DecideFlags extends GraphFlags {
  criteria: string;
  priority: number;
  plan?: boolean;
  attempt: number;
}

function attempt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(`expected a non-negative integer, got ${JSON.stringify(value)}`);
  return n;
}

/**
 * `boyd decide "<goal>"`: what the agent would do first for a goal, against
 * the graph in the data directory: every tool's score with its breakdown,
 * the impasse if any, and (with --plan) the plan.
 */
export function registerDecideCommand(program: Command): void {
  program
    .command("decide")
    .description("score every tool for a goal against the knowledge graph and explain the choice (and plan it with --plan)")
    .argument("<goal>", "the goal, in words")
    .option("--criteria <text>", "success criteria", "")
    .option("--priority <0-255>", "goal priority", priority, 128)
    .option("--plan", "also draft a plan for the goal")
    .option("--attempt <n>", "plan attempt number (even: explore first, odd: reason first)", attempt, 0)
    .option("--data-dir <dir>", "data directory of the embedded store", process.env["BOYD_DATA_DIR"] ?? ".boyd")
    .option("--neo4j <uri>", "use Neo4j at this Bolt URI instead of the embedded store", process.env["BOYD_NEO4J_URI"])
    .action(async (description: string, opts: DecideFlags) => {
      const goal = Goal.fromPartial({
        symbolId: "goal:cli",
        description,
        successCriteria: opts.criteria,
        priority: opts.priority,
        status: GoalStatus.ACTIVE,
        stallThreshold: 5,
        createdAtUnixMs: Date.now(),
        source: GoalSource.USER,
        justification: GoalJustification.USER_REQUESTED,
      });
      const observation = Observation.fromPartial({ agentId: "cli", cycle: 1, goals: [goal], activeGoalIds: [goal.symbolId], workingMemoryCapacity: 100, observedAtUnixMs: Date.now() });
      const [{ createDecideHandlers }, { orient, QuestionAnswerer }] = await Promise.all([import("@boyd/decide"), import("@boyd/orient")]);
      const orientation = await withGraph(opts, (store) => orient(store, { agentId: "cli", observation, activation: undefined }, new QuestionAnswerer(store)));
      const handlers = createDecideHandlers();
      const call = { service: "boyd.v1.DecideService", method: "Decide", deadline: Date.now() + 60_000, signal: new AbortController().signal };
      const { decision } = await handlers.decide({ agentId: "cli", orientation, history: [], plan: undefined, psyche: undefined, tools: [], rules: [], catalogVersion: "", excludedTools: [] }, call);
      const planned = opts.plan ? await handlers.generatePlan({ agentId: "cli", goal, attempt: opts.attempt, orientation, usedTools: [], tools: [], rules: [] }, call) : undefined;
      if (outputMode().json) {
        console.log(JSON.stringify({ decision, plan: planned?.plan, strategyMatches: planned?.strategyMatches }, null, 2));
        return;
      }
      const context = orientation.goals[0];
      console.log(`goal: "${printable(description)}" (priority ${opts.priority})`);
      console.log(`context: ${context?.triples.length ?? 0} triples, ${context?.inferences.length ?? 0} inferences from the graph`);
      const alternatives = decision?.explanation?.alternatives ?? [];
      const width = Math.max(...alternatives.map((a) => a.toolName.length), 4);
      alternatives.forEach((a, i) => console.log(`${String(i + 1).padStart(3)}. ${a.toolName.padEnd(width)}  ${a.score!.breakdown}  ${printable(a.inputJson)}`));
      console.log(decision?.call ? `chosen: ${decision.call.toolName} (confidence ${decision.explanation!.confidence.toFixed(2)})` : "chosen: nothing");
      const impasse = decision?.impasse;
      if (impasse?.kind === ImpasseKind.TIE) console.log(`impasse: tie between ${impasse.tiedTools.join(", ")}`);
      else if (impasse?.kind === ImpasseKind.ALL_BELOW_THRESHOLD) console.log(`impasse: every score is below ${impasse.threshold}`);
      else if (impasse?.kind === ImpasseKind.NO_CANDIDATES) console.log("impasse: no tool can act on this goal");
      for (const f of decision?.explanation?.contextFactors ?? []) if (f.startsWith("excluded") || f.includes("more tools")) console.log(`  ${printable(f)}`);
      if (planned?.plan) {
        const p = planned.plan;
        console.log(`plan: ${printable(p.strategy)}`);
        for (const s of p.steps) {
          const notes = [s.canFail ? "may fail" : "", s.fallback?.toolName ? `fallback ${s.fallback.toolName}` : "", s.hasSideEffects ? "side effects" : ""].filter(Boolean);
          console.log(`  ${s.index}. ${printable(s.description)} - ${printable(s.rationale)}${notes.length ? ` [${notes.join("; ")}]` : ""}`);
        }
        for (const r of p.risks) console.log(`  risk: ${printable(r)}`);
      }
    });
}
