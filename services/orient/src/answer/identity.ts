import { upToClass, type FactView } from "./facts.js";
import { ARTICLES, FILLER_WORDS } from "./lexicon.js";
import type { Mention, QuestionReading } from "./question.js";
import type { QuestionAnswer } from "./result.js";

/** "is" and "was": "What are the sedans?" asks for a class's members, not what a sedan is. */
const SINGULAR_COPULAS: ReadonlySet<string> = new Set(["is", "was"]);

/**
 * "What is the Louvre?", "What is a crater?", "Find what Everest is": the
 * classes the graph puts the one thing named in directly (`louvre is_a
 * museum`, `crater subclass_of landform`), each proven by its fact.
 * Undefined when the question says anything more than the name, or no
 * such fact is stated.
 */
export async function answerWhatIs(q: QuestionReading, view: FactView): Promise<QuestionAnswer | undefined> {
  const thing = askedWhatItIs(q);
  if (!thing) return undefined;
  for (const id of thing.ids) {
    const up = (await view.edges(id)).filter(upToClass);
    if (up.length === 0) continue;
    const answers = [...new Map(up.map((e) => [e.other, { id: e.other, confidence: e.confidence, steps: [e.step] }])).values()];
    const predicates = [...new Set(up.map((e) => e.predicate))];
    return { kind: "entities", pattern: `${id} ${predicates.length === 1 ? predicates[0] : "is_a"} ?x`, subjects: [id], predicates, answers, proof: [] };
  }
  return undefined;
}

/** The one thing a question asks what it is: "what is (the) X", or after a request, "what (the) X is". */
function askedWhatItIs(q: QuestionReading): Mention | undefined {
  const { toks } = q;
  const at = toks.indexOf("what");
  const [thing] = q.mentions;
  if (q.mentions.length !== 1 || at < 0 || toks.slice(0, at).some((t) => !FILLER_WORDS.has(t))) return undefined;
  const after = (i: number) => (ARTICLES.has(toks[i] ?? "") ? i + 1 : i);
  // "What is the Louvre?"
  if (SINGULAR_COPULAS.has(toks[at + 1] ?? "") && thing!.start === after(at + 2) && thing!.end === toks.length) return thing;
  // "Find what Everest is"
  if (thing!.start === after(at + 1) && thing!.end === toks.length - 1 && SINGULAR_COPULAS.has(toks.at(-1)!)) return thing;
  return undefined;
}
