import { nameOfId } from "@boyd/graph";
import { mixesDates } from "./dates.js";
import type { FactStep, FactView } from "./facts.js";
import { AGE_MEASURE, ARTICLES } from "./lexicon.js";
import { began, describesOtherClass, measure, measuredBy, measureWords, namedByAll, numberOf, onlyClassNamed, trimmedWithout, unmeasured, untypedWith, wordsAfter, type Numbered } from "./measures.js";
import { questionWord, writtenTokens, type Mention, type QuestionReading } from "./question.js";
import { kindsUnknown, type FoundAnswer, type QuestionAnswer } from "./result.js";
import type { Vocabulary } from "./vocabulary.js";

/**
 * "Which station has the most platforms?": the members of the class the
 * question names, ranked by the one numeric predicate its measure word
 * names (`has_platforms`), the highest (or lowest) taken. The proof
 * carries every value compared, not just the winner's: a person sees what
 * "most" was among. Refused (no answer) when the question names anything
 * else, when no predicate or more than one with numbers fits the word,
 * when a member has no number for it (it could be the highest), or two.
 */
export async function answerSuperlative(q: QuestionReading, vocab: Vocabulary, view: FactView): Promise<QuestionAnswer | undefined> {
  const asked = q.superlative;
  const head = onlyClassNamed(q);
  // "Which club founded after 1880 is the oldest?" ranks the clubs the comparison keeps (answerSuperlativeAmong), not all.
  if (!asked || !head || q.comparison || asksAboutRanked(q)) return undefined;
  // A member without a number could be the highest: the ranking is proven only over the whole class.
  const found = await measure(head, measuredBy(asked.measure), (values, members) => values.length === members.length, vocab, view);
  if (!found) return await refusedRanking(q, head, vocab, view);
  const { cls, values } = found;
  if (mixesDates(values)) return undefined;
  // "Which Hugo-winning novel is the oldest?": a word naming neither the measure nor the class narrows the
  // class, and the ranking is over all of it; it would answer another question.
  const words = measureWords(q, head, vocab);
  if (!namedByAll(words, vocab.predicates)(values[0]!.fact.predicate)) return undefined;
  // "Who created the oldest painting?": the one asked for does the verb to the ranked thing, so is not it (answerSuperlativeNested).
  if (q.person && words.some((w) => w.position < head.start)) return undefined;
  // The oldest is the one that began first: the lowest year.
  const highest = byYearBegun(asked.measure, values[0]!.fact.predicate) ? !asked.highest : asked.highest;
  const predicate = values[0]!.fact.predicate;
  const ranking = { kind: "entities", pattern: `${rankName(asked.place, highest)} ?n: ?x ${predicate} ?n, ?x is-a ${cls}`, subjects: [cls], predicates: [predicate], answers: [], proof: [] } as const;
  // Things of no kind with the number may be members too: the ranking holds only if none of them could move it.
  const outside = await untypedWith(predicate, found.members, view);
  if (!outside) return { ...ranking, unanswered: `too many things have ${predicate} to check that none of no kind could rank` };
  if (outside.length > 0 && (await movedByUnsure(outside, predicate, values, asked.place, highest, view))) return { ...ranking, unanswered: `${kindsUnknown({ ids: outside, cls }, vocab)}; the ranking could change` };
  const answers: FoundAnswer[] = values
    .filter(atPlace(values, asked.place, highest))
    .map((v) => ({ id: v.member.other, confidence: v.fact.confidence * v.member.confidence, steps: [v.fact.step, v.member.step, ...comparedWith(v.fact.step, values.map((o) => o.fact.step))] }));
  return { ...ranking, answers };
}

/**
 * The answer refusing a ranking over a class some of whose members have
 * no number for it, saying which: a person sees why nothing was answered
 * ("Which element has the lowest melting point?" while four have none).
 * Undefined when that is not why (then other readings are tried).
 */
async function refusedRanking(q: QuestionReading, head: Mention, vocab: Vocabulary, view: FactView): Promise<QuestionAnswer | undefined> {
  const asked = q.superlative!;
  const partial = await measure(head, measuredBy(asked.measure), () => true, vocab, view);
  if (!partial || !namedByAll(measureWords(q, head, vocab), vocab.predicates)(partial.values[0]!.fact.predicate)) return undefined;
  const predicate = partial.values[0]!.fact.predicate;
  const highest = byYearBegun(asked.measure, predicate) ? !asked.highest : asked.highest;
  const why = unmeasured(partial, highest);
  if (!why) return undefined;
  return { kind: "entities", pattern: `${rankName(asked.place, highest)} ?n: ?x ${predicate} ?n, ?x is-a ${partial.cls}`, subjects: [partial.cls], predicates: [predicate], answers: [], proof: [], unanswered: why };
}

/**
 * "Which film by Ridley Scott is the oldest?", "What is the longest film
 * directed by Christopher Nolan?": the answers of the question read
 * without its superlative ("which film by ridley scott"), ranked by the
 * one numeric predicate the measure names. Each answer carries the facts
 * that make it one of them, its number, and every number it was compared
 * with. Refused when the rest reads as no open question, when no
 * predicate or more than one fits, or when one of them has no number or
 * two (it could be the highest).
 */
export async function answerSuperlativeAmong(q: QuestionReading, ask: (text: string) => Promise<QuestionAnswer>, vocab: Vocabulary, view: FactView): Promise<QuestionAnswer | undefined> {
  const asked = q.superlative;
  const rest = trimmedWithout(q, asked?.positions ?? []);
  if (!asked || rest.length === 0 || asksAboutRanked(q) || describesOtherClass(q, asked.positions, vocab)) return undefined;
  const among = await ask(rest.join(" "));
  if (among.kind !== "entities" || among.pattern === "" || among.answers.length === 0) return undefined;
  // "the highest average January temperature": the noun after the adjective, when it names a number the answers have,
  // is what is ranked, never another height; "the oldest member" names none, and the adjective says what is.
  const after = wordsAfter(q, asked.positions);
  const ranked = await rankedBy(asked.measure, among.answers.map((a) => a.id), vocab, view, asked.highest, after.length > 0 ? namedByAll(after, vocab.predicates) : undefined);
  if (!ranked) return undefined;
  const { predicate, numbers, highest } = ranked;
  const pattern = `${rankName(asked.place, highest)} ?n: ${among.pattern}, ?x ${predicate} ?n`;
  if (among.unsure && (await movedByUnsure(among.unsure.ids, predicate, numbers, asked.place, highest, view))) {
    return { kind: "entities", pattern, subjects: among.subjects, predicates: [predicate, ...among.predicates], answers: [], proof: [], unanswered: `${kindsUnknown(among.unsure, vocab)}; the ranking could change` };
  }
  const placedHere = atPlace(numbers, asked.place, highest);
  const answers: FoundAnswer[] = among.answers.flatMap((a, i) => {
    const own = numbers[i]!;
    return placedHere(own) ? [{ id: a.id, confidence: a.confidence * own.fact.confidence, steps: [own.fact.step, ...a.steps, ...comparedWith(own.fact.step, numbers.map((n) => n.fact.step))] }] : [];
  });
  return { kind: "entities", pattern, subjects: among.subjects, predicates: [predicate, ...among.predicates], answers, proof: [] };
}

/**
 * Whether things of unknown kind a list may be missing (see
 * QuestionAnswer.unsure) could change what ranks at `place`: when one has
 * no number for the predicate, or when ranking them all with the list
 * places other things. (Ranking none and all bound every case between: the
 * thing placed keeps its place in both only if none of them is above it.)
 */
async function movedByUnsure(unsure: readonly string[], predicate: string, numbers: readonly { readonly value: number }[], place: number, highest: boolean, view: FactView): Promise<boolean> {
  const theirs = await Promise.all(unsure.map((id) => numberOf(id, predicate, view)));
  // None, or two different ones: it could be anywhere.
  if (theirs.some((n) => !n)) return true;
  const all = [...numbers, ...(theirs as Numbered[])];
  const alone = atPlace(numbers, place, highest);
  const together = atPlace(all, place, highest);
  return all.some((n, i) => (i < numbers.length && alone(n)) !== together(n));
}

/**
 * "Who directed the longest film?", "Where was the oldest club founded?",
 * "Who reports to the manager with the highest salary?": a superlative on
 * a class ("the longest film", "the manager with the highest salary")
 * inside another question is its own question ("which film is the
 * longest"); its one answer takes its place ("who directed oppenheimer"),
 * and each answer carries the ranking's facts as well as its own. Refused
 * when the ranking has no answer or a tie, or the question is about the
 * class itself ("Which film is the longest?").
 */
export async function answerSuperlativeNested(q: QuestionReading, ask: (text: string) => Promise<QuestionAnswer>): Promise<QuestionAnswer | undefined> {
  const ranked = q.comparison ? undefined : rankedClass(q);
  if (!ranked) return undefined;
  const inner = await ask(ranked.inner);
  const winner = inner.kind === "entities" && inner.answers.length === 1 ? inner.answers[0]! : undefined;
  if (!winner) return undefined;
  const outer = await ask([...writtenTokens(q, 0, ranked.from), ...nameOfId(winner.id).split(" "), ...writtenTokens(q, ranked.to)].join(" "));
  if (outer.kind !== "entities" || outer.answers.length === 0) return undefined;
  const answers = outer.answers.map((a) => ({ ...a, confidence: a.confidence * winner.confidence, steps: [...a.steps, ...winner.steps] }));
  return { ...outer, pattern: `${outer.pattern} with ${winner.id} = ${inner.pattern}`, predicates: [...outer.predicates, ...inner.predicates], answers };
}

/**
 * The class a superlative ranks inside a question, as its own question,
 * and the tokens [from, to) its one answer stands for: "the longest film"
 * (the class right after) or "the manager with the highest salary" (the
 * class right before "with the"). Only a phrase ending the question, or
 * followed by one verb alone ("Where is the oldest club based?"), is
 * ranked whole: "the longest film directed by Nolan" is the longest of
 * Nolan's films (answerSuperlativeAmong).
 */
function rankedClass(q: QuestionReading): { inner: string; from: number; to: number } | undefined {
  const { superlative: asked, toks } = q;
  if (!asked) return undefined;
  const first = asked.positions[0]!;
  const last = asked.positions[asked.positions.length - 1]!;
  const ranking = asked.positions.map((i) => toks[i]!).join(" ");
  const after = q.mentions.find((m) => m.start === last + 1);
  if (after && after !== q.head && toks.length - after.end <= 1) {
    return { inner: `which ${after.text} is the ${ranking}`, from: ARTICLES.has(toks[first - 1] ?? "") ? first - 1 : first, to: after.end };
  }
  const before = q.mentions.find((m) => m.end === first - 2 && toks[m.end] === "with" && toks[m.end + 1] === "the");
  if (before && before !== q.head && toks.length - (last + 1) <= 1) {
    return { inner: `which ${before.text} has the ${ranking}`, from: ARTICLES.has(toks[before.start - 1] ?? "") ? before.start - 1 : before.start, to: last + 1 };
  }
  return undefined;
}

/**
 * "Which film is longer, Inception or Interstellar?", "Which is the
 * oldest, Alien, Aliens or Arrival?": the thing offered whose number for
 * the one predicate the adjective measures is the highest (or lowest),
 * with every number compared as its proof. Refused when a name offered is
 * ambiguous, or as rankedBy refuses.
 */
export async function answerRankedChoice(options: readonly (readonly string[])[], graded: { measure: string; highest: boolean }, vocab: Vocabulary, view: FactView): Promise<QuestionAnswer | undefined> {
  if (options.some((ids) => ids.length !== 1)) return undefined;
  const ids = options.map((o) => o[0]!);
  const ranked = await rankedBy(graded.measure, ids, vocab, view, graded.highest);
  if (!ranked) return undefined;
  const { predicate, numbers, highest } = ranked;
  const best = atPlace(numbers, 1, highest);
  const answers: FoundAnswer[] = ids.flatMap((id, i) => {
    const own = numbers[i]!;
    return best(own) ? [{ id, confidence: own.fact.confidence, steps: [own.fact.step, ...comparedWith(own.fact.step, numbers.map((n) => n.fact.step))] }] : [];
  });
  return { kind: "entities", pattern: `${rankName(1, highest)} ?n: ?x ${predicate} ?n with ?x among ${ids.join(", ")}`, subjects: ids, predicates: [predicate], answers, proof: [] };
}

/**
 * Things ranked by the one numeric predicate `measure` names: each one's
 * number, in order, and whether the highest ranks first (the oldest
 * began first: the lowest year). Undefined when no predicate or
 * more than one has numbers for them, or when one of them has none or two
 * (it could be the best).
 */
async function rankedBy(
  measure: string,
  ids: readonly string[],
  vocab: Vocabulary,
  view: FactView,
  wantHighest: boolean,
  named?: (predicate: string) => boolean,
): Promise<{ predicate: string; numbers: Numbered[]; highest: boolean } | undefined> {
  const ranked: { predicate: string; numbers: Numbered[] }[] = [];
  // The predicates named, else (none of them giving numbers) those the adjective measures.
  for (const fits of named ? [named, measuredBy(measure)] : [measuredBy(measure)]) {
    for (const predicate of [...vocab.predicates.keys()].filter(fits)) {
      const numbers = await Promise.all(ids.map((id) => numberOf(id, predicate, view)));
      if (numbers.every((n) => n === undefined)) continue;
      if (numbers.some((n) => !n)) return undefined;
      ranked.push({ predicate, numbers: numbers as Numbered[] });
    }
    if (ranked.length > 0) break;
  }
  if (ranked.length !== 1 || mixesDates(ranked[0]!.numbers)) return undefined;
  const { predicate, numbers } = ranked[0]!;
  const highest = byYearBegun(measure, predicate) ? !wantHighest : wantHighest;
  return { predicate, numbers, highest };
}

/** Question words asking for something about the thing ranked (where it is, how tall), never for the thing itself. */
const ABOUT_THE_RANKED: ReadonlySet<string> = new Set(["where", "when", "how", "why"]);

/**
 * "Where is the tallest mountain?", "Find how tall the tallest mountain
 * is": the first question word asks about the ranked thing, so it is not
 * the answer (answerSuperlativeNested goes through it).
 */
function asksAboutRanked(q: QuestionReading): boolean {
  return ABOUT_THE_RANKED.has(questionWord(q.toks));
}

/**
 * Whether a value holds `place` in the ranking of `all` (1 the best): as
 * many others strictly better as the places before it. "The second
 * tallest" of two tied for the top is none: no one has one above it.
 */
function atPlace<T extends { readonly value: number }>(all: readonly T[], place: number, highest: boolean): (v: T) => boolean {
  return (v) => all.filter((o) => (highest ? o.value > v.value : o.value < v.value)).length === place - 1;
}

/** The ranking as the pattern shows it: "highest", "2nd highest". */
function rankName(place: number, highest: boolean): string {
  const way = highest ? "highest" : "lowest";
  return place === 1 ? way : `${place}${place === 2 ? "nd" : place === 3 ? "rd" : "th"} ${way}`;
}

/** Whether an age is ranked by the year something began: the oldest has the lowest year ("joined first" ranks years as they are). */
function byYearBegun(measure: string, predicate: string): boolean {
  return measure === AGE_MEASURE && began(predicate);
}

/** The facts an answer's own number was ranked against, marked as such: a proof shows them, criteria never take them as the answer's. */
function comparedWith(own: FactStep, all: readonly FactStep[]): FactStep[] {
  return all.filter((s) => s !== own).map((s) => ({ ...s, compared: true }));
}
