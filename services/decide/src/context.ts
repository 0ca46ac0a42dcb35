import { BusError } from "@boyd/bus";
import {
  AnswerKind,
  GoalStatus,
  PlanStatus,
  StepStatus,
  type ActivatedSymbol,
  type EpisodicEntry,
  type Goal,
  type GoalAnswers,
  type Plan,
  type PlanStep,
  type Psyche,
  type ScoreRule,
  type Triple,
  type WorkingMemoryEntry,
} from "@boyd/proto";
import { stem, words } from "@boyd/vsa";
import { previousOutput } from "./content.js";
import { statedFact, type StatedFact } from "./facts.js";
import { toolHistory, type ToolHistory } from "./history.js";

/** Everything the scorer reads about the situation of one goal. */
export interface ScoringContext {
  goal: Goal;
  /** Description and success criteria, the text matched against tool profiles. */
  goalText: string;
  /** World triples around the goal's symbols. */
  knowledge: Triple[];
  /** Symbols spreading activation reached from the goal, strongest first. */
  inferences: ActivatedSymbol[];
  /**
   * Symbol ids the goal is about, in order of mention (orient's reading of
   * the goal as a question; empty when the orientation has none).
   */
  subjects: string[];
  /** Predicates the question asks about, best first (empty when none). */
  predicates: string[];
  /** The question as a graph pattern ("?x orbits mars", "dog is-a fish"); "" when none. */
  pattern: string;
  /** What kind of answer the question wants (UNSPECIFIED when not read). */
  answerKind: AnswerKind;
  /**
   * The fact the goal's own statement asks to record ("Note that Priya owns
   * billing"), if it states one: the only fact kg_mutate may write.
   */
  statedFact: StatedFact | undefined;
  episodes: EpisodicEntry[];
  /** Working-memory entries / capacity. */
  pressure: number;
  history: ToolHistory;
  psyche: Psyche | undefined;
  /** The active plan of the goal, if it has one. */
  plan: Plan | undefined;
  /** The plan step that can run next, if any. */
  nextStep: PlanStep | undefined;
  /** Whether the goal is about source code (changes the core bases, as in the reference). */
  isCodeGoal: boolean;
  /** Why a goal other than the first active one was chosen, if one was. */
  switchReason: string;
  /** Rules learned from people: each changes the score of the call it names. */
  rules: readonly ScoreRule[];
  /** The newest successful tool output about the goal other than the next step's tool (what a dependent step builds on). */
  previousOutput: string | undefined;
  /** Labels of the answers the graph gives the goal's question, best first. */
  answerLabels: string[];
}

export interface ContextInput {
  goals: readonly Goal[];
  activeGoalIds: readonly string[];
  goalContexts: readonly { goalId: string; triples: Triple[]; inferences: ActivatedSymbol[]; answers?: GoalAnswers | undefined }[];
  episodes: readonly EpisodicEntry[];
  pressure: number;
  history: readonly WorkingMemoryEntry[];
  psyche: Psyche | undefined;
  plan: Plan | undefined;
  /** Learned rules (none when omitted). */
  rules?: readonly ScoreRule[] | undefined;
}

// Stems of words that make a goal about code (the reference's list also
// held "graph", "symbol" and "triple", which turned every knowledge-graph
// goal into a code goal).
const CODE_STEMS = new Set(
  ["code", "function", "module", "class", "method", "struct", "trait", "enum", "interface", "crate", "repository", "codebase", "refactor", "implement", "compile", "typescript", "rust", "python"].map(stem),
);

/** Whether a goal's text is about source code. */
export function isCodeText(text: string): boolean {
  return words(text).some((w) => CODE_STEMS.has(stem(w)));
}

/**
 * Picks the goal to work on: the first active goal (observation order is
 * highest priority first) whose blockers have all finished.
 */
export function focusGoal(goals: readonly Goal[], activeGoalIds: readonly string[]): { goal: Goal; switchReason: string } {
  const byId = new Map(goals.map((g) => [g.symbolId, g]));
  const active = activeGoalIds.length ? activeGoalIds.map((id) => byId.get(id)).filter((g): g is Goal => g !== undefined) : goals.filter((g) => g.status === GoalStatus.ACTIVE);
  if (active.length === 0) throw new BusError("FAILED_PRECONDITION", "no active goal to decide for (observation.goals has none with status ACTIVE)");
  const finished = (id: string) => {
    const s = byId.get(id)?.status;
    return s === GoalStatus.COMPLETED || s === GoalStatus.FAILED || s === undefined;
  };
  const open = active.find((g) => g.blockedBy.every(finished));
  if (!open) return { goal: active[0]!, switchReason: "" };
  const skipped = active.slice(0, active.indexOf(open));
  const switchReason = skipped.length
    ? `skipped ${skipped.map((g) => `${g.symbolId} (blocked by ${g.blockedBy.filter((b) => !finished(b)).join(", ")})`).join("; ")}`
    : "";
  return { goal: open, switchReason };
}

/** The first pending step whose dependencies are done (completed, skipped, or failed but allowed to fail). */
export function nextPlanStep(plan: Plan | undefined): PlanStep | undefined {
  if (!plan || plan.status !== PlanStatus.ACTIVE) return undefined;
  const done = (i: number) => {
    const s = plan.steps.find((p) => p.index === i);
    return s !== undefined && (s.status === StepStatus.COMPLETED || s.status === StepStatus.SKIPPED || (s.status === StepStatus.FAILED && s.canFail));
  };
  return plan.steps.find((s) => (s.status === StepStatus.PENDING || s.status === StepStatus.UNSPECIFIED) && s.dependsOn.every(done));
}

/** Builds the scoring context for the focus goal. */
export function scoringContext(input: ContextInput): ScoringContext {
  const { goal, switchReason } = focusGoal(input.goals, input.activeGoalIds);
  const gc = input.goalContexts.find((c) => c.goalId === goal.symbolId);
  const goalText = `${goal.description} ${goal.successCriteria}`.trim();
  const plan = input.plan && input.plan.goalId === goal.symbolId ? input.plan : undefined;
  const knowledge = gc?.triples ?? [];
  const inferences = gc?.inferences ?? [];
  const answers = gc?.answers;
  const predicates = [...(answers?.predicates ?? [])];
  const symbols = inferences.flatMap((a) => (a.symbol ? [{ id: a.symbol.id, label: a.symbol.label }] : []));
  const nextStep = nextPlanStep(plan);
  return {
    goal,
    goalText,
    knowledge,
    inferences,
    subjects: [...(answers?.subjectIds ?? [])],
    predicates,
    pattern: answers?.pattern ?? "",
    answerKind: answers?.kind ?? AnswerKind.UNSPECIFIED,
    statedFact: statedFact(goal.description, { knowledge, predicates, symbols }),
    episodes: [...input.episodes],
    pressure: input.pressure,
    history: toolHistory(input.history, goal.symbolId),
    psyche: input.psyche,
    plan,
    nextStep,
    isCodeGoal: isCodeText(goalText),
    switchReason,
    rules: input.rules ?? [],
    previousOutput: previousOutput(input.history, goal.symbolId, nextStep?.toolName),
    answerLabels: (answers?.answers ?? []).map((a) => a.label || a.symbolId),
  };
}
