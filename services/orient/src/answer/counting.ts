import { nameTokens } from "@boyd/graph";
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
