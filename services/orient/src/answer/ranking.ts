import { IS_A, type Edge, type FactView } from "./facts.js";
import { nameOfId, nameTokens } from "@boyd/graph";
import { AGE_MEASURE, ARTICLES, BEGINNINGS, LIGHT_WORDS } from "./lexicon.js";
import type { Mention, QuestionReading, RelationWord } from "./question.js";
import { wordScore, WORD_MATCH_THRESHOLD } from "./relation-match.js";
import { scaleInto } from "./units.js";
import { NUMBER, unread, type FoundAnswer, type QuestionAnswer } from "./result.js";
import type { Vocabulary } from "./vocabulary.js";

/** Members of a class compared at most: a class of more is refused rather than walked. */
const MAX_COMPARED = 2_000;

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
  if (!asked || !head) return undefined;
  // A member without a number could be the highest: the ranking is proven only over the whole class.
  const found = await measure(head, measuredBy(asked.measure), (values, members) => values.length === members.length, vocab, view);
  if (!found) return undefined;
  const { cls, values } = found;
  // "Which Hugo-winning novel is the oldest?": a word naming neither the measure nor the class narrows the
  // class, and the ranking is over all of it; it would answer another question.
  if (!namedByAll(measureWords(q, head))(values[0]!.fact.predicate)) return undefined;
  // The oldest is the one that began first: the lowest year.
  const highest = began(values[0]!.fact.predicate) ? !asked.highest : asked.highest;
  const best = highest ? Math.max(...values.map((v) => v.value)) : Math.min(...values.map((v) => v.value));
  const compared = values.map((v) => v.fact.step);
  const answers: FoundAnswer[] = values
    .filter((v) => v.value === best)
    .map((v) => ({ id: v.member.other, confidence: v.fact.confidence * v.member.confidence, steps: [v.fact.step, v.member.step, ...compared.filter((s) => s !== v.fact.step)] }));
  const predicate = values[0]!.fact.predicate;
  return {
    kind: "entities",
    pattern: `${highest ? "highest" : "lowest"} ?n: ?x ${predicate} ?n, ?x is-a ${cls}`,
    subjects: [cls],
    predicates: [predicate],
    answers,
    proof: [],
  };
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
export async function answerSuperlativeAmong(q: QuestionReading, toks: readonly string[], ask: (text: string) => Promise<QuestionAnswer>, vocab: Vocabulary, view: FactView): Promise<QuestionAnswer | undefined> {
  const asked = q.superlative;
  const rest = withoutRanking(toks, asked?.positions ?? []);
  if (!asked || rest.length === 0) return undefined;
  const among = await ask(rest.join(" "));
  if (among.kind !== "entities" || among.pattern === "" || among.answers.length === 0) return undefined;
  const ranked = await rankedBy(asked.measure, among.answers.map((a) => a.id), vocab, view, asked.highest);
  if (!ranked) return undefined;
  const { predicate, numbers, best, highest } = ranked;
  const compared = numbers.map((n) => n.fact.step);
  const answers: FoundAnswer[] = among.answers.flatMap((a, i) => {
    const own = numbers[i]!;
    return own.value === best ? [{ id: a.id, confidence: a.confidence * own.fact.confidence, steps: [own.fact.step, ...a.steps, ...compared.filter((s) => s !== own.fact.step)] }] : [];
  });
  return { kind: "entities", pattern: `${highest ? "highest" : "lowest"} ?n: ${among.pattern}, ?x ${predicate} ?n`, subjects: among.subjects, predicates: [predicate, ...among.predicates], answers, proof: [] };
}

/**
 * "Who directed the longest film?", "Where was the oldest club founded?":
 * a superlative right before a class ("the longest film") inside another
 * question is its own question ("which film is the longest"); its one
 * answer takes its place ("who directed oppenheimer"), and each answer
 * carries the ranking's facts as well as its own. Refused when the
 * ranking has no answer or a tie, or the question is about the class
 * itself ("Which film is the longest?").
 */
export async function answerSuperlativeNested(q: QuestionReading, toks: readonly string[], ask: (text: string) => Promise<QuestionAnswer>): Promise<QuestionAnswer | undefined> {
  const asked = q.superlative;
  const last = asked?.positions[asked.positions.length - 1];
  const cls = last === undefined ? undefined : q.mentions.find((m) => m.start === last + 1);
  // "the longest film directed by Nolan" is the longest of Nolan's films (answerSuperlativeAmong): only a class
  // ending the question, or followed by its verb alone ("Where is the oldest club based?"), is ranked whole.
  if (!asked || !cls || cls === q.head || toks.length - cls.end > 1) return undefined;
  const ranking = asked.positions.map((i) => toks[i]!).join(" ");
  const inner = await ask(`which ${cls.text} is the ${ranking}`);
  const winner = inner.kind === "entities" && inner.answers.length === 1 ? inner.answers[0]! : undefined;
  if (!winner) return undefined;
  const from = ARTICLES.has(toks[asked.positions[0]! - 1] ?? "") ? asked.positions[0]! - 1 : asked.positions[0]!;
  const outer = await ask([...toks.slice(0, from), ...nameOfId(winner.id).split(" "), ...toks.slice(cls.end)].join(" "));
  if (outer.kind !== "entities" || outer.answers.length === 0) return undefined;
  const answers = outer.answers.map((a) => ({ ...a, confidence: a.confidence * winner.confidence, steps: [...a.steps, ...winner.steps] }));
  return { ...outer, pattern: `${outer.pattern} with ${winner.id} = ${inner.pattern}`, predicates: [...outer.predicates, ...inner.predicates], answers };
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
  const { predicate, numbers, best, highest } = ranked;
  const compared = numbers.map((n) => n.fact.step);
  const answers: FoundAnswer[] = ids.flatMap((id, i) => (numbers[i]!.value === best ? [{ id, confidence: numbers[i]!.fact.confidence, steps: [numbers[i]!.fact.step, ...compared.filter((s) => s !== numbers[i]!.fact.step)] }] : []));
  return { kind: "entities", pattern: `${highest ? "highest" : "lowest"} ?n: ?x ${predicate} ?n with ?x among ${ids.join(", ")}`, subjects: ids, predicates: [predicate], answers, proof: [] };
}

/**
 * Things ranked by the one numeric predicate `measure` names: each one's
 * number, in order, the best value and whether it is the highest (the
 * oldest began first: the lowest year). Undefined when no predicate or
 * more than one has numbers for them, or when one of them has none or two
 * (it could be the best).
 */
async function rankedBy(measure: string, ids: readonly string[], vocab: Vocabulary, view: FactView, wantHighest: boolean): Promise<{ predicate: string; numbers: Numbered[]; best: number; highest: boolean } | undefined> {
  const ranked: { predicate: string; numbers: Numbered[] }[] = [];
  for (const predicate of [...vocab.predicates.keys()].filter(measuredBy(measure))) {
    const numbers = await Promise.all(ids.map((id) => numberOf(id, predicate, view)));
    if (numbers.every((n) => n === undefined)) continue;
    if (numbers.some((n) => !n)) return undefined;
    ranked.push({ predicate, numbers: numbers as Numbered[] });
  }
  if (ranked.length !== 1) return undefined;
  const { predicate, numbers } = ranked[0]!;
  const highest = began(predicate) ? !wantHighest : wantHighest;
  const best = highest ? Math.max(...numbers.map((n) => n.value)) : Math.min(...numbers.map((n) => n.value));
  return { predicate, numbers, best, highest };
}

/** The question's tokens without the ranking words (see trimmed). */
function withoutRanking(toks: readonly string[], positions: readonly number[]): string[] {
  return trimmed(toks.filter((_, i) => !positions.includes(i)));
}

/** Tokens without the copula, auxiliary or article that taking words out leaves at the end ("... is the oldest", "... were released after 2000"). */
function trimmed(toks: string[]): string[] {
  const rest = [...toks];
  while (rest.length > 0 && TRAILING.has(rest[rest.length - 1]!)) rest.pop();
  return rest;
}

const TRAILING: ReadonlySet<string> = new Set(["is", "are", "was", "were", "the", "one", "have", "has", "had", "do", "does", "did"]);

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
  const holds = op === ">" ? first.value > second.value : first.value < second.value;
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
  if (!asked || !named || q.mentions.length !== 1) return undefined;
  const unknown: QuestionAnswer = { ...unread(named.ids), kind: "unknown" };
  const id = named.ids.length === 1 ? named.ids[0]! : undefined;
  const words = q.words.filter((w) => !LIGHT_WORDS.has(w.text));
  if (!id || (!asked.measure && words.length === 0) || (await view.isClass(id))) return unknown;
  const found: { predicate: string; number: Numbered }[] = [];
  const scale = comparedBy(asked, words, q.unit);
  for (const predicate of [...vocab.predicates.keys()].filter((p) => scale(p) !== undefined)) {
    const number = await numberOf(id, predicate, view);
    if (number === null) return unknown;
    if (number) found.push({ predicate, number });
  }
  if (found.length !== 1) return unknown;
  const { predicate, number } = found[0]!;
  const value = asked.value * scale(predicate)!;
  const holds = compares(number.value, asked.op, value);
  return { kind: holds ? "yes" : "no", pattern: `${id} ${predicate} ?n, ?n ${asked.op} ${shown(value, asked.value, q.unit)}`, subjects: named.ids, predicates: [predicate], answers: [], proof: [number.fact.step] };
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
function comparedBy(asked: NonNullable<QuestionReading["comparison"]>, words: readonly RelationWord[], unit: string | undefined): (predicate: string) => number | undefined {
  const named = namedByAll(words);
  const measured = asked.measure ? measuredBy(asked.measure) : undefined;
  const fits = (p: string): boolean => (measured ? measured(p) && named(p) && !(asked.measure === AGE_MEASURE && began(p)) : named(p));
  return (p) => (!fits(p) ? undefined : unit ? scaleInto(p, unit) : 1);
}

/** The number compared with, as a pattern shows it: converted, with what was asked beside it ("304.8 (1000 ft)"). */
function shown(value: number, asked: number, unit: string | undefined): string {
  return value === asked ? String(asked) : `${Number(value.toPrecision(12))} (${asked} ${unit})`;
}

interface Numbered {
  readonly fact: Edge;
  readonly value: number;
}

/** The one number `id` has for `predicate`: undefined without one, null with two different ones (then no comparison is sound). */
async function numberOf(id: string, predicate: string, view: FactView): Promise<Numbered | null | undefined> {
  const facts = (await view.edges(id)).filter((e) => e.direction === "out" && e.predicate === predicate && NUMBER.test(e.other));
  if (new Set(facts.map((f) => Number(f.other))).size > 1) return null;
  return facts[0] && { fact: facts[0], value: Number(facts[0].other) };
}

/** Which predicates a measure word names: for an age, a year something began or an age itself. */
function measuredBy(measure: string): (predicate: string) => boolean {
  return measure === AGE_MEASURE ? (p) => began(p) || wordScore(AGE_MEASURE, p) === 1 : (p) => wordScore(measure, p) >= WORD_MATCH_THRESHOLD;
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
  const words = measureWords(q, head);
  if (!asked.measure && words.length === 0) return undefined;
  const scale = comparedBy(asked, words, q.unit);
  const found = await measure(head, (p) => scale(p) !== undefined, () => true, vocab, view);
  if (!found) return undefined;
  const { cls, values } = found;
  const predicate = values[0]!.fact.predicate;
  const value = asked.value * scale(predicate)!;
  const answers: FoundAnswer[] = values
    .filter((v) => compares(v.value, asked.op, value))
    .map((v) => ({ id: v.member.other, confidence: v.fact.confidence * v.member.confidence, steps: [v.fact.step, v.member.step] }));
  return { kind: "entities", pattern: `?x ${predicate} ?n, ?n ${asked.op} ${shown(value, asked.value, q.unit)}, ?x is-a ${cls}`, subjects: [cls], predicates: [predicate], answers, proof: [] };
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
export async function answerComparisonAmong(q: QuestionReading, toks: readonly string[], ask: (text: string) => Promise<QuestionAnswer>, vocab: Vocabulary, view: FactView): Promise<QuestionAnswer | undefined> {
  const asked = q.comparison;
  if (!asked) return undefined;
  const measure = asked.measure ? [] : comparedWords(q, asked.positions);
  if (!asked.measure && measure.length === 0) return undefined;
  const rest = trimmed(toks.filter((_, i) => !asked.positions.includes(i) && !measure.some((w) => w.position === i)));
  if (rest.length === 0) return undefined;
  const among = await ask(rest.join(" "));
  if (among.kind !== "entities" || among.pattern === "" || among.answers.length === 0) return undefined;
  const scale = comparedBy(asked, measure, q.unit);
  const found: { predicate: string; numbers: (Numbered | undefined)[] }[] = [];
  for (const predicate of [...vocab.predicates.keys()].filter((p) => scale(p) !== undefined)) {
    const numbers = await Promise.all(among.answers.map((a) => numberOf(a.id, predicate, view)));
    if (numbers.some((n) => n === null)) return undefined;
    if (numbers.some((n) => n)) found.push({ predicate, numbers: numbers as (Numbered | undefined)[] });
  }
  if (found.length !== 1) return undefined;
  const { predicate, numbers } = found[0]!;
  const value = asked.value * scale(predicate)!;
  const answers: FoundAnswer[] = among.answers.flatMap((a, i) => {
    const own = numbers[i];
    return own && compares(own.value, asked.op, value) ? [{ id: a.id, confidence: a.confidence * own.fact.confidence, steps: [own.fact.step, ...a.steps] }] : [];
  });
  return { kind: "entities", pattern: `${among.pattern}, ?x ${predicate} ?n, ?n ${asked.op} ${shown(value, asked.value, q.unit)}`, subjects: among.subjects, predicates: [predicate, ...among.predicates], answers, proof: [] };
}

/** The words naming what a comparison compares: those right after its number ("10 league titles"), else the one right before it ("released after"). */
function comparedWords(q: QuestionReading, positions: readonly number[]): RelationWord[] {
  const after: RelationWord[] = [];
  for (let at = positions[positions.length - 1]! + 1; ; at++) {
    const word = q.words.find((w) => w.position === at);
    if (!word) break;
    after.push(word);
  }
  if (after.length > 0) return after;
  const before = q.words.find((w) => w.position === positions[0]! - 1);
  return before ? [before] : [];
}

/** The words of a question about a class that may name its measure: neither light words nor the class's own. */
function measureWords(q: QuestionReading, head: Mention): RelationWord[] {
  const classWords = head.text.split(" ");
  return q.words.filter((w) => !LIGHT_WORDS.has(w.text) && !classWords.includes(w.text));
}

/** Whether a predicate is named by every one of `words`. */
function namedByAll(words: readonly RelationWord[]): (predicate: string) => boolean {
  return (p) => words.every((w) => wordScore(w.text, p) >= WORD_MATCH_THRESHOLD);
}

/** Whether a predicate's numbers are the year something began (`founded_in`, `birth_year`). */
function began(predicate: string): boolean {
  return nameTokens(predicate).some((w) => BEGINNINGS.has(w));
}

/** "Which river is the longest?", "Which is the longest river?": the one thing named, when nothing else is. */
function onlyClassNamed(q: QuestionReading): Mention | undefined {
  const head = q.head ?? (q.mentions.length === 1 ? q.mentions[0] : undefined);
  return head && q.mentions.every((m) => m === head) ? head : undefined;
}

/**
 * The first of the classes `head` names whose members have numbers for
 * exactly one predicate that `fits`, and that `accept` takes: the class,
 * its members and their numbers.
 */
async function measure(
  head: Mention,
  fits: (predicate: string) => boolean,
  accept: (values: readonly Measured[], members: readonly Edge[]) => boolean,
  vocab: Vocabulary,
  view: FactView,
): Promise<{ cls: string; values: Measured[] } | undefined> {
  for (const cls of head.ids) {
    const members = await view.holdings(cls, IS_A);
    if (members.length === 0 || members.length > MAX_COMPARED) continue;
    const candidates = [...vocab.predicates.keys()].filter(fits);
    const measured = (await Promise.all(candidates.map((p) => valuesOf(members, p, view)))).filter((v) => v !== undefined && v.length > 0);
    if (measured.length === 1 && accept(measured[0]!, await ranked(members, measured[0]!, view))) return { cls, values: measured[0]! };
  }
  return undefined;
}

function compares(a: number, op: ">" | ">=" | "<" | "<=", b: number): boolean {
  return op === ">" ? a > b : op === ">=" ? a >= b : op === "<" ? a < b : a <= b;
}


interface Measured {
  readonly member: Edge;
  readonly fact: Edge;
  readonly value: number;
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
