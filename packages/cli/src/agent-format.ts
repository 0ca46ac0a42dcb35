import {
  ActionOutcome,
  AdjustmentKind,
  AnswerKind,
  ApprovalVerdict,
  GoalChangeKind,
  GoalStatus,
  PlanChangeKind,
  PlanStatus,
  ProgressOutcome,
  StepStatus,
  StopReason,
  type ActionResult,
  type CycleReport,
  type Decision,
  type EpisodicEntry,
  type Event,
  type Goal,
  type GoalChanged,
  type GoalProgress,
  type Plan,
  type ProofStep,
  type RecallResponse,
  type ReflectionReport,
  type RunReport,
} from "@boyd/proto";
import { renderVisibly } from "@boyd/bus/plain";
import { cycleNotes } from "./cycle-notes.js";
import type { Ingested } from "./knowledge.js";
import type { CycleSummary } from "./run-tracker.js";

/** An enum value as a word: `DENIED_BY_USER` -> "denied by user". */
export function enumWord(names: Record<number, string>, value: number): string {
  return (names[value] ?? String(value)).toLowerCase().replaceAll("_", " ");
}

/** Cuts `text` to `width` characters, marking the cut with an ellipsis. */
export function shorten(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}

/** Milliseconds as a person reads them: 840 ms, 3.2 s, 2 min 5 s. */
export function formatMs(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1_000)} s`;
}

const MARKS: Partial<Record<GoalStatus, string>> = {
  [GoalStatus.COMPLETED]: "✓",
  [GoalStatus.FAILED]: "✗",
  [GoalStatus.ACTIVE]: "…",
  [GoalStatus.SUSPENDED]: "⏸",
  [GoalStatus.PENDING]: "·",
};

/** A goal's status with its mark: "✓ completed". */
export function statusText(status: GoalStatus): string {
  return `${MARKS[status] ?? "·"} ${enumWord(GoalStatus, status)}`;
}

const GOAL_WIDTH = 32;

/**
 * The trailing "/1/2" of a sub-goal id, read segment by segment from the end
 * (the regex /(\/\d+)+$/ retried at every "/" was quadratic in the id).
 */
function subGoalSuffix(id: string): string {
  let start = id.length;
  for (let slash = id.lastIndexOf("/"); slash >= 0 && /^\d+$/.test(id.slice(slash + 1, start)); slash = id.lastIndexOf("/", slash - 1)) {
    start = slash;
    if (slash === 0) break;
  }
  return id.slice(start);
}

/** A goal id cut to `width`, keeping a sub-goal's "/1" suffix so siblings stay apart. */
export function shortGoalId(id: string, width = GOAL_WIDTH): string {
  const suffix = subGoalSuffix(id);
  if (id.length <= width || suffix.length >= width - 2) return shorten(id, width);
  return `${id.slice(0, width - suffix.length - 1)}…${suffix}`;
}

function progressText(p: GoalProgress | undefined): string {
  return p ? `e=${p.error.toFixed(3)} r=${p.reward.toFixed(2)}` : "";
}

/** What became of a call: its outcome, or "tool failed" when it ran and failed. */
export function outcomeText(r: ActionResult): string {
  return r.outcome === ActionOutcome.EXECUTED && r.output?.success === false ? "tool failed" : enumWord(ActionOutcome, r.outcome);
}

/**
 * Text from the graph, a file or a tool, made safe to print on one line:
 * control, bidi and zero-width characters (escape sequences that move the
 * cursor or erase, carriage returns, bells, RTL overrides) are shown as
 * visible escapes instead of being obeyed (the shared renderer of
 * @boyd/bus), and a line break becomes a space.
 */
export function printable(text: string): string {
  return renderVisibly(text, { multiline: true }).replace(/\n/g, " ");
}

/** Multi-line text (a diff, a preview) made safe to print: like {@link printable}, but line breaks stay. */
export function printableLines(text: string): string {
  return renderVisibly(text, { multiline: true });
}

/** A goal's answers in a few words: "answer: phobos, deimos", "answer: yes", or why there is none when the graph says. */
export function answerText(g: Goal): string {
  const a = g.answers;
  if (!a) return "";
  // An unknown the graph can say why of ("a stated fact links them directly") says so.
  if (a.kind === AnswerKind.UNKNOWN && a.unanswered) return `answer: unknown (${printable(a.unanswered)})`;
  if (a.kind === AnswerKind.YES || a.kind === AnswerKind.NO || a.kind === AnswerKind.UNKNOWN) return `answer: ${enumWord(AnswerKind, a.kind)}`;
  if (a.kind === AnswerKind.ENTITIES && a.answers.length > 0) {
    const labels = a.answers.map((x) => x.label || x.symbolId);
    // Labels that list things themselves ("queen: 2 members ..., as many as the_rolling_stones; against the_beatles 4") are kept apart by more than a comma.
    return `answer: ${printable(labels.join(labels.some((l) => /[,;] /.test(l)) ? " | " : ", "))}`;
  }
  // Read, and refused for a reason the graph gives (a ranking with members missing its number).
  if (a.unanswered) return `no answer: ${printable(a.unanswered)}`;
  return "";
}

/** The proof a completed goal carries, one line: "phobos orbits mars (examples/solar-system.csv:23)". */
export function proofText(g: Goal): string {
  return g.proof?.summary ? printable(g.proof.summary) : "";
}

/**
 * The proofs of a completed goal's answers that its proof leaves out: the
 * goal's proof shows what meets its criteria ("=> starry night"), yet every
 * answer listed is shown with the facts that make it one. Empty when the
 * goal's proof covers them all.
 */
export function otherProofsText(g: Goal): string {
  if (g.status !== GoalStatus.COMPLETED || !g.proof?.summary || g.answers?.kind !== AnswerKind.ENTITIES) return "";
  const key = (s: ProofStep): string => `${s.fact?.subject}\u0000${s.fact?.predicate}\u0000${s.fact?.object}\u0000${s.ruleId}`;
  const shown = new Set(g.proof.steps.map(key));
  const missing = g.answers.answers.filter((a) => a.proof?.summary && !(a.proof.steps.length > 0 && a.proof.steps.every((s) => shown.has(key(s)))));
  return missing.map((a) => printable(a.proof!.summary)).join("; ");
}

/** One goal change as a few words; empty when not worth a mention. */
export function changeText(c: GoalChanged): string {
  const g = c.goal!;
  switch (c.change) {
    case GoalChangeKind.STATUS:
      if (g.status === GoalStatus.COMPLETED && g.proof?.summary) return `${statusText(g.status)}: ${proofText(g)}`;
      return `${statusText(g.status)}${g.status === GoalStatus.FAILED && (g.statusReason || c.reason) ? ` (${printable(g.statusReason || c.reason)})` : ""}`;
    case GoalChangeKind.DECOMPOSED:
      return `⑂ decomposed into ${g.childIds.length} sub-goal(s)`;
    case GoalChangeKind.PRIORITY:
      return `priority ${c.previousPriority}→${g.computedPriority ?? g.priority}`;
    case GoalChangeKind.CREATED:
      // Sub-goals are told by their parent's "decomposed".
      return g.parentId ? "" : `+ new goal`;
    default:
      return "";
  }
}

/**
 * One line per cycle: number, goal worked on, tool with its score
 * breakdown, outcome, the progress signal, goal changes; warnings (context
 * health among them), consolidation and reflection follow on their own lines.
 */
export function formatCycleLine(c: CycleSummary): string {
  const tool = c.decision?.call?.toolName || c.finished.toolName;
  const outcome = c.result ? outcomeText(c.result) : c.finished.outcome ? enumWord(ActionOutcome, c.finished.outcome) : "no action";
  const progress = c.finished.progress.find((p) => p.goalId === c.goalId) ?? c.finished.progress[0];
  const changes = c.changes
    .map((ch) => {
      const text = changeText(ch);
      if (!text) return "";
      return ch.goal!.symbolId === c.goalId ? text : `${shortGoalId(ch.goal!.symbolId)} ${text}`;
    })
    .filter(Boolean);
  const parts = [
    `#${c.cycle}`.padEnd(4),
    shortGoalId(c.goalId || "(no goal)").padEnd(GOAL_WIDTH),
    (tool || "-").padEnd(17),
    c.decision?.score?.breakdown ?? "",
    outcome,
    progressText(progress),
    changes.join("; "),
  ].filter((p) => p.trim() !== "");
  // A failed call's error, unless a warning (a retry, say) already tells it.
  const error = c.result?.output?.success === false ? (c.result.output.error?.message ?? "") : "";
  const failure = error && !c.finished.warnings.some((w) => w.includes(error)) ? [`    ! ${printable(error)}`] : [];
  const warnings = c.finished.warnings.map((w) => `    ⚠ ${printable(w)}`);
  // Goal ids are made from goal text, and changes quote goals and reasons: the line is shown visibly as a whole.
  return [printable(parts.join("  ")), ...progressReport(c), ...failure, ...warnings, ...cycleNotes(c).map(printable), ...learnedLines(c.decision)].join("\n");
}

/**
 * Candidates a learned rule scored down this cycle, each with its score and
 * breakdown (the `correction=` term is the rule), so a person sees the
 * agent act on what it was told. The chosen call shows its own breakdown.
 */
export function learnedLines(d: Decision | undefined): string[] {
  return (d?.explanation?.alternatives ?? [])
    .filter((a) => a.rank > 0 && a.score && a.score.correction !== 0)
    .map((a) => `    ↓ ${a.toolName} ${printable(a.inputJson)} ${a.score!.breakdown} (learned: ${a.score!.ruleIds.map(printable).join(", ")})`);
}

/** What the agent reported with report_progress this cycle, as a line of its own (it is meant for the person watching). */
function progressReport(c: CycleSummary): string[] {
  const r = c.result;
  if (r?.toolName !== "report_progress" || !r.output?.success) return [];
  return r.output.content.split("\n").filter((l) => l.trim()).map((l) => `    ▸ progress: ${printable(l)}`);
}

/** `agent cycle`: the cycle's report, phase by phase. */
export function formatCycleReport(r: CycleReport): string {
  const d = r.decision;
  // A single cycle always "hits" its one-cycle limit; other stop reasons are news.
  const stop = r.stopReason && r.stopReason !== StopReason.MAX_CYCLES ? `; a run would stop here: ${enumWord(StopReason, r.stopReason)}` : "";
  const lines = [`cycle ${r.cycle} in ${formatMs(Number(r.durationMs))}${stop}`];
  if (d?.call) {
    lines.push(`goal:     ${d.goalId}`);
    lines.push(`decided:  ${d.call.toolName} ${d.score?.breakdown ?? ""} (confidence ${(d.explanation?.confidence ?? 0).toFixed(2)})`);
    lines.push(`input:    ${d.call.inputJson}`);
    if (d.explanation?.reasoning) lines.push(`why:      ${d.explanation.reasoning}`);
    for (const l of learnedLines(d)) lines.push(`lowered:  ${l.replace(/^\s*↓ /, "")}`);
    if (d.goalSwitchReason) lines.push(`switched: ${d.goalSwitchReason}`);
  } else {
    lines.push("decided:  nothing to do (no active goal, or no tool fits)");
  }
  if (r.result) {
    const out = r.result.output;
    lines.push(`acted:    ${outcomeText(r.result)} in ${formatMs(Number(r.result.durationMs))}`);
    const body = out?.success ? out.content : `error: ${out?.error?.message ?? "unknown"}`;
    for (const l of body.trimEnd().split("\n").slice(0, 12)) lines.push(`  | ${l}`);
    if (body.trimEnd().split("\n").length > 12) lines.push("  | …");
  }
  for (const p of r.progress) lines.push(`progress: ${p.goalId} ${progressText(p)} ${enumWord(ProgressOutcome, p.outcome)}${p.matchedTerms.length ? ` (matched ${p.matchedTerms.join(", ")})` : ""}`);
  for (const g of r.changedGoals) lines.push(`goal now: ${g.symbolId} ${statusText(g.status)}${g.statusReason ? ` (${g.statusReason})` : ""}`);
  if (r.plan) lines.push(`plan:     ${planHeadline(r.plan)}`);
  if (r.reflection) lines.push(`reflected: ${r.reflection.summary}`);
  if (r.consolidated.length) lines.push(`consolidated ${r.consolidated.length} episode(s)`);
  const phases = Object.entries(r.phaseMs);
  if (phases.length) lines.push(`phases:   ${phases.map(([k, v]) => `${k} ${v} ms`).join(", ")}`);
  for (const w of r.warnings) lines.push(`⚠ ${w}`);
  return lines.map(printable).join("\n");
}

/** What the closing summary of a run shows. */
export interface RunSummary {
  readonly agentId: string;
  readonly report: RunReport;
  /** Goals to list (those the run touched), in the report's order. */
  readonly goals: readonly Goal[];
  readonly phaseMs: Readonly<Record<string, number>>;
  readonly totalMs: number;
  readonly derivedFacts: number;
  readonly assertedFacts: number;
  /** Triples in the graph before and after, when the graph is at hand. */
  readonly graph?: { readonly before: number; readonly after: number };
  /** Episodes made by the closing consolidation, when it ran. */
  readonly episodes?: number;
  readonly ingested: readonly Ingested[];
}

/** What the --kb files added: "63 loaded from a.csv", "63 loaded from a.csv; 2 rules from a.rules". */
function loaded(files: readonly Ingested[]): string {
  const facts = files.filter((i) => !i.rules);
  const rules = files.filter((i) => i.rules);
  return [
    facts.length ? `${facts.reduce((n, i) => n + i.triples, 0)} loaded from ${facts.map((i) => i.path).join(", ")}` : "",
    rules.length ? `${count(rules.reduce((n, i) => n + i.rules, 0), "rule")} from ${rules.map((i) => i.path).join(", ")}` : "",
  ]
    .filter(Boolean)
    .join("; ");
}

/** "1 rule", "2 rules". */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/** The closing summary: goals, cycles and why the run stopped, facts, episodes, time. */
export function formatRunSummary(s: RunSummary): string {
  const r = s.report;
  const lines = ["", `agent ${s.agentId}: goals`];
  for (const g of s.goals) {
    const why = g.status === GoalStatus.COMPLETED ? "" : g.statusReason || g.progress?.reason || "";
    lines.push(`  ${statusText(g.status).padEnd(12)} ${printable(g.symbolId)}${why ? ` (${printable(why)})` : ""}`);
    const answer = answerText(g);
    if (answer) lines.push(`               ${answer}`);
    if (g.status === GoalStatus.COMPLETED && g.proof?.summary) lines.push(`               proof: ${proofText(g)}`);
    const others = otherProofsText(g);
    if (others) lines.push(`               other answers' proof: ${others}`);
  }
  if (s.goals.length === 0) lines.push("  (none)");
  lines.push(`cycles: ${r.cyclesRun} run, last cycle ${r.finalCycle}; stopped: ${enumWord(StopReason, r.stopReason)}${r.message ? ` (${r.message})` : ""}`);
  const graph = s.graph ? `; graph ${s.graph.before} → ${s.graph.after} triples` : "";
  const kb = s.ingested.length ? `; ${loaded(s.ingested)}` : "";
  lines.push(`facts: ${s.derivedFacts} derived by infer_rules, ${s.assertedFacts} asserted${graph}${kb}`);
  if (s.episodes !== undefined) lines.push(`episodes: ${s.episodes} consolidated`);
  const phases = Object.entries(s.phaseMs);
  lines.push(`time: ${phases.length ? `${phases.map(([k, v]) => `${k} ${formatMs(v)}`).join(", ")}; ` : ""}total ${formatMs(s.totalMs)}`);
  return lines.join("\n");
}

/** `agent goals`: one line per goal, then its criteria and progress. */
export function formatGoals(goals: readonly Goal[]): string {
  if (goals.length === 0) return "no goals";
  return goals
    .map((g) => {
      const others = otherProofsText(g);
      const head = `${statusText(g.status).padEnd(12)} p${String(g.computedPriority ?? g.priority).padEnd(4)}${g.symbolId}${g.parentId ? `  (sub-goal of ${g.parentId})` : ""}`;
      const detail = [
        g.successCriteria && g.successCriteria !== g.description ? `criteria: ${g.successCriteria}` : "",
        g.progress ? `progress: ${progressText(g.progress)} after ${g.cyclesWorked} cycle(s)${g.progress.matchedTerms.length ? `, matched ${g.progress.matchedTerms.join(", ")}` : ""}` : "",
        answerText(g),
        g.status === GoalStatus.COMPLETED && g.proof?.summary ? `proof: ${proofText(g)}` : "",
        others ? `other answers' proof: ${others}` : "",
        g.statusReason && g.status !== GoalStatus.COMPLETED ? `reason: ${printable(g.statusReason)}` : "",
      ].filter(Boolean);
      return [head, ...detail.map((d) => `    ${d}`)].map(printable).join("\n");
    })
    .join("\n");
}

function planHeadline(p: Plan): string {
  return `${p.strategy} [${enumWord(PlanStatus, p.status)}, attempt ${p.attempt}]${p.failureReason ? ` ${p.failureReason}` : ""}`;
}

/** `agent plan`: the plan's steps with status, tool, input, can-fail and fallback. */
export function formatPlan(p: Plan): string {
  const lines = [`plan for ${p.goalId}: ${planHeadline(p)}`];
  for (const s of p.steps) {
    const notes = [s.canFail ? "may fail" : "", s.fallback?.toolName ? `fallback ${s.fallback.toolName}${s.fallback.inputJson ? ` ${s.fallback.inputJson}` : ""}` : "", s.hasSideEffects ? "side effects" : "", s.dependsOn.length ? `after ${s.dependsOn.join(",")}` : ""].filter(Boolean);
    lines.push(`  ${s.index}. ${enumWord(StepStatus, s.status).padEnd(9)} ${s.toolName.padEnd(17)} ${s.toolInputJson}${notes.length ? `  [${notes.join("; ")}]` : ""}`);
    if (s.rationale) lines.push(`       ${s.rationale}${s.statusReason ? ` (${s.statusReason})` : ""}`);
  }
  for (const r of p.risks) lines.push(`  risk: ${r}`);
  return lines.map(printable).join("\n");
}

/** Episodes, best first, with their learnings. */
export function formatEpisodes(episodes: readonly EpisodicEntry[]): string {
  if (episodes.length === 0) return "no episodes";
  return episodes
    .map((e, i) => {
      const head = `${i + 1}. ${e.relevanceScore ? `${e.relevanceScore.toFixed(3)}  ` : ""}${printable(e.summary)}${e.goalId ? `  [${printable(e.goalId)}]` : ""} (cycle ${e.sourceCycle})`;
      const learned = e.learnings.length > 8 ? [...e.learnings.slice(0, 8), `… ${e.learnings.length - 8} more`] : e.learnings;
      return learned.length ? `${head}\n     learned: ${printable(learned.join(", "))}` : head;
    })
    .join("\n");
}

/**
 * `agent recall`: the episodes found, then the facts (what tools reported,
 * notes saved), each with its recall score. Facts are cut to 300 characters:
 * a fact can be a whole page of tool output.
 */
export function formatRecall(r: Pick<RecallResponse, "episodes" | "facts" | "factScores">, query: string): string {
  if (r.episodes.length === 0 && r.facts.length === 0) return `nothing recalled for ${JSON.stringify(printable(query))}`;
  const parts = r.episodes.length ? [formatEpisodes(r.episodes)] : [];
  if (r.facts.length) {
    const facts = r.facts.map((f, i) => {
      const score = r.factScores[i]?.score;
      const text = f.content.length > 300 ? `${f.content.slice(0, 300)}…` : f.content;
      return `${i + 1}. ${score === undefined ? "" : `${score.toFixed(3)}  `}${printable(text)}  (${printable(f.source || "fact")}, cycle ${f.cycle})`;
    });
    parts.push(["facts:", ...facts].join("\n"));
  }
  return parts.join("\n");
}

/** `agent reflect`: the summary, tools and goals assessed, adjustments. */
export function formatReflection(r: ReflectionReport, applied: boolean): string {
  const lines = [`reflection at cycle ${r.cycle}: ${r.summary || "nothing to report"}`];
  for (const t of r.tools) lines.push(`  tool ${t.toolName.padEnd(17)} ${t.successes}/${t.invocations} ok${t.flagged ? "  (flagged)" : ""}`);
  for (const g of r.goals) lines.push(`  goal ${g.goalId}: ${g.cyclesWorked} cycle(s) worked, ${g.cyclesSinceProgress} since progress${g.stagnant ? "  (stagnant)" : ""}`);
  for (const a of r.adjustments) lines.push(`  ${a.applied ? "applied" : applied ? "skipped" : "would"}: ${enumWord(AdjustmentKind, a.kind)}${a.goalId ? ` ${a.goalId}` : ""}${a.priorityDelta ? ` (${a.priorityDelta > 0 ? "+" : ""}${a.priorityDelta})` : ""}${a.description ? ` - ${a.description}` : ""}`);
  lines.push(`  memory pressure ${r.memoryPressure.toFixed(2)}${applied ? "" : "  (dry run: nothing applied)"}`);
  return lines.map(printable).join("\n");
}

/** One event on one line, for `boyd events`. */
export function formatEvent(e: Event, kind: string, seq?: number): string {
  const time = new Date(Number(e.timeUnixMs)).toISOString().slice(11, 23);
  const head = `${seq !== undefined ? `#${seq} ` : ""}${time} ${e.agentId} c${e.cycle} ${kind.padEnd(18)}`;
  return printable(`${head} ${eventDetail(e)}`.trimEnd());
}

function eventDetail(e: Event): string {
  const k = e.kind;
  switch (k?.$case) {
    case "cycleStarted":
      return `active: ${k.value.activeGoalIds.join(", ") || "none"}`;
    case "observed":
      return k.value.observation?.summary ?? "";
    case "oriented":
      return k.value.orientation?.summary ?? "";
    case "decided": {
      const d = k.value.decision;
      return d?.call ? `${d.goalId}: ${d.call.toolName} ${d.score?.breakdown ?? ""} ${d.call.inputJson}` : "no call";
    }
    case "acted": {
      const r = k.value.result;
      if (!r) return "";
      // A progress report is meant to be read wherever the events are followed.
      const report = r.toolName === "report_progress" && r.output?.success ? `: ${printable(r.output.content)}` : "";
      return `${r.toolName} ${enumWord(ActionOutcome, r.outcome)} in ${r.durationMs} ms${r.output?.success ? report : `: ${r.output?.error?.message ?? ""}`}`;
    }
    case "goalChanged":
      return `${k.value.goal?.symbolId ?? ""} ${enumWord(GoalChangeKind, k.value.change)}: ${k.value.goal ? statusText(k.value.goal.status) : ""}${k.value.reason ? ` (${k.value.reason})` : ""}`;
    case "planChanged":
      return `${k.value.plan?.goalId ?? ""} ${enumWord(PlanChangeKind, k.value.change)}${k.value.stepIndex !== undefined ? ` step ${k.value.stepIndex}` : ""}${k.value.plan ? `: ${planHeadline(k.value.plan)}` : ""}`;
    case "reflected":
      return k.value.report?.summary ?? "";
    case "approvalRequested": {
      const r = k.value.request;
      return r ? `${r.id} ${r.toolName}: ${r.reason}` : "";
    }
    case "approvalResolved": {
      const d = k.value.decision;
      return d ? `${d.approvalId} ${enumWord(ApprovalVerdict, d.verdict)} by ${d.answeredBy}${d.comment ? `: ${d.comment}` : ""}` : "";
    }
    case "cycleFinished": {
      const f = k.value;
      return `${f.toolName || "-"} ${f.outcome ? enumWord(ActionOutcome, f.outcome) : "no action"} in ${f.durationMs} ms${f.progress.map((p) => ` ${p.goalId} ${progressText(p)}`).join("")}${f.stopReason ? ` stop: ${enumWord(StopReason, f.stopReason)}` : ""}${f.warnings.length ? ` ⚠ ${f.warnings.join(" | ")}` : ""}`;
    }
    default:
      return "";
  }
}
