import { GoalSource, GoalStatus, PlanChangeKind, PlanStatus, StepStatus, WorkingMemoryKind, type AgentConfig, type Goal, type GoalChanged, type Plan, type PlanChanged } from "@boyd/proto";
import { addGoal, setStatus } from "../goals/index.js";
import type { ResolvedAgentConfig } from "./agent-config.js";
import type { CyclePorts } from "./ports.js";
import { workingEntry } from "./working-entry.js";

/**
 * What a person's answer to the agent's question asks for. The grammar,
 * one answer per line, case-insensitive:
 *
 * - `skip`: set the goal aside (dormant); the agent goes on with its others.
 * - `stop`, `abort`, `cancel` or `give up`: the goal fails, stopped by the person.
 * - `add goal: <description>` (optionally `=> <criteria>`): a new goal joins the run.
 * - `<name>: <value>` or `<name>=<value>`, several separated by `;`: values
 *   for the call the question is about, which runs again with them.
 * - anything else: guidance, kept in working memory and nothing more.
 *
 * Every answer, whatever it asks, is written to working memory.
 */
export type AnswerIntent =
  | { readonly kind: "skip" }
  | { readonly kind: "stop" }
  | { readonly kind: "add-goal"; readonly description: string; readonly criteria?: string }
  | { readonly kind: "values"; readonly values: Readonly<Record<string, unknown>> }
  | { readonly kind: "note" };

const SKIP = /^skip(?: (?:it|this|that|the goal|this goal))?$/;
const STOP = /^(?:stop|abort|cancel|give up)(?: (?:it|this|that|the goal|this goal))?$/;
const ADD_GOAL = /^(?:add|new) goal\s*:?\s+(.*)$/is;
const VALUE = /^([a-z_][a-z0-9_]*)\s*[:=]\s*(\S.*)$/is;

/** Reads an answer by the grammar of {@link AnswerIntent}. */
export function readUserAnswer(text: string): AnswerIntent {
  const answer = text.trim();
  // The lookbehind starts the match only where the trailing run begins: retried
  // at every character of a long run, the plain [..]+$ was quadratic.
  const word = answer.toLowerCase().replace(/(?<![.!])[.!]+$/, "");
  if (SKIP.test(word)) return { kind: "skip" };
  if (STOP.test(word)) return { kind: "stop" };
  const added = ADD_GOAL.exec(answer)?.[1]?.trim();
  if (added) {
    const [description = "", criteria] = added.split("=>").map((s) => s.trim());
    if (description) return { kind: "add-goal", description, ...(criteria ? { criteria } : {}) };
  }
  const values: Record<string, unknown> = {};
  for (const part of answer.split(";")) {
    const m = VALUE.exec(part.trim());
    if (!m) return { kind: "note" };
    values[m[1]!.toLowerCase()] = valueOf(m[2]!.trim());
  }
  return { kind: "values", values };
}

// "3" is a number and "true" a boolean to a tool's schema; anything else stays text.
function valueOf(text: string): unknown {
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (text === "true" || text === "false") return text === "true";
  return text.replace(/^"(.*)"$/s, "$1");
}

/** The call a question is about (user_interact's optional `about` input), if it names one. */
export interface QuestionAbout {
  readonly tool: string;
  readonly input: Readonly<Record<string, unknown>>;
}

/** A question as asked: its text and what it is about. */
export function questionOf(inputJson: string): { question: string; about: QuestionAbout | undefined } {
  try {
    const i = JSON.parse(inputJson) as { question?: unknown; about?: { tool?: unknown; input?: unknown } };
    const about = i.about && typeof i.about.tool === "string" && i.about.tool ? { tool: i.about.tool, input: isRecord(i.about.input) ? i.about.input : {} } : undefined;
    return { question: typeof i.question === "string" ? i.question : "", about };
  } catch {
    return { question: "", about: undefined };
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

const ASKS_THE_PERSON = /^(?:please\s+)?(?:ask|check with|consult)\s+(?:the\s+|my\s+|our\s+)?(?:user|operator|human|owner|person|me)\b/i;

/** A later step after the question ("..., then save it to a.md"): the answer alone does not meet such a goal. */
const THEN_ACT = /\b(?:then|afterwards|after that)\b|[,;]\s*(?:and\s+)?(?:save|write|store|put|send|create|add|record|note)\b|\band\s+(?:save|write|store|put|send|create|record)\b/i;

/** Whether a goal is nothing but a question to put to the person ("Ask the user which ..."). */
export function asksThePerson(description: string): boolean {
  const d = description.trim();
  return ASKS_THE_PERSON.test(d) && !THEN_ACT.test(d);
}

/** Where an answer applies. */
export interface AnswerContext {
  /** The answer as given (trimmed). */
  readonly answer: string;
  readonly goals: readonly Goal[];
  readonly goalId: string;
  /** The goal's current plan, and the step that asked (if a plan step did). */
  readonly plan: Plan | undefined;
  readonly stepIndex: number | undefined;
  readonly about: QuestionAbout | undefined;
  readonly cycle: number;
  readonly now: number;
  readonly agent: Pick<AgentConfig, "defaultStallThreshold"> | undefined;
}

/** What an answer changed, and a line saying so. */
export interface AnswerEffect {
  readonly goals: Goal[];
  readonly plan: Plan | undefined;
  readonly goalChanges: GoalChanged[];
  readonly planChanges: PlanChanged[];
  readonly said: string;
}

/** Applies an answer to the goals and the plan (pure). */
export function applyUserAnswer(intent: AnswerIntent, ctx: AnswerContext): AnswerEffect {
  const unchanged = (said: string): AnswerEffect => ({ goals: [...ctx.goals], plan: ctx.plan, goalChanges: [], planChanges: [], said });
  const goal = ctx.goals.find((g) => g.symbolId === ctx.goalId);
  const open = goal !== undefined && goal.status === GoalStatus.ACTIVE;
  switch (intent.kind) {
    case "skip":
    case "stop": {
      if (!open) return unchanged(`${ctx.goalId} is no longer active; nothing to ${intent.kind}`);
      const [status, reason] = intent.kind === "skip" ? [GoalStatus.DORMANT, "skipped by the person"] : [GoalStatus.FAILED, "stopped by the person"];
      const u = setStatus(ctx.goals, ctx.goalId, status, reason);
      return { goals: u.goals, plan: ctx.plan, goalChanges: u.change ? [u.change] : [], planChanges: [], said: `${ctx.goalId} ${intent.kind === "skip" ? "set aside" : "stopped"}` };
    }
    case "add-goal": {
      const u = addGoal(ctx.goals, { description: intent.description, successCriteria: intent.criteria, source: GoalSource.USER }, { cycle: ctx.cycle, nowUnixMs: ctx.now, agent: ctx.agent });
      return { goals: u.goals, plan: ctx.plan, goalChanges: u.change ? [{ ...u.change, reason: "added by the person's answer" }] : [], planChanges: [], said: `added ${u.goal.symbolId}` };
    }
    case "values": {
      const given = Object.entries(intent.values).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(", ");
      if (!open || !ctx.about || !ctx.plan || ctx.stepIndex === undefined) return unchanged(`noted ${given}`);
      const plan = retryWith(ctx.plan, ctx.stepIndex, ctx.about, intent.values);
      return { goals: [...ctx.goals], plan, goalChanges: [], planChanges: [{ plan, change: PlanChangeKind.STEP_UPDATED, stepIndex: ctx.stepIndex }], said: `${ctx.about.tool} runs again with ${given}` };
    }
    case "note": {
      // A goal that is itself a question for the person is met by the answer.
      if (!open || !asksThePerson(goal.description)) return unchanged("kept as guidance");
      const u = setStatus(ctx.goals, ctx.goalId, GoalStatus.COMPLETED, `the person answered: ${ctx.answer}`);
      return { goals: u.goals, plan: ctx.plan, goalChanges: u.change ? [u.change] : [], planChanges: [], said: `${ctx.goalId} answered` };
    }
  }
}

// The step that asked becomes the call it asked about, with the person's values, pending again.
function retryWith(plan: Plan, index: number, about: QuestionAbout, values: Readonly<Record<string, unknown>>): Plan {
  const input = JSON.stringify({ ...about.input, ...values });
  const steps = plan.steps.map((s) =>
    s.index === index ? { ...s, toolName: about.tool, toolInputJson: input, description: `${about.tool} ${input}`, status: StepStatus.PENDING, statusReason: "again, with the person's values", fallback: undefined } : s,
  );
  return { ...plan, steps, status: PlanStatus.ACTIVE, failureReason: "" };
}

/** The working-memory entry of an answer: what was asked, what was said, and what it changed. */
export function answerEntryText(question: string, answer: string, said: string): string {
  return `the person answered ${JSON.stringify(question)} with ${JSON.stringify(answer)}: ${said}`;
}

/** Writes the answer to working memory, with the goal's symbol (best effort). */
export async function rememberAnswer(ports: CyclePorts, agentId: string, cycle: number, goalId: string, text: string, cfg: ResolvedAgentConfig, warnings: string[]): Promise<void> {
  // A person's word outranks what the agent found itself.
  const entry = workingEntry(WorkingMemoryKind.OBSERVATION, text, 0.9, cycle, ports.now(), { symbols: [goalId, "user_answer"], toolName: "user_interact" });
  try {
    await ports.memory.remember({ agentId, cycle, entries: [entry], capacity: cfg.workingMemoryCapacity }, { timeoutMs: 10_000, agentId });
  } catch (err) {
    warnings.push(`the person's answer is not in working memory: ${(err as Error).message}`);
  }
}
