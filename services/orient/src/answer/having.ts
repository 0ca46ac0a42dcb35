import { type Edge, type FactView } from "./facts.js";
import { LIGHT_WORDS } from "./lexicon.js";
import type { QuestionReading, RelationWord } from "./question.js";
import { wordScore } from "./relation-match.js";
import { NUMBER, unread, type FoundAnswer, type QuestionAnswer } from "./result.js";
import type { Vocabulary } from "./vocabulary.js";

// Members of a class looked at one by one, at most.
const MAX_MEMBERS = 500;

/**
 * The one predicate the words all name by their own stems, past the light
 * words and those naming the class: "atmosphere" in "Which planets have an
 * atmosphere?" is `has_atmosphere`. Undefined for none, or for two.
 */
function hadBy(named: readonly RelationWord[], vocab: Vocabulary, classWords: readonly string[]): string | undefined {
  const words = named.filter((w) => !LIGHT_WORDS.has(w.text) && !classWords.includes(w.text));
  if (words.length === 0) return undefined;
  const fits = [...vocab.predicates.keys()].filter((p) => words.every((w) => wordScore(w.text, p) === 1));
  return fits.length === 1 ? fits[0] : undefined;
}

/** Words asking for the members the graph says have none ("Which servers are not backed up?"). */
const NEGATING: ReadonlySet<string> = new Set(["not", "no"]);

/** Objects that say the thing has none: `mars has_rings false` is no ring. */
const SAYS_NONE: ReadonlySet<string> = new Set(["false", "no", "none", "0"]);
/** Objects that say nothing either way: no fact of having, and no proof of not having. */
const SAYS_NOTHING: ReadonlySet<string> = new Set(["null", "nil", "n/a", "na", "unknown"]);
const NOTHING: ReadonlySet<string> = new Set([...SAYS_NONE, ...SAYS_NOTHING]);

/**
 * What `id` has by its facts of `predicate`: the one saying it has
 * something, the one saying it has none, at most one of them (a graph
 * saying both gives neither).
 */
async function stated(id: string, predicate: string, view: FactView): Promise<{ has?: Edge; none?: Edge }> {
  const facts = (await view.edges(id)).filter((e) => e.direction === "out" && e.predicate === predicate);
  const has = facts.find((e) => !NOTHING.has(e.other.toLowerCase()));
  const none = facts.find((e) => SAYS_NONE.has(e.other.toLowerCase()));
  if (has && none) return {};
  return has ? { has } : none ? { none } : {};
}

/**
 * "Which planets have an atmosphere?", "Which moons have an ocean?": with
 * only a class named, the members (by is-a, at any depth the graph's rules
 * give) with a fact of the one predicate the other words name, whatever it
 * has ("mars has_atmosphere carbon_dioxide"); that fact and the is-a fact
 * are each one's proof. Asked with "not" or "no" ("Which servers are not
 * backed up?"): the members whose fact says none ("web1 backed_up false"),
 * never one the graph says nothing of. Undefined unless the question is so
 * shaped.
 */
export async function answerMembersHaving(q: QuestionReading, vocab: Vocabulary, view: FactView): Promise<QuestionAnswer | undefined> {
  const head = q.head;
  if (q.polar || !head || q.mentions.length !== 1 || q.superlative || q.comparison || saysNumber(q)) return undefined;
  const cls = head.ids.length === 1 ? head.ids[0]! : undefined;
  if (!cls || !(await view.isClass(cls))) return undefined;
  const predicate = hadBy(q.words.filter((w) => !NEGATING.has(w.text)), vocab, head.text.split(" "));
  if (!predicate) return undefined;
  const negated = q.words.filter((w) => NEGATING.has(w.text)).length;
  // "not ... no ...": twice negated is read as nothing.
  if (negated > 1) return undefined;
  const members = (await view.members(cls)).slice(0, MAX_MEMBERS);
  const answers: FoundAnswer[] = [];
  for (const member of members) {
    if (await view.isClass(member.other)) continue;
    const { has, none } = await stated(member.other, predicate, view);
    const fact = negated ? none : has;
    if (fact) answers.push({ id: member.other, confidence: fact.confidence * member.confidence, steps: [fact.step, member.step] });
  }
  answers.sort((a, b) => b.confidence - a.confidence || (a.id < b.id ? -1 : 1));
  const pattern = negated ? `?x ${predicate} none, ?x is-a ${cls}` : `?x ${predicate} ?y, ?x is-a ${cls}`;
  return { kind: "entities", pattern, subjects: [cls], predicates: [predicate], answers, proof: [] };
}

/**
 * "Does Mars have an atmosphere?", "Is ramen vegan?": YES by a fact of the
 * one predicate the other words name that the one thing named is the
 * subject of ("mars has_atmosphere carbon_dioxide"), NO by one whose object
 * says none ("ramen vegan false"); the graph saying both is neither.
 * Nothing stated is no NO (the graph may not know it): undefined then, as
 * when the question is not so shaped. "Is ramen not vegan?" is not read
 * here: "not" names no predicate, so no fact answers it.
 */
export async function answerThingHas(q: QuestionReading, vocab: Vocabulary, view: FactView): Promise<QuestionAnswer | undefined> {
  const [thing] = q.mentions;
  if (!q.polar || !thing || q.mentions.length !== 1 || thing.ids.length !== 1 || q.paired || q.comparison || saysNumber(q)) return undefined;
  const id = thing.ids[0]!;
  if (await view.isClass(id)) return undefined;
  const predicate = hadBy(q.words, vocab, []);
  if (!predicate) return undefined;
  const { has, none } = await stated(id, predicate, view);
  const fact = has ?? none;
  if (!fact) return undefined;
  return { ...unread([id]), kind: has ? "yes" : "no", pattern: `${id} ${predicate} ?y`, predicates: [predicate], proof: [fact.step] };
}

/**
 * Whether the question says a number. A reading by any fact of the one
 * predicate named would drop it: "Does Aspen have 9 lifts?" is no yes by
 * its 40, nor "... a temperature of 9?" every resort with one.
 */
function saysNumber(q: QuestionReading): boolean {
  return q.toks.some((t) => NUMBER.test(t));
}
