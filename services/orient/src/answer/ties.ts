import { predicateTokens } from "@boyd/graph";
import { chainWithin, edgesWithClosure, kindPredicate, type Edge, type FactStep, type FactView } from "./facts.js";
import { ARTICLES, AUXILIARIES, COPULAS, sameWord } from "./lexicon.js";
import { namesSomePredicate, type Mention, type RelationWord } from "./question.js";
import { anchorOf, type Partial, type Reading } from "./reading.js";
import { expectedDirection, particleMisfits, WORD_MATCH_THRESHOLD, wordScore } from "./relation-match.js";
import type { Vocabulary } from "./vocabulary.js";

// How an answer is tied to the other things its question names ("Which
// services that depend on auth are written in Go?": read from Go, each
// answer must also depend on auth): by which fact, which way, and which
// words of the question that fact takes.

/** Prepositions between a verb and the thing it ties the answer to ("depend on auth", "written in Go"). */
const TIE_PREPOSITIONS: ReadonlySet<string> = new Set(["on", "in", "by", "to", "from", "at", "with", "for", "into", "through", "across", "onto"]);

/** Words that open a clause describing the noun before them. */
const RELATIVE_PRONOUNS: ReadonlySet<string> = new Set(["that", "which", "who", "whom"]);

/** Words before a thing named that say which way a journey goes with respect to it ("from Heathrow", "to Munich"). */
const DIRECTIONS: ReadonlyMap<string, "from" | "to"> = new Map([
  ["from", "from"],
  ["to", "to"],
  ["into", "to"],
  ["towards", "to"],
]);

/**
 * Facts tying an answer's path to each other thing the question names, or
 * undefined when one is not tied.
 */
export async function tiesToOthers(p: Partial, reading: Reading, view: FactView, vocab: Vocabulary, how: TieRules): Promise<FactStep[] | undefined> {
  const { placing, ownerAnchor, spent } = how;
  const { others, toks } = reading;
  const members = reading.members !== undefined;
  // "that travel to Spain": never by `travels_through`.
  const misfits = particleMisfits(reading.words, toks, vocab.predicates.keys());
  const names = (w: RelationWord, predicate: string) => !misfits.get(w.position)?.has(predicate) && wordScore(w.text, predicate) >= WORD_MATCH_THRESHOLD;
  // The word right before a thing named ("worsen asthma"): the fact tying the answer to it is one it names.
  const tied = namingTies(reading, vocab);
  const steps: FactStep[] = [];
  // For a class standing for its members, the member is what the other names describe ("a station in Sussex").
  // An owner is not what they describe: in "Which of Ana's children live in Porto?" Porto is where a child lives, not Ana.
  const anchorEdges = members && !ownerAnchor ? await view.edges(p.hops[0]!.other) : [];
  for (const m of others) {
    // Through another thing named, the words of the facts on either side of it were read about it, not about the answers:
    // "What does Flask depend on that is written in Python?" is no question about what Flask is written in.
    if (p.hops.some((h) => m.ids.includes(h.other))) return undefined;
    // "What kind of animal is a lion?": the lion is of the kind answered, by its own kind fact; `lion eats zebra` is no tie.
    if (isOfTheAnswer(m, toks)) {
      const kind = (await edgesWithClosure(view, p.node)).find((e) => e.direction === "in" && m.ids.includes(e.other) && kindPredicate(e.predicate));
      if (!kind) return undefined;
      steps.push(kind.step);
      continue;
    }
    // "the flight from Heathrow" is tied to Heathrow by a fact saying from, never by `arrives_at` (or an airline's `hub`).
    const way = directionBefore(toks, m);
    // "Which drugs that treat headache worsen asthma?": a drug that treats asthma is not one that worsens it.
    // "completed cs201 and math201": math201 is tied as cs201 is, by a fact "completed" names.
    const verb = tied.get(m) ?? sharedWord(m, reading, vocab);
    // With no word of its own, never a relation a word of the path names and says once: in "Which packages does api depend
    // on that are written in Rust?", read from Rust, "depend" is the path's, and api's own dependency is no answer.
    const fits = (predicate: string): boolean => (way === undefined || directionOf(predicate) === way) && (verb ? names(verb, predicate) : !spentOn(predicate, spent, reading));
    // ... and goes the way the word says: "papers that cite Viterbi67" are the subjects of their facts to it, never the objects.
    const fitsEdge = (e: Edge): boolean => fits(e.predicate) && (!verb || facesWord(e, m, verb, toks));
    // "the genus Panthera": the named thing itself is tied to the other name.
    // Named in a clause on the class ("a condition that aspirin treats"): tied to the member by the clause's verb, or to nothing.
    const clause = clauseOnClass(m, reading, names);
    // "Which engineers in Berlin report to a manager?": Berlin describes the engineers, not the manager.
    const ofAnswer = reading.afterHead !== undefined && namedRightAfter(m, reading.toks, reading.afterHead);
    const own = ofAnswer ? undefined : anchorEdges.find((e) => m.ids.includes(e.other) && fitsEdge(e) && (!clause || clause(e)));
    if (own) {
      steps.push(own.step);
      continue;
    }
    // "a manager in Lisbon" describes the manager: an answer that is in Lisbon itself is not tied by it.
    // So do owners of the class: "Kim's packages", "the packages of Kim" are the packages Kim has, not what they depend on.
    if (clause || (members && !ownerAnchor && (namedRightAfter(m, reading.toks, reading.anchor.end) || ownsTheClass(m, reading)))) return undefined;
    // A class named along the way ("the service Wei owns"): some symbol of the path is one.
    const typed = await firstTyped(p, m, reading, view);
    if (typed) {
      steps.push(...typed);
      continue;
    }
    const link = (await edgesWithClosure(view, p.node)).find((e) => m.ids.includes(e.other) && fitsEdge(e));
    // Else within it: "members of Queen born in England" through born_in Hampton, Hampton located_in England.
    const chain = link ? [link.step] : await chainWithin(view, p.node, m.ids, (predicate) => placing(predicate) && fits(predicate));
    if (!chain) return undefined;
    steps.push(...chain);
  }
  return steps;
}

/**
 * Whether `m` ends the question right after its main verb, a copula ("...
 * is a lion?"): it says what the answer is of it, its kind. In a clause
 * ("a novel that is science fiction") it describes the clause's noun.
 */
function isOfTheAnswer(m: Mention, toks: readonly string[]): boolean {
  const before = ARTICLES.has(toks[m.start - 1] ?? "") ? m.start - 2 : m.start - 1;
  return m.end === toks.length && COPULAS.has(toks[before] ?? "") && !RELATIVE_PRONOUNS.has(toks[before - 1] ?? "");
}

/** How tiesToOthers may tie the answers. */
export interface TieRules {
  /** Whether a fact may start a chain of containment to another thing named (it places its subject, or a word names it). */
  readonly placing: (predicate: string) => boolean;
  /** The path starts from an owner ("Ana's children"), whom the other names do not describe. */
  readonly ownerAnchor: boolean;
  /** The words the path's facts took. */
  readonly spent: readonly RelationWord[];
}

/** Whether a word the path took names `predicate`, the question saying it once. */
function spentOn(predicate: string, spent: readonly RelationWord[], reading: Reading): boolean {
  return spent.some((w) => wordScore(w.text, predicate) >= WORD_MATCH_THRESHOLD && reading.words.filter((v) => sameWord(v.text, w.text)).length < 2);
}

/**
 * Whether `m` is named right after the noun ending at `end`, only a
 * preposition and articles between ("a manager in Lisbon", "a moon of
 * Saturn"): it describes what that noun names.
 */
function namedRightAfter(m: Mention, toks: readonly string[], end: number): boolean {
  const between = toks.slice(end, m.start);
  return between.length > 0 && between.length <= 3 && TIE_PREPOSITIONS.has(between[0]!) && between.slice(1).every((t) => ARTICLES.has(t));
}

/** Whether `m` is named as the owner of the class the reading starts from: "Kim's packages", "the packages of Kim". */
function ownsTheClass(m: Mention, reading: Reading): boolean {
  const { toks, anchor } = reading;
  if (!m.possessor) return false;
  if (m.end <= anchor.start) return toks.slice(m.end, anchor.start).every((t) => t === "s");
  const between = toks.slice(anchor.end, m.start);
  return between[0] === "of" && between.slice(1).every((t) => ARTICLES.has(t));
}

/**
 * The positions of words that tie the answer to another thing named, right
 * before it (a preposition and articles between aside): in "Which services
 * that depend on auth are written in Go?", read from Go, "depend" is the
 * fact to auth (tiesToOthers), never a fact of the path. Taken there
 * too, it read `?y1 written_in go, ?y1 depends_on ?x`: services that
 * something written in Go depends on.
 */
export function tiedToOthers(reading: Reading): ReadonlyMap<Mention, RelationWord> {
  const known = tiedBy.get(reading);
  if (known) return known;
  const tied = new Map<Mention, RelationWord>();
  const { toks } = reading;
  for (const m of reading.others) {
    // "acted in a film directed by ...": a class named is passed on the way (tiesToOthers), by a fact its word names.
    if (!reading.things.has(m)) continue;
    let at = m.start - 1;
    while (at >= 0 && ARTICLES.has(toks[at]!)) at--;
    if (TIE_PREPOSITIONS.has(toks[at] ?? "")) at--;
    const word = reading.words.find((w) => w.position === at);
    if (word) tied.set(m, word);
  }
  tiedBy.set(reading, tied);
  return tied;
}

/** Words before a thing named that say only which one ("both", articles). */
const LEAD_INS: ReadonlySet<string> = new Set([...ARTICLES, "both"]);

/**
 * The thing named that `m` is listed after ("cs201 and math201";
 * "cs201, cs101 and math101": commas are not tokens, so two things named
 * side by side are a list too), among `mentions`, or undefined.
 */
export function listedAfter(m: Mention, mentions: readonly Mention[], toks: readonly string[], things: ReadonlySet<Mention>): Mention | undefined {
  let at = leadIn(toks, m.start);
  // "in Heat and in Ronin": the preposition said again, the same.
  const preposition = TIE_PREPOSITIONS.has(toks[at] ?? "") && toks[at - 1] === "and" ? toks[at--] : undefined;
  const joined = toks[at] === "and";
  const end = joined ? at : at + 1;
  const before = mentions.find((o) => o.end === end && o !== m);
  if (!before || (preposition && toks[leadIn(toks, before.start)] !== preposition)) return undefined;
  return joined || (things.has(before) && things.has(m)) ? before : undefined;
}

/** The position of the last word before `start` that is no article or "both". */
function leadIn(toks: readonly string[], start: number): number {
  let at = start - 1;
  while (at >= 0 && LEAD_INS.has(toks[at]!)) at--;
  return at;
}

/**
 * The word a list of things named shares, when `m` is in one: the word
 * tying its first ("Which students completed cs201 and math201?": one
 * only enrolled in math201 has not completed it), else the word right
 * after its last ("Which courses did Ana and Ben complete?"), when it
 * names some relation of the graph. The path from the anchor keeps it too.
 */
function sharedWord(m: Mention, reading: Reading, vocab: Vocabulary): RelationWord | undefined {
  const { toks, things } = reading;
  const mentions = [reading.anchor, ...reading.others];
  const after = (o: Mention) => listedAfter(o, mentions, toks, things);
  let first = m;
  for (let before = after(m); before && before !== m; before = after(before)) first = before;
  let last = m;
  for (let next = mentions.find((o) => after(o) === m); next && next !== first; next = mentions.find((o) => after(o) === next)) last = next;
  if (first === last) return undefined;
  let at = leadIn(toks, first.start);
  if (TIE_PREPOSITIONS.has(toks[at] ?? "")) at--;
  // "the Rhine and the Elbe both flow through": the word after the list, past a "both".
  const next = LEAD_INS.has(toks[last.end] ?? "") ? last.end + 1 : last.end;
  const word = reading.words.find((w) => w.position === at) ?? reading.words.find((w) => w.position === next);
  return word && namesSomePredicate(word.text, vocab) ? word : undefined;
}

/**
 * The positions of the words tiedToOthers found, with any word between
 * each and its thing ("through" in "travel through Morocco", when
 * `travels_through` makes it a word too): none of them names a fact of
 * the path.
 */
export function tiedPositions(reading: Reading): ReadonlySet<number> {
  const out = new Set<number>();
  for (const [m, w] of tiedToOthers(reading)) for (let i = w.position; i < m.start; i++) out.add(i);
  return out;
}

/**
 * The words tied to other things named (tiedToOthers) that name some
 * relation of the graph: the fact tying the answer is then one they name.
 * One that names none ("the rice used in paella" over `made_with`) says
 * nothing of which fact it is.
 */
function namingTies(reading: Reading, vocab: Vocabulary): ReadonlyMap<Mention, RelationWord> {
  let naming = namingBy.get(reading);
  if (!naming) namingBy.set(reading, (naming = new Map([...tiedToOthers(reading)].filter(([, w]) => namesSomePredicate(w.text, vocab)))));
  return naming;
}

// What tiedToOthers and namingTies found, by reading: judge and answerOf ask again for every path and answer of one reading.
const tiedBy = new WeakMap<Reading, ReadonlyMap<Mention, RelationWord>>();
const namingBy = new WeakMap<Reading, ReadonlyMap<Mention, RelationWord>>();

/**
 * For `m` named in a clause on the class whose members the reading starts
 * from ("Which drugs treat a condition that aspirin treats?"), the facts
 * that tie it to the member: those the clause's verb names (the word after
 * it; else the one before it, right before it or with a preposition
 * between: "that cites Shannon48", "that is treated by aspirin"), the way
 * the verb says; any when the clause has none. It describes the member, so
 * a fact to the answer ("aspirin interacts_with warfarin") does not tie it,
 * nor one the verb does not name ("aspirin worsens asthma"), nor one the
 * other way round (a paper Shannon48 cites is no paper that cites it).
 * Undefined when `m` is not so named.
 */
function clauseOnClass(m: Mention, reading: Reading, names: (w: RelationWord, predicate: string) => boolean): ((e: Edge) => boolean) | undefined {
  const { toks, words } = reading;
  if (reading.members !== "class" || !RELATIVE_PRONOUNS.has(toks[reading.anchor.end] ?? "")) return undefined;
  let at = reading.anchor.end + 1;
  while (ARTICLES.has(toks[at] ?? "") || AUXILIARIES.has(toks[at] ?? "")) at++;
  const after = words.find((w) => w.position === m.end);
  const before = words.find((w) => w.position >= at && w.position < m.start - 1 && TIE_PREPOSITIONS.has(toks[m.start - 1] ?? ""));
  const direct = words.find((w) => w.position === at && leadIn(toks, m.start) === at);
  if (m.start !== at && !before && !direct) return undefined;
  const verb = after ?? before ?? direct;
  return (e) => !verb || (names(verb, e.predicate) && facesWord(e, m, verb, toks));
}

/**
 * Whether a fact of a symbol tying it to the thing `m` names goes the way
 * `word` says it does from `m` ("cites Viterbi67": Viterbi67 is the
 * object); true when the words do not say.
 */
function facesWord(e: Edge, m: Mention, word: RelationWord, toks: readonly string[]): boolean {
  const fromNamed = expectedDirection(e.predicate, m, word, false, false, toks);
  return fromNamed === undefined || e.direction !== fromNamed;
}

/** Whether `m` names the anchor's class beside it: right before it ("the planet Jupiter") or right after it ("Jupiter, the planet"). */
function besideAnchor(m: Mention, reading: Reading): boolean {
  const { toks, anchor } = reading;
  const between = (from: number, to: number): boolean => toks.slice(from, to).every((t) => ARTICLES.has(t) || t === ",");
  return (m.end <= anchor.start && between(m.end, anchor.start)) || (anchor.end <= m.start && between(anchor.end, m.start));
}

/** "from" or "to" right before the mention (an article between aside), or undefined. */
function directionBefore(toks: readonly string[], m: Mention): "from" | "to" | undefined {
  const i = ARTICLES.has(toks[m.start - 1] ?? "") ? m.start - 2 : m.start - 1;
  return DIRECTIONS.get(toks[i] ?? "");
}

/** Which way a predicate's own last word says its object lies: `departs_from` from, `arrives_at` or `flies_to` to. */
function directionOf(predicate: string): "from" | "to" | undefined {
  const last = predicateTokens(predicate).at(-1);
  return last === "from" ? "from" : last === "to" || last === "at" || last === "into" ? "to" : undefined;
}

/**
 * The is-a facts making a symbol of the path one of the class `m` names.
 * The path's start counts only when the class is named beside it ("the
 * planet Jupiter"): in "Who owns the services that billing depends on?"
 * the services are what billing depends on, and billing being a service
 * made the owner of its database an answer.
 */
async function firstTyped(p: Partial, m: Mention, reading: Reading, view: FactView): Promise<FactStep[] | undefined> {
  const nodes = p.hops.map((h) => h.other);
  if (besideAnchor(m, reading)) nodes.unshift(anchorOf(p));
  for (const node of nodes) for (const id of m.ids) {
    const steps = await view.isA(node, id);
    if (steps && steps.length > 0) return steps;
  }
  return undefined;
}
