import type { GoalOutcome } from "./run-suite.js";

/** The figures the agent is judged by, over a set of goal outcomes. */
export interface Scores {
  readonly goals: number;
  /** Goals with an expected answer (entities or yes/no/unknown). */
  readonly withAnswer: number;
  /** Share of those whose best answer is an expected one. */
  readonly hitsAt1: number;
  /** Goals that should complete, and the share that did. */
  readonly answerable: number;
  readonly completionRate: number;
  /** Goals reported completed that should not be, or completed with a wrong answer. */
  readonly falseCompletions: number;
  readonly fabricatedFacts: number;
  readonly meanCyclesToAnswer: number;
  readonly cyclesPerSecond: number;
}

const POLAR = new Set(["yes", "no", "unknown"]);

/** Whether the agent's best answer is one the label expects. */
export function hit(o: GoalOutcome): boolean {
  return o.goal.answers.length > 0 && o.goal.answers.includes(o.top);
}

/**
 * A completion the evidence does not back: the label says the goal must not
 * complete, or the agent's answer to an answerable question is wrong.
 */
export function falseCompletion(o: GoalOutcome): boolean {
  if (!o.completed) return false;
  if (!o.goal.complete) return true;
  const expectsAnswer = o.goal.answers.length > 0 && !o.goal.criteria.trim();
  return expectsAnswer && !hit(o) && !(o.goal.answers.every((a) => POLAR.has(a)) && o.top === "");
}

export function score(outcomes: readonly GoalOutcome[]): Scores {
  const withAnswer = outcomes.filter((o) => o.goal.answers.length > 0);
  const answerable = outcomes.filter((o) => o.goal.complete);
  const completed = outcomes.filter((o) => o.completed);
  const cycles = outcomes.reduce((n, o) => n + o.cycles, 0);
  const ms = outcomes.reduce((n, o) => n + o.ms, 0);
  return {
    goals: outcomes.length,
    withAnswer: withAnswer.length,
    hitsAt1: ratio(withAnswer.filter(hit).length, withAnswer.length),
    answerable: answerable.length,
    completionRate: ratio(answerable.filter((o) => o.completed).length, answerable.length),
    falseCompletions: outcomes.filter(falseCompletion).length,
    fabricatedFacts: outcomes.reduce((n, o) => n + o.fabricated.length, 0),
    meanCyclesToAnswer: ratio(completed.reduce((n, o) => n + o.cyclesToAnswer, 0), completed.length),
    cyclesPerSecond: ms > 0 ? (cycles * 1000) / ms : 0,
  };
}

function ratio(a: number, b: number): number {
  return b === 0 ? 0 : a / b;
}

/** A markdown table row per group. */
export function table(groups: readonly [string, readonly GoalOutcome[]][]): string {
  const head = "| set | goals | hits@1 | completion (answerable) | false completions | fabricated facts | cycles to answer | cycles/s |";
  const rule = "|---|---:|---:|---:|---:|---:|---:|---:|";
  const rows = groups.map(([name, outcomes]) => {
    const s = score(outcomes);
    return `| ${name} | ${s.goals} | ${pct(s.hitsAt1)} (${s.withAnswer}) | ${pct(s.completionRate)} (${s.answerable}) | ${s.falseCompletions} | ${s.fabricatedFacts} | ${s.meanCyclesToAnswer.toFixed(2)} | ${s.cyclesPerSecond.toFixed(1)} |`;
  });
  return [head, rule, ...rows].join("\n");
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}
