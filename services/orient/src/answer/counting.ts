import { nameTokens, predicateTokens, singulars } from "@boyd/graph";
import { FILLER_WORDS } from "./lexicon.js";
import { NUMBER, type FoundAnswer, type QuestionAnswer } from "./result.js";
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
