import { canonicalPredicate } from "@boyd/graph";
import { IS_A, type FactView } from "./facts.js";
import { ARTICLES } from "./lexicon.js";
import type { QuestionReading } from "./question.js";
import type { QuestionAnswer } from "./result.js";

/** "is" and "was": "What are the sedans?" asks for a class's members, not what a sedan is. */
const SINGULAR_COPULAS: ReadonlySet<string> = new Set(["is", "was"]);

/**
 * "What is the Louvre?", "What is a crater?": the classes the graph puts
 * the one thing named in directly (`louvre is_a museum`, `crater
 * subclass_of landform`), each proven by its fact. Undefined when the
 * question says anything more than the name, or no such fact is stated.
 */
export async function answerWhatIs(q: QuestionReading, view: FactView): Promise<QuestionAnswer | undefined> {
  const [thing] = q.mentions;
  const { toks } = q;
  const start = ARTICLES.has(toks[2] ?? "") ? 3 : 2;
  if (q.mentions.length !== 1 || toks[0] !== "what" || !SINGULAR_COPULAS.has(toks[1] ?? "") || thing!.start !== start || thing!.end !== toks.length) return undefined;
  for (const id of thing!.ids) {
    const up = (await view.edges(id)).filter((e) => e.direction === "out" && IS_A.has(canonicalPredicate(e.predicate)));
    if (up.length === 0) continue;
    const answers = [...new Map(up.map((e) => [e.other, { id: e.other, confidence: e.confidence, steps: [e.step] }])).values()];
    const predicates = [...new Set(up.map((e) => e.predicate))];
    return { kind: "entities", pattern: `${id} ${predicates.length === 1 ? predicates[0] : "is_a"} ?x`, subjects: [id], predicates, answers, proof: [] };
  }
  return undefined;
}
