/**
 * What counts as evidence that a goal is met, and the proof it leaves.
 *
 * A goal is met only by evidence about its subject:
 * - the graph's answers to the goal read as a question (orient computes
 *   them before the cycle acts, from facts with a source other than this
 *   agent's own work on the goal, or rule derivations from such facts),
 *   each with its proof;
 * - the output of a tool that reads the world (a file, a web page, a
 *   command, a person's reply), or what someone told the agent (a
 *   percept), in which a criterion is stated next to the goal's subject.
 * Graph tools' output (kg_query, reason, memory_recall...) is not evidence
 * of its own: what the graph knows reaches the goal through the answers,
 * with provenance. Criteria are matched as whole words and phrases, numbers
 * whole ("1.08" never matches "7.08" or "08"); a criterion that only names
 * a symbol is never met by that symbol's own neighbourhood.
 */
import { containsPhrase, fold, nameOfId, nameTokens } from "@boyd/graph";
import { AnswerKind, type Goal, type GoalAnswers, type Proof, type ProofStep } from "@boyd/proto";
import { isStopWord, stem } from "@boyd/vsa";
import { readsMarkdown, sentencesOf } from "./prose.js";
import type { Told } from "./told.js";

/** Tools whose output restates the graph or the agent's memory: no evidence by itself. */
export const GRAPH_TOOLS: ReadonlySet<string> = new Set(["kg_query", "kg_mutate", "reason", "similarity_search", "infer_rules", "gap_analysis", "memory_recall"]);

/** What a cycle found out about a goal. */
export interface GoalEvidence {
  /** The goal read as a question and the graph's answers (from orientation, before the action). */
  readonly answers?: GoalAnswers | undefined;
  /** The tool that ran this cycle, its input and (when it succeeded) its output. */
  readonly toolName?: string | undefined;
  readonly toolInput?: string | undefined;
  readonly toolOutput?: string | undefined;
  /** ToolOutput.success; false makes a non-completed sample FAILED. @default true */
  readonly toolSucceeded?: boolean | undefined;
  /** What the agent was told (percepts), read as a file read is. */
  readonly told?: readonly Told[] | undefined;
}

/** How far the evidence goes towards the goal. */
export interface Entailment {
  /** Criteria terms (or, without criteria, the single term "answer"/"done"). */
  readonly terms: readonly string[];
  /** The terms the evidence entails. */
  readonly met: readonly string[];
  /** Present when every term is met. */
  readonly proof: Proof | undefined;
}

/**
 * Splits criteria into terms: "phobos, deimos; subsurface water" -> three
 * terms, "phobos and deimos" -> two. A piece with "and" inside stays one
 * term when `whole` says the evidence names it whole ("Bosnia and
 * Herzegovina", "Trinidad and Tobago").
 */
export function criteriaTerms(criteria: string, whole: (piece: string) => boolean = () => false): string[] {
  const clean = (t: string): string => t.trim().replace(/^(?:the|a|an|all)\s+/i, "");
  const named = (t: string): boolean => nameTokens(t).length > 0;
  return criteria.split(/[,;\n]/).flatMap((piece) => {
    // As in decompose: "and" is looked for only from the start of a
    // whitespace run (linear), and empty pieces are dropped.
    const parts = piece.split(/(?<!\s)[^\S\n]\s*and\s+/i).map(clean).filter(named);
    const all = clean(piece);
    return parts.length > 1 && whole(all) ? [all] : parts;
  });
}

/**
 * Which of a goal's criteria the evidence entails, and the proof when all
 * are. Without criteria: a question is met by an answer (entities found,
 * or a proven yes or no); any other goal by a successful run of the tool
 * on what the goal names (its command, URL or file).
 */
export function entailment(goal: Pick<Goal, "description" | "successCriteria">, evidence: GoalEvidence, cycle: number): Entailment {
  const answers = evidence.answers;
  const terms = criteriaTerms(
    goal.successCriteria,
    (piece) => (answers !== undefined && graphSupport(piece, answers) !== undefined) || toolSupport(piece, goal, evidence) !== undefined || toldSupport(piece, goal, evidence) !== undefined,
  );
  if (terms.length === 0 || restatesQuestion(goal, terms, answers)) return withoutCriteria(goal, evidence, cycle);
  const steps: ProofStep[] = [];
  const excerpts: Excerpt[] = [];
  const met: string[] = [];
  for (const term of terms) {
    const fromGraph = answers ? graphSupport(term, answers) : undefined;
    if (fromGraph) {
      met.push(term);
      steps.push(...fromGraph);
      continue;
    }
    const excerpt = toolSupport(term, goal, evidence) ?? toldSupport(term, goal, evidence);
    if (excerpt !== undefined) {
      met.push(term);
      if (!excerpts.some((e) => e.from === excerpt.from && e.text === excerpt.text)) excerpts.push(excerpt);
    }
  }
  // Answers sharing a fact ("catalog_db hosted_in us_east" for both services on it) show it once.
  const proof = met.length === terms.length ? makeProof(dedupe(steps), excerpts, evidence, cycle) : undefined;
  return { terms, met, proof };
}

/**
 * Criteria that only restate the question ("Find the moons of Mars" =>
 * "the moons of Mars", as decomposition gives its parts) ask for its
 * answers, not for a text that says "moons of mars".
 */
function restatesQuestion(goal: Pick<Goal, "description">, terms: readonly string[], answers: GoalAnswers | undefined): boolean {
  if (terms.length !== 1 || answers?.kind !== AnswerKind.ENTITIES) return false;
  const phrase = nameTokens(terms[0]!);
  // "Which is older, the Blue Line or the Green Line? => green_line" names a thing the question offers: an answer to check, not a restatement.
  if (answers.subjectIds.some((id) => sameName(nameOfId(id), phrase))) return false;
  return phrase.length >= 2 && containsPhrase(nameTokens(goal.description), phrase);
}

function withoutCriteria(goal: Pick<Goal, "description">, evidence: GoalEvidence, cycle: number): Entailment {
  const a = evidence.answers;
  if (a && a.kind === AnswerKind.ENTITIES && a.answers.length > 0) {
    const steps = dedupe(a.answers.flatMap((x) => x.proof?.steps ?? []));
    const proof = makeProof(steps, [], evidence, cycle);
    // Every answer proven by its facts: those facts, each once (answers may share one). Else each answer's own summary, or its label.
    const byFacts = a.answers.every((x) => (x.proof?.steps.length ?? 0) > 0);
    return { terms: ["answer"], met: ["answer"], proof: byFacts ? proof : { ...proof, summary: a.answers.map((x) => x.proof?.summary ?? x.label).join("; ") } };
  }
  if (a && (a.kind === AnswerKind.YES || a.kind === AnswerKind.NO) && a.proof) {
    return { terms: ["answer"], met: ["answer"], proof: { ...a.proof, cycle } };
  }
  // "Note that Priya owns billing": the goal's own statement is the source; it is met once recorded (as a fact or as a note).
  const ranOk = evidence.toolSucceeded !== false && evidence.toolOutput !== undefined;
  if (/^\s*(?:please\s+)?(?:note|record|remember|store|add|jot|make\s+a\s+note|keep\s+in\s+mind)\b/i.test(goal.description) && (evidence.toolName === "kg_mutate" || evidence.toolName === "save_note") && ranOk) {
    return { terms: ["done"], met: ["done"], proof: makeProof([], [toolExcerpt(evidence, evidence.toolOutput!.slice(0, 200))], evidence, cycle, evidence.toolName === "save_note" ? "noted as the goal states" : "recorded as the goal states") };
  }
  // "Report progress": met once the report was shown.
  if (evidence.toolName === "report_progress" && ranOk && /\b(?:progress|status|update)\b/i.test(goal.description)) {
    return { terms: ["done"], met: ["done"], proof: makeProof([], [toolExcerpt(evidence, evidence.toolOutput!.slice(0, 200))], evidence, cycle, "progress reported") };
  }
  const target = actionTarget(goal.description);
  // Asking the user about the target ("what should I write to answer.md?") is not acting on it.
  const ran = evidence.toolSucceeded !== false && evidence.toolOutput !== undefined && evidence.toolName && !GRAPH_TOOLS.has(evidence.toolName) && evidence.toolName !== "user_interact";
  if (target && ran && (evidence.toolInput ?? "").includes(target)) {
    const excerpt = evidence.toolOutput!.slice(0, 200);
    return { terms: ["done"], met: ["done"], proof: makeProof([], [toolExcerpt(evidence, excerpt)], evidence, cycle, `${evidence.toolName} ran on ${target}`) };
  }
  return { terms: [a && a.kind !== AnswerKind.UNSPECIFIED ? "answer" : "done"], met: [], proof: undefined };
}

/** What an action goal names to act on: a command in backticks, a URL, a file path. */
export function actionTarget(description: string): string | undefined {
  return /`([^`]+)`/.exec(description)?.[1] ?? /\bhttps?:\/\/[^\s<>"'`]+/i.exec(description)?.[0]?.replace(/(?<![.,;:!?)\]])[.,;:!?)\]]+$/, "") ?? /(?:^|\s)((?:\.{0,2}\/)?[\w-]+(?:\/[\w.-]+)*\.[a-z0-9]{1,5})(?=$|[\s,;:!?])/i.exec(description)?.[1];
}

/**
 * "Is Lufthansa older than KLM? => yes" when the graph proves no: why the
 * goal cannot be met (the proven answer and its facts), or undefined. Only
 * for criteria that are one yes/no word and an answer proven the other way:
 * nothing the agent does can entail the criteria while those facts stand.
 */
export function refutation(goal: Pick<Goal, "successCriteria">, answers: GoalAnswers | undefined): string | undefined {
  const words = nameTokens(goal.successCriteria);
  const wanted = words.length === 1 ? POLAR_WORDS.get(words[0]!) : undefined;
  if (wanted === undefined || !answers?.proof || (answers.kind !== AnswerKind.YES && answers.kind !== AnswerKind.NO) || answers.kind === wanted) return undefined;
  return `the graph answers ${answers.kind === AnswerKind.YES ? "yes" : "no"}, not ${words[0]}: ${answers.proof.summary}`;
}

/** Proof steps of the answers (or the yes) that name the term; undefined when none does. */
function graphSupport(term: string, a: GoalAnswers): ProofStep[] | undefined {
  const phrase = nameTokens(term);
  // "Was Glass River directed by Tomas Vey? => yes": the proven answer itself is the criterion.
  const polar = phrase.length === 1 ? POLAR_WORDS.get(phrase[0]!) : undefined;
  if (polar !== undefined && polar === a.kind && a.proof) return a.proof.steps;
  if (a.kind === AnswerKind.YES && a.proof) return a.proof.steps.some((s) => stepNames(s, phrase)) ? a.proof.steps : undefined;
  if (a.kind !== AnswerKind.ENTITIES) return undefined;
  // The goal's own subjects are in every proof; naming one proves nothing.
  const subjects = new Set(a.subjectIds);
  for (const answer of a.answers) {
    const names = [fold(plainLabel(answer.label, answer.symbolId)), nameOfId(answer.symbolId)];
    const steps = answer.proof?.steps ?? [];
    // What the answer was ranked against ("the longest" over every line's length) names other things, not this one.
    if (names.some((n) => sameName(n, phrase)) || steps.some((s) => !s.compared && stepNames(s, phrase, subjects))) return steps;
  }
  return undefined;
}

/** Whether a fact of the proof (or a premise) names the phrase as one of its ends or its predicate. */
function stepNames(step: ProofStep, phrase: readonly string[], except: ReadonlySet<string> = new Set()): boolean {
  const facts = [step.fact, ...step.premises].filter((f) => f !== undefined);
  return facts.some((f) =>
    [
      ...(except.has(f.subject) ? [] : [plainLabel(f.subjectLabel, f.subject), f.subject]),
      ...(except.has(f.object) ? [] : [plainLabel(f.objectLabel, f.object), f.object]),
      f.predicate,
    ].some((n) => n !== "" && sameName(fold(n), phrase)),
  );
}

/** A proof label without the id orient adds when two things share a name ("Paris (paris_texas)" is named "Paris"). */
function plainLabel(label: string, id: string): string {
  const suffix = ` (${id})`;
  return label.endsWith(suffix) ? label.slice(0, -suffix.length) : label;
}

/** A name matches a criterion when the criterion is the whole name. */
function sameName(name: string, phrase: readonly string[]): boolean {
  // The whole name ("Sudan" is not "South Sudan", "sao bento" not "Galeria São Bento"); a plural ends it either way.
  const words = name.split(" ");
  // Criteria lose a leading article ("the long road" -> "long road"), so a name ("The Long Road") may too.
  const bare = words.length > 1 && ARTICLES.has(words[0]!) ? words.slice(1) : words;
  return [words, bare].some((w) => w.length === phrase.length && containsPhrase(w, phrase));
}

const ARTICLES: ReadonlySet<string> = new Set(["the", "a", "an"]);

/** Criteria that name the answer of a yes/no question. */
const POLAR_WORDS: ReadonlyMap<string, AnswerKind> = new Map([
  ["yes", AnswerKind.YES],
  ["true", AnswerKind.YES],
  ["no", AnswerKind.NO],
  ["false", AnswerKind.NO],
]);

/**
 * The line of a world-reading tool's output that states the term next to
 * the goal's subject: every word of one of its subjects' names, or, when
 * the graph names none, every word the goal says about what it asks (by
 * stem: "boils" is "boiling"). "The boiling point of ethanol is 78 C" says
 * nothing of water's.
 */
function toolSupport(term: string, goal: Pick<Goal, "description" | "successCriteria">, evidence: GoalEvidence): Excerpt | undefined {
  if (evidence.toolSucceeded === false || !evidence.toolOutput || !evidence.toolName || GRAPH_TOOLS.has(evidence.toolName)) return undefined;
  const line = statingLine(term, subjectNames(goal, evidence.answers), sentencesOf(evidence.toolOutput, readsMarkdown(evidence.toolName, evidence.toolInput)));
  return line === undefined ? undefined : toolExcerpt(evidence, line);
}

/** A sentence someone told the agent that states the term next to the goal's subject, with who told it. */
function toldSupport(term: string, goal: Pick<Goal, "description" | "successCriteria">, evidence: GoalEvidence): Excerpt | undefined {
  if (!evidence.told?.length) return undefined;
  const subjects = subjectNames(goal, evidence.answers);
  for (const t of evidence.told) {
    const line = statingLine(term, subjects, sentencesOf(t.text, false));
    if (line !== undefined) return { from: `told by ${t.from}`, text: line, told: true };
  }
  return undefined;
}

/** The first sentence that states the term next to one of the goal's subjects (and denies nothing), trimmed to 200 characters. */
function statingLine(term: string, subjects: readonly string[][], sentences: readonly string[]): string | undefined {
  const phrase = nameTokens(term);
  for (const line of sentences) {
    const words = nameTokens(line);
    // A line that denies ("a dog is not a fish") states nothing in favour.
    if (!containsPhrase(words, phrase) || words.some((w) => NEGATIONS.has(w))) continue;
    const stems = new Set(words.map(stem));
    if (subjects.length === 0 || subjects.some((name) => name.every((w) => stems.has(stem(w))))) return line.trim().slice(0, 200);
  }
  return undefined;
}

/** A quoted sentence and where it came from ("file_io output", "told by ci"). */
interface Excerpt {
  readonly from: string;
  readonly text: string;
  /** Told by someone (a percept), not a tool's output. */
  readonly told: boolean;
}

function toolExcerpt(evidence: GoalEvidence, text: string): Excerpt {
  return { from: `${evidence.toolName} output`, text, told: false };
}

/**
 * What a goal is about, each name as its words (less the criteria's): the
 * graph's subjects of the goal read as a question, else the content words
 * of its description as one name, less the request ("find", "what"), the
 * kind of answer asked for ("what temperature") and the file or command it
 * names.
 */
function subjectNames(goal: Pick<Goal, "description" | "successCriteria">, answers: GoalAnswers | undefined): string[][] {
  const criteria = new Set(nameTokens(goal.successCriteria));
  const keep = (names: string[][]): string[][] => names.map((n) => n.filter((w) => !criteria.has(w))).filter((n) => n.length > 0);
  const fromGraph = keep((answers?.subjectIds ?? []).map((id) => nameOfId(id).split(" ")));
  if (fromGraph.length > 0) return fromGraph;
  const target = new Set(nameTokens(actionTarget(goal.description) ?? ""));
  const toks = nameTokens(goal.description);
  const words = toks.filter((w, i) => w.length > 1 && !ASKING.has(w) && !isStopWord(w) && !target.has(w) && !KIND_OPENERS.has(toks[i - 1] ?? ""));
  return keep([words]);
}

/** Words after which a word names the kind of answer ("what temperature", "which year", "how many", "how fast"), not what it is about. */
const KIND_OPENERS: ReadonlySet<string> = new Set(["what", "which", "whose", "how"]);

const NEGATIONS = new Set(["not", "no", "never", "neither", "nor", "none", "isn", "aren", "wasn", "doesn", "didn", "cannot"]);

// Words of a request that name no subject.
const ASKING = new Set("find what which where when whose who how does tell show give list name know learn look check read fetch from file page that this with into about whether please make sure".split(" "));

function makeProof(steps: readonly ProofStep[], excerpts: readonly Excerpt[], evidence: GoalEvidence, cycle: number, note?: string): Proof {
  const line = (f: NonNullable<ProofStep["fact"]>, rule = ""): string => `${f.subjectLabel || f.subject} ${f.predicate} ${f.objectLabel || f.object} (${rule ? `by ${rule}` : f.source})`;
  // A derived fact names its rule, then the stated facts it rests on.
  const facts = steps.map((s) => (s.fact ? `${line(s.fact, s.ruleId)}${s.premises.length ? `; from ${s.premises.map((p) => line(p)).join("; ")}` : ""}` : ""));
  const quoted = excerpts.map((e) => `${e.from}: "${e.text}"`);
  const fromTool = excerpts.some((e) => !e.told);
  return {
    steps: [...steps],
    toolName: fromTool ? (evidence.toolName ?? "") : "",
    excerpt: excerpts.map((e) => e.text).join("\n"),
    cycle,
    summary: [note, ...facts, ...quoted].filter((x) => x).join("; "),
  };
}

function dedupe(steps: readonly ProofStep[]): ProofStep[] {
  const seen = new Set<string>();
  return steps.filter((s) => {
    if (!s.fact) return true;
    const k = `${s.fact.subject}\u0000${s.fact.predicate}\u0000${s.fact.object}\u0000${s.ruleId}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
