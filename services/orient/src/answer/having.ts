import { IS_A, type Edge, type FactView } from "./facts.js";
import { LIGHT_WORDS } from "./lexicon.js";
import type { QuestionReading } from "./question.js";
import { wordScore } from "./relation-match.js";
import { unread, type FoundAnswer, type QuestionAnswer } from "./result.js";
import type { Vocabulary } from "./vocabulary.js";

// Members of a class looked at one by one, at most.
const MAX_MEMBERS = 500;

/**
 * The one predicate the question's words all name by their own stems, past
 * the light words and those naming the class: "atmosphere" in "Which
 * planets have an atmosphere?" is `has_atmosphere`. Undefined for none,
 * or for two.
 */
function hadBy(q: QuestionReading, vocab: Vocabulary, classWords: readonly string[]): string | undefined {
  const words = q.words.filter((w) => !LIGHT_WORDS.has(w.text) && !classWords.includes(w.text));
  if (words.length === 0) return undefined;
  const fits = [...vocab.predicates.keys()].filter((p) => words.every((w) => wordScore(w.text, p) === 1));
  return fits.length === 1 ? fits[0] : undefined;
}

/** Objects that say the thing has none: `mars has_rings false` is no ring. */
const NOTHING: ReadonlySet<string> = new Set(["false", "no", "none", "0", "null", "nil", "n/a", "na", "unknown"]);

/** A fact of `predicate` that `id` is the subject of, saying it has something: what it has. */
async function had(id: string, predicate: string, view: FactView): Promise<Edge | undefined> {
  return (await view.edges(id)).find((e) => e.direction === "out" && e.predicate === predicate && !NOTHING.has(e.other.toLowerCase()));
}

/**
 * "Which planets have an atmosphere?", "Which moons have an ocean?": with
 * only a class named, the members (by is-a, at any depth the graph's rules
 * give) with a fact of the one predicate the other words name, whatever it
 * has ("mars has_atmosphere carbon_dioxide"); that fact and the is-a fact
 * are each one's proof. Undefined unless the question is so shaped.
 */
export async function answerMembersHaving(q: QuestionReading, vocab: Vocabulary, view: FactView): Promise<QuestionAnswer | undefined> {
  const head = q.head;
  if (q.polar || !head || q.mentions.length !== 1 || q.superlative || q.comparison) return undefined;
  const cls = head.ids.length === 1 ? head.ids[0]! : undefined;
  if (!cls || !(await view.isClass(cls))) return undefined;
  const predicate = hadBy(q, vocab, head.text.split(" "));
  if (!predicate) return undefined;
  const members = (await view.holdings(cls, IS_A)).slice(0, MAX_MEMBERS);
  const answers: FoundAnswer[] = [];
  for (const member of members) {
    if (await view.isClass(member.other)) continue;
    const fact = await had(member.other, predicate, view);
    if (fact) answers.push({ id: member.other, confidence: fact.confidence * member.confidence, steps: [fact.step, member.step] });
  }
  answers.sort((a, b) => b.confidence - a.confidence || (a.id < b.id ? -1 : 1));
  return { kind: "entities", pattern: `?x ${predicate} ?y, ?x is-a ${cls}`, subjects: [cls], predicates: [predicate], answers, proof: [] };
}

/**
 * "Does Mars have an atmosphere?": YES by a fact of the one predicate the
 * other words name that the one thing named is the subject of ("mars
 * has_atmosphere carbon_dioxide"). Nothing stated is no NO (the graph may
 * not know it): undefined then, as when the question is not so shaped.
 */
export async function answerThingHas(q: QuestionReading, vocab: Vocabulary, view: FactView): Promise<QuestionAnswer | undefined> {
  const [thing] = q.mentions;
  if (!q.polar || !thing || q.mentions.length !== 1 || thing.ids.length !== 1 || q.paired || q.comparison) return undefined;
  const id = thing.ids[0]!;
  if (await view.isClass(id)) return undefined;
  const predicate = hadBy(q, vocab, []);
  const fact = predicate && (await had(id, predicate, view));
  if (!fact) return undefined;
  return { ...unread([id]), kind: "yes", pattern: `${id} ${predicate} ?y`, predicates: [predicate], proof: [fact.step] };
}
