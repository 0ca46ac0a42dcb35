import { canonicalPredicate, nameTokens, singulars } from "@boyd/graph";
import { climbTo, CONTAINMENT, IS_A, type Edge, type FactStep, type FactView } from "./facts.js";
import { ARTICLES, FILLER_WORDS, NUMERIC_KINDS } from "./lexicon.js";
import type { Mention, QuestionReading } from "./question.js";
import { wordScore, WORD_MATCH_THRESHOLD } from "./relation-match.js";
import { NUMBER, unread, type FoundAnswer, type QuestionAnswer } from "./result.js";
import type { Vocabulary } from "./vocabulary.js";

/** What sameAsAsked finds: the thing compared with, the noun naming what is shared, and the words naming the relation. */
interface SameAs {
  readonly thing: Mention;
  /** The other thing of a yes/no question ("Do Bob and Dave ..."). */
  readonly other: Mention | undefined;
  /** "office" in "the same office as Bob": what the shared thing is. */
  readonly noun: readonly string[];
  /** Classes the noun names, when the graph has them. */
  readonly classes: readonly string[];
  readonly words: readonly string[];
  /** The preposition right after the last of those words ("published by"), which the predicate may end in. */
  readonly preposition: string | undefined;
}

/**
 * "Who works in the same office as Bob?", "Do Bob and Dave work in the
 * same office?": the thing after "as" (or the two things named), the noun
 * after "same" and the classes it names, and the other words, which name
 * the relation. Undefined for any other question.
 */
function sameAsAsked(q: QuestionReading, vocab: Vocabulary): SameAs | undefined {
  const { toks } = q;
  const same = toks.indexOf("same");
  if (same < 0) return undefined;
  const as = toks.indexOf("as", same + 1);
  const nounEnd = as > 0 ? as : toks.length;
  const noun = toks.slice(same + 1, nounEnd).filter((t) => !FILLER_WORDS.has(t));
  const inNoun = (m: Mention) => m.start > same && m.end <= nounEnd;
  const classes = q.mentions.filter(inNoun).flatMap((m) => m.ids.filter((id) => vocab.isClass(id)));
  const things = q.mentions.filter((m) => !inNoun(m) && m !== q.head);
  let at = as + 1;
  while (as > 0 && ARTICLES.has(toks[at] ?? "")) at++;
  const named = new Set(q.mentions.flatMap((m) => Array.from({ length: m.end - m.start }, (_, k) => m.start + k)));
  const said = q.words.filter((w) => w.position < same && !named.has(w.position));
  const words = said.map((w) => w.text);
  const after = said.length > 0 ? toks[said[said.length - 1]!.position + 1] : undefined;
  const preposition = after && FILLER_WORDS.has(after) ? after : undefined;
  if (q.polar) return things.length === 2 && as < 0 ? { thing: things[0]!, other: things[1]!, noun, classes, words, preposition } : undefined;
  const thing = things.length === 1 && things[0]!.start === at ? things[0] : undefined;
  return thing && { thing, other: undefined, noun, classes, words, preposition };
}

/** One way two things may be the same: the first thing's fact, and the facts that make what it reaches the kind the noun says. */
interface Shared {
  readonly fact: Edge;
  readonly kind: readonly FactStep[];
}

/**
 * The facts of `id` the question's words name best whose other end is
 * what the noun says: of its class when the graph has one, else named by
 * it ("berlin_office" for "office") or reached by a predicate it names
 * ("the same manager as Dave"). Each is a thing `id` shares with whatever
 * has the same fact. None when two relations are named as well as each
 * other: they say no one sameness.
 */
async function sharedBy(id: string, asked: SameAs, vocab: Vocabulary, view: FactView): Promise<Shared[]> {
  const score = (p: string): number => Math.max(0, ...[...asked.words, ...asked.noun].map((w) => wordScore(w, p)));
  const facts = (await view.statedEdges(id)).filter((e) => e.direction === "out" && !IS_A.has(canonicalPredicate(e.predicate)));
  // "Who is in the same band as Thom?": no word names the relation, so it is the one fact that reaches the noun's class.
  // A relation named is never traded for another ("Who plays in the same band as Jonny?" names `plays`, guitar: nothing).
  if (asked.words.length === 0 && asked.classes.length > 0) return oneRelation(await ofKind(facts, asked, vocab, view));
  const shared = await ofKind(bestNamed(facts, score), asked, vocab, view);
  // "published by the same publisher": of `published_by` and `published_in`, the one the preposition says.
  const saidAfter = shared.filter((s) => asked.preposition !== undefined && canonicalPredicate(s.fact.predicate).endsWith(`_${asked.preposition}`));
  return oneRelation(saidAfter.length > 0 ? saidAfter : shared);
}

/** The facts whose predicate the words name best (`score` at least the match threshold), or none. */
function bestNamed(facts: readonly Edge[], score: (predicate: string) => number): Edge[] {
  const named = facts.filter((e) => score(e.predicate) >= WORD_MATCH_THRESHOLD);
  const best = Math.max(0, ...named.map((e) => score(e.predicate)));
  return named.filter((e) => score(e.predicate) === best);
}

/** The facts whose other end is what the noun says, each with the facts that show it. */
async function ofKind(facts: readonly Edge[], asked: SameAs, vocab: Vocabulary, view: FactView): Promise<Shared[]> {
  const out: Shared[] = [];
  for (const fact of facts) {
    const kind = await kindOf(fact, asked, vocab, view);
    if (kind) out.push({ fact, kind });
  }
  return out;
}

/** The shared facts when they are of one relation; none when of two ("works in" and "lives in" say no one sameness). */
function oneRelation(shared: readonly Shared[]): Shared[] {
  return new Set(shared.map((s) => canonicalPredicate(s.fact.predicate))).size === 1 ? [...shared] : [];
}

/** The facts that make a fact's other end what the noun says (none needed when the noun names it or the predicate), or undefined when it is not. */
async function kindOf(fact: Edge, asked: SameAs, vocab: Vocabulary, view: FactView): Promise<FactStep[] | undefined> {
  if (asked.classes.length > 0) return view.isAnyOf(fact.other, asked.classes);
  // "the same year as Dune Messiah": a year is a number, so `published_by putnam` shares none (`published_in 1969` does).
  if (asked.noun.length > 0 && asked.noun.every((n) => NUMERIC_KINDS.has(n))) return NUMBER.test(fact.other) ? [] : undefined;
  if (asked.noun.length === 0 || asked.noun.some((n) => wordScore(n, fact.predicate) >= WORD_MATCH_THRESHOLD)) return [];
  const name = nameTokens(vocab.displayName(fact.other));
  return asked.noun.every((n) => name.includes(n) || singulars(n).some((s) => name.includes(s))) ? [] : undefined;
}

/**
 * "Who works in the same office as Bob?": whatever has the fact Bob has
 * (`works_in berlin_office`) for the relation the words name, of the class
 * asked for if one is; each answer proven by Bob's fact and its own. "Do
 * Bob and Dave work in the same office?": yes when one thing is reached by
 * both; unknown otherwise (a thing may be in two offices). Undefined for
 * other questions.
 */
export async function answerSameAs(q: QuestionReading, vocab: Vocabulary, view: FactView): Promise<QuestionAnswer | undefined> {
  const asked = sameAsAsked(q, vocab);
  if (!asked || asked.thing.ids.length !== 1) return undefined;
  const id = asked.thing.ids[0]!;
  const shared = await sharedBy(id, asked, vocab, view);
  const subjects = q.mentions.flatMap((m) => m.ids);
  if (shared.length === 0 && !asked.other) {
    const within = await sameWithin(q, asked, id, vocab, view);
    if (within) return within;
  }
  if (shared.length === 0) return { ...unread(subjects), kind: q.polar ? "unknown" : "entities" };
  const predicate = shared[0]!.fact.predicate;
  if (asked.other) return bothShare(asked.other, shared, subjects, view);
  const answers = new Map<string, FoundAnswer>();
  for (const s of shared) {
    for (const e of await view.statedEdges(s.fact.other)) {
      if (e.direction !== "in" || e.predicate !== predicate || e.other === id || answers.has(e.other)) continue;
      const member = q.head ? await view.isAnyOf(e.other, q.head.ids) : [];
      if (member) answers.set(e.other, { id: e.other, confidence: e.confidence * s.fact.confidence, steps: [e.step, s.fact.step, ...s.kind, ...member] });
    }
  }
  const head = q.head ? `, ?x is_a ${q.head.ids.join("|")}` : "";
  return { kind: "entities", pattern: `?x ${predicate} ?o, ${id} ${predicate} ?o${head}`, subjects, predicates: [predicate], answers: [...answers.values()], proof: [] };
}

/** Whether the second thing has a fact reaching one of the things the first shares: yes with both facts, else unknown. */
async function bothShare(other: Mention, shared: readonly Shared[], subjects: readonly string[], view: FactView): Promise<QuestionAnswer> {
  const predicate = shared[0]!.fact.predicate;
  const second = other.ids.length === 1 ? other.ids[0]! : undefined;
  const pattern = `${shared[0]!.fact.step.triple.subject} ${predicate} ?o, ${second ?? other.text} ${predicate} ?o`;
  if (second) {
    const theirs = (await view.statedEdges(second)).filter((e) => e.direction === "out" && e.predicate === predicate);
    for (const s of shared) {
      const match = theirs.find((e) => e.other === s.fact.other);
      if (match) return { kind: "yes", pattern, subjects, predicates: [predicate], answers: [], proof: [s.fact.step, match.step, ...s.kind] };
    }
  }
  return { ...unread(subjects), kind: "unknown", pattern };
}

/**
 * "Which authors were born in the same country as Frank Herbert?" over
 * `frank_herbert born_in tacoma, tacoma located_in usa`: the place of the
 * class asked for that the thing's fact reaches up containment facts, and
 * whatever else has a fact of that relation reaching the same place. Each
 * answer is proven by its fact and its climb, and by the thing's.
 * Undefined when the words name no one relation whose places climb to the
 * class.
 */
async function sameWithin(q: QuestionReading, asked: SameAs, id: string, vocab: Vocabulary, view: FactView): Promise<QuestionAnswer | undefined> {
  if (asked.classes.length === 0 || asked.words.length === 0) return undefined;
  const score = (p: string): number => Math.max(0, ...asked.words.map((w) => wordScore(w, p)));
  const facts = bestNamed((await view.statedEdges(id)).filter((e) => e.direction === "out"), score);
  if (new Set(facts.map((e) => canonicalPredicate(e.predicate))).size !== 1) return undefined;
  const predicate = facts[0]!.predicate;
  const theirs: { fact: Edge; place: { id: string; steps: FactStep[] } }[] = [];
  for (const fact of facts) {
    const place = await placeOfKind(fact.other, asked.classes, view);
    if (place) theirs.push({ fact, place });
  }
  const others = theirs.length > 0 ? await view.subjectsWith(predicate, SAME_WITHIN_LIMIT) : undefined;
  if (!others) return undefined;
  const answers = new Map<string, FoundAnswer>();
  for (const other of others) {
    if (other === id || answers.has(other)) continue;
    const member = q.head ? await view.isAnyOf(other, q.head.ids) : [];
    if (!member) continue;
    for (const e of await view.statedEdges(other)) {
      if (e.direction !== "out" || e.predicate !== predicate) continue;
      const place = await placeOfKind(e.other, asked.classes, view);
      const same = place && theirs.find((t) => t.place.id === place.id);
      if (!place || !same) continue;
      answers.set(other, { id: other, confidence: e.confidence * same.fact.confidence, steps: [e.step, ...place.steps, same.fact.step, ...same.place.steps, ...member] });
      break;
    }
  }
  const head = q.head ? `, ?x is_a ${q.head.ids.join("|")}` : "";
  const cls = asked.classes.join("|");
  return { kind: "entities", pattern: `?x ${predicate} ?a, ?a within ?c, ${id} ${predicate} ?b, ?b within ?c, ?c is_a ${cls}${head}`, subjects: q.mentions.flatMap((m) => m.ids), predicates: [predicate], answers: [...answers.values()], proof: [] };
}

// Things with a fact of the relation looked at, at most: past it, the question is refused rather than answered in part.
const SAME_WITHIN_LIMIT = 2_000;

/** The place of one of `classes` that `place` is, or is within by containment facts, with the facts that show it. */
async function placeOfKind(place: string, classes: readonly string[], view: FactView): Promise<{ id: string; steps: FactStep[] } | undefined> {
  const itself = await view.isAnyOf(place, classes);
  if (itself) return { id: place, steps: itself };
  return climbTo(view, place, (p) => CONTAINMENT.has(canonicalPredicate(p)), (id) => view.isAnyOf(id, classes));
}
