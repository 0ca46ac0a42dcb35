import { AGE_MEASURE, ARTICLES, AUXILIARIES, COPULAS, FILLER_WORDS, HEAD_OPENERS, PLACE_WORDS, POLAR_OPENERS, QUANTIFIERS, RELATION_FILLERS, UNITS, UNIVERSALS } from "./lexicon.js";
import { dateSaidAt, valued } from "./dates.js";
import { NUMBER } from "./result.js";
import { measuresTime } from "./units.js";
import { wordScore, WORD_MATCH_THRESHOLD } from "./relation-match.js";
import { capitalized, nameTokens as tokens, predicateTokens, singulars } from "@boyd/graph";
import type { Vocabulary } from "./vocabulary.js";

/** A run of the question's tokens that names symbols of the graph. */
export interface Mention {
  /** Symbols with that name (several when the name is ambiguous). */
  readonly ids: readonly string[];
  /** Token positions [start, end). */
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** Named as the owner of what is asked: "Kenya's capital", "the capital of Kenya". */
  readonly possessor: boolean;
}

/** A word of the question that says how things relate ("orbit", "boss"). */
export interface RelationWord {
  readonly text: string;
  readonly position: number;
  /** Said in the passive voice, with its agent after "by" ("films directed by Mara Lind", "Is Mars orbited by Phobos?"). */
  readonly passive?: boolean;
  /**
   * A head word named with an article before a relative clause ("find the
   * team that ..."), not after "which": the kind asked for when some answer
   * is of it, else a word of the relation ("the moons that orbit Mars").
   */
  readonly clause?: boolean;
  /** Not said but implied ("from" for where Queen comes from): it names every predicate of its concept, none winning by its stem. */
  readonly implied?: boolean;
  /** A noun before the head noun, saying which ("side" in "What side effects ..."): it may name the fact, never which way the fact reads. */
  readonly modifier?: boolean;
}

/**
 * What an answer's number is compared with: a number ("after 1900"), or the
 * number the one thing named after the comparative has for the same
 * predicate ("released after Titanic", `against`). `measure` when a
 * comparative adjective names what is compared ("higher than 4000" -> high).
 */
export type Comparison = {
  readonly op: ">" | ">=" | "<" | "<=";
  readonly measure: string | undefined;
  readonly positions: readonly number[];
  /** The number was said with a word of scale ("5 million"): a predicate named in a scale (`population_millions`) holds it in that scale. */
  readonly scaled?: boolean;
  /** The bound is a day said in the question ("after 2026-04-01", "before March 2026"), as an ISO date; `value` orders it. */
  readonly date?: string;
} & ({ readonly value: number; readonly against?: undefined } | { readonly value?: undefined; readonly against: Mention });

/** A goal's text read against the graph's vocabulary. */
export interface QuestionReading {
  /** The question's tokens, as positions count them. */
  readonly toks: readonly string[];
  /** Per token, whether it was written with a capital ("Brunel" may name Isambard Kingdom Brunel; "brunel" names no one). */
  readonly capitals: readonly boolean[];
  /** A yes/no question ("Is a dog a fish?", "Find out whether ..."). */
  readonly polar: boolean;
  /** Entity mentions, in the order of the text. */
  readonly mentions: readonly Mention[];
  /** The unit a number is asked in ("in kilometres", "how many metres"): a key of UNITS. */
  readonly unit: string | undefined;
  /** "more than 4", "after 1900", "released after Titanic": how the answer's number must compare with the one given. */
  readonly comparison: Comparison | undefined;
  /** "the oldest", "the most platforms", "the second tallest": what is ranked, which way, the place asked for (1 for the first), and the tokens that say so. */
  readonly superlative: Superlative | undefined;
  /** "Is KLM older than Lufthansa?": two things named on either side of a comparative, and what it measures; `higher` when it asks for the first to measure more. */
  readonly paired: { readonly first: Mention; readonly second: Mention; readonly measure: string; readonly higher: boolean } | undefined;
  /** The last mention and those joined to it by "and" ("serve Fenwick and Carrow"), in order; the last alone when none is. */
  readonly lastJoined: readonly Mention[];
  /** The first mention and those joined to it by "and" ("Are Ana and Ben members of..."), in order; the first alone when none is. */
  readonly firstJoined: readonly Mention[];
  /** The noun that names what the answers are ("which animals"), if it names something in the graph. */
  readonly head: Mention | undefined;
  /**
   * The first thing named when only words of a request come before it, no
   * question word ("Metro lines that serve Elm", "I want the teams in
   * Sales"): what the answers are when it is a class.
   */
  readonly lead: Mention | undefined;
  /** Words that name the relation asked about. */
  readonly words: readonly RelationWord[];
  /** "Where ...": the answer is a place; not a relation word of its own. */
  readonly where: RelationWord | undefined;
  /** One thing nested in another: a possessive, "of the", or a relative clause ("the team that ..."). */
  readonly nested: boolean;
  /** "Which of ...", "which one of ...": the answers are some of what follows "of" ("Which of Ana's children ..." are children of Ana). */
  readonly choice: boolean;
  /** Positions of nouns that nest ("Carol's manager", "the manager of"). */
  readonly nesting: ReadonlySet<number>;
  /** The words at those positions, in order. */
  readonly nestingWords: readonly RelationWord[];
  /** Asks "who". */
  readonly person: boolean;
  /** The question asks for things sharing something ("the same office as", "other moons"). */
  readonly alike: boolean;
  /** The question places one thing in another ("Is Mont Blanc in the Alps?"). */
  readonly within: boolean;
  /** "How long", "how many", "how old"...: the answer is a number. */
  readonly quantity: boolean;
  /** A noun after "which"/"what" that names no symbol ("which genus"): the kind of answer, not a relation. */
  readonly headWord: RelationWord | undefined;
}

/**
 * The question's tokens from `from` to `to` with their capitals as written:
 * words asked again as a question of their own ("which stations designed
 * by Brunel") keep a shortened name a name, which in lower case it is not.
 */
export function writtenTokens(q: Pick<QuestionReading, "toks" | "capitals">, from = 0, to = q.toks.length): string[] {
  return q.toks.slice(from, to).map((t, i) => (q.capitals[from + i] ? t[0]!.toUpperCase() + t.slice(1) : t));
}

/**
 * Reads a goal's text: finds the longest runs of tokens that name symbols
 * (multi-word names and plurals included), the head noun after "which",
 * "what" or "the", whether it asks yes or no, and the remaining content
 * words, which name the relation. Pure: the graph is only consulted
 * through the vocabulary.
 */
export function readQuestion(text: string, vocab: Vocabulary, options: { readonly compareWithThings?: boolean } = {}): QuestionReading {
  const toks = tokens(text);
  // "after 1898": the number is compared with, even where the graph has a symbol of that name.
  const numbered = comparisonAsked(toks);
  const capitals = capitalized(text);
  const found = findMentions(toks, vocab, capitals).filter((m) => !numbered || numbered.positions.every((i) => i < m.start || i >= m.end));
  const polar = isPolar(toks);
  // "released after Titanic": compared with Titanic's year, so Titanic is no thing the answers relate to (a yes/no question is read by pairCompared).
  const comparison: Comparison | undefined = numbered ?? (polar || options.compareWithThings === false ? undefined : comparisonWithThing(toks, found));
  const mentions = comparison?.against ? found.filter((m) => m !== comparison.against) : found;
  const head = modifiedClass(headMention(toks, mentions), mentions, vocab);
  const lead = head ? undefined : leadMention(toks, mentions);
  const covered = new Set<number>();
  for (const m of mentions) for (let i = m.start; i < m.end; i++) covered.add(i);
  // "in kilometres" says how the number is measured, not which relation it is.
  const unit = unitAsked(toks, covered);
  if (unit) for (let i = unit.start; i < unit.end; i++) covered.add(i);
  // "higher than 4000 metres": the unit after the number says what it is in, as "in metres" would.
  const unitKey = unit?.key ?? numbered?.unit;
  if (comparison) for (const i of comparison.positions) covered.add(i);
  // "the most platforms": the words rank the answers; they name no relation of their own.
  const superlative = placed(toks, covered, superlativeAsked(toks, covered, vocab));
  if (superlative) for (const i of superlative.positions) covered.add(i);
  const words: RelationWord[] = [];
  toks.forEach((t, i) => {
    // One letter says nothing ("s" of a possessive); one digit does ("Who wrote 2 novels?" is no question about every writer).
    if (covered.has(i) || (t.length < 2 && !/^\d$/.test(t))) return;
    // "opened in May": after a preposition "may" is the month, a word the answer must meet, never the auxiliary.
    // "plays just guitar", "plays exactly one instrument" restrict as "only" does: a word no reading here meets.
    // "sold out", "used up": the particle after a verb makes another verb, which the verb's fact alone does not say;
    // "about 5000" is no 5000 (nor is "roughly 5000", a word no fact names); "many novels" is not any novel.
    // "How long does it take?": the verb names how long; "long" would ask for a length too.
    if (t === "long" && toks[i - 1] === "how" && toks.some((x) => TAKING.has(x))) return;
    const kept = (t === "may" && TIME_PREPOSITIONS.has(toks[i - 1] ?? "")) || (RESTRICTING.has(t) && restricts(toks, i)) || (PARTICLES.has(t) && i > 0 && !FILLER_WORDS.has(toks[i - 1]!) && !covered.has(i - 1)) || (t === "about" && numberAt(toks, i + 1) !== undefined) || (VAGUE_AMOUNTS.has(t) && toks[i - 1] !== "how");
    if (FILLER_WORDS.has(t) && !RELATION_FILLERS.has(t) && !kept) return;
    // "grandparents" is the parents' parents: one word for each of the two facts.
    const twice = GRAND_NOUNS.get(t);
    if (twice) words.push({ text: twice, position: i }, { text: twice, position: i });
    else words.push({ text: t, position: i, passive: toks[i + 1] === "by" });
  });
  // "Which country does ...", "what year was ...": the noun is followed by the clause's verb; "What circles Pluto?" has none.
  const said = words.find((w) => w.text === "where");
  if (said) words.splice(words.indexOf(said), 1);
  const headWord = head ? undefined : headNoun(toks, words, new Set(mentions.map((m) => m.start)));
  const where = said ?? placeAskedIn(toks, head?.text ?? headWord?.text);
  // "Where is Queen from?": the "from" ending it, with no other word, asks where Queen comes from (`origin`, `hometown`, `from`).
  if (said && words.length === 0 && toks.at(-1) === "from") words.push({ text: "from", position: toks.length - 1, implied: true });
  // The head word stays among the words, as read (answerOpen sets it apart by identity).
  if (headWord) words[words.findIndex((w) => w.position === headWord.position)] = headWord;
  const modifier = headWord && !headWord.clause && !opensNounPhrase(toks, headWord.position) ? words.findIndex((w) => w.position === headWord.position - 1) : -1;
  if (modifier >= 0) words[modifier] = { ...words[modifier]!, modifier: true };
  // "How long", "how many", and "when" (a year or a date) are answered by numbers.
  const quantity = toks.some((t, i) => (t === "how" && QUANTITY.has(toks[i + 1] ?? "")) || (t === "when" && i === firstWord(toks)));
  const within = toks.some((t, i) => (t === "in" && (!unit || i !== unit.start - 1)) || t === "within" || t === "from");
  const alike = toks.some((t) => t === "same" || t === "other" || t === "else" || t === "also" || t === "too");
  const nested = toks.some((t, i) => t === "s" || (i > 0 && (t === "that" || t === "who" || t === "which" || t === "whose" || t === "of")));
  const person = toks[0] === "who" || toks[0] === "whom" || (toks.includes("who") && !nested);
  const nesting = new Set(toks.flatMap((_, i) => (toks[i - 1] === "s" || toks[i + 1] === "of" ? [i] : [])));
  const nestingWords = words.filter((w) => nesting.has(w.position));
  const paired = polar ? pairCompared(toks, mentions, vocab) : undefined;
  return { toks, capitals, polar, paired, mentions, unit: unitKey, superlative, comparison: numbered ? { op: numbered.op, value: numbered.value, measure: numbered.measure, positions: numbered.positions, ...(numbered.scaled ? { scaled: true } : {}), ...(numbered.date ? { date: numbered.date } : {}) } : comparison, lastJoined: lastJoined(toks, mentions), firstJoined: firstJoined(toks, mentions), head, lead, choice: isChoice(toks), words, headWord, quantity, within, alike, nested, person, nesting, nestingWords, where };
}

/** Fillers that may restrict what follows them ("just guitar", "exactly one"), as "only" does. */
const RESTRICTING: ReadonlySet<string> = new Set(["just", "exactly"]);

/** Filler after "how" ("how many"), elsewhere an amount no fact states ("Who wrote many novels?"). */
const VAGUE_AMOUNTS: ReadonlySet<string> = new Set(["many", "much"]);

/** Particles among the filler words ("find out", "look up") that after another verb make a phrasal verb of it ("sold out"). */
const PARTICLES: ReadonlySet<string> = new Set(["out", "up"]);

/** Whether the restricting word at `i` is followed by what it restricts (a word that says something, or a number), not by more filler ("just tell me"). */
function restricts(toks: readonly string[], i: number): boolean {
  const next = toks[i + 1];
  return next !== undefined && (!FILLER_WORDS.has(next) || numberAt(toks, i + 1) !== undefined);
}

/**
 * "How was Kid A released?", "How did Blur form?": "how" with no measure
 * after it asks in what way, which no fact here says (the year Kid A was
 * released is no answer to it). "How many", "how old" ask for numbers.
 */
export function mannerAsked(toks: readonly string[]): boolean {
  const at = toks.indexOf("how");
  return at >= 0 && at === firstWord(toks) && !QUANTITY.has(toks[at + 1] ?? "");
}

/**
 * "Which musician plays all instruments?", "Who visited every port?": a
 * word of every one after the relation it quantifies asks that each of
 * them be met, which no reading here proves (read without it, anything
 * meeting one would answer). "List all albums", "What are all the moons"
 * quantify what is asked for, and are read as before.
 */
export function universalAfterRelation(q: QuestionReading): boolean {
  return q.toks.some((t, i) => UNIVERSALS.has(t) && q.words.some((w) => w.position < i));
}

/** Prepositions that put a time after them ("in May", "since May"). */
const TIME_PREPOSITIONS: ReadonlySet<string> = new Set(["in", "during", "since", "until", "till", "by", "before", "after", "of", "from"]);

/** Words that compare a number with the one after them, by their tokens. */
const COMPARATORS: readonly { words: readonly string[]; op: ">" | ">=" | "<" | "<=" }[] = [
  { words: ["more", "than"], op: ">" },
  { words: ["greater", "than"], op: ">" },
  { words: ["later", "than"], op: ">" },
  { words: ["at", "least"], op: ">=" },
  { words: ["over"], op: ">" },
  { words: ["above"], op: ">" },
  { words: ["after"], op: ">" },
  { words: ["fewer", "than"], op: "<" },
  { words: ["less", "than"], op: "<" },
  { words: ["earlier", "than"], op: "<" },
  { words: ["at", "most"], op: "<=" },
  { words: ["under"], op: "<" },
  { words: ["below"], op: "<" },
  { words: ["before"], op: "<" },
  { words: ["since"], op: ">=" },
  { words: ["until"], op: "<=" },
  { words: ["up", "to"], op: "<=" },
];

/** What comparisonAsked finds: the comparison, its unit when one follows the number, and the tokens it takes. */
interface ComparisonFound {
  readonly op: ">" | ">=" | "<" | "<=";
  readonly value: number;
  /** What a comparative adjective measures ("higher than 4000" -> high); undefined when other words name it. */
  readonly measure: string | undefined;
  /** A key of UNITS named right after the number ("4000 metres"). */
  readonly unit: string | undefined;
  readonly positions: number[];
  readonly scaled: boolean;
  readonly date?: string;
}

/**
 * A comparison with a number ("more than 4", "after 1900", "higher than
 * 4000 metres"), and the tokens it takes. A comparative adjective names
 * its measure itself; a unit right after the number says what the number
 * is in.
 */
function comparisonAsked(toks: readonly string[]): ComparisonFound | undefined {
  for (let i = 0; i < toks.length; i++) {
    const comparator = comparatorAt(toks, i);
    const n = i + (comparator?.length ?? 0);
    // "after 2026-04-01", "before March 2026": a day, or the month's last day after it and its first before it.
    const date = comparator && dateSaidAt(toks, n);
    if (comparator && date) {
      const bound = comparator.op === ">" || comparator.op === "<=" ? date.last : date.first;
      const positions = Array.from({ length: n + date.length - i }, (_, k) => i + k);
      return { op: comparator.op, value: valued(bound).value, measure: comparator.measure, unit: undefined, positions, scaled: false, date: bound };
    }
    // "more than a million": one of the scale.
    const said = numberAt(toks, n) ?? (toks[n] === "a" && SCALE_WORDS.has(toks[n + 1] ?? "") ? 1 : undefined);
    if (!comparator || said === undefined) continue;
    // "more than 5 million copies": a word of scale multiplies the number before it.
    const scale = SCALE_WORDS.get(toks[n + 1] ?? "");
    const value = scale ? said * scale : said;
    const after = n + (scale ? 2 : 1);
    const unit = UNIT_PHRASES.find((u) => u.words.every((w, k) => toks[after + k] === w));
    // "sold more than 5 million copies": a word for what was counted names no measure; the verb does.
    const end = after + (unit?.words.length ?? (COUNTED_WORDS.has(toks[after] ?? "") ? 1 : 0));
    return { op: comparator.op, value, measure: comparator.measure, unit: unit?.key, positions: Array.from({ length: end - i }, (_, k) => i + k), scaled: scale !== undefined };
  }
  return undefined;
}

/** Words that scale the number before them ("5 million"). */
const SCALE_WORDS: ReadonlyMap<string, number> = new Map([
  ["thousand", 1e3],
  ["million", 1e6],
  ["billion", 1e9],
  ["trillion", 1e12],
]);

/** Small numbers written as words ("more than one novel"). */
const NUMBER_WORDS: ReadonlyMap<string, number> = new Map(["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"].map((w, i) => [w, i + 1]));

/** The number token `i` holds, in digits or as a word. */
function numberAt(toks: readonly string[], i: number): number | undefined {
  const t = toks[i] ?? "";
  return NUMBER.test(t) ? Number(t) : NUMBER_WORDS.get(t);
}

/** Comparing words that may be followed by a thing rather than a number: "over", "under", "above" and "below" say where as often. */
const THING_COMPARATORS: ReadonlySet<string> = new Set(["more", "greater", "later", "fewer", "less", "earlier", "after", "before"]);

/**
 * "Which films were released after Titanic?", "Which planets are heavier
 * than Earth?": comparing words followed (articles aside) by the name of
 * one thing, whose number the answers' are compared with.
 */
function comparisonWithThing(toks: readonly string[], mentions: readonly Mention[]): Comparison | undefined {
  for (let i = 0; i < toks.length; i++) {
    const comparator = comparatorAt(toks, i) ?? quantifiedAt(toks, i);
    if (!comparator || !(comparator.measure || THING_COMPARATORS.has(toks[i]!))) continue;
    // An article may start the name ("The Dark Knight") or stand before it ("the Moon").
    const startsAt = (at: number) => mentions.find((m) => m.start === at);
    let at = i + comparator.length;
    let against = startsAt(at);
    while (!against && ARTICLES.has(toks[at] ?? "")) against = startsAt(++at);
    if (!against || against.ids.length !== 1) return undefined;
    return { op: comparator.op, measure: comparator.measure, against, positions: Array.from({ length: against.end - i }, (_, k) => i + k) };
  }
  return undefined;
}

/** Words a comparative's noun may have before it ("more weekly downloads than"): one, or none. */
const MAX_NOUN_MODIFIERS = 1;

/**
 * "more credits than", "a higher salary than", "more weekly downloads
 * than": a comparative, the noun naming what is compared (the word before
 * "than"; a word before it only describes it), and "than".
 */
function quantifiedAt(toks: readonly string[], i: number): { op: ComparisonFound["op"]; measure: string; length: number } | undefined {
  const more = COMPARATIVE_QUANTIFIERS.get(toks[i]!);
  if (more === undefined) return undefined;
  const than = toks.indexOf("than", i + 2);
  if (than < 0 || than > i + 2 + MAX_NOUN_MODIFIERS) return undefined;
  const nouns = toks.slice(i + 1, than);
  if (nouns.some((w) => FILLER_WORDS.has(w))) return undefined;
  return { op: more ? ">" : "<", measure: nouns[nouns.length - 1]!, length: than - i + 1 };
}

/** The comparing words starting at token `i` ("more than", "after", "higher than"): the operator, what an adjective measures, and how many tokens. */
function comparatorAt(toks: readonly string[], i: number): { op: ComparisonFound["op"]; measure: string | undefined; length: number } | undefined {
  const adjective = toks[i + 1] === "than" ? gradedIn(COMPARATIVE_ADJECTIVES, toks[i]!, toks) : undefined;
  if (adjective) return { op: adjective.highest ? ">" : "<", measure: adjective.measure, length: 2 };
  const c = COMPARATORS.find((c) => c.words.every((w, k) => toks[i + k] === w));
  return c && { op: c.op, measure: undefined, length: c.words.length };
}

/** Words ending a choice that rank by the amount of the verb before them ("sold more"), by whether they ask for the highest. */
const AMOUNT_ENDINGS: ReadonlyMap<string, boolean> = new Map([
  ["more", true],
  ["less", false],
  ["fewer", false],
]);

/** Words that order two things in time by the verb before them, by whether the first comes later. */
const ORDER_WORDS: ReadonlyMap<string, boolean> = new Map([
  ["before", false],
  ["after", true],
  ["earlier", false],
  ["later", true],
]);

/** Comparatives that measure by the noun after them ("a larger fleet than", "more platforms than", "a higher salary than"), by whether they ask for more. */
const COMPARATIVE_QUANTIFIERS: ReadonlyMap<string, boolean> = new Map([
  ["more", true],
  ["higher", true],
  ["lower", false],
  ["larger", true],
  ["bigger", true],
  ["greater", true],
  ["fewer", false],
  ["less", false],
  ["smaller", false],
]);

/**
 * "Is KLM older than Lufthansa?", "Does Ryanair have a larger fleet than
 * KLM?": a comparative right before "than", between the first thing named
 * and the second, which follows "than" (articles aside). Undefined for
 * anything else, or for a size word with no noun naming a relation.
 */
function pairCompared(toks: readonly string[], mentions: readonly Mention[], vocab: Vocabulary): QuestionReading["paired"] {
  const [first, second] = mentions;
  if (mentions.length !== 2 || !first || !second) return undefined;
  let than = second.start - 1;
  while (than > first.end && ARTICLES.has(toks[than]!)) than--;
  // "Was KLM founded before Lufthansa?", "... earlier than ...": the one word between names what is compared.
  const order = ORDER_WORDS.get(toks[than]!) ?? (toks[than] === "than" ? ORDER_WORDS.get(toks[than - 1] ?? "") : undefined);
  if (order !== undefined) {
    const between = toks.slice(first.end, toks[than] === "than" ? than - 1 : than).filter((t) => !FILLER_WORDS.has(t));
    return between.length === 1 && namesSomePredicate(between[0]!, vocab, 1) ? { first, second, measure: between[0]!, higher: order } : undefined;
  }
  if (toks[than] !== "than") return undefined;
  const adjective = gradedIn(COMPARATIVE_ADJECTIVES, toks[than - 1] ?? "", toks);
  if (adjective && than - 1 >= first.end) return { first, second, measure: adjective.measure, higher: adjective.highest };
  // "a larger fleet than", "a higher salary than": the noun names the measure; "earns more than": the verb does.
  // A word may describe the noun ("more weekly downloads than").
  const noun = toks[than - 1] ?? "";
  for (let at = than - 2; at >= Math.max(first.end, than - 2 - MAX_NOUN_MODIFIERS); at--) {
    const more = COMPARATIVE_QUANTIFIERS.get(toks[at] ?? "");
    if (more === undefined) continue;
    if (namesPredicate(noun, vocab) && toks.slice(at + 1, than).every((w) => !FILLER_WORDS.has(w))) return { first, second, measure: noun, higher: more };
    break;
  }
  const verbMore = COMPARATIVE_QUANTIFIERS.get(noun);
  const verb = toks[than - 2] ?? "";
  if (verbMore !== undefined && than - 2 >= first.end && !FILLER_WORDS.has(verb) && namesSomePredicate(verb, vocab)) return { first, second, measure: verb, higher: verbMore };
  return undefined;
}

/**
 * Adjectives that name their measure themselves, comparative and
 * superlative ("deeper", "deepest" -> deep), by whether they ask for the
 * higher. "Earlier" and "later" order by a verb instead (ORDER_WORDS).
 */
const GRADED: readonly (readonly [comparative: string | undefined, superlative: string, measure: string, highest: boolean])[] = [
  ["higher", "highest", "high", true],
  ["taller", "tallest", "tall", true],
  ["lower", "lowest", "high", false],
  ["longer", "longest", "long", true],
  // "Short" is the opposite of long and of tall: the one the members have numbers for.
  ["shorter", "shortest", "short", false],
  ["deeper", "deepest", "deep", true],
  ["shallower", "shallowest", "deep", false],
  ["heavier", "heaviest", "heavy", true],
  ["lighter", "lightest", "heavy", false],
  ["farther", "farthest", "far", true],
  ["further", "furthest", "far", true],
  ["nearer", "nearest", "far", false],
  ["closer", "closest", "far", false],
  // By how long it takes: "the quickest to make" takes the fewest minutes.
  ["quicker", "quickest", "quick", false],
  // By what it costs: "cheap" names a price ("more expensive" is "more" and the word).
  ["cheaper", "cheapest", "cheap", false],
  // Ranked by when something began (a year) or by its age: see AGE_MEASURE.
  ["older", "oldest", AGE_MEASURE, true],
  [undefined, "earliest", AGE_MEASURE, true],
  ["younger", "youngest", AGE_MEASURE, false],
  ["newer", "newest", AGE_MEASURE, false],
  [undefined, "latest", AGE_MEASURE, false],
];

/** What the graded adjectives measure other than an age: amounts ("long", "high"), never a year or date. */
export const AMOUNT_ADJECTIVES: ReadonlySet<string> = new Set(GRADED.flatMap(([, , measure]) => (measure === AGE_MEASURE ? [] : [measure])));

/** Words that "most" makes a superlative of age ("the most recent", "most recently"): the newest. */
const RECENT_WORDS: ReadonlySet<string> = new Set(["recent", "recently"]);

/** Superlatives of age that also mean "the current one" ("the latest version"). */
const CURRENT_WORDS: ReadonlySet<string> = new Set(["latest", "newest"]);

const SUPERLATIVE_ADJECTIVES: ReadonlyMap<string, { measure: string; highest: boolean }> = new Map(GRADED.map(([, superlative, measure, highest]) => [superlative, { measure, highest }]));
const COMPARATIVE_ADJECTIVES: ReadonlyMap<string, { measure: string; highest: boolean }> = new Map(
  GRADED.flatMap(([comparative, , measure, highest]) => (comparative ? [[comparative, { measure, highest }] as const] : [])),
);

/**
 * What a question offering a choice ranks by: "which film is longer" (a
 * comparative), "which is the oldest" or "which has the most moons" (a
 * superlative), "who joined earlier" (order by a verb). Undefined when it
 * ranks by nothing.
 */
export function rankingAsked(text: string, vocab: Vocabulary): { measure: string; highest: boolean } | undefined {
  const toks = tokens(text);
  // "Who joined earlier, Alice or Bob?", "Which sold more, Kid A or Dummy?": the verb before the word of order names the measure.
  const ordered = orderAsked(toks, new Set(), vocab, new Map([...ORDER_ENDINGS, ...ORDER_WORDS, ...AMOUNT_ENDINGS]));
  if (ordered) return { measure: ordered.measure, highest: ordered.highest };
  // "Which team has more championships, the Bulls or the Warriors?": the noun after the word of amount, ending the question, is the measure.
  const amount = AMOUNT_ENDINGS.get(toks.at(-2) ?? "");
  if (amount !== undefined && toks.length > 2) return { measure: toks.at(-1)!, highest: amount };
  for (const t of toks) {
    const comparative = gradedIn(COMPARATIVE_ADJECTIVES, t, toks);
    if (comparative) return comparative;
  }
  const superlative = placed(toks, new Set(), superlativeAsked(toks, new Set(), vocab));
  // "Which is the second tallest, A or B?" is no ranking of the two.
  return superlative?.place === 1 ? { measure: superlative.measure, highest: superlative.highest } : undefined;
}

const QUESTION_WORDS: ReadonlySet<string> = new Set(["which", "what", "who", "whom", "whose", "where", "when", "how", "why"]);

/** The question's first question word, after any request ("Find where ..." -> where); "" when it has none. */
export function questionWord(toks: readonly string[]): string {
  return toks.find((t) => QUESTION_WORDS.has(t)) ?? "";
}

/** What a superlative ranks, which way, the place asked for, and the tokens saying so. */
export interface Superlative {
  readonly measure: string;
  readonly highest: boolean;
  /** 1 for "the tallest", 2 for "the second tallest". */
  readonly place: number;
  readonly positions: readonly number[];
}

/** Ordinals that ask for a place in a ranking other than the first ("the second tallest"). */
const ORDINAL_PLACES: ReadonlyMap<string, number> = new Map([
  ["second", 2], ["2nd", 2], ["third", 3], ["3rd", 3], ["fourth", 4], ["4th", 4], ["fifth", 5], ["5th", 5],
]);

/** A superlative with its place: the ordinal right before it ("the second most populous"), else the first. */
function placed(toks: readonly string[], covered: ReadonlySet<number>, found: { measure: string; highest: boolean; positions: number[] } | undefined): Superlative | undefined {
  if (!found) return undefined;
  const before = found.positions[0]! - 1;
  const place = covered.has(before) ? undefined : ORDINAL_PLACES.get(toks[before] ?? "");
  return place ? { ...found, place, positions: [before, ...found.positions] } : { ...found, place: 1 };
}

/** "most"/"fewest"/"least" and the word after it, or a superlative adjective: what is ranked, and the tokens that say so. */
function superlativeAsked(toks: readonly string[], covered: ReadonlySet<number>, vocab: Vocabulary): { measure: string; highest: boolean; positions: number[] } | undefined {
  const ordered = orderAsked(toks, covered, vocab, ORDER_ENDINGS) ?? orderBeforeNoun(toks, covered, vocab) ?? rankedByVerb(toks, covered, vocab);
  if (ordered) return ordered;
  for (let i = 0; i < toks.length; i++) {
    if (covered.has(i)) continue;
    const adjective = gradedIn(SUPERLATIVE_ADJECTIVES, toks[i]!, toks);
    // "the latest version of Tern RPC" is its current one, not a ranking: a word of the newest never ranks where
    // the next word names a relation (`version`) rather than a class ("the newest album", with `album_length`).
    // "The oldest member of Queen" does rank the members, by age.
    if (adjective?.measure === AGE_MEASURE && !adjective.highest && CURRENT_WORDS.has(toks[i]!) && !covered.has(i + 1) && namesPredicate(toks[i + 1] ?? "", vocab)) continue;
    // "the largest fleet": a size ranks by the noun after it, when that noun names a relation (`fleet_size`);
    // alone ("the largest city") it says no measure.
    const sized = SIZE_WORDS.get(toks[i]!);
    if (sized !== undefined) {
      const noun = toks[i + 1] ?? "";
      if (!covered.has(i + 1) && !FILLER_WORDS.has(noun) && namesPredicate(noun, vocab)) return { measure: noun, highest: sized, positions: [i, i + 1] };
      continue;
    }
    // "the most recent", "released most recently": the newest, by age as "newest" is.
    if (toks[i] === "most" && RECENT_WORDS.has(toks[i + 1] ?? "") && !covered.has(i + 1)) return { measure: AGE_MEASURE, highest: false, positions: [i, i + 1] };
    const ranks = toks[i] === "most" ? true : toks[i] === "fewest" || toks[i] === "least" ? false : undefined;
    // "the highest point of Nepal" names `highest_point`: a relation, not a ranking.
    if ((!adjective && ranks === undefined) || namesPredicate(toks[i]!, vocab)) continue;
    // "the highest salary", "the lowest price": a height word before a noun naming another relation ranks by that noun.
    const level = LEVEL_WORDS.get(toks[i]!);
    const noun = toks[i + 1] ?? "";
    if (level !== undefined && !covered.has(i + 1) && !FILLER_WORDS.has(noun) && namesPredicate(noun, vocab)) return { measure: noun, highest: level, positions: [i, i + 1] };
    if (adjective) return { ...adjective, positions: [i] };
    const next = toks[i + 1];
    if (next && !covered.has(i + 1) && !FILLER_WORDS.has(next)) return { measure: next, highest: ranks!, positions: [i, i + 1] };
  }
  return undefined;
}

/** Verbs of taking time ("last" is left out: "the last album" takes none). */
const TAKING: ReadonlySet<string> = new Set(["take", "takes", "took", "taken", "lasts", "lasted"]);

/** Verbs of running, which take time only beside a unit of it ("run longer than 3 hours"; a river runs long too). */
const RUNNING: ReadonlySet<string> = new Set(["run", "runs", "ran", "running"]);

/** The words of units of time ("hours", "mins"). */
const TIME_UNIT_WORDS: ReadonlySet<string> = new Set(Object.entries(UNITS).flatMap(([unit, names]) => (measuresTime(unit) ? names : [])));

/**
 * What a graded adjective ("longer", "quickest") measures in this
 * question, and whether it asks for the higher. With a verb of taking
 * time, "long" and "short" measure how long a thing takes (`prep_minutes`),
 * which the verb names: "Which dish takes the longest?", "take longer
 * than"; alone, "the longest ferry" is its length.
 */
function gradedIn(adjectives: ReadonlyMap<string, { measure: string; highest: boolean }>, word: string, toks: readonly string[]): { measure: string; highest: boolean } | undefined {
  const found = adjectives.get(word);
  const taking = toks.some((t) => TAKING.has(t)) || (toks.some((t) => RUNNING.has(t)) && toks.some((t) => TIME_UNIT_WORDS.has(t)));
  return found && (found.measure === "long" || found.measure === "short") && taking ? { ...found, measure: "take" } : found;
}

/** Words ending a question that order by the verb before them ("Which employee joined first?"), by whether they ask for the latest. */
const ORDER_ENDINGS: ReadonlyMap<string, boolean> = new Map([
  ["first", false],
  ["last", true],
  ["earliest", false],
  ["latest", true],
]);

/**
 * "joined first", "opened last", "joined earlier": a word of order ending
 * the question, ranking by the relation the verb before it names (its
 * numbers as they are: the first has the lowest). Undefined otherwise.
 */
function orderAsked(toks: readonly string[], covered: ReadonlySet<number>, vocab: Vocabulary, words: ReadonlyMap<string, boolean>): { measure: string; highest: boolean; positions: number[] } | undefined {
  const end = toks.length - 1;
  const later = words.get(toks[end] ?? "");
  const verb = toks[end - 1] ?? "";
  if (later === undefined || covered.has(end - 1) || FILLER_WORDS.has(verb) || !namesSomePredicate(verb, vocab)) return undefined;
  return { measure: verb, highest: later, positions: [end - 1, end] };
}

/**
 * "What was the first mission launched?", "the last album released": "the
 * first" or "the last" before the noun asked for, ranking by the verb
 * ending the question as "launched first" does. Undefined otherwise.
 */
function orderBeforeNoun(toks: readonly string[], covered: ReadonlySet<number>, vocab: Vocabulary): { measure: string; highest: boolean; positions: number[] } | undefined {
  const end = toks.length - 1;
  const verb = toks[end] ?? "";
  const at = toks.findIndex((t, i) => ORDINAL_ENDS.has(t) && toks[i - 1] === "the" && !covered.has(i));
  if (at < 1 || at + 1 >= end || covered.has(end) || FILLER_WORDS.has(verb) || !namesSomePredicate(verb, vocab)) return undefined;
  return { measure: verb, highest: ORDINAL_ENDS.get(toks[at]!)!, positions: [at, end] };
}

/** "first" and "last", by whether they ask for the latest. */
const ORDINAL_ENDS: ReadonlyMap<string, boolean> = new Map([
  ["first", false],
  ["last", true],
]);

/**
 * "Which album sold the most?", "... sold the fewest copies?": "the most"
 * right after a verb that names a relation, ending the question or
 * followed only by a word for what was counted, ranks by the verb's own
 * numbers. A noun that names a relation ("scored the most goals") or
 * anything else after it is left to the other readings.
 */
function rankedByVerb(toks: readonly string[], covered: ReadonlySet<number>, vocab: Vocabulary): { measure: string; highest: boolean; positions: number[] } | undefined {
  const at = toks.findIndex((t, i) => RANK_WORDS.has(t) && !covered.has(i));
  const verb = toks[at - 2] ?? "";
  const tail = toks.slice(at + 1);
  if (at < 2 || toks[at - 1] !== "the" || covered.has(at - 2) || FILLER_WORDS.has(verb) || !namesSomePredicate(verb, vocab)) return undefined;
  if (tail.length > 1 || (tail.length === 1 && !COUNTED_WORDS.has(tail[0]!))) return undefined;
  return { measure: verb, highest: RANK_WORDS.get(toks[at]!)!, positions: [at - 2, at - 1, at, ...tail.map((_, k) => at + 1 + k)] };
}

/** "most", "fewest", "least", by whether they ask for the highest. */
const RANK_WORDS: ReadonlyMap<string, boolean> = new Map([
  ["most", true],
  ["fewest", false],
  ["least", false],
]);

/** Words that say only what a verb's number counts ("sold the most copies"). */
const COUNTED_WORDS: ReadonlySet<string> = new Set(["copies", "units", "times"]);

/** "Highest" and "lowest", by whether they ask for the highest: a height alone, or the noun after them when it names a relation. */
const LEVEL_WORDS: ReadonlyMap<string, boolean> = new Map([
  ["highest", true],
  ["lowest", false],
]);

/** Words of size, by whether they ask for the highest: they rank by the noun after them. */
const SIZE_WORDS: ReadonlyMap<string, boolean> = new Map([
  ["largest", true],
  ["biggest", true],
  ["greatest", true],
  ["smallest", false],
]);

/**
 * Whether a word names a predicate the graph has, by stem or lexicon
 * ("earn" -> `salary_eur`, "joined" -> `joined_in`); with `atLeast` 1, by
 * its own stem only, in any of its forms ("released" and `release_year`).
 */
export function namesSomePredicate(word: string, vocab: Vocabulary, atLeast = WORD_MATCH_THRESHOLD): boolean {
  for (const p of vocab.predicates.keys()) if (wordScore(word, p) >= atLeast) return true;
  return false;
}

/** Whether a word is part of the name of a predicate the graph has. */
function namesPredicate(word: string, vocab: Vocabulary): boolean {
  for (const p of vocab.predicates.keys()) if (predicateTokens(p).includes(word)) return true;
  return false;
}

/** Nouns for a relation taken twice, by the noun for once; gendered ones are left out (the relation alone never says them). */
const GRAND_NOUNS: ReadonlyMap<string, string> = new Map([
  ["grandparent", "parent"],
  ["grandparents", "parents"],
  ["grandchild", "child"],
  ["grandchildren", "children"],
]);

/** Unit phrases by their first token, longest first: what unitAsked looks for. */
const UNIT_PHRASES: readonly { key: string; words: readonly string[] }[] = Object.entries(UNITS)
  .flatMap(([key, names]) => names.map((n) => ({ key, words: n.split(" ") })))
  .sort((a, b) => b.words.length - a.words.length);

/** A unit named after "in" or "how many" ("in light years", "how many metres"), and the tokens it takes. */
function unitAsked(toks: readonly string[], covered: ReadonlySet<number>): { key: string; start: number; end: number } | undefined {
  for (let i = 0; i < toks.length; i++) {
    const opens = toks[i] === "in" || (toks[i] === "many" && toks[i - 1] === "how");
    if (!opens) continue;
    const start = i + 1;
    const found = UNIT_PHRASES.find((u) => u.words.every((w, k) => toks[start + k] === w && !covered.has(start + k)));
    if (found) return { key: found.key, start, end: start + found.words.length };
  }
  return undefined;
}

function lastJoined(toks: readonly string[], mentions: readonly Mention[]): Mention[] {
  const out = mentions.slice(-1);
  for (let i = mentions.length - 1; i > 0; i--) {
    if (!joinedBy(toks.slice(mentions[i - 1]!.end, mentions[i]!.start))) break;
    out.unshift(mentions[i - 1]!);
  }
  return out;
}

/** Whether the words between two things named join them: "and", an article after it aside ("the red line and the blue line"). */
export function joinedBy(between: readonly string[]): boolean {
  return between[0] === "and" && between.length <= 2 && between.slice(1).every((t) => ARTICLES.has(t));
}

function firstJoined(toks: readonly string[], mentions: readonly Mention[]): Mention[] {
  const out = mentions.slice(0, 1);
  for (let i = 1; i < mentions.length; i++) {
    if (!joinedBy(toks.slice(mentions[i - 1]!.end, mentions[i]!.start))) break;
    out.push(mentions[i]!);
  }
  return out;
}

const QUANTITY = new Set(["long", "many", "much", "old", "big", "far", "tall", "large", "heavy", "high", "deep", "wide", "hot", "cold", "fast"]);

/**
 * Whether the question asks "how" and an amount ("How long is Heat?",
 * "How old is Dune?"): a year or a date is never that amount, though
 * "long" and "years" share a concept (a release year is no running time,
 * a birth year no age).
 */
export function asksAmount(toks: readonly string[]): boolean {
  return toks.some((t, i) => t === "how" && QUANTITY.has(toks[i + 1] ?? "") && toks[i + 1] !== "many" && toks[i + 1] !== "much");
}

/** Whether the word at `i` follows "which"/"what"/... (articles skipped). */
function opensNounPhrase(toks: readonly string[], i: number): boolean {
  let j = i - 1;
  while (j >= 0 && DETERMINERS.has(toks[j]!)) j--;
  return j >= 0 && (toks[j] === "which" || toks[j] === "what" || toks[j] === "whose");
}

/**
 * "In which city does auth run?", "Which city does billing run in?": a
 * place asked for with "in" is asked for as "where" is (the city a thing
 * is in through what it runs on), of the kind named. Its position is the
 * "in"'s.
 */
function placeAskedIn(toks: readonly string[], kind: string | undefined): RelationWord | undefined {
  if (kind === undefined || ![kind, ...singulars(kind)].some((k) => PLACE_WORDS.has(k))) return undefined;
  const asking = (t: string | undefined): boolean => t === "which" || t === "what";
  const at = toks[0] === "in" && asking(toks[1]) ? 0 : asking(toks[0]) && toks.at(-1) === "in" ? toks.length - 1 : -1;
  return at < 0 ? undefined : { text: "where", position: at };
}

/** A noun after "which"/"what" ("which genus") or named before a relative clause ("find the team that"), opening the question. */
function headNoun(toks: readonly string[], words: readonly RelationWord[], nameStarts: ReadonlySet<number>): RelationWord | undefined {
  // A word followed by an article is a verb taking its object ("What contains a nut?"), not a noun.
  const next = (x: RelationWord): string => toks[x.position + 1] ?? "";
  // "Which languages created by Microsoft ...": a passive participle right after it describes the noun.
  const described = (x: RelationWord): boolean => toks[x.position + 2] === "by" && opensNounPhrase(toks, x.position);
  // "Which team owns billing?": after "which" the word is a noun whatever follows; "What contains a nut?" opens with a verb.
  // So does "Which orbit Neptune?": a word right before a name takes it as its object.
  const afterWhich = (x: RelationWord): boolean => toks[x.position - 1] === "which" && !nameStarts.has(x.position + 1);
  // "What side effects does aspirin have?": of two nouns before the clause, the second is the head, the first says which.
  const start = firstContent(toks);
  const compound = (x: RelationWord): boolean => x.position === start + 1 && words.some((y) => y.position === start) && !nameStarts.has(start) && !nameStarts.has(x.position) && AUXILIARIES.has(next(x));
  const w = words.find(compound) ?? words.find((x) => x.position === start && ((FILLER_WORDS.has(next(x)) && !DETERMINERS.has(next(x))) || described(x) || afterWhich(x)));
  if (!w) return undefined;
  if (opensNounPhrase(toks, w.position) || (compound(w) && opensNounPhrase(toks, start))) return w;
  return opensRelativeClause(toks, w.position) ? { ...w, clause: true } : undefined;
}

/**
 * Whether the word at `i` is a noun that a request names with an article
 * and then describes ("find the team that owns ...", "list the people
 * who ..."): the kind of answer asked for, not a relation.
 */
function opensRelativeClause(toks: readonly string[], i: number): boolean {
  const j = i - 1;
  return j >= 1 && DETERMINERS.has(toks[j]!) && HEAD_OPENERS.has(toks[j - 1]!) && (RELATIVE_PRONOUNS.has(toks[i + 1] ?? "") || PLACING.has(toks[i + 1] ?? ""));
}

const RELATIVE_PRONOUNS = new Set(["that", "who", "which", "whose"]);
// "find the teams in Engineering": a noun placed somewhere is the kind asked for, as before a relative clause.
const PLACING = new Set(["in", "at", "on", "within", "inside"]);

function firstWord(toks: readonly string[]): number {
  return toks.findIndex((t) => t !== "and" && t !== "but" && t !== "so");
}

function firstContent(toks: readonly string[]): number {
  return toks.findIndex((t) => !FILLER_WORDS.has(t));
}

export function isPolar(toks: readonly string[]): boolean {
  const first = toks[0] ?? "";
  if (POLAR_OPENERS.has(first)) return true;
  // "find out whether", "check if", "tell me if".
  const i = toks.findIndex((t) => t === "whether" || t === "if");
  return i >= 0 && toks.slice(0, i).every((t) => FILLER_WORDS.has(t));
}

/** Letters that stand alone only as the rest of a possessive or contraction, or as "I". */
const CLITICS: ReadonlySet<string> = new Set(["s", "t", "d", "m", "i"]);

/**
 * Greedy longest match from the left; a run of filler words alone never
 * names anything. A run written as a proper name (`proper`: which tokens
 * were capitalized) may be a shortened name ("Picasso").
 */
function findMentions(toks: readonly string[], vocab: Vocabulary, proper: readonly boolean[]): Mention[] {
  const out: Mention[] = [];
  for (let i = 0; i < toks.length; ) {
    let found: Mention | undefined;
    // One more than the longest name: "Nobel Prize in Physics" names nobel_prize_physics (linkedName).
    for (let n = Math.min(vocab.maxNameTokens + 1, toks.length - i); n >= 1 && !found; n--) {
      const run = toks.slice(i, i + n);
      // A lone digit is a number ("4 platforms"); a lone letter may be a name ("written in C"), but not what is left of
      // a possessive or a contraction ("Carol's", "isn't", "I'd") or the pronoun "I".
      if (run.every((t) => FILLER_WORDS.has(t) || CLITICS.has(t)) && !namesAClass(run, vocab)) continue;
      // A name may start with a word that is otherwise filler only as a whole ("The Long Road", "The Hague",
      // "I, Robot"), never by way of a plural.
      const fillerLed = FILLER_WORDS.has(run[0]!) && n > 1;
      for (const candidate of fillerLed ? [run.join(" ")] : variants(run)) {
        // "Which club ...": one word may stand for the one class whose name ends in it (football_club).
        const byHead = n === 1 ? vocab.classByHeadNoun(candidate) : undefined;
        const ids = byHead ? [byHead] : vocab.lookup(candidate);
        if (ids.length > 0) {
          found = { ids, start: i, end: i + n, text: run.join(" "), possessor: isPossessor(toks, i, i + n) };
          break;
        }
      }
      const shortened = !found && writtenAsName(toks, proper, i, i + n) ? vocab.shortenedName(run.join(" ")) : undefined;
      if (shortened) found = { ids: [shortened], start: i, end: i + n, text: run.join(" "), possessor: isPossessor(toks, i, i + n) };
      const linked = found ? [] : linkedName(toks, proper, i, i + n, vocab);
      if (linked.length > 0) found = { ids: linked, start: i, end: i + n, text: run.join(" "), possessor: isPossessor(toks, i, i + n) };
    }
    if (found) {
      out.push(found);
      i = found.end;
    } else i++;
  }
  return out;
}

/**
 * Whether a lone filler noun ("people", "person") names a class the graph
 * has: "Which people work for Acme?" then asks for its members, not for
 * whatever works for Acme.
 */
function namesAClass(run: readonly string[], vocab: Vocabulary): boolean {
  return run.length === 1 && CLASS_FILLERS.has(run[0]!) && namesClass(run, vocab);
}

/** Whether the words (the last one plural or not) are the name of a class of the graph. */
export function namesClass(run: readonly string[], vocab: Vocabulary): boolean {
  return run.length > 0 && variants(run).some((v) => vocab.lookup(v).some((id) => vocab.isClass(id)));
}

/** Filler words that are nouns of a class a graph may have. */
const CLASS_FILLERS: ReadonlySet<string> = new Set(["people", "person"]);

/**
 * Whether tokens [start, end) are written as a person's or a place's name:
 * capitalized where a sentence does not start, or name particles between
 * ("Vincent van Gogh", "da Vinci"). "Which watch ..." never stands for The
 * Night Watch, nor "Find ..." for anything.
 */
function writtenAsName(toks: readonly string[], proper: readonly boolean[], start: number, end: number): boolean {
  if (start === 0 || proper.length !== toks.length || !proper[end - 1]) return false;
  for (let i = start; i < end; i++) if (!proper[i] && !NAME_PARTICLES.has(toks[i]!)) return false;
  return !FILLER_WORDS.has(toks[end - 1]!);
}

/** Words joining the parts of a name as people say it, which its symbol may leave out ("Nobel Prize in Physics"). */
const NAME_LINKS: ReadonlySet<string> = new Set(["in", "of", "for"]);

/**
 * "the Nobel Prize in Physics" for nobel_prize_physics: a run of three
 * words or more written as a name but for one joining word inside it,
 * which names a symbol without that word, when the words before it name
 * nothing of their own. None otherwise.
 */
function linkedName(toks: readonly string[], proper: readonly boolean[], start: number, end: number, vocab: Vocabulary): readonly string[] {
  if (end - start < 3 || start === 0 || proper.length !== toks.length) return [];
  const links: number[] = [];
  for (let i = start + 1; i < end - 1; i++) if (NAME_LINKS.has(toks[i]!)) links.push(i);
  if (links.length !== 1) return [];
  const link = links[0]!;
  if (!toks.slice(start, end).every((t, k) => start + k === link || proper[start + k] || NAME_PARTICLES.has(t))) return [];
  // "Is Paris in Texas?" places one thing in another, though paris_texas is a symbol too.
  const before = toks.slice(start, link).join(" ");
  if (vocab.lookup(before).length > 0 || vocab.shortenedName(before) !== undefined) return [];
  return vocab.lookup([...toks.slice(start, link), ...toks.slice(link + 1, end)].join(" "));
}

/** Lower-case words inside names: "van Gogh", "da Vinci", "de la Tour". */
const NAME_PARTICLES: ReadonlySet<string> = new Set(["van", "von", "der", "den", "de", "da", "di", "del", "della", "la", "le", "du", "dos", "das"]);

/** "Kenya's" (the apostrophe leaves a lone "s") or "of (the) Kenya". */
function isPossessor(toks: readonly string[], start: number, end: number): boolean {
  if (toks[end] === "s") return true;
  let j = start - 1;
  while (j >= 0 && DETERMINERS.has(toks[j]!)) j--;
  return j >= 0 && toks[j] === "of";
}

/** The run as written, then with its last word singular. */
function variants(run: readonly string[]): string[] {
  const out = [run.join(" ")];
  for (const s of singulars(run[run.length - 1]!)) out.push([...run.slice(0, -1), s].join(" "));
  return out;
}

/** Words that open a noun phrase before its noun. */
const DETERMINERS: ReadonlySet<string> = new Set([...ARTICLES, ...UNIVERSALS]);

/**
 * The head noun: the first mention when only filler words come before it and
 * the word before it (articles skipped) opens a noun phrase ("which animals",
 * "what continent", "list all moons"), or an article directly precedes it
 * ("find the moons that ..."). "Who is Carol's boss" has none: "is" opens no
 * noun phrase.
 */
function isChoice(toks: readonly string[]): boolean {
  return (toks[0] === "which" || toks[0] === "what") && (toks[1] === "of" || (toks[1] === "one" && toks[2] === "of"));
}

function leadMention(toks: readonly string[], mentions: readonly Mention[]): Mention | undefined {
  const m = mentions[0];
  const before = m ? toks.slice(0, m.start) : [];
  return m && before.every((t) => FILLER_WORDS.has(t) && !ASKING_WORDS.has(t) && !POLAR_OPENERS.has(t)) ? m : undefined;
}

/** Words that ask about something rather than for it ("where do dogs live": dogs are not the answer). */
const ASKING_WORDS: ReadonlySet<string> = new Set([...QUESTION_WORDS, "if", "whether", "than"]);

/**
 * "Which Italian recipes ...", "which Saturn moons ...": a thing named right
 * before a class is no head of its own but says which of the class's
 * members are asked for (those tied to it), as "which recipes are Italian"
 * does. The class is the head then; the thing stays among the mentions.
 */
function modifiedClass(head: Mention | undefined, mentions: readonly Mention[], vocab: Vocabulary): Mention | undefined {
  const next = head && mentions[mentions.indexOf(head) + 1];
  const isClass = (m: Mention) => m.ids.some((id) => vocab.isClass(id));
  return next && next.start === head.end && isClass(next) && !isClass(head) ? next : head;
}

function headMention(toks: readonly string[], mentions: readonly Mention[]): Mention | undefined {
  const m = mentions[0];
  if (!m || !toks.slice(0, m.start).every((t) => FILLER_WORDS.has(t))) return undefined;
  let i = m.start - 1;
  while (i >= 0 && (DETERMINERS.has(toks[i]!) || QUANTIFIERS.has(toks[i]!))) i--;
  const articles = m.start - 1 - i;
  // "which of the metro lines", "which one of the moons": the noun after "of" is what is asked for (not an owner: "which of Ana's children").
  if (toks[i] === "of" && toks[m.end] !== "s") {
    const before = toks[i - 1] === "one" || toks[i - 1] === "ones" ? i - 2 : i - 1;
    if (before >= 0 && HEAD_OPENERS.has(toks[before]!)) return m;
  }
  // "What is the film by ...", "which are the moons that ...": a copula between the opener and the noun's article,
  // when no other noun follows it ("what is the spice level of ..." asks for a level).
  const opener = articles > 0 && COPULAS.has(toks[i] ?? "") && (m.end >= toks.length || FILLER_WORDS.has(toks[m.end]!)) ? i - 1 : i;
  // "find the moons", "which animals", "list all moons", or the text opening with "the moons ..." or "any moons ...".
  return (opener >= 0 && HEAD_OPENERS.has(toks[opener]!)) || (i < 0 && articles > 0) ? m : undefined;
}
