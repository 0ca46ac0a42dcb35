import type { FactStep, FactView } from "./facts.js";
import { compares, valued, type Valued } from "./dates.js";
import { AGE_MEASURE, ARTICLES, LIGHT_WORDS, MAKING_VERBS } from "./lexicon.js";
import { began, datesSomething, describesOtherClass, measure, measuredBy, measureWords, namedByAll, namedByStem, numberOf, onlyClassNamed, trimmedWithout, wordsAfter, type Numbered } from "./measures.js";
import type { Comparison, QuestionReading, RelationWord } from "./question.js";
import { unread, type FoundAnswer, type QuestionAnswer } from "./result.js";
import { measuresTime, nameScale, scaleInto } from "./units.js";
import type { Vocabulary } from "./vocabulary.js";

/**
 * "Is KLM older than Lufthansa?", "Does Ryanair have a larger fleet than
 * KLM?": YES or NO from the one number each thing has for the one numeric
 * predicate the measure names (for an age, the year each began: the
 * earlier, the older), with both facts as the proof. UNKNOWN when either
 * has none or two different ones, when no predicate or more than one
 * fits both, or when a name is ambiguous or names a class (its members
 * differ). Undefined when the question compares no two things.
 */
export async function answerPairCompared(q: QuestionReading, vocab: Vocabulary, view: FactView): Promise<QuestionAnswer | undefined> {
  const paired = q.paired;
  if (!paired) return undefined;
  const subjects = [...paired.first.ids, ...paired.second.ids];
  const unknown: QuestionAnswer = { ...unread(subjects), kind: "unknown" };
  const [a, b] = [paired.first.ids, paired.second.ids].map((ids) => (ids.length === 1 ? ids[0]! : undefined));
  if (!a || !b || (await view.isClass(a)) || (await view.isClass(b))) return unknown;
  const both: { predicate: string; first: Numbered; second: Numbered }[] = [];
  for (const predicate of [...vocab.predicates.keys()].filter(measuredBy(paired.measure))) {
    const [first, second] = await Promise.all([numberOf(a, predicate, view), numberOf(b, predicate, view)]);
    if (first === null || second === null) return unknown;
    if (first && second) both.push({ predicate, first, second });
  }
  if (both.length !== 1) return unknown;
  const { predicate, first, second } = both[0]!;
  // "Older" by a year each began asks for the lower year.
  const op = paired.higher !== (paired.measure === AGE_MEASURE && began(predicate)) ? ">" : "<";
  const holds = compares(first, op, second);
  return { kind: holds ? "yes" : "no", pattern: `${a} ${predicate} ?a, ${b} ${predicate} ?b, ?a ${op} ?b`, subjects, predicates: [predicate], answers: [], proof: [first.fact.step, second.fact.step] };
}

/**
 * "Was OK Computer released before 2000?", "Does Ryanair have more than
 * 500 aircraft?": YES or NO from the one number the thing named has for the
 * one predicate the other words name, the fact the proof. UNKNOWN when it
 * has none or two, or no predicate or more than one fits. Undefined unless
 * one thing (no class) is named and compared with a number.
 */
export async function answerValueCompared(q: QuestionReading, vocab: Vocabulary, view: FactView): Promise<QuestionAnswer | undefined> {
  const asked = q.comparison;
  const [named] = q.mentions;
  if (asked?.value === undefined || !named || q.mentions.length !== 1) return undefined;
  const unknown: QuestionAnswer = { ...unread(named.ids), kind: "unknown" };
  const id = named.ids.length === 1 ? named.ids[0]! : undefined;
  const words = q.words.filter((w) => !LIGHT_WORDS.has(w.text));
  if (!id || (!asked.measure && words.length === 0) || (await view.isClass(id))) return unknown;
  const found: { predicate: string; number: Numbered }[] = [];
  const scale = comparedBy(asked, words, q.unit, q.toks);
  for (const predicate of [...vocab.predicates.keys()].filter((p) => scale(p) !== undefined)) {
    const number = await numberOf(id, predicate, view);
    if (number === null) return unknown;
    if (number) found.push({ predicate, number });
  }
  if (found.length !== 1) return unknown;
  const { predicate, number } = found[0]!;
  const value = asked.value * scale(predicate)!;
  const holds = compares(number, asked.op, askedAt(asked, value));
  return { kind: holds ? "yes" : "no", pattern: `${id} ${predicate} ?n, ?n ${asked.op} ${asked.date ?? shown(value, asked.value, q.unit)}`, subjects: named.ids, predicates: [predicate], answers: [], proof: [number.fact.step] };
}

/** Things one classless comparison may go through, at most. */
const MAX_COMPARED_WITHOUT_CLASS = 2_000;

/**
 * "Who earns more than 50000 euros?", "What was released after 2012?":
 * with no class named, whatever has a number for the one numeric
 * predicate the words name that compares as asked, each answer proven by
 * that fact. A thing with two different numbers for it is none. Undefined
 * when the question names a thing, or no predicate or more than one with
 * numbers fits. (A ranking is never so answered: a thing whose number the
 * graph lacks could be the highest.)
 */
export async function answerComparisonOfAll(q: QuestionReading, vocab: Vocabulary, view: FactView): Promise<QuestionAnswer | undefined> {
  const asked = q.comparison;
  if (asked?.value === undefined || q.mentions.length > 0 || q.polar || q.superlative) return undefined;
  const words = withoutDurationVerb(q.words.filter((w) => !LIGHT_WORDS.has(w.text)), q.unit);
  if (!asked.measure && words.length === 0 && !q.unit) return undefined;
  const scale = comparedBy(asked, words, q.unit, q.toks);
  const found: { predicate: string; numbers: { id: string; number: Numbered }[] }[] = [];
  for (const predicate of [...vocab.predicates.keys()].filter((p) => scale(p) !== undefined && vocab.predicates.get(p)! > (vocab.relations.get(p) ?? 0))) {
    const subjects = await view.subjectsWith(predicate, MAX_COMPARED_WITHOUT_CLASS);
    if (!subjects) return undefined;
    const numbers: { id: string; number: Numbered }[] = [];
    for (const id of subjects) {
      const number = await numberOf(id, predicate, view);
      if (number) numbers.push({ id, number });
    }
    if (numbers.length > 0) found.push({ predicate, numbers });
  }
  if (found.length !== 1) return undefined;
  const { predicate, numbers } = found[0]!;
  const value = asked.value * scale(predicate)!;
  const answers: FoundAnswer[] = numbers
    .filter((n) => compares(n.number, asked.op, askedAt(asked, value)))
    .map((n) => ({ id: n.id, confidence: n.number.fact.confidence, steps: [n.number.fact.step] }));
  return { kind: "entities", pattern: `?x ${predicate} ?n, ?n ${asked.op} ${asked.date ?? shown(value, asked.value, q.unit)}`, subjects: [], predicates: [predicate], answers, proof: [] };
}

/**
 * "Which lines opened after 1900?", "Which stations have more than 4
 * platforms?": the members of the class the question names whose number
 * for the one numeric predicate the other words name compares as asked,
 * each with that fact and its is-a fact. Each answer is proven on its own;
 * a member without a number is not one. Refused when the question names
 * anything else, or no predicate or more than one with numbers fits.
 */
export async function answerComparison(q: QuestionReading, vocab: Vocabulary, view: FactView): Promise<QuestionAnswer | undefined> {
  const asked = q.comparison;
  const head = onlyClassNamed(q);
  if (!asked || !head) return undefined;
  const words = withoutDurationVerb(measureWords(q, head, vocab), q.unit);
  // "Which recipes have less than 25 minutes?": a unit alone says what is compared when one predicate of the class is in it (`prep_minutes`).
  if (!asked.measure && words.length === 0 && !q.unit) return undefined;
  const scale = comparedBy(asked, words, q.unit, q.toks);
  const bounds = await boundsOf(asked, q.unit, vocab, scale, view);
  if (!bounds) return undefined;
  const found = await measure(head, (p) => bounds.has(p), () => true, vocab, view, namedByStem(words));
  if (!found) return undefined;
  const { cls, values } = found;
  const predicate = values[0]!.fact.predicate;
  const bound = bounds.get(predicate)!;
  const answers: FoundAnswer[] = values
    .filter((v) => compares(v, opOver(asked, predicate), bound))
    .map((v) => ({ id: v.member.other, confidence: v.fact.confidence * v.member.confidence * bound.confidence, steps: [v.fact.step, v.member.step, ...bound.steps] }));
  return { kind: "entities", pattern: `?x ${predicate} ?n, ${bound.pattern(opOver(asked, predicate))}, ?x is-a ${cls}`, subjects: [cls], predicates: [predicate], answers, proof: [] };
}

/** Verbs that say a span of time is what is compared ("take less than 25 minutes"), naming no relation of their own. */
const DURATION_VERBS: ReadonlySet<string> = new Set(["take", "takes", "took", "taking", "last", "lasts", "lasted", "lasting", "run", "runs", "ran", "running"]);

/** The words without a verb of duration, when the comparison is of a span of time ("25 minutes", or a word for one: "25 prep minutes"). */
function withoutDurationVerb(words: readonly RelationWord[], unit: string | undefined): RelationWord[] {
  const ofTime = (unit !== undefined && measuresTime(unit)) || words.some((w) => measuresTime(w.text));
  return ofTime ? words.filter((w) => !DURATION_VERBS.has(w.text)) : [...words];
}

/** The position of a verb of duration right before a comparison of time ("run longer than 2 hours", "last for over 3 days"), if any. */
function durationVerbBefore(q: QuestionReading, at: number): number[] {
  const verb = q.toks[at - 1] === "for" ? at - 2 : at - 1;
  const timed = q.unit !== undefined && measuresTime(q.unit);
  return timed && DURATION_VERBS.has(q.toks[verb] ?? "") ? [verb, ...(verb === at - 2 ? [at - 1] : [])] : [];
}

/** What an answer's number is compared with, in one predicate's unit: the value, the facts that give it, and the pattern's words for it. */
interface Bound extends Valued {
  readonly confidence: number;
  readonly steps: readonly FactStep[];
  pattern(op: string): string;
}

/**
 * The bound a comparison sets for each predicate it may be over: the
 * number asked, in the predicate's unit; or, compared with a thing
 * ("released after Titanic"), that thing's one number for the predicate,
 * its fact part of every answer's proof. Predicates the thing has no
 * number for are left out. Undefined when the thing is a class (its
 * members differ) or has two different numbers for one of them: no
 * comparison with it is sound.
 */
async function boundsOf(asked: Comparison, unit: string | undefined, vocab: Vocabulary, scale: (predicate: string) => number | undefined, view: FactView): Promise<Map<string, Bound> | undefined> {
  const candidates = [...vocab.predicates.keys()].filter((p) => scale(p) !== undefined);
  const bounds = new Map<string, Bound>();
  if (asked.value !== undefined) {
    for (const p of candidates) {
      const value = asked.value * scale(p)!;
      bounds.set(p, { ...askedAt(asked, value), confidence: 1, steps: [], pattern: (op) => `?n ${op} ${asked.date ?? shown(value, asked.value, unit)}` });
    }
    return bounds;
  }
  const [id] = asked.against.ids;
  if (!id || (await view.isClass(id))) return undefined;
  for (const p of candidates) {
    const number = await numberOf(id, p, view);
    if (number === null) return undefined;
    if (number) bounds.set(p, { value: number.value, ...(number.year === undefined ? {} : { year: number.year }), confidence: number.fact.confidence, steps: [number.fact.step], pattern: (op) => `${id} ${p} ?t, ?n ${op} ?t` });
  }
  return bounds;
}

/**
 * "Which films directed by Ridley Scott were released after 2000?",
 * "Which clubs in London have more than 10 league titles?": the answers of
 * the question read without its comparison and the words naming what is
 * compared (the noun after the number, else the word before the
 * comparison; none when an adjective names it, "longer than 2 hours"),
 * kept when their one number for the one predicate those words name
 * compares as asked. Each is proven by its own facts and its number; one
 * without a number is not an answer. Refused when the rest reads as no
 * open question, no predicate or more than one fits, or one has two numbers.
 */
export async function answerComparisonAmong(q: QuestionReading, ask: (text: string) => Promise<QuestionAnswer>, vocab: Vocabulary, view: FactView): Promise<QuestionAnswer | undefined> {
  const asked = q.comparison;
  if (!asked) return undefined;
  const compared = asked.measure ? { words: [], shared: false } : comparedWords(q, asked.positions);
  // "run for more than 2 hours": the verb of duration says a span of time is compared, in the unit said.
  const measure = withoutDurationVerb(compared.words, q.unit);
  const shared = compared.shared;
  if (!asked.measure && measure.length === 0 && compared.words.length === 0) return undefined;
  if (describesOtherClass(q, [...asked.positions, ...measure.map((w) => w.position)], vocab)) return undefined;
  // "joined the EU after 1960": "joined" names both the relation to the EU and the year compared, so the rest keeps it.
  // "films directed by Scott run longer than 2 hours": the verb of duration goes with the comparison.
  const spent = [...asked.positions, ...(shared ? [] : measure.map((w) => w.position)), ...durationVerbBefore(q, asked.positions[0]!)];
  const rest = trimmedWithout(q, spent);
  if (rest.length === 0) return undefined;
  const among = await ask(rest.join(" "));
  if (among.kind !== "entities" || among.pattern === "" || among.answers.length === 0) return undefined;
  const scale = comparedBy(asked, measure, q.unit, q.toks);
  const bounds = await boundsOf(asked, q.unit, vocab, scale, view);
  if (!bounds) return undefined;
  const found: { predicate: string; numbers: (Numbered | undefined)[] }[] = [];
  for (const predicate of bounds.keys()) {
    const numbers = await Promise.all(among.answers.map((a) => numberOf(a.id, predicate, view)));
    if (numbers.some((n) => n === null)) return undefined;
    if (numbers.some((n) => n)) found.push({ predicate, numbers: numbers as (Numbered | undefined)[] });
  }
  const best = found.length > 1 ? found.filter((f) => namedByStem(measure)(f.predicate)) : found;
  if (best.length !== 1) return undefined;
  const { predicate, numbers } = best[0]!;
  const bound = bounds.get(predicate)!;
  const answers: FoundAnswer[] = among.answers.flatMap((a, i) => {
    const own = numbers[i];
    return own && compares(own, opOver(asked, predicate), bound) ? [{ id: a.id, confidence: a.confidence * own.fact.confidence * bound.confidence, steps: [own.fact.step, ...bound.steps, ...a.steps] }] : [];
  });
  return { kind: "entities", pattern: `${among.pattern}, ?x ${predicate} ?n, ${bound.pattern(opOver(asked, predicate))}`, subjects: among.subjects, predicates: [predicate, ...among.predicates], answers, proof: [] };
}

/**
 * Which predicates a comparison with a number may be over, and what the
 * number is multiplied by to be in each one's unit: the predicate its
 * adjective measures ("higher than 4000" -> a height), else the one every
 * other word names; never an age by the year something began (a number
 * of years is no year). With a unit, only a predicate whose name states
 * that unit or another of its kind ("taller than 1000 feet" against
 * `height_m`: 1000 x 0.3048); one in no stated unit is refused.
 */
function comparedBy(asked: NonNullable<QuestionReading["comparison"]>, words: readonly RelationWord[], unit: string | undefined, toks: readonly string[]): (predicate: string) => number | undefined {
  // "painted before 1900": the year a thing was made is the year it began (`completed_in`, a bare `year`), though the verb names who made it.
  // Only in the passive ("were painted", "Was Guernica painted"): "painters who painted before 1900" asks when they worked, not when they began.
  const made = words.length === 1 && MAKING_VERBS.has(words[0]!.text) && toks.slice(0, words[0]!.position).some((t) => BE.has(t)) && IN_TIME.has(toks[asked.positions[0]!] ?? "");
  const named = made ? (p: string) => namedByAll(words)(p) || began(p) : namedByAll(words);
  const measured = asked.measure ? measuredBy(asked.measure) : undefined;
  // Compared with a thing, "older than Titanic" compares the years each began.
  const byMeasure = (p: string): boolean => measured!(p) && named(p) && !(asked.measure === AGE_MEASURE && began(p) && !asked.against);
  // "longer than 400 pages": the noun after the number names what is compared, the adjective only which way
  // (never an age: "older than 50 years" is no count of years of anything).
  const last = asked.positions[asked.positions.length - 1]!;
  const nounAfter = asked.measure !== AGE_MEASURE && words.length > 0 && words.every((w) => w.position > last);
  const fits = (p: string): boolean => (measured ? byMeasure(p) || (nounAfter && named(p)) : named(p));
  // "more than 50 million" against `population_millions` is more than 50 in its scale.
  const rescale = (p: string): number => (asked.scaled ? nameScale(p) : 1);
  // A year or a date converts into no other unit: "more than 2 hours" is never a `release_year`.
  const convert = (p: string, unit: string): number | undefined => {
    const factor = scaleInto(p, unit);
    return datesSomething(p) && factor !== 1 ? undefined : factor;
  };
  return (p) => {
    const into = !fits(p) ? undefined : unit ? convert(p, unit) : 1;
    return into === undefined ? undefined : into / rescale(p);
  };
}

/** Comparators that place a thing in time ("before 1900", "later than 1850"). */
const IN_TIME: ReadonlySet<string> = new Set(["before", "after", "earlier", "later"]);

/** Forms of "be" before a participle: the passive. */
const BE: ReadonlySet<string> = new Set(["is", "are", "was", "were", "been", "be"]);

/**
 * The words naming what a comparison compares: those right after its
 * number ("10 league titles"), else the one right before it ("released
 * after"), else the verb before the thing right before it ("joined the EU
 * after 1960"), which then names the rest's relation too (`shared`).
 */
function comparedWords(q: QuestionReading, positions: readonly number[]): { words: RelationWord[]; shared: boolean } {
  const after = wordsAfter(q, positions);
  if (after.length > 0) return { words: after, shared: false };
  const wordAt = (at: number) => q.words.find((w) => w.position === at);
  // "last for over 3 days": the verb before "for".
  const before = wordAt(positions[0]! - 1) ?? (q.toks[positions[0]! - 1] === "for" ? wordAt(positions[0]! - 2) : undefined);
  if (before) return { words: [before], shared: false };
  const thing = q.mentions.find((m) => m.end === positions[0]);
  if (!thing) return { words: [], shared: false };
  let at = thing.start - 1;
  while (at >= 0 && ARTICLES.has(q.toks[at]!)) at--;
  const verb = wordAt(at);
  return verb ? { words: [verb], shared: true } : { words: [], shared: false };
}

/** The comparison's operator over `predicate`: "older than" a thing by the year each began asks for the earlier year. */
function opOver(asked: Comparison, predicate: string): Comparison["op"] {
  if (!(asked.measure === AGE_MEASURE && began(predicate))) return asked.op;
  return asked.op === ">" ? "<" : asked.op === "<" ? ">" : asked.op === ">=" ? "<=" : ">=";
}

/** The bound a comparison's number sets, once in a predicate's unit: a day said in the question orders as the date it is. */
function askedAt(asked: Comparison, value: number): Valued {
  return asked.date === undefined ? { value } : valued(asked.date);
}

/** The number compared with, as a pattern shows it: converted, with what was asked beside it ("304.8 (1000 ft)"). */
function shown(value: number, asked: number, unit: string | undefined): string {
  return value === asked ? String(asked) : `${Number(value.toPrecision(12))} (${asked}${unit ? ` ${unit}` : ""})`;
}

