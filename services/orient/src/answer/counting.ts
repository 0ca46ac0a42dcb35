import { nameTokens, predicateTokens, singulars } from "@boyd/graph";
import { FILLER_WORDS, UNIT_SCALES } from "./lexicon.js";
import { writtenTokens, type QuestionReading } from "./question.js";
import { kindsUnknown, NUMBER, type FoundAnswer, type QuestionAnswer } from "./result.js";
import type { Vocabulary } from "./vocabulary.js";

/** Things named in a count's label at most; the proof lists them all. */
const NAMED_IN_LABEL = 8;

/**
 * "How many moons orbit Mars?" as the question whose answers are counted,
 * "Which moons orbit Mars?"; undefined when the text opens with no "how
 * many" (request words before it aside: "find out how many ...").
 */
export function countedQuestion(text: string): string | undefined {
  const toks = nameTokens(text);
  const i = toks.findIndex((t) => !FILLER_WORDS.has(t) || t === "how");
  if (toks[i] !== "how" || toks[i + 1] !== "many") return undefined;
  const at = /\bhow\s+many\b/i.exec(text);
  return at ? `${text.slice(0, at.index)}Which${text.slice(at.index + at[0].length)}` : undefined;
}

/** Auxiliaries that open a yes/no question of doing ("Does the Danube flow through ...", "Has Ana written ..."). */
const DOING: ReadonlySet<string> = new Set(["does", "do", "did", "has", "have", "had"]);

/**
 * "Does the Danube flow through more than 4 countries?", "Has Ana written
 * at least 2 novels?": yes when the count the graph proves ("How many
 * countries does the Danube flow through?") passes the bound, with every
 * fact counted as proof. Only a lower bound is answered, and never no: the
 * facts prove at least so many, and the graph may not hold every one.
 */
export async function answerCountPassed(q: QuestionReading, ask: (text: string) => Promise<QuestionAnswer>, vocab: Vocabulary): Promise<QuestionAnswer | undefined> {
  const asked = q.comparison;
  if (!q.polar || !asked || asked.value === undefined || asked.date || (asked.op !== ">" && asked.op !== ">=") || !DOING.has(q.toks[0] ?? "")) return undefined;
  const counted = q.mentions.find((m) => m.start === asked.positions.at(-1)! + 1 && m.end === q.toks.length);
  if (!counted) return undefined;
  const asking = ["how", "many", ...writtenTokens(q, counted.start, counted.end), ...writtenTokens(q, 0, asked.positions[0])].join(" ");
  const count = await lowerBound(asking, ask, vocab);
  if (!count) return undefined;
  const [only, ...more] = count.answers;
  if (count.kind !== "entities" || !only || more.length > 0 || !NUMBER.test(only.id)) return undefined;
  const n = Number(only.id);
  if (!(asked.op === ">" ? n > asked.value : n >= asked.value)) return undefined;
  return { kind: "yes", pattern: `${count.pattern}, count ${asked.op} ${asked.value}`, subjects: count.subjects, predicates: count.predicates, answers: [], proof: only.steps };
}

/**
 * The count "how many ..." answers, or, where things of unknown kind left
 * it a range (see countOf), its low end: the things proven, counted.
 */
async function lowerBound(asking: string, ask: (text: string) => Promise<QuestionAnswer>, vocab: Vocabulary): Promise<QuestionAnswer | undefined> {
  const count = await ask(asking);
  if (!count.unsure) return count;
  const { unsure: _, ...proven } = await ask(countedQuestion(asking)!);
  return countOf(proven, vocab);
}

const DWELLERS: ReadonlySet<string> = new Set(["people", "persons", "inhabitants", "residents"]);
const DWELLING: ReadonlySet<string> = new Set(["live", "lives", "reside", "resides", "dwell"]);

/**
 * "How many people live in Lima?" asks Lima's population: the question
 * that asks it of the place, or undefined for any other text. ("people"
 * is a filler word, so read as it is, the question asked only what lives
 * in Lima.)
 */
function populationAsked(toks: readonly string[]): string | undefined {
  const i = toks.indexOf("how");
  if (i < 0 || toks[i + 1] !== "many" || !DWELLERS.has(toks[i + 2] ?? "") || !DWELLING.has(toks[i + 3] ?? "") || toks[i + 4] !== "in" || toks.length <= i + 5) return undefined;
  return `what is the population of ${toks.slice(i + 5).join(" ")}`;
}

/**
 * The one number the place's population states, for "How many people live
 * in Lima?"; undefined when no one number does, or when its predicate
 * holds it in a scale the question does not say (`population_millions`
 * is no count of people, "in millions" asked aside).
 */
export async function answerPopulation(text: string, ask: (text: string) => Promise<QuestionAnswer>): Promise<QuestionAnswer | undefined> {
  const toks = nameTokens(text);
  const asked = populationAsked(toks);
  if (asked === undefined) return undefined;
  const figure = await ask(asked);
  const [only, ...more] = figure.answers;
  if (!only || more.length > 0 || !NUMBER.test(only.id)) return undefined;
  const fact = only.steps.find((s) => s.triple.object === only.id);
  const scales = fact ? predicateTokens(fact.triple.predicate).filter((t) => UNIT_SCALES.has(t)) : [];
  return scales.every((scale) => toks.some((t) => UNIT_SCALES.get(t) === UNIT_SCALES.get(scale))) ? figure : undefined;
}

/**
 * Whether the facts found for "how many ..." state the count: one number,
 * by a fact whose predicate names the noun counted when that noun is a
 * class with members ("How many platforms does it have?" and
 * `platforms 12`). A number per thing on the way is no count: "How many
 * parts does the robot use?" is not answered by each part's `unit_cost`
 * (a "part" is a "unit" to the lexicon); its parts are counted instead.
 */
export function statesCount(stated: QuestionAnswer, text: string, vocab: Vocabulary): boolean {
  const [only, ...more] = stated.answers;
  if (!only || more.length > 0 || !NUMBER.test(only.id)) return false;
  const toks = nameTokens(text);
  const noun = toks[toks.indexOf("many") + 1] ?? "";
  const forms = [noun, ...singulars(noun)];
  if (!forms.some((w) => vocab.lookup(w).some((id) => vocab.isClass(id)))) return true;
  const fact = only.steps.find((s) => s.triple.object === only.id);
  return fact !== undefined && predicateTokens(fact.triple.predicate).some((t) => forms.includes(t) || singulars(t).some((w) => forms.includes(w)));
}

/**
 * The count of a list's answers, as one answer: the number, labelled with
 * what was counted ("4, counted in the graph: Callisto, Europa, ..."), and
 * every counted thing's facts as its proof, marked compared: they show
 * what was counted, and none of them states the number. Undefined for no
 * list of things (nothing found is no count of 0: the graph may not know
 * them) or for a list read two ways (two things of one name).
 */
export function countOf(list: QuestionAnswer, vocab: Vocabulary): QuestionAnswer | undefined {
  const things = list.answers;
  if (list.kind !== "entities" || things.length === 0 || things.some((a) => NUMBER.test(a.id)) || list.pattern.includes("; ")) return undefined;
  // Things of no known kind the facts also reach may be of the class counted: the count is a range, so none is given.
  if (list.unsure) return { ...list, pattern: `count ?x: ${list.pattern}`, answers: [], unanswered: `${kindsUnknown(list.unsure, vocab)}: the count is ${things.length} to ${things.length + list.unsure.ids.length}` };
  const names = things.slice(0, NAMED_IN_LABEL).map((a) => vocab.distinctName(a.id));
  const more = things.length > NAMED_IN_LABEL ? ` and ${things.length - NAMED_IN_LABEL} more` : "";
  const count: FoundAnswer = {
    id: String(things.length),
    label: `${things.length}, counted in the graph: ${names.join(", ")}${more}`,
    confidence: Math.min(...things.map((a) => a.confidence)),
    steps: things.flatMap((a) => a.steps.map((s) => ({ ...s, compared: true }))),
  };
  return { ...list, pattern: `count ?x: ${list.pattern}`, answers: [count] };
}
