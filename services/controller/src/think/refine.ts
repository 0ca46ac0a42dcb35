/**
 * What the loop looks for and how it asks. The question's terms are the
 * setpoint; each later query is reformulated from the terms still missing
 * and from what hot memory already holds (seed 002's
 * `Reflector::formulate_query`, reworked), and no query is asked twice.
 */
import { goalTokens } from "../goals/progress.js";
import type { HotEntry } from "./types.js";

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
 * The identity of a query for "was this asked already": its terms as a
 * set. The oracles are bags of words, so "melting tungsten point",
 * "point melting tungsten" and "What is the melting point of tungsten?"
 * are one question to them.
 */
export function queryKey(query: string): string {
  return [...questionTerms(query).keys()].sort().join(" ");
}

/** What `reformulateQuery` works from. */
export interface ReformulationInput {
  /** The question as asked. */
  readonly question: string;
  /** Question terms (stem -> surface word) in question order. */
  readonly terms: ReadonlyMap<string, string>;
  /** Stems the evidence already contains. */
  readonly matched: ReadonlySet<string>;
  /** Hot memory, oldest first. */
  readonly hot: readonly HotEntry[];
  /** Queries sent so far, in order. */
  readonly asked: readonly string[];
  /** Matched terms kept as anchors. @default CONTEXT_TERMS */
  readonly contextTerms?: number | undefined;
}

/**
 * The next query, or undefined when every reformulation was asked before.
 *
 * The first query is the question as written. After that the loop asks for
 * what is missing: the unmatched terms in question order, plus
 * `contextTerms` matched ones so a bare "level" does not drift off topic
 * (all the terms once every one is matched but the error is still high).
 * When that exact query was already asked (nothing new was matched since),
 * asking it again would bring back the same passages, so one word of what
 * was found is added: the first word, from the hot entries that matched
 * the most question terms, that is neither a question term nor part of an
 * earlier query. Each repeat therefore widens the query with a word the
 * library itself used around the topic. The seed always appends hot words,
 * which pulls a similarity search back to passages it already has; using
 * them only to break a repeat keeps the missing terms in front.
 */
export function reformulateQuery(input: ReformulationInput): string | undefined {
  const { question, terms, matched, hot, asked } = input;
  if (asked.length === 0) return question.trim();
  const seen = new Set(asked.map(queryKey));
  const missing: string[] = [];
  const known: string[] = [];
  for (const [stem, word] of terms) (matched.has(stem) ? known : missing).push(word);
  // Everything matched (Jaccard has not converged yet): ask about all of it.
  const base = missing.length > 0 ? [...missing, ...known.slice(0, input.contextTerms ?? CONTEXT_TERMS)] : known;
  if (!seen.has(queryKey(base.join(" ")))) return base.join(" ");
  for (const word of hotWords(hot, terms, asked)) {
    const query = [...base, word].join(" ");
    if (!seen.has(queryKey(query))) return query;
  }
  return undefined;
}

/**
 * Words of hot memory that could widen a query: from the entries with the
 * most question terms first (higher reward, then earlier, on ties), in text
 * order, leaving out question terms and words any earlier query used.
 */
export function hotWords(hot: readonly HotEntry[], terms: ReadonlyMap<string, string>, asked: readonly string[]): string[] {
  const used = new Set<string>(terms.keys());
  for (const q of asked) for (const stem of goalTokens(q).keys()) used.add(stem);
  const ranked = hot
    .filter((e) => e.questionTerms.length > 0)
    .map((e, i) => ({ e, i }))
    .sort((a, b) => b.e.questionTerms.length - a.e.questionTerms.length || b.e.reward - a.e.reward || a.i - b.i);
  const out: string[] = [];
  for (const { e } of ranked) {
    for (const [stem, word] of goalTokens(e.content)) {
      // A number answers a question; as a search word it finds nothing new.
      if (used.has(stem) || /^\d/.test(word)) continue;
      used.add(stem);
      out.push(word);
    }
  }
  return out;
}
