/**
 * What the loop looks for and how it asks. The question's terms are the
 * setpoint; the query is refined each step from the terms still missing
 * (seed 002's `Reflector::formulate_query`, reworked).
 */
import { goalTokens } from "../goals/progress.js";

/**
 * Question words. `contentWords` keeps them (a goal's "what" can matter),
 * but in a question they name the kind of answer, not something a passage
 * contains: "who designed the tower" is answered by "Eiffel's company
 * designed it", and a "who" left in the setpoint would cap coverage below
 * the convergence threshold.
 */
const INTERROGATIVES: ReadonlySet<string> = new Set(["what", "which", "who", "whom", "whose", "when", "where", "why", "how"]);

/** The question's comparable terms (stem -> first surface word), question words dropped. */
export function questionTerms(question: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [stem, word] of goalTokens(question)) if (!INTERROGATIVES.has(word.toLowerCase())) out.set(stem, word);
  return out;
}

/** Matched terms kept in a refined query to anchor it to the topic. */
export const CONTEXT_TERMS = 1;

/**
 * The next query. The first step (nothing known) asks the question as
 * written. Later steps ask for what is missing: the unmatched terms, in
 * question order, then `contextTerms` matched ones. The seed appends words
 * of the best hot entries instead, which pulls a similarity search back to
 * what it already found; repeating every matched term would do the same.
 * One matched term keeps a bare "level" from drifting off topic.
 *
 * @param terms question terms (stem -> surface word) in question order.
 * @param matched stems the evidence already contains.
 */
export function refineQuery(question: string, terms: ReadonlyMap<string, string>, matched: ReadonlySet<string>, step: number, contextTerms = CONTEXT_TERMS): string {
  if (step === 0) return question.trim();
  const missing: string[] = [];
  const known: string[] = [];
  for (const [stem, word] of terms) (matched.has(stem) ? known : missing).push(word);
  return [...missing, ...known.slice(0, contextTerms)].join(" ");
}
