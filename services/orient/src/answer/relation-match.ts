import { similarity, TextEncoder } from "@boyd/vsa";
import { IS_A } from "./facts.js";
import { agentVerbs, CONVERSE_NOUNS, CONVERSE_VERBS, COPULAS, participle, PARTICIPLE_IN_VERBS, pastForm, patientVerbs, RELATION_SYNONYMS, TURNED_BY_IN, verbOf, verbStem } from "./lexicon.js";
import { canonicalPredicate, predicateTokens } from "@boyd/graph";
import type { Mention, RelationWord } from "./question.js";

/** Below this a word does not name a predicate. */
export const WORD_MATCH_THRESHOLD = 0.5;

// Words of a predicate name that say nothing of the relation ("has_", "_of", "_in").
const GENERIC = new Set(["has", "have", "is", "are", "of", "in", "to", "by", "on", "at", "a", "an", "the", "from", "with", "for", "as"]);

const encoder = new TextEncoder({ synonyms: RELATION_SYNONYMS, replaceDefaultSynonyms: true });
const cache = new Map<string, number>();

/** The words a predicate's name is made of, minus the generic ones (`official_language` -> official, language). */
export function predicateWords(predicate: string): readonly string[] {
  const c = canonicalPredicate(predicate);
  if (IS_A.has(c)) return ["kind"];
  const all = predicateTokens(predicate).map((w) => ABBREVIATIONS.get(w) ?? w);
  const specific = all.filter((w) => !GENERIC.has(w) && !/^\d+$/.test(w));
  return specific.length > 0 ? specific : all;
}

/**
 * Words predicate names shorten (`avg_jan_temp_c`), as said in full: a
 * question asks for "the average January temperature". Only shortenings
 * with one reading ("min" is minimum or minutes: left as it is).
 */
const ABBREVIATIONS: ReadonlyMap<string, string> = new Map([
  ["avg", "average"], ["temp", "temperature"], ["num", "number"], ["qty", "quantity"], ["pop", "population"], ["dept", "department"],
  ["mgr", "manager"], ["emp", "employee"], ["yr", "year"], ["yrs", "years"], ["amt", "amount"], ["pct", "percent"], ["hq", "headquarters"],
  ["dist", "distance"], ["elev", "elevation"], ["alt", "altitude"], ["lang", "language"], ["govt", "government"], ["univ", "university"],
  ["mfr", "manufacturer"], ["cnt", "count"], ["desc", "description"], ["addr", "address"],
  ["jan", "january"], ["feb", "february"], ["apr", "april"], ["jun", "june"], ["jul", "july"], ["aug", "august"], ["sep", "september"],
  ["sept", "september"], ["oct", "october"], ["nov", "november"],
]);

/**
 * How well a question word names a predicate, 0..1: 1 for the same stem
 * (irregular forms taken as their verb: "taught" is `teaches`),
 * 0.85 for a shared relation concept ("boss" and `reports_to`), else the
 * hypervector similarity of the word and the predicate's words, rescaled
 * so that unrelated text (similarity 0.5) scores 0.
 */
export function wordScore(word: string, predicate: string): number {
  const key = `${word}\u0000${predicate}`;
  let score = cache.get(key);
  if (score !== undefined) return score;
  const words = predicateWords(predicate);
  const s = verbStem(word);
  if (words.some((w) => verbStem(w) === s)) score = 1;
  // "leader" names `led_by`: the noun for whoever does the verb; and "directed" names `director`, the other way round.
  else if (doesVerbOf(word, predicate) || words.some((w) => agentVerbs(w).some((v) => verbStem(v) === s))) score = 0.85;
  else {
    const concepts = new Set(conceptsOf(word));
    if (words.some((w) => conceptsOf(w).some((c) => concepts.has(c)))) score = 0.85;
    else score = Math.max(0, (similarity(encoder.encode(word), encoder.encode(words.join(" "))) - 0.5) * 2);
  }
  if (cache.size > 50_000) cache.clear();
  cache.set(key, score);
  return score;
}

/**
 * Words whose stem is another word's ("founded" and "found", the past of
 * "find"): their concepts are only the ones that list them, so "live",
 * which "found" shares a concept with ("found in Mexico"), never names
 * `founded` ("How many people live in Lima?" answered its founding year).
 */
const STEM_HOMONYMS: ReadonlySet<string> = new Set(["founded", "founding", "founds"]);

function conceptsOf(word: string): readonly string[] {
  if (!STEM_HOMONYMS.has(word)) return encoder.conceptsOf(word);
  return Object.entries(RELATION_SYNONYMS).flatMap(([concept, words]) => (words.includes(word) ? [concept] : []));
}

/** Whether `noun` names whoever does the verb of `predicate` ("owner" and `owns`, "leader" and `led_by`). */
export function doesVerbOf(noun: string, predicate: string): boolean {
  const verbs = agentVerbs(noun).map((v) => verbStem(v));
  return verbs.length > 0 && predicateWords(predicate).some((w) => verbs.includes(verbStem(w)));
}

/** Whether the verb `word` says `predicate` backwards ("manages" and `reports_to`: Bob manages Carol when Carol reports to Bob). */
export function saysBackwards(word: string, predicate: string): boolean {
  return acrossPair(CONVERSE_VERBS, word, predicate, (w) => verbStem(w)) || activeOfParticiple(word, predicate);
}

const PLACED_BY_OBJECT = new Set(PARTICIPLE_IN_VERBS.map((v) => verbStem(v)));

/**
 * Whether `word` is the active voice of a predicate made of a participle
 * and "in" or "at" (`used_in`, `contained_in`, `spoken_in`): "Does the
 * drone use a chip?" is `chip used_in drone`. The participle itself
 * ("Is the chip used in it?", "parts used in it") says it as stored.
 */
function activeOfParticiple(word: string, predicate: string): boolean {
  const t = predicateTokens(predicate);
  // `spoke_at` is the simple past, active: "Did Fei speak at X?" is `fei spoke_at x`.
  if (t.length !== 2 || (t[1] !== "in" && t[1] !== "at") || word === t[0] || !participle(t[0]!)) return false;
  const verb = verbStem(t[0]!);
  return PLACED_BY_OBJECT.has(verb) && verbStem(word) === verb;
}

/**
 * "Who starred in Heat?" over `heat starring al_pacino`: a verb of
 * TURNED_BY_IN with "in" after it says a predicate that is the verb alone
 * backwards (`starred_in` says it as the question does).
 */
export function turnedByIn(word: RelationWord, toks: readonly string[] | undefined, predicate: string): boolean {
  const t = predicateTokens(predicate);
  const verb = verbStem(word.text);
  return toks?.[word.position + 1] === "in" && TURNED_BY_IN.has(verb) && t.length === 1 && verbStem(t[0]!) === verb;
}

/** Whether the noun `word` names the other end of `predicate`'s relation ("children" and `parent_of`). */
export function namesOtherEnd(word: string, predicate: string): boolean {
  return acrossPair(CONVERSE_NOUNS, word, predicate, (w) => w);
}

/** Whether one side of a pair has `word` and the other a word of `predicate`, every word compared as `norm` makes it. */
function acrossPair(pairs: readonly (readonly [readonly string[], readonly string[]])[], word: string, predicate: string, norm: (w: string) => string): boolean {
  const said = norm(word);
  const own = new Set(predicateWords(predicate).map(norm));
  const has = (side: readonly string[], fits: (w: string) => boolean): boolean => side.some((w) => fits(norm(w)));
  const across = (from: readonly string[], to: readonly string[]): boolean => has(from, (w) => w === said) && has(to, (w) => own.has(w));
  return pairs.some(([a, b]) => across(a, b) || across(b, a));
}

/** Share of a predicate's words that some question word names. */
export function predicateFit(p: string, words: readonly { readonly text: string }[]): number {
  const own = predicateWords(p);
  return own.filter((x) => words.some((w) => wordScore(w.text, x) >= WORD_MATCH_THRESHOLD)).length / own.length;
}

const bestByVocabulary = new WeakMap<object, Map<string, number>>();

/**
 * How well a word names a predicate among the predicates a graph has: the
 * word's score when no other predicate of the graph scores higher, else 0.
 * "headquartered" then means `headquartered_in` where the graph has it, and
 * never the merely related `located_in`; a word no predicate shares a stem
 * with ("boss") still reaches `reports_to` through its concept.
 */
export function relationScore(predicates: ReadonlyMap<string, number>, word: string, predicate: string): number {
  const s = wordScore(word, predicate);
  return s >= topScore(predicates, word) ? s : 0;
}

/**
 * How well a word names a predicate on a path: its score, except that a
 * word naming a predicate of the graph by its own stem ("reports" and
 * `reports_to`) no longer reaches others through a concept (`leads`).
 * Looser than relationScore: two concept matches both stand.
 */
export function pathScore(predicates: ReadonlyMap<string, number>, word: string, predicate: string): number {
  const s = wordScore(word, predicate);
  return s < 1 && topScore(predicates, word) === 1 ? 0 : s;
}

/**
 * A verb of getting ("How many championships did the Celtics win?") that
 * names no fact of the graph: it says no more than "have" does, so it asks
 * nothing of the answer. One that names a fact (`championships_won` beside
 * `championships_lost`) takes it as any word does.
 */
export function idleGetting(word: RelationWord, predicates: ReadonlyMap<string, number>): boolean {
  return GETTING.has(word.text) && topScore(predicates, word.text) < WORD_MATCH_THRESHOLD;
}

const GETTING: ReadonlySet<string> = new Set(["win", "wins", "won", "winning", "earn", "earns", "earned", "receive", "receives", "received", "collect", "collects", "collected", "score", "scores", "scored"]);

/** The best score a word has for any predicate of the graph. */
function topScore(predicates: ReadonlyMap<string, number>, word: string): number {
  let best = bestByVocabulary.get(predicates);
  if (!best) bestByVocabulary.set(predicates, (best = new Map()));
  let top = best.get(word);
  if (top === undefined) {
    top = 0;
    for (const p of predicates.keys()) top = Math.max(top, wordScore(word, p));
    best.set(word, top);
  }
  return top;
}

/**
 * Whether a predicate reads like a verb ("orbits", "reports_to", "lives_in",
 * "maintained_by"): then the question's word order says which end is the
 * subject. Noun predicates ("capital", "has_capital", "capital_of",
 * "population_millions") can be asked either way round.
 */
export function verbLike(predicate: string): boolean {
  const t = predicateTokens(predicate);
  const last = t[t.length - 1] ?? "";
  const first = t[0] ?? "";
  if (IS_A.has(canonicalPredicate(predicate))) return true;
  if (last === "of" || first === "has" || first === "have") return false;
  if (["to", "in", "by", "on", "at", "from", "with", "into", "for"].includes(last) && t.length > 1) return true;
  // `influenced`, `acquired`, `wrote`: a verb in the past is active, its subject the one who did it.
  if (t.length === 1 && pastForm(first)) return true;
  // `orbits`, `owns`: a verb's third person; never a noun ending so (`status`, `genus`, `basis`, `class`).
  return t.length === 1 && first.length > 3 && /[^siu]s$/.test(first);
}

/** Whether a verb predicate is passive ("maintained_by", "written_by"): its subject is what the active verb acts on. */
export function passive(predicate: string): boolean {
  const t = predicateTokens(predicate);
  // "taught_by", "built_by": an irregular past form is a participle too; so is "run" in `run_by`.
  // The participle is the word before "by" (`first_climbed_by`).
  const participle = t.at(-2) ?? "";
  return t.length > 1 && t.at(-1) === "by" && (/(?:ed|en|wn)$/.test(participle) || verbOf(participle) !== participle || SAME_PARTICIPLES.has(participle));
}

/** Verbs whose participle is the verb itself ("was run by", "was set by"). */
const SAME_PARTICIPLES: ReadonlySet<string> = new Set(["run", "put", "set", "cut", "hit", "read", "let", "hurt", "cost", "shut", "spread", "beat", "cast", "broadcast", "split", "come", "become", "overcome"]);

/**
 * Which way a predicate points from X to the answer of "X's N" or "the N
 * of X" when N names whoever does a verb: the doer of the predicate's own
 * verb (`owns`, `led_by`), or of its converse (a boss and `reports_to`);
 * or what the verb is done to (a dependency and `depends_on`: X does it).
 */
export function doerDirection(noun: string, predicate: string): "out" | "in" | undefined {
  const verbs = agentVerbs(noun);
  const doesIt = doesVerbOf(noun, predicate);
  if (doesIt || verbs.some((v) => saysBackwards(v, predicate))) return doesIt !== passive(predicate) ? "in" : "out";
  const doneTo = patientVerbs(noun).map((v) => verbStem(v));
  if (predicateWords(predicate).some((w) => doneTo.includes(verbStem(w)))) return passive(predicate) ? "in" : "out";
  return undefined;
}

/** Words before a relation word that make it a noun ("a prerequisite", "the prey", "its habitat"). */
const NOUN_MARKERS: ReadonlySet<string> = new Set(["a", "an", "the", "its", "their", "his", "her", "my", "our", "your", "s"]);

/**
 * Whether a question word stands as a verb ("What does jinja depend on?",
 * "Which animals prey on zebras?"), not a noun: nothing nests it ("the
 * prey of", "Kenya's capital"), no article or possessive stands before it,
 * and "of" does not follow it.
 */
export function standsAsVerb(toks: readonly string[], word: RelationWord, nested: boolean): boolean {
  // "What do people officially speak in Iceland?": the verb has a subject of its own, so the thing named is neither its subject nor its object.
  const ownSubject = [1, 2].some((k) => GENERIC_SUBJECTS.has(toks[word.position - k] ?? ""));
  return !nested && !ownSubject && !NOUN_MARKERS.has(toks[word.position - 1] ?? "") && toks[word.position + 1] !== "of";
}

/** Subjects a verb may have that name nothing ("people speak", "do you pay"). */
const GENERIC_SUBJECTS: ReadonlySet<string> = new Set(["people", "they", "you", "we", "one", "someone", "anyone", "folks", "locals", "residents"]);

/** Last words of a predicate that make it a verb phrase (`licensed_under`), not a noun. */
const TRAILING_PREPOSITIONS: ReadonlySet<string> = new Set(["under", "over", "through", "across", "about", "against", "after", "before", "between", "within", "without", "via", "per", "like", "as", "up", "out", "off", "onto", "upon", "around"]);

/**
 * Where a noun predicate's owner is: first in `dependency`, `prey` and
 * `has_prey` ("X N Y": Y is X's N), last in `dependency_of` ("X N_of Y":
 * X is Y's N). Undefined for a verb-like predicate, and for one with a
 * participle (`composed_of`, `licensed_under`), which is a verb.
 */
export function nounOwner(predicate: string): "first" | "last" | undefined {
  const t = predicateTokens(predicate);
  if (verbLike(predicate) || TRAILING_PREPOSITIONS.has(t.at(-1) ?? "")) return undefined;
  const nouns = t.filter((w) => !GENERIC.has(w));
  if (nouns.length === 0 || nouns.some((w) => (w.length > 4 && w.endsWith("ed")) || verbOf(w) !== w)) return undefined;
  return t.at(-1) === "of" ? "last" : "first";
}

/** Nouns for whoever holds a place by doing the verb ("a member joins", "a student attends"): like a doer, the N does the verb. */
const HOLDER_NOUNS: ReadonlySet<string> = new Set(["member", "members", "part", "parts", "citizen", "citizens", "resident", "residents", "inhabitant", "inhabitants", "student", "students", "employee", "employees", "staff", "native", "natives", "fan", "fans", "alumnus", "alumni", "graduate", "graduates", "participant", "participants", "attendee", "attendees", "customer", "customers", "client", "clients"]);

/**
 * A noun predicate named by a verb ("depends", "eats", "manages", "joined"):
 * whether the verb's subject is the fact's subject. The owner does the
 * verb to its N (flask depends on its dependency, the owl eats its prey)
 * unless the N does it (a manager manages, a member joins); a passive
 * verb ("is required for") turns it round. Undefined for predicates that
 * are no noun (see nounOwner).
 */
export function verbSubjectFirst(verb: RelationWord, predicate: string, toks: readonly string[]): boolean | undefined {
  const owner = nounOwner(predicate);
  if (!owner) return undefined;
  const v = verbStem(verb.text);
  const nounActs = predicateWords(predicate).some((w) => HOLDER_NOUNS.has(w) || agentVerbs(w).some((a) => verbStem(a) === v));
  // "Which courses are required for compilers?", "Is the mouse eaten by the owl?": a passive verb turns the roles round.
  const participle = verb.text.endsWith("ed") || verbOf(verb.text) !== verb.text;
  // "is depended on by": a particle may stand between the participle and its "by".
  const byFollows = toks[verb.position + 1] === "by" || toks[verb.position + 2] === "by";
  const passiveVoice = verb.passive === true || (participle && (COPULAS.has(toks[verb.position - 1] ?? "") || byFollows));
  return (owner === "first") !== nounActs !== passiveVoice !== turnedByIn(verb, toks, predicate);
}

/**
 * Which way the first fact must point, when the words say: a verb keeps
 * the question's word order (the named thing before the verb is its
 * subject; a passive `_by` predicate turns it round); "the capital of
 * Kenya" / "Kenya's capital" asks for `?x capital_of kenya` or
 * `kenya has_capital ?x`; otherwise either way.
 */
export function expectedDirection(predicate: string, anchor: Mention, word: RelationWord, nested: boolean, afterHead = false, toks?: readonly string[]): "out" | "in" | undefined {
  // Given the question's tokens when the word may stand as a verb (see standsAsVerb).
  const verbal = toks !== undefined && standsAsVerb(toks, word, nested);
  if (verbLike(predicate)) {
    // "X's owner", "the boss of X": the noun says who does the verb, whatever the word order.
    const doer = nested ? doerDirection(word.text, predicate) : undefined;
    if (doer) return doer;
    // Active words and an active predicate: the named thing before the verb
    // is the subject. A passive predicate (`directed_by`) or passive words
    // ("directed by") each turn that round.
    // "Who manages Carol?" asks `carol reports_to ?x`: a verb that says the predicate backwards turns it too.
    const turned = (passive(predicate) !== (word.passive === true)) !== (saysBackwards(word.text, predicate) || turnedByIn(word, toks, predicate));
    return anchor.start < word.position !== turned ? "out" : "in";
  }
  // "What does jinja depend on?" over `flask dependency jinja` or `jinja dependency_of flask`: a verb for a noun predicate
  // keeps the word order, the thing before it the verb's subject (see verbSubjectFirst: "Who manages Bob?" over `bob manager ?x`).
  const subjectFirst = verbal ? verbSubjectFirst(word, predicate, toks) : undefined;
  if (subjectFirst !== undefined) return anchor.start < word.position === subjectFirst ? "out" : "in";
  const words = predicateTokens(predicate);
  // "the children of Arthur" names the other end of `parent_of`: read backwards.
  const turn = (d: "out" | "in"): "out" | "in" => (namesOtherEnd(word.text, predicate) ? (d === "out" ? "in" : "out") : d);
  // "Which countries joined NATO?" over `member_of`: a verb in the past ("joined") reads as a verb, the thing before it the subject;
  // so does a word right after the kind asked for ("Which compounds contain hydrogen?" over `composed_of`).
  if (words.at(-1) === "of" && !anchor.possessor && (pastForm(word.text) || afterHead) && wordScore(word.text, predicate) < 1) return anchor.start < word.position ? "out" : "in";
  if (words.at(-1) === "of") return turn(anchor.possessor ? "in" : "out");
  // `x has_variant y`: "the variants of x" asks out, "what is y a variant of" and "which animals have feathers" ask in.
  if (words[0] === "has" || words[0] === "have") return turn(anchor.possessor ? "out" : "in");
  return anchor.possessor ? turn("out") : undefined;
}

/**
 * Prepositions of a way taken that a predicate's name may end in, as a
 * question says them ("to" and "into" alike). Not "of", "in", "by": a
 * noun's "of" (the capital of France), a year "in" (born in 1881), an
 * agent "by" say nothing of which of a word's predicates is meant.
 */
const PARTICLES: ReadonlyMap<string, string> = new Map([
  ["into", "into"],
  ["to", "into"],
  ["onto", "onto"],
  ["through", "through"],
  ["across", "across"],
]);

/**
 * Per relation word (by position), the predicates the preposition said
 * right after it rules out: "travel to" names `travels_to`, never
 * `travels_through`, where the graph has both. A preposition none of the
 * word's predicates ends in rules out nothing.
 */
export function particleMisfits(words: readonly RelationWord[], toks: readonly string[], predicates: Iterable<string>): ReadonlyMap<number, ReadonlySet<string>> {
  // Asked again for every path and answer of one reading: worked out once per list of words.
  const known = misfitsOf.get(words);
  if (known) return known;
  const out = new Map<number, Set<string>>();
  misfitsOf.set(words, out);
  const all = [...predicates];
  const ending = (p: string) => PARTICLES.get(predicateTokens(p).at(-1) ?? "");
  for (const w of words) {
    const said = PARTICLES.get(toks[w.position + 1] ?? "");
    if (!said) continue;
    const named = all.filter((p) => wordScore(w.text, p) >= WORD_MATCH_THRESHOLD);
    if (named.some((p) => ending(p) === said)) out.set(w.position, new Set(named.filter((p) => ending(p) !== said)));
  }
  return out;
}

const misfitsOf = new WeakMap<readonly RelationWord[], ReadonlyMap<number, ReadonlySet<string>>>();
