import { predicateTokens } from "@boyd/graph";
import { stem } from "@boyd/vsa";
import { type Edge, type FactView } from "./facts.js";
import { AGE_MEASURE, BEGINNING_NOUNS, BEGINNINGS, LIGHT_WORDS, verbOf } from "./lexicon.js";
import { AMOUNT_ADJECTIVES, writtenTokens, type Mention, type QuestionReading, type RelationWord } from "./question.js";
import { idleGetting, pathScore, wordScore, WORD_MATCH_THRESHOLD } from "./relation-match.js";
import { valued, type Valued } from "./dates.js";
import { NUMBER } from "./result.js";
import type { Vocabulary } from "./vocabulary.js";

// What numbers say about things, for rankings and comparisons alike: the
// one number a thing has for a predicate, the predicates a measure word
// names, and the members of a class with their numbers.

/** Members of a class compared at most: a class of more is refused rather than walked. */
const MAX_COMPARED = 2_000;

/** A thing's number (or date) for a predicate, and the fact that states it. */
export interface Numbered extends Valued {
  readonly fact: Edge;
}

/** The one number `id` has for `predicate`: undefined without one, null with two different ones (then no comparison is sound). */
export async function numberOf(id: string, predicate: string, view: FactView): Promise<Numbered | null | undefined> {
  const facts = (await view.edges(id)).filter((e) => e.direction === "out" && e.predicate === predicate && NUMBER.test(e.other));
  if (new Set(facts.map((f) => valued(f.other).value)).size > 1) return null;
  return facts[0] && { fact: facts[0], ...valued(facts[0].other) };
}

/** Which predicates a measure word names: for an age, a year something began or an age itself. */
export function measuredBy(measure: string): (predicate: string) => boolean {
  if (measure === AGE_MEASURE) return (p) => began(p) || wordScore(AGE_MEASURE, p) === 1;
  // An adjective measures an amount, and a year or date is a point in time: "the longest novel" is never the one published
  // last (`long` and `year` share a concept). A verb ("released before") does name a date.
  const amount = AMOUNT_ADJECTIVES.has(measure);
  return (p) => wordScore(measure, p) >= WORD_MATCH_THRESHOLD && !(amount && datesSomething(p));
}

/** Whether a predicate's numbers are a year or a date (`published_year`, `hired_year`, `opening_date`), not an amount. */
export function datesSomething(predicate: string): boolean {
  return began(predicate) || predicateTokens(predicate).some((w) => w === "year" || w === "date");
}

// BEGINNINGS as stems, so any form of one names a beginning too (`release_year`, `opening_date`).
const BEGINNING_STEMS: ReadonlySet<string> = new Set([...BEGINNINGS].map((w) => stem(verbOf(w))));

/**
 * Whether a predicate's numbers are the year something began (`founded_in`,
 * `birth_year`, `release_year`). A bare `year` or `date` is too: a thing's
 * one year without a word of what happened in it (a painting's, an
 * album's, a car's) is the year it came to be.
 */
export function began(predicate: string): boolean {
  const words = predicateTokens(predicate);
  if (words.length === 1 && (words[0] === "year" || words[0] === "date")) return true;
  return words.some((w) => BEGINNING_NOUNS.has(w) || BEGINNING_STEMS.has(stem(verbOf(w))));
}

/**
 * Whether a predicate is named by every one of `words`. Given the graph's
 * predicates, a word that names one of them by its own stem names no
 * other through a concept (see pathScore): in "Who painted the oldest
 * painting?" "painted" is `painted_by`, the way to the answer, not the
 * `completed_in` year the paintings are ranked by.
 */
export function namedByAll(words: readonly RelationWord[], predicates?: ReadonlyMap<string, number>): (predicate: string) => boolean {
  const score = predicates ? (w: string, p: string) => pathScore(predicates, w, p) : wordScore;
  return (p) => words.every((w) => score(w.text, p) >= WORD_MATCH_THRESHOLD);
}

/**
 * The words of a question about a class that may name its measure: neither
 * light words nor the class's own, nor a verb of amount when another word
 * names the measure ("worth more than 3 credits", "carries the most credits").
 */
export function measureWords(q: QuestionReading, head: Mention, vocab: Vocabulary): RelationWord[] {
  const classWords = head.text.split(" ");
  const words = q.words.filter((w) => !LIGHT_WORDS.has(w.text) && !classWords.includes(w.text) && !idleGetting(w, vocab.predicates));
  const naming = words.filter((w) => !AMOUNT_VERBS.has(w.text));
  return naming.length > 0 ? naming : words;
}

/** Verbs that say an amount is what is measured, naming no relation of their own. */
const AMOUNT_VERBS: ReadonlySet<string> = new Set(["worth", "carry", "carries", "carried", "carrying"]);

/** "Which river is the longest?", "Which is the longest river?": the one thing named, when nothing else is. */
export function onlyClassNamed(q: QuestionReading): Mention | undefined {
  const head = q.head ?? (q.mentions.length === 1 ? q.mentions[0] : undefined);
  return head && q.mentions.every((m) => m === head) ? head : undefined;
}

/**
 * The first of the classes `head` names whose members have numbers for
 * exactly one predicate that `fits` (or, of several, exactly one that
 * `fitsBest`), and that `accept` takes: the class, its members and their
 * numbers.
 */
export async function measure(
  head: Mention,
  fits: (predicate: string) => boolean,
  accept: (values: readonly Measured[], members: readonly Edge[]) => boolean,
  vocab: Vocabulary,
  view: FactView,
  fitsBest: (predicate: string) => boolean = () => false,
): Promise<{ cls: string; values: Measured[]; members: Edge[] } | undefined> {
  const candidates = [...vocab.predicates.keys()].filter(fits);
  for (const cls of head.ids) {
    const members = await view.members(cls);
    if (members.length === 0 || members.length > MAX_COMPARED) continue;
    let measured = (await Promise.all(candidates.map((p) => valuesOf(members, p, view)))).filter((v): v is Measured[] => v !== undefined && v.length > 0);
    if (measured.length > 1) measured = measured.filter((v) => fitsBest(v[0]!.fact.predicate));
    if (measured.length !== 1) continue;
    const rankedMembers = await ranked(members, measured[0]!, view);
    if (accept(measured[0]!, rankedMembers)) return { cls, values: measured[0]!, members: rankedMembers };
  }
  return undefined;
}

/**
 * Things outside the class with a number for `predicate` and no kind at
 * all: each may be a member the graph does not say is one (`moselle
 * length_km 545`, the moselle typed nowhere, may be a river). Undefined
 * when more than MAX_COMPARED things have the predicate: not looked through.
 */
export async function untypedWith(predicate: string, members: readonly Edge[], view: FactView): Promise<string[] | undefined> {
  const subjects = await view.subjectsWith(predicate, MAX_COMPARED);
  if (!subjects) return undefined;
  const known = new Set(members.map((m) => m.other));
  const untyped: string[] = [];
  for (const id of subjects) if (!known.has(id) && (await view.kinds(id)).length === 0) untyped.push(id);
  return untyped;
}

/** The members of a ranking without a number for it, when some lack one: why no highest or lowest is proven. */
export function unmeasured(found: { cls: string; values: readonly Measured[]; members: readonly Edge[] }, highest: boolean): string | undefined {
  const valued = new Set(found.values.map((v) => v.member.other));
  const missing = found.members.filter((m) => !valued.has(m.other)).map((m) => m.other);
  if (missing.length === 0) return undefined;
  const shown = missing.slice(0, 5).join(", ") + (missing.length > 5 ? `, and ${missing.length - 5} more` : "");
  const predicate = found.values[0]!.fact.predicate;
  // The class is a symbol id, which no plural ending fits: "members of" says what is counted.
  return `${missing.length} of the ${found.members.length} members of ${found.cls} have no ${predicate} (${shown}); any of them could be the ${highest ? "highest" : "lowest"}`;
}

/** Whether every one of `words` names a predicate by its own stem ("founded" `founded_in`, not `visitors_per_year` by way of "year"). */
export function namedByStem(words: readonly RelationWord[]): (predicate: string) => boolean {
  return (p) => words.length > 0 && words.every((w) => wordScore(w.text, p) === 1);
}

/** A class member's number for a predicate: its is-a fact, and the fact that states the number. */
export interface Measured extends Valued {
  readonly member: Edge;
  readonly fact: Edge;
}

/**
 * The members a ranking is over: a kind among them ("low-cost carrier",
 * an airline by an is-a fact) is no one thing with a number of its own
 * unless it has one; its own members are ranked in its place.
 */
async function ranked(members: readonly Edge[], values: readonly Measured[], view: FactView): Promise<Edge[]> {
  const valued = new Set(values.map((v) => v.member.other));
  const out: Edge[] = [];
  for (const m of members) if (valued.has(m.other) || !(await view.isClass(m.other))) out.push(m);
  return out;
}

/** Each member's number for `predicate`; undefined when a member has two different ones (no ranking is sound then). */
async function valuesOf(members: readonly Edge[], predicate: string, view: FactView): Promise<Measured[] | undefined> {
  const out: Measured[] = [];
  for (const member of members) {
    const number = await numberOf(member.other, predicate, view);
    if (number === null) return undefined;
    if (number) out.push({ member, ...number });
  }
  return out;
}

/** The question's words right after `positions`, one after another ("highest [average January temperature]"). */
export function wordsAfter(q: QuestionReading, positions: readonly number[]): RelationWord[] {
  const out: RelationWord[] = [];
  for (let at = positions[positions.length - 1]! + 1; ; at++) {
    const word = q.words.find((w) => w.position === at);
    if (!word) return out;
    out.push(word);
  }
}

/** Words between a noun and what describes it ("a manager who was hired before 2016", "the manager with the highest salary"). */
const DESCRIBING_OPENERS: ReadonlySet<string> = new Set(["who", "that", "which", "is", "are", "was", "were", "with", "has", "have", "had", "the", "a", "an"]);

/**
 * Whether the words at `positions` (a comparison, a superlative) describe
 * a class named on the way rather than the answers: in "Which engineers
 * report to a manager hired before 2016?" the managers were hired before
 * 2016, and in "... to the manager with the highest salary" the salary is
 * the managers'. The answers of the rest cannot be narrowed or ranked by
 * them (the thing on the way is not theirs to measure).
 */
export function describesOtherClass(q: QuestionReading, positions: readonly number[], vocab: Vocabulary): boolean {
  let at = Math.min(...positions) - 1;
  while (at >= 0 && DESCRIBING_OPENERS.has(q.toks[at]!)) at--;
  const noun = q.mentions.find((m) => m.end === at + 1);
  return noun !== undefined && noun !== q.head && noun.start > (q.head?.end ?? 0) && noun.ids.some((id) => vocab.isClass(id));
}

/**
 * The question's tokens without those at `positions` (the words of a
 * ranking or comparison), and without the copula, auxiliary or article
 * that leaves at the end ("... is the oldest", "... were released after 2000").
 */
export function trimmedWithout(q: Pick<QuestionReading, "toks" | "capitals">, positions: readonly number[]): string[] {
  const rest = writtenTokens(q).filter((_, i) => !positions.includes(i));
  while (rest.length > 0 && TRAILING.has(rest[rest.length - 1]!.toLowerCase())) rest.pop();
  return rest;
}

const TRAILING: ReadonlySet<string> = new Set(["is", "are", "was", "were", "the", "one", "have", "has", "had", "do", "does", "did"]);
