import type { FactView } from "./facts.js";
import { MAKING_VERBS } from "./lexicon.js";
import { began } from "./measures.js";
import { questionWord, type QuestionReading } from "./question.js";
import { NUMBER, type QuestionAnswer } from "./result.js";

/** Words of "what year" and "which date": the time asked for. */
const TIME_KINDS: ReadonlySet<string> = new Set(["year", "date"]);

/**
 * "When was the Starry Night painted?": no predicate names painting with a
 * year (`painted_by` names who), but a thing made has one year it came to
 * be: its one number for a predicate of beginning (`completed_in`,
 * `built`, `written_in`). Only for one thing named and a verb of making,
 * and only when the thing has exactly one such year; undefined otherwise.
 */
export async function answerWhenMade(q: QuestionReading, view: FactView): Promise<QuestionAnswer | undefined> {
  const asksTime = questionWord(q.toks) === "when" || (q.headWord !== undefined && TIME_KINDS.has(q.headWord.text));
  const verbs = q.words.filter((w) => w !== q.headWord && !TIME_KINDS.has(w.text));
  const thing = q.mentions.length === 1 ? q.mentions[0]! : undefined;
  if (!asksTime || !thing || thing.ids.length !== 1 || verbs.length !== 1 || !MAKING_VERBS.has(verbs[0]!.text)) return undefined;
  const id = thing.ids[0]!;
  const years = (await view.edges(id)).filter((e) => e.direction === "out" && NUMBER.test(e.other) && began(e.predicate));
  if (new Set(years.map((e) => e.predicate)).size !== 1 || new Set(years.map((e) => e.other)).size !== 1) return undefined;
  const fact = years[0]!;
  return {
    kind: "entities",
    pattern: `${id} ${fact.predicate} ?x`,
    subjects: [id],
    predicates: [fact.predicate],
    answers: [{ id: fact.other, confidence: fact.confidence, steps: [fact.step] }],
    proof: [],
  };
}
