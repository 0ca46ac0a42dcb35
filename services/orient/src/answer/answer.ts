import { canonicalPredicate, capitalized, fold, nameTokens, predicateTokens, singulars } from "@boyd/graph";
import { chainedAnswer, chainingAsked } from "./chaining.js";
import { rangeAsked, spanAsked, withinRange } from "./range.js";
import { answerSameAs } from "./sameness.js";
import { CONTAINMENT, downToMember, edgesWithClosure, IS_A, kindPredicate, MAX_CONTAINMENT_HOPS, membershipOnly, placesItsSubject, placesSubclass, roleOf, upToClass, type Edge, type FactStep, type FactView } from "./facts.js";
import { agentVerbs, ARTICLES, AUXILIARIES, LIGHT_WORDS, NUMERIC_KINDS, PLACE_WORDS, sameWord } from "./lexicon.js";
import { asksAmount, isPolar, joinedBy, mannerAsked, namesClass, rankingAsked, readQuestion, universalAfterRelation, writtenTokens, type Mention, type QuestionReading, type RelationWord } from "./question.js";
import { answerAsDescribed, answerExistence, answerPolar, claimAsked } from "./polar.js";
import { answerComparison, answerComparisonAmong, answerComparisonOfAll, answerPairCompared, answerValueCompared } from "./comparison.js";
import { answerRankedChoice, answerSuperlative, answerSuperlativeAmong, answerSuperlativeNested } from "./ranking.js";
import { inUnit } from "./units.js";
import { climbed, climbing, comesFrom, fromAsked, locative, namesPlace, placesWithin, withPlacesDeeper } from "./places.js";
import { answerCountPassed, answerPopulation, countedQuestion, countOf, statesCount } from "./counting.js";
import { answerCountedAtLeast, answerSuperlativeCounted } from "./counted-ranking.js";
import { answerWhenMade } from "./made.js";
import { answerInside, answerPlacedIn, insideAsked } from "./inside.js";
import { answerInState } from "./state.js";
import { answerWhatIs } from "./identity.js";
import { eitherAsked, eitherOf } from "./disjunction.js";
import { asWritten, exclusionAsked, leftOut } from "./exclusion.js";
import { answerMembersHaving, answerThingHas } from "./having.js";
import { expectedDirection, idleGetting, nounOwner, particleMisfits, pathScore, predicateFit, predicateWords, WORD_MATCH_THRESHOLD, wordScore } from "./relation-match.js";
import { NUMBER, unread, type FoundAnswer, type QuestionAnswer } from "./result.js";
import type { Vocabulary } from "./vocabulary.js";
import type { Partial, Reading } from "./reading.js";
import { listedAfter, tiedPositions, tiesToOthers } from "./ties.js";
import { datesSomething } from "./measures.js";

/** Longest path considered between a named symbol and an answer. */
const MAX_HOPS = 3;
/** Partial paths kept per hop (the most confident), so a hub cannot blow up a question. */
const MAX_PARTIALS = 4_000;

/**
 * Answers a goal's text from the graph. The text is read against the
 * graph's vocabulary (names, predicates), then:
 *
 * - a yes/no question ("Is a dog a fish?") is YES when a fact or a rule
 *   derivation links the two things named with a predicate that the
 *   question's words name (class membership when they name none), NO when a
 *   declared functional predicate gives the subject another value, and
 *   UNKNOWN otherwise: never yes without entailment;
 * - any other question is a path of up to three facts from a named symbol,
 *   each fact's predicate named by a word of the question (one word per
 *   fact), read in the direction the words put it; the answers are the
 *   path's ends, of the type the question names ("which animals") when it
 *   names one that the graph has, and linked to every other symbol it names.
 *
 * Every answer carries the facts (and rule derivations) that make it one.
 */
export async function answerQuestion(text: string, vocab: Vocabulary, view: FactView): Promise<QuestionAnswer> {
  const claim = claimAsked(text);
  if (claim) return answerQuestion(claim, vocab, view);
  const listed = countedQuestion(text);
  if (!listed) return answerAsked(text, vocab, view);
  // "How many platforms does Central Station have?": a fact that states the number answers; failing one,
  // "How many moons orbit Mars?" counts what "Which moons orbit Mars?" lists. Never a list of things itself.
  const stated = await answerAsked(text, vocab, view);
  if (statesCount(stated, text, vocab)) return stated;
  // "How many people live in Lima?": one number its population states; failing one, the people counted.
  const population = await answerPopulation(text, (asked) => answerAsked(asked, vocab, view));
  if (population) return population;
  return countOf(await answerAsked(listed, vocab, view), vocab) ?? { ...unread(stated.subjects), kind: "entities" };
}

async function answerAsked(text: string, vocab: Vocabulary, view: FactView): Promise<QuestionAnswer> {
  // "What does Express depend on, directly or indirectly?": the question without those words, its relation chained.
  const chaining = chainingAsked(text);
  if (chaining) {
    const chained = await answerQuestion(chaining.rest, vocab, chaining.mode === "direct" ? view : view.chainedAsAsked(chaining.said));
    const direct = chaining.mode === "indirect" ? await answerQuestion(chaining.rest, vocab, view) : undefined;
    return chainedAnswer(chaining, chained, direct);
  }
  // "Which films were released between 1990 and 2000?": the answers of each bound that meet the other too.
  const range = rangeAsked(text);
  if (range) return withinRange(await answerQuestion(range.questions[0], vocab, view), await answerQuestion(range.questions[1], vocab, view), isPolar(nameTokens(text)));
  const stated = await answerUnbounded(text, vocab, view);
  if (stated.answers.length > 0 || stated.kind === "yes" || stated.kind === "no") return stated;
  // "Which missions launched in 1969?" over launch dates: when no fact states the year, the year is the span of its days.
  const span = spanAsked(text);
  if (span) return withinRange(await answerQuestion(span.questions[0], vocab, view), await answerQuestion(span.questions[1], vocab, view), isPolar(nameTokens(text)));
  // "What are Radiohead's albums?" asks what "What are the albums of Radiohead?" does.
  const possessed = classOfPossessor(text, vocab);
  return possessed ? await answerQuestion(possessed, vocab, view) : stated;
}

/**
 * The text with a thing's possessive before a class noun ("Radiohead's
 * albums") said as "the albums of Radiohead", which the readings take;
 * undefined when it has none. A possessive before a relation noun
 * ("Carol's manager") is read as it is.
 */
function classOfPossessor(text: string, vocab: Vocabulary): string | undefined {
  const q = readQuestion(text, vocab);
  for (const m of q.mentions) {
    const noun = q.toks[m.end + 1];
    if (q.toks[m.end] !== "s" || !noun || !namesClass([noun], vocab) || m.ids.some((id) => vocab.isClass(id))) continue;
    const said = new RegExp(`\\b(${asWritten(q.toks.slice(m.start, m.end))})\\W+s\\s+(${noun})\\b`, "i");
    const rewritten = text.replace(said, "the $2 of $1");
    return rewritten === text ? undefined : rewritten;
  }
  return undefined;
}

/** The answer to a text that bounds no number on both sides (see answerAsked). */
async function answerUnbounded(text: string, vocab: Vocabulary, view: FactView): Promise<QuestionAnswer> {
  const choice = offeredChoice(text, vocab);
  if (choice && !(await listedBefore(choice, vocab, view))) {
    // "Which film is longer, Inception or Interstellar?": the numbers of the things offered rank them.
    const ranking = rankingAsked(choice.question, vocab);
    const ranked = ranking && (await answerRankedChoice(choice.options, ranking, vocab, view));
    return ranked ?? chooseAmong(choice.options, await answerQuestion(choice.question, vocab, view));
  }
  const q = readQuestion(text, vocab);
  const refused: QuestionAnswer = { ...unread(q.mentions.flatMap((m) => m.ids)), kind: q.polar ? "unknown" : "entities" };
  if (universalAfterRelation(q) || mannerAsked(q.toks) || (await ownedClassAsked(q, view))) return refused;
  // "Which films did Nolan direct other than Inception?": the list without Inception. Read without the words, the parts
  // of "Apart from Jaws, which films did Spielberg direct?" answered Jaws too.
  const exclusion = exclusionAsked(text, q);
  if (exclusion === "unread") return refused;
  if (exclusion) return await leftOut(await answerQuestion(exclusion.rest, vocab, view), exclusion, view);
  // "Which cities are in Norway or Peru?": the answers of each, read without the other; never of neither.
  const either = eitherAsked(text, q);
  if (either) {
    const parts: QuestionAnswer[] = [];
    for (const question of either.questions) parts.push(await answerQuestion(question, vocab, view));
    return eitherOf(parts, either, q.polar);
  }
  // "Which films were released after Titanic?" compares with Titanic's year; "Who looks after the Billing
  // Service?" compares nothing: a comparison with a thing that answers nothing is read as no comparison.
  if (q.comparison?.against && !q.superlative) {
    const compared = (await answerComparison(q, vocab, view)) ?? (await answerComparisonAmong(q, (open) => answerQuestion(open, vocab, view), vocab, view));
    return compared ?? answerReading(text, readQuestion(text, vocab, { compareWithThings: false }), vocab, view);
  }
  return answerReading(text, q, vocab, view);
}

/**
 * "Whose packages depend on db?" asks for owners, but a class after
 * "whose" reads as the answers' class: the packages. ("Whose child is
 * Luca?", with no class of children, reads "child" as the relation.)
 */
async function ownedClassAsked(q: QuestionReading, view: FactView): Promise<boolean> {
  const owned = q.toks[0] === "whose" ? q.mentions.find((m) => m.start === 1) : undefined;
  return owned !== undefined && (await view.anyIsClass(owned.ids));
}

/** The answer to `text` as read into `q`. */
async function answerReading(text: string, q: QuestionReading, vocab: Vocabulary, view: FactView): Promise<QuestionAnswer> {
  const subjects = [...new Set(q.mentions.flatMap((m) => m.ids))];
  // "Who earns more than 50000 euros?": no class named, so whatever has the number.
  if (q.mentions.length === 0) return (await answerComparisonOfAll(q, vocab, view)) ?? unread(subjects);
  // Another question read on the way ("find the moons of Jupiter", the rest of a narrowed ranking).
  const ask = (open: string) => answerQuestion(open, vocab, view);
  // "Who works in the same office as Bob?": whatever shares Bob's fact.
  const same = await answerSameAs(q, vocab, view);
  if (same) return same;
  if (q.polar) {
    const existence = await answerExistence(q, ask);
    if (existence) return existence;
    // "Is KLM older than Lufthansa?", "Was it released before 2000?": the numbers say yes or no, or nothing does.
    const compared = (await answerPairCompared(q, vocab, view)) ?? (await answerValueCompared(q, vocab, view));
    if (compared) return compared;
    // "Is St Anne the hospital with the most beds?": no one fact says the ranking; "Is Priya Carol's
    // manager?" asks who Carol's manager is, not for a manager tied to Carol: only the described reading may say yes.
    const ranked = q.superlative !== undefined || q.comparison !== undefined;
    const owned = q.mentions.some((m, k) => k > 0 && q.toks[m.end] === "s" && q.mentions[k + 1]?.start === m.end + 1);
    // "Is Helen the boss of Carol's boss?" chains two facts: no one fact says yes or no to it.
    const chained = q.nestingWords.length > 1;
    const polar = ranked || owned || chained ? { ...unread(subjects), kind: "unknown" as const } : await answerPolar(q, subjects, vocab, view);
    if (polar.kind !== "unknown") return polar;
    return (await answerAsDescribed(q, ask)) ?? (await answerThingHas(q, vocab, view)) ?? (await answerPlacedIn(q, view)) ?? (await answerInState(q, view)) ?? (await answerCountPassed(q, ask, vocab)) ?? polar;
  }
  // "Who is in the band that formed in London?" asks for what is in the band, never for the band.
  const inside = insideAsked(q.toks);
  if (inside) return answerInside(inside, q, ask, view);
  // "the most platforms" ranks; read without it, the question would list them all.
  // Narrowed ("the oldest film by Ridley Scott"), it ranks the answers of the rest.
  if (q.superlative) {
    return (
      (await answerSuperlative(q, vocab, view)) ??
      (await answerSuperlativeNested(q, ask)) ??
      (await answerSuperlativeAmong(q, ask, vocab, view)) ??
      (await answerSuperlativeCounted(q, ask, vocab, view)) ?? { ...unread(subjects), kind: "entities" }
    );
  }
  // "Which planet has the most moons?" with `moon` a class: each planet's moons counted.
  const counted = await answerSuperlativeCounted(q, ask, vocab, view);
  if (counted) return counted;
  // So does "more than 4", "after 1900": read without it, every value would answer.
  // "more than one novel" with no number stated: each member's novels counted.
  if (q.comparison) return (await answerComparison(q, vocab, view)) ?? (await answerCountedAtLeast(q, ask, vocab, view)) ?? (await answerComparisonAmong(q, ask, vocab, view)) ?? { ...unread(subjects), kind: "entities" };
  const parts = await questionParts(text, vocab, view);
  // "Which services call auth service and are owned by team red?": both
  // parts hold of each answer. Read as one chain, the words would find
  // what calls something team red owns.
  if (parts?.joint) {
    const both = await answerJointly(parts.questions, vocab, view);
    if (both) return both;
  }
  // "Which firms supply Acme and which supply Retail X?" asks twice; read as one, it was a chain through Acme.
  // Each asked, each must be answered: half of the answer is none of the question.
  if (parts && parts.questions.slice(1).some((part) => ASKING.has(nameTokens(part)[0] ?? ""))) return (await answerEach(parts.questions, vocab, view, true)) ?? { ...unread(subjects), kind: "entities" };
  // "What is the Louvre?" names no relation: what the graph says it is answers.
  const identity = await answerWhatIs(q, view);
  if (identity) return identity;
  let whole = await answerOpen(q, subjects, vocab, view);
  // "Find the moons that orbit Mars" where nothing is said to be a moon: the noun names the relation, as in "the moons of Mars".
  if (whole.answers.length === 0 && q.headWord?.clause) whole = await answerOpen({ ...q, headWord: undefined }, subjects, vocab, view);
  if (whole.answers.length === 0) whole = (await answerWhenMade(q, view)) ?? whole;
  // "Which planets have an atmosphere?": members with a fact of `has_atmosphere`, whatever it has.
  if (whole.answers.length === 0) whole = (await answerMembersHaving(q, vocab, view)) ?? whole;
  if (whole.answers.length === 0) whole = (await answerModifiedClass(q, ask, vocab)) ?? whole;
  return whole.answers.length > 0 || !parts || parts.joint ? whole : ((await answerEach(parts.questions, vocab, view)) ?? whole);
}

/**
 * "Who wrote a science fiction novel?": a thing named right before a class
 * that ends the question says which of the class's members the path goes
 * through, as "Who wrote a novel that is science fiction?" does (that is
 * how it is read). The class asked for ("Which science fiction novels
 * ...") is read so already (modifiedClass).
 */
async function answerModifiedClass(q: QuestionReading, ask: (text: string) => Promise<QuestionAnswer>, vocab: Vocabulary): Promise<QuestionAnswer | undefined> {
  const [thing, cls] = q.mentions.slice(-2);
  const isClass = (m: Mention) => m.ids.some((id) => vocab.isClass(id));
  // A possessive's "s" is a token of its own: joined again, the text would read otherwise.
  if (!thing || !cls || thing.end !== cls.start || cls.end !== q.toks.length || cls === q.head || !isClass(cls) || isClass(thing) || q.toks.includes("s")) return undefined;
  const described = await ask([...writtenTokens(q, 0, thing.start), cls.text, "that", "is", ...writtenTokens(q, thing.start, thing.end)].join(" "));
  return described.answers.length > 0 ? described : undefined;
}

/**
 * The position of the word right after the head noun, past a preposition
 * of place and an article ("stops in zone 1" -> zone, "frameworks written
 * in ..." -> written); `end` itself otherwise ("city was the discoverer
 * of ..." goes on with the question's verb, not a description).
 */
function wordAfter(q: QuestionReading, end: number): number {
  const toks = q.toks;
  let i = end;
  if (PLACE_PREPOSITIONS.has(toks[i] ?? "")) i++;
  if (ARTICLES.has(toks[i] ?? "")) i++;
  return q.words.some((w) => w.position === i) ? i : end;
}

const PLACE_PREPOSITIONS: ReadonlySet<string> = new Set(["in", "at", "on", "from"]);

/** Words that open a question of their own after "and" ("... and which supply Retail X?"). */
const ASKING: ReadonlySet<string> = new Set(["which", "what", "who", "whom", "where", "when"]);

/**
 * After a clause on the noun asked for ("Which package that depends on db
 * is written in Rust?"), the position of the word the question goes on
 * with, after an auxiliary ("written"): it says what the answers are, as
 * a word right after the noun does (see Reading.afterHead). Undefined when
 * no clause opens there or none is found.
 */
function verbAfterClause(q: QuestionReading, end: number): number | undefined {
  const { toks } = q;
  if (!RELATIVE_WORDS.has(toks[end] ?? "")) return undefined;
  for (let i = end + 2; i < toks.length - 1; i++) if (AUXILIARIES.has(toks[i]!) && q.words.some((w) => w.position === i + 1)) return i + 1;
  return undefined;
}

const RELATIVE_WORDS: ReadonlySet<string> = new Set(["that", "which", "who"]);

/**
 * "Which orbits Saturn, Europa or Titan?": the question before a comma or
 * colon, and the things offered after it, when the offer is two or more
 * names of the graph joined by "or" (and commas).
 */
function offeredChoice(text: string, vocab: Vocabulary): { question: string; options: string[][] } | undefined {
  // The earliest comma or colon after which everything is names: "Europa, Titan or Io" offers three.
  for (const { index: cut } of text.matchAll(/[,:]/g)) {
    const offer = text.slice(cut + 1);
    if (!/\bor\b/i.test(offer)) continue;
    // Split by hand: a regular expression with a run of spaces on each side of "or" backtracks polynomially.
    const options = offer
      .split(",")
      .flatMap((part) => part.split(/\bor\b/i))
      .map((n) => offeredName(trimEnd(n), vocab));
    if (options.length >= 2 && options.every((ids) => ids.length > 0)) return { question: text.slice(0, cut), options: options.map((ids) => [...ids]) };
  }
  return undefined;
}

/**
 * Whether the thing named right before the offer is of a kind every thing
 * offered is of: "Which drugs treat asthma, gout or acne?" (three
 * diseases) lists three things, where "Which orbits Saturn, Europa or
 * Titan?" (a planet, then moons) offers two.
 */
async function listedBefore(choice: { question: string; options: readonly (readonly string[])[] }, vocab: Vocabulary, view: FactView): Promise<boolean> {
  const last = lastNamed(choice.question, vocab);
  return last !== undefined && ((await ofKindWith(last.ids, choice.options, view)) || (await alikeUntyped(last.ids, choice.options, view)));
}

/**
 * In a graph that gives none of them a kind, whether each thing offered
 * has a fact of the same predicate, the same way round, as the thing named
 * before: "Who was born in Copenhagen, Ulm or Vienna?" (each the place of
 * a `born_in`) lists three, where "Which orbits Saturn, Europa or Titan?"
 * (what is orbited, then what orbits) offers two.
 */
async function alikeUntyped(first: readonly string[], others: readonly (readonly string[])[], view: FactView): Promise<boolean> {
  const all = [first, ...others].flat();
  for (const id of all) if ((await view.kinds(id)).length > 0) return false;
  const roles = async (ids: readonly string[]) => new Set((await Promise.all(ids.map((id) => view.edges(id)))).flat().map((e) => `${e.direction} ${e.predicate}`));
  const near = await roles(first);
  for (const ids of others) if (![...(await roles(ids))].some((r) => near.has(r))) return false;
  return true;
}

/** The thing the text's last words name, if they name one. */
function lastNamed(text: string, vocab: Vocabulary): Mention | undefined {
  const q = readQuestion(text, vocab);
  return q.mentions.find((m) => m.end === q.toks.length);
}

/** Whether each of `others` is of a kind `first` is of, or of one of theirs (Mars a rocky planet and a planet, Jupiter a gas giant and a planet); no further, where every thing is alike. */
async function ofKindWith(first: readonly string[], others: readonly (readonly string[])[], view: FactView): Promise<boolean> {
  const kinds = async (ids: readonly string[]) => (await Promise.all(ids.map((id) => view.kinds(id)))).flat();
  const near = await kinds(first);
  const shared = [...new Set([...near, ...(await kinds(near))])];
  if (shared.length === 0) return false;
  for (const ids of others) if (!(await anyIsA(ids, shared, view))) return false;
  return true;
}

async function anyIsA(ids: readonly string[], classes: readonly string[], view: FactView): Promise<boolean> {
  for (const id of ids) if (await view.isAnyOf(id, classes)) return true;
  return false;
}

/**
 * The symbols an offered name names, as written or without its article
 * ("the Blue Line"), or the one symbol a name written as one shortens
 * ("Einstein or Bohr").
 */
function offeredName(written: string, vocab: Vocabulary): readonly string[] {
  const name = fold(written);
  const ids = vocab.lookup(name);
  const [first, ...rest] = name.split(" ");
  const found = ids.length > 0 || rest.length === 0 || !ARTICLES.has(first!) ? ids : vocab.lookup(rest.join(" "));
  if (found.length > 0 || !capitalized(written).every((c) => c)) return found;
  const shortened = vocab.shortenedName(name);
  return shortened ? [shortened] : [];
}

/** Text without the spaces and end marks ("?", ".", "!") it ends in. */
function trimEnd(text: string): string {
  let end = text.length;
  while (end > 0 && " \t\n?.!".includes(text[end - 1]!)) end--;
  return text.slice(0, end).trim();
}

/** The answers among the things offered; none when the question answers none of them (never one not offered). */
function chooseAmong(options: readonly (readonly string[])[], found: QuestionAnswer): QuestionAnswer {
  if (found.kind !== "entities") return found;
  const offered = new Set(options.flat());
  return { ...found, pattern: found.pattern && `${found.pattern} with ?x among ${[...offered].join(", ")}`, answers: found.answers.filter((a) => offered.has(a.id)) };
}

/**
 * The parts of a question joined by "and", each a question of its own (a
 * part without a verb borrows the first part's: "Find the moons of Mars and
 * the rings of Uranus" asks "Find the rings of Uranus"). `joint` when a
 * later part goes on about the same things with a verb ("... and are owned
 * by team red", "... and run on node c"), not about other things. Names
 * with "and" inside stay whole.
 */
async function questionParts(text: string, vocab: Vocabulary, view: FactView): Promise<{ questions: string[]; joint: boolean } | undefined> {
  // The space before a separator is matched from the start of its run only:
  // a leading \s* retried at every space was quadratic.
  const pieces = text.split(/(?:(?<!\s)\s+)?(?:,\s*and|,|\band\b)\s+/i).filter((p) => p.trim() !== "");
  // A piece that is only a name ("... serve Fenwick and Carrow?") joins two names, not two questions; classes
  // after a request for a class ("Find the mammals and the birds") are requests of their own.
  const requested = classesRequested(pieces, vocab);
  if (pieces.length < 2 || (pieces.some((p) => vocab.lookup(fold(p)).length > 0) && !requested)) return undefined;
  // "Which courses do Ana and Cleo take?", "... do the Rhine and the Elbe both flow through?": a piece that starts
  // with a name after one that ends with a name of its kind joins names too.
  for (let i = 1; i < pieces.length && !requested; i++) if (await joinsNames(pieces[i - 1]!, pieces[i]!, vocab, view)) return undefined;
  const lead = /^(.*?)\b(?:the|a|an|all)\b/i.exec(pieces[0]!)?.[1]?.trim() ?? "";
  const verbless = (piece: string) => /^(?:the|a|an|all)\b/i.test(piece);
  // "Which dishes contain cheese and a sauce?": with no noun phrase to stand beside, "a sauce" is no question of its own.
  if (!lead && pieces.slice(1).some(verbless)) return undefined;
  const questions = pieces.map((piece) => (verbless(piece) && lead ? `${lead} ${piece}` : piece));
  // "Which students completed a course taught by Hopper and a course taught by Turing?": one verb asks both of each
  // answer. "Find the moons of Mars and the moons of Neptune", "What are ...", ask for two lists.
  const oneVerb = pieces.slice(1).some(verbless) && ASKING.has(nameTokens(lead)[0] ?? "") && readQuestion(lead, vocab).words.length > 0;
  const joint = oneVerb || pieces.slice(1).some((piece) => {
    const first = nameTokens(piece)[0] ?? "";
    return AUXILIARIES.has(first) || readQuestion(piece, vocab).words[0]?.position === 0;
  });
  // "are owned by team red" goes on about the answers; read as it stands it would ask yes or no.
  return { questions: joint ? questions.map((q, i) => (i > 0 ? withoutAuxiliary(q) : q)) : questions, joint };
}

/** Whether every piece is a class with its article, the first after a request ("Find the mammals", "the birds"). */
function classesRequested(pieces: readonly string[], vocab: Vocabulary): boolean {
  const classNamed = (phrase: string) => namesClass(nameTokens(phrase), vocab);
  const [first, ...rest] = pieces.map(splitAtArticle);
  return first !== undefined && REQUESTS.has(first.lead) && classNamed(first.noun) && rest.every((r) => r !== undefined && r.lead === "" && classNamed(r.noun));
}

/** A piece's words before its first "the" or "all" (folded), and those after it; undefined without one. */
function splitAtArticle(piece: string): { lead: string; noun: string } | undefined {
  const words = piece.trim().split(/\s+/);
  const at = words.findIndex((w) => /^(?:the|all)$/i.test(w));
  return at < 0 ? undefined : { lead: fold(words.slice(0, at).join(" ")), noun: words.slice(at + 1).join(" ") };
}

/** Requests that open a list of classes asked for ("Find the mammals and the birds"). */
const REQUESTS: ReadonlySet<string> = new Set(["find", "list", "name", "show", "show me", "give me", "what are"]);

/** Whether `before` ends with a name and `after` starts with one of its kind (an article first aside), or with any name: "and" between them joins the two. */
async function joinsNames(before: string, after: string, vocab: Vocabulary, view: FactView): Promise<boolean> {
  const last = lastNamed(before, vocab);
  if (!last) return false;
  const q = readQuestion(after, vocab);
  const first = q.mentions[0];
  if (first?.start === 0) return true;
  return first?.start === 1 && ARTICLES.has(q.toks[0]!) && (await ofKindWith(last.ids, [first.ids], view));
}

function withoutAuxiliary(part: string): string {
  const words = part.trim().split(/\s+/);
  return AUXILIARIES.has(words[0]!.toLowerCase()) ? words.slice(1).join(" ") : part;
}

/** Every part read as an open question, or undefined when one is not (no name, or yes/no). */
async function answerParts(questions: readonly string[], vocab: Vocabulary, view: FactView): Promise<QuestionAnswer[] | undefined> {
  const parts: QuestionAnswer[] = [];
  for (const question of questions) {
    const q = readQuestion(question, vocab);
    if (q.mentions.length === 0 || q.polar) return undefined;
    parts.push(await answerOpen(q, [...new Set(q.mentions.flatMap((m) => m.ids))], vocab, view));
  }
  return parts;
}

/**
 * The union of the parts' answers ("the moons of Mars and the rings of
 * Uranus"); undefined when no part has one, or, with `every`, when one
 * part has none. (A request's parts answer on their own: a goal's
 * criteria keep it open for the part missing, and its decomposition
 * completes the parts found.)
 */
async function answerEach(questions: readonly string[], vocab: Vocabulary, view: FactView, every = false): Promise<QuestionAnswer | undefined> {
  const parts = await answerParts(questions, vocab, view);
  if (!parts || (every && parts.some((p) => p.answers.length === 0))) return undefined;
  const answered = parts.filter((p) => p.answers.length > 0);
  if (answered.length === 0) return undefined;
  const answers = new Map<string, FoundAnswer>();
  for (const p of answered) for (const a of p.answers) if (!answers.has(a.id)) answers.set(a.id, a);
  return joined(answered, [...answers.values()], "; ");
}

/**
 * The answers every part has, each with the facts of every part; none
 * when one part has none. Undefined when a part is not read as a question
 * about the graph (then the whole text is read as one).
 */
async function answerJointly(questions: readonly string[], vocab: Vocabulary, view: FactView): Promise<QuestionAnswer | undefined> {
  const parts = await answerParts(questions, vocab, view);
  if (!parts || parts.some((p) => p.kind !== "entities")) return undefined;
  // A part not read, or read with nothing found ("are not contraindicated for asthma"), leaves no answer, and the
  // other parts' patterns alone would state a question that was not asked.
  if (parts.some((p) => p.pattern === "")) return { ...joined(parts, [], " and "), pattern: "" };
  const [first, ...rest] = parts;
  const answers = first!.answers.flatMap((a) => {
    const others = rest.map((p) => p.answers.find((b) => b.id === a.id));
    if (others.some((b) => b === undefined)) return [];
    return [{ id: a.id, confidence: Math.min(a.confidence, ...others.map((b) => b!.confidence)), steps: [a, ...others].flatMap((b) => b!.steps) }];
  });
  return joined(parts, answers, " and ");
}

function joined(parts: readonly QuestionAnswer[], answers: FoundAnswer[], separator: string): QuestionAnswer {
  return {
    kind: "entities",
    pattern: parts.map((p) => p.pattern).filter((x) => x !== "").join(separator),
    subjects: [...new Set(parts.flatMap((p) => p.subjects))],
    predicates: [...new Set(parts.flatMap((p) => p.predicates))],
    answers,
    proof: [],
  };
}

// ---------------------------------------------------------------------------
// Open questions

interface Candidate {
  readonly hops: readonly { predicate: string; direction: "out" | "in" }[];
  readonly anchor: string;
  readonly answers: FoundAnswer[];
  /** Ends of the path that fit but for a class the graph gives them none of (see QuestionAnswer.unsure). */
  readonly unsure: readonly string[];
  /** The class the answers were checked to be members of, when one was. */
  readonly type: string | undefined;
  /** Hops without a question word of their own. */
  readonly unexplained: number;
  /** Hops named by a word the question needs named ("where" and the kind asked for do not count). */
  readonly explained: number;
  /** Words left to a fact describing the answer (fewer is a closer reading). */
  readonly filtered: number;
  /** Share of the path's predicate words the question names (`orbits` fits "orbit" better than `orbital_period_days`). */
  readonly fit: number;
  /** Answers the graph calls people (counted for "who" questions). */
  readonly people: number;
  readonly meanScore: number;
}

async function answerOpen(q: QuestionReading, subjects: readonly string[], vocab: Vocabulary, view: FactView): Promise<QuestionAnswer> {
  // "Which country ...": a kind the graph has no symbol for says what the
  // answer must be described as, not which relation leads to it.
  const words = q.words.filter((w) => w !== q.headWord);
  // "Metro lines that serve Elm": a class named first, after nothing but a request, is what the answers are.
  const head = q.head ?? (q.lead && (await view.anyIsClass(q.lead.ids)) ? q.lead : undefined);
  let type: string | undefined;
  for (const id of head?.ids ?? []) if (await view.isClass(id)) type ??= id;
  const named = q.mentions.filter((m) => m !== head);
  // "Find the mammals and the lion" lists the lion beside the class asked for: nothing ties the answers to it.
  if (head && named.some((m) => joinedBy(q.toks.slice(head.end, m.start)))) return { ...unread(subjects), kind: "entities" };
  const plus = (extra: readonly Mention[]) => [...words, ...extra.flatMap(headWords)].sort((a, b) => a.position - b.position);
  // The head noun may also name the last fact ("What currency ..." -> `currency`).
  const headKind = head && type ? { text: head.text.split(" ").at(-1)!, position: head.end - 1 } : undefined;
  // Owners are things ("Ana's children"); a class after "of" describes rather than owns ("the diet of the animals that ...").
  const possessors: string[] = [];
  for (const m of q.mentions) if (m.possessor && !(await view.anyIsClass(m.ids))) possessors.push(...m.ids);
  // "the manager of Carol" names a relation (who Carol reports to), though `manager` is also a class of roles.
  const relational = head !== undefined && type !== undefined && q.nesting.has(head.end - 1) && agentVerbs(head.text.split(" ").at(-1)!).length > 0;
  const afterHead = head && wordAfter(q, head.end);
  const afterClause = head && verbAfterClause(q, head.end);
  const headSpan = head && !type ? ([head.start, head.end] as const) : undefined;
  // Things named that are no class: a word right before one ties the answer to it (tiedToOthers); a class may be passed on the way.
  const things = new Set<Mention>();
  for (const m of q.mentions) if (!(await view.anyIsClass(m.ids))) things.add(m);
  const base = { things, toks: q.toks, afterHead, afterClause, headSpan, where: q.where, nesting: q.nesting, person: q.person, alike: q.alike, quantity: q.quantity, unit: q.unit, kindWord: q.headWord ?? headKind, named: named.flatMap((m) => m.ids), possessors, choice: q.choice, relational };
  // Readings, closest first; the first that answers wins.
  const rounds: Reading[][] = [];
  if (head && !type) {
    // A head noun that is no class of is-a facts may still be linked to ("bird rank class"), ...
    rounds.push(named.map((anchor) => ({ ...base, anchor, others: [...named.filter((m) => m !== anchor), head], words, type })));
    // ... or names the relation ("the moons" where `moon` is one moon).
    rounds.push(named.map((anchor) => ({ ...base, anchor, others: named.filter((m) => m !== anchor), words: plus([head]), type })));
  } else {
    rounds.push(named.map((anchor) => ({ ...base, anchor, others: named.filter((m) => m !== anchor), words, type })));
  }
  // Other names as plain words: "capital" may be a symbol and still name the relation.
  const headAsWords = head && !type ? [head] : [];
  // A thing listed with another ("cs201 and math201") is no relation's name: read as a word, any fact to it described the answer.
  const listed = named.some((m) => listedAfter(m, named, q.toks, things));
  rounds.push(named.filter(() => named.length > 1 && !listed).map((anchor) => ({ ...base, anchor, others: [], words: plus([...headAsWords, ...named.filter((m) => m !== anchor)]), type })));
  // "List all planets": only a class is named; its members answer.
  if (named.length === 0 && head && type) rounds.push([{ ...base, anchor: head, others: [], words, type: undefined }]);
  // "Find what webapp depends on": the one name after "what" is no class, so
  // it is what the question is about; the words after it ask the relation.
  if (named.length === 0 && head && !type && words.length > 0) rounds.push([{ ...base, anchor: head, others: [], words, type: undefined }]);
  // Last, "Which dishes contain a sauce?": nothing contains `sauce` itself,
  // but bechamel is one; a named class stands for any of its members, and
  // a place named after "in" for the places within it ("born in Chile").
  // "Which clubs are in England?" with no verb: a club based in a city within England (see placedHere).
  const holders: Reading[] = [];
  if (words.length > 0 || (q.within && type)) {
    for (const anchor of named) {
      const members = (await view.anyIsClass(anchor.ids)) ? "class" : q.within ? "place" : undefined;
      // A head noun that is no class still describes the answers ("Which software companies are in the US?").
      const others = [...named.filter((m) => m !== anchor), ...(head && !type ? [head] : [])];
      if (members && (words.length > 0 || members === "place")) holders.push({ ...base, anchor, others, words, type, members });
    }
    rounds.push(holders);
  }

  let best: { candidate: Candidate; mention: Mention } | undefined;
  // "Paris" in France and "Paris" in Texas, read alike: the question may be about either.
  let alike: Candidate[] = [];
  const found: Candidate[] = [];
  // The best reading that reached only things of unknown kind (see judge).
  let unsureOnly: Candidate | undefined;
  for (const readings of rounds) {
    for (const reading of readings) {
      for (const id of reading.anchor.ids) {
        const candidate = await bestPath(id, reading, view, vocab);
        if (!candidate) continue;
        if (candidate.answers.length === 0) {
          unsureOnly = betterOf(unsureOnly, candidate);
          continue;
        }
        found.push(candidate);
        if (!best || better(candidate, best.candidate)) {
          best = { candidate, mention: reading.anchor };
          alike = [];
        } else if (reading.anchor === best.mention && candidate.anchor !== best.candidate.anchor && !better(best.candidate, candidate)) alike.push(candidate);
      }
    }
    if (best) break;
  }
  if (!best) return { kind: words.length === 0 && !type ? "unread" : "entities", pattern: "", subjects, predicates: [], answers: [], proof: [], ...unsureOf(unsureOnly) };
  // "born in London" is also born in Greenwich, within London: a reading through the places within adds its answers
  // (read too when a closer reading answered first).
  const mention = best.mention;
  if (!found.some((c) => placesWithin(c.hops) > 0)) {
    for (const reading of holders.filter((h) => h.members === "place" && h.anchor === mention)) {
      for (const id of reading.anchor.ids) {
        const candidate = await bestPath(id, reading, view, vocab);
        if (candidate) found.push(candidate);
      }
    }
  }
  const read = [withPlacesDeeper(best.candidate, found), ...alike];
  const answers = new Map<string, FoundAnswer>();
  for (const c of read) for (const a of c.answers) if (!answers.has(a.id)) answers.set(a.id, a);
  const anchors = read.map((c) => c.anchor);
  const unsure = [...new Set(read.flatMap((c) => c.unsure))].filter((id) => !answers.has(id));
  return {
    kind: "entities",
    pattern: read.map(patternOf).join("; "),
    subjects: [...anchors, ...subjects.filter((s) => !anchors.includes(s))],
    predicates: [...new Set(read.flatMap((c) => c.hops.map((h) => h.predicate)))],
    answers: [...answers.values()],
    proof: [],
    ...unsureOf({ unsure, type: best.candidate.type }),
  };
}

/**
 * A list's things of unknown kind (see QuestionAnswer.unsure). A list of
 * none says nothing of them: a reading that found nothing proven may be
 * the wrong one ("Which bands are from England?" read as what is located
 * in England), and "Liverpool may be a band" would only mislead.
 */
function unsureOf(c: Pick<Candidate, "unsure" | "type"> | undefined): Pick<QuestionAnswer, "unsure"> {
  return c?.type && c.unsure.length > 0 ? { unsure: { ids: c.unsure, cls: c.type } } : {};
}

function headWords(m: Mention): RelationWord[] {
  return m.text.split(" ").map((text, i) => ({ text, position: m.start + i }));
}

/** `candidate` when it reads better than `kept` (or nothing is kept), else `kept`. */
function betterOf(kept: Candidate | undefined, candidate: Candidate): Candidate {
  return kept && !better(candidate, kept) ? kept : candidate;
}

function better(a: Candidate, b: Candidate): boolean {
  return (
    a.unexplained - b.unexplained ||
    a.filtered - b.filtered ||
    b.explained - a.explained ||
    a.hops.length - b.hops.length ||
    b.fit - a.fit ||
    b.people - a.people ||
    b.meanScore - a.meanScore ||
    (b.answers[0]?.confidence ?? 0) - (a.answers[0]?.confidence ?? 0)
  ) < 0;
}

/** The best accepted path signature from one anchor symbol. */
async function bestPath(anchor: string, reading: Reading, view: FactView, vocab: Vocabulary): Promise<Candidate | undefined> {
  const { words } = reading;
  // Without relation words, only the kind of answer asked for can justify a fact.
  const free = isFree(reading);
  // The kind asked for and "where" may lead to the last fact too.
  const optional = [reading.kindWord, reading.where].filter((w): w is RelationWord => w !== undefined);
  const placed = placedHere(reading);
  const score = scoring(reading, vocab);
  const named = (e: Edge) => free || (placed && (placesItsSubject(e.predicate) || fromAsked(reading.toks, e.predicate))) || [...words, ...optional].some((w) => score(w, e.predicate) >= WORD_MATCH_THRESHOLD);
  // Within a place, the places within it lead on down without a word of their own ("born in England": in Greenwich, in London, in England).
  const downward = (e: Edge, before: readonly Edge[]) => reading.members === "place" && e.direction === "in" && CONTAINMENT.has(canonicalPredicate(e.predicate)) && placesWithin(before) === before.length;
  const mayUse = (e: Edge, before: readonly Edge[]) => named(e) || (asksKind(reading) && !reading.members && climbing([...before.slice(-1), e])) || downward(e, before);
  let level: Partial[] = reading.members ? await membersOf(anchor, reading.members, view) : [{ node: anchor, hops: [], confidence: 1 }];
  let best: Candidate | undefined;
  let unsureOnly: Candidate | undefined;
  const judged: Candidate[] = [];
  // A fact without a word of its own is taken only as the one step to the answer, or up a chain of containment
  // facts to the kind of place asked for ("In which country is the Mauritshuis?": in The Hague, in the Netherlands).
  const climbs = free && asksKind(reading);
  const deepest = free ? (climbs ? MAX_CONTAINMENT_HOPS : 1) : placed ? 2 : MAX_HOPS;
  for (let depth = reading.members ? 2 : 1; depth <= deepest && level.length > 0; depth++) {
    const next: Partial[] = [];
    for (const p of level) {
      for (const e of await edgesWithClosure(view, p.node)) {
        if (e.other === anchor || p.hops.some((h) => h.other === e.other) || !mayUse(e, p.hops) || reverses(p.hops[p.hops.length - 1], e)) continue;
        const hops = [...p.hops, e];
        if (free && p.hops.length > 0 && !climbing(hops)) continue;
        if (!reading.alike && converges(p.hops[p.hops.length - 1], e)) continue;
        // judge refuses a repeated predicate without a nesting noun; prune it here already.
        if (reading.nesting.size === 0 && repeats(p.hops[p.hops.length - 1], e) && !namedTwice(e.predicate, reading, score) && !view.isTransitive(e.predicate) && !withinPlace(reading, p.hops.length) && climbed(hops) === 0 && placesWithin(hops) < hops.length) continue;
        next.push({ node: e.other, hops, confidence: p.confidence * e.confidence });
      }
    }
    next.sort((a, b) => b.confidence - a.confidence);
    level = next.slice(0, MAX_PARTIALS);
    for (const group of bySignature(level).values()) {
      const candidate = await judge(anchor, group, reading, view, vocab);
      if (!candidate) continue;
      judged.push(candidate);
      if (candidate.answers.length === 0) unsureOnly = betterOf(unsureOnly, candidate);
      else if (!best || better(candidate, best)) best = candidate;
    }
  }
  // With no answer, the best path to things of unknown kind only: no answer, but what the list may be missing.
  return best ? withPlacesDeeper(best, judged) : unsureOnly;
}

/**
 * "Which services run in Frankfurt?": the verb right before "in" and the
 * place says its fact places its subject there (`runs_on` a server in
 * Frankfurt), though the fact's own name does not.
 */
function inPlaceBy(reading: Reading, predicate: string, vocab: Vocabulary): boolean {
  const at = beforeAnchor(reading);
  if (reading.toks[at] !== "in") return false;
  const verb = reading.words.find((w) => w.position === at - 1);
  return verb !== undefined && scoring(reading, vocab)(verb, predicate) >= WORD_MATCH_THRESHOLD;
}

/**
 * "Which clubs are in England?": no word names a relation, so "in" alone
 * says how the answer is in a place within the one named; only a fact that
 * says where its subject is (`based_in`, `located_in`) does. A painter
 * `born_in` Malaga is not in Spain.
 */
function placedHere(reading: Reading): boolean {
  return reading.members === "place" && reading.words.length === 0 && reading.type !== undefined;
}

/** Whether the question asks for a kind of answer ("which country", "what city"), which a climb may reach. */
function asksKind(reading: Reading): boolean {
  return reading.type !== undefined || reading.kindWord !== undefined;
}

/** A museum `located_in` The Hague, `located_in` the Netherlands: the fact after a place's within it may repeat its predicate. */
function withinPlace(reading: Reading, hop: number): boolean {
  return reading.members === "place" && hop === 1;
}

/**
 * How well a word names a predicate on the question's paths. A number asked
 * for ("when", "what year", "how many") may be named through a concept even where the
 * word names another predicate by its own stem: in "When was the Starry
 * Night painted?" `painted_by` leads to no number, `completed_in` does.
 * A number named is read the same way.
 */
function scoring(reading: Reading, vocab: Vocabulary): (word: RelationWord, predicate: string) => number {
  // So may one from a number named ("Which painter was born in 1881?": `born_in` leads to no number, `birth_year` does).
  const numberAsked = reading.quantity || (reading.kindWord !== undefined && NUMERIC_KINDS.has(reading.kindWord.text)) || (reading.anchor.ids.length > 0 && reading.anchor.ids.every((id) => NUMBER.test(id)));
  // A relation is kept from its concept only by another relation the word names by its stem, never by a measure
  // ("joined" names `member_of`, though `joined_eu` holds years).
  const score = numberAsked ? wordScore : (word: string, predicate: string) => pathScore(vocab.relations.has(predicate) ? vocab.relations : vocab.predicates, word, predicate);
  // "travel to" is never `travels_through` where the graph has `travels_to` (see particleMisfits).
  const misfits = particleMisfits(reading.words, reading.toks, vocab.predicates.keys());
  return (word, predicate) => (misfits.get(word.position)?.has(predicate) ? 0 : word.implied ? wordScore(word.text, predicate) : score(word.text, predicate));
}

/** The members of a class (through subclasses too) or the places within a place, each as a path of its one fact, the most confident first. */
async function membersOf(holder: string, kind: "class" | "place", view: FactView): Promise<Partial[]> {
  return (await (kind === "class" ? view.members(holder) : view.holdings(holder, CONTAINMENT)))
    .map((e) => ({ node: e.other, hops: [e], confidence: e.confidence }))
    .sort((a, b) => b.confidence - a.confidence)
    .slice(0, MAX_PARTIALS);
}

/**
 * Whether a fact walks back along the predicate the path just came by
 * ("mobile app written_in kotlin", then "notifications written_in kotlin"):
 * that reaches siblings, which no question asks for by naming the relation once.
 */
function reverses(last: Edge | undefined, e: Edge): boolean {
  return last !== undefined && last.direction !== e.direction && canonicalPredicate(last.predicate) === canonicalPredicate(e.predicate);
}

/**
 * Whether a path turns back on a shared node ("search team located_in
 * Kuala Lumpur", then "Halcyon has_office_in Kuala Lumpur"): that finds
 * things alike in one respect, which a question asks for by saying so
 * ("the same office as", "other moons").
 */
function converges(last: Edge | undefined, e: Edge): boolean {
  if (last === undefined || last.direction !== "out" || e.direction !== "in") return false;
  // "maintained_by a team, which X leads" is a chain; "located_in a city where Y has_office_in" is likeness.
  return predicateWords(e.predicate).some((w) => wordScore(w, last.predicate) >= WORD_MATCH_THRESHOLD);
}

/**
 * Whether a fact repeats the path's previous predicate ("Carol's manager
 * reports_to ..."): only when the question nests ("Carol's manager", "the
 * manager of", "the team that") does it ask for the second step.
 */
function repeats(last: Edge | undefined, e: Edge): boolean {
  return last !== undefined && canonicalPredicate(last.predicate) === canonicalPredicate(e.predicate) && last.direction === e.direction;
}

/** Whether two facts in a row each took a word of their own ("trained ... trained"): the question repeats the relation itself. */
function ownWords(a: RelationWord | undefined, b: RelationWord | undefined): boolean {
  return a !== undefined && b !== undefined && a !== MEMBERSHIP && b !== MEMBERSHIP && a.position !== b.position;
}

/** Whether the question names a predicate with two words of its own ("Who trained the chef who trained Luigi?"), so a path may take it twice. */
function namedTwice(predicate: string, reading: Reading, score: (word: RelationWord, predicate: string) => number): boolean {
  return reading.words.filter((w) => score(w, predicate) >= WORD_MATCH_THRESHOLD).length >= 2;
}

function signatureOf(p: Partial): string {
  return p.hops.map((h) => `${canonicalPredicate(h.predicate)}:${h.direction}`).join("/");
}

function bySignature(partials: readonly Partial[]): Map<string, Partial[]> {
  const out = new Map<string, Partial[]>();
  for (const p of partials) {
    const key = signatureOf(p);
    const list = out.get(key);
    if (list) list.push(p);
    else out.set(key, [p]);
  }
  return out;
}

/**
 * Whether one path signature answers the reading: every relation word is
 * used by a fact of the path (each fact first gets a word of its own), the
 * first fact points the way the words say when its predicate is a verb,
 * the ends have the asked type, and every other named symbol is on the
 * path or linked to the end.
 */
async function judge(anchor: string, group: readonly Partial[], reading: Reading, view: FactView, vocab: Vocabulary): Promise<Candidate | undefined> {
  const hops = group[0]!.hops;
  const { words } = reading;
  // A class standing for its members: its is-a fact is told by the class's own name.
  // Within a place: every place the path goes down through before its first other fact.
  const start = reading.members === "place" ? Math.min(placesWithin(hops), hops.length - 1) : reading.members ? 1 : 0;
  // Only a fact that places its subject carries over to what holds the place: born in Valparaíso is born in Chile; a member of a team in Engineering is no team.
  // Held by a museum in Madrid is held in Madrid (placesItsSubject), as born in Valparaíso is born in Chile.
  if (reading.members === "place" && !(placesItsSubject(hops[start]!.predicate) || (!placedHere(reading) && locative(hops[start]!.predicate)) || fromAsked(reading.toks, hops[start]!.predicate) || inPlaceBy(reading, hops[start]!.predicate, vocab))) return undefined;
  const kind = reading.kindWord;
  const where = reading.where;
  const { own, used, total } = assignWords(hops, reading, vocab);
  // The kind asked for is told by the last fact ("what year ... born" -> birth_year) or by a fact of the answer.
  // Words no fact of the path names may still describe the answer itself:
  // "which moons of Saturn have a subsurface ocean" keeps the moons with
  // a fact whose predicate or other end those words name.
  const kindTold = kind !== undefined && wordScore(kind.text, hops[hops.length - 1]!.predicate) === 1;
  const rest = [...words.filter((w, j) => !used.has(j) && !FREE_WORDS.has(w.text) && !idleGetting(w, vocab.predicates)), ...(kind && !kindTold && !reading.type ? [kind] : [])];
  // A relation word said twice ("Who trained the chef who trained Luigi?") asks for two facts: one fact does not answer it, whatever else describes the answer.
  // A word tying another thing named ("flow through Czechia") is that tie's, said again or not.
  const tied = tiedPositions(reading);
  if (rest.some((w) => !tied.has(w.position) && own.some((o) => o?.text === w.text))) return undefined;
  // "In which country was Rembrandt born?": born_in Leiden, in the Netherlands; the climb needs no word of its own.
  const climb = asksKind(reading) && !reading.members ? climbed(hops) : 0;
  // "In which country does auth run?": `where` names the fact that first places it (its server `located_in` Frankfurt), the climb the rest.
  if (climb > 0 && where && own[hops.length - 1] === where && own[hops.length - 1 - climb] === undefined) {
    own[hops.length - 1 - climb] = where;
    own[hops.length - 1] = undefined;
  }
  const unexplained = own.slice(0, hops.length - climb).filter((w) => w === undefined).length;
  // A predicate taken twice in a row needs a nesting noun for one of the two ("Carol's manager reports_to ...").
  for (let i = 1; i < hops.length; i++) {
    if (repeats(hops[i - 1], hops[i]!) && !view.isTransitive(hops[i]!.predicate) && !withinPlace(reading, i) && !(climb > 0 && i >= hops.length - climb) && i >= placesWithin(hops) && ![own[i - 1], own[i]].some((w) => w && reading.nesting.has(w.position)) && !ownWords(own[i - 1], own[i])) return undefined;
  }
  if (unexplained > 0 && !isFree(reading) && !placedHere(reading)) return undefined;
  // "Which cities are in Lima?": what is in Lima is the subject of its fact, Lima the object; and a relation that
  // holds both ways (`quito twinned_with lima`) puts neither in the other.
  if (inTheAnchor(reading) && hops.length === 1 && (hops[0]!.direction !== "in" || vocab.declarations.symmetric.has(hops[0]!.predicate))) return undefined;
  // "Which frameworks written in Python depend on Jinja?" asks for frameworks written in Python, not ones depending on something that is.
  // "Which moons belong to Jupiter?" never answers what the moons are (`?y1 orbits jupiter, ?y1 is_a ?x`): the moons are the answers.
  const span = reading.headSpan;
  const byHead = span ? own.findIndex((w) => w !== undefined && w.position >= span[0] && w.position < span[1]) : -1;
  if (byHead >= 0 && byHead !== hops.length - 1) return undefined;
  const describing = own.findIndex((w) => w !== undefined && (w.position === reading.afterHead || w.position === reading.afterClause));
  if (describing >= 0 && describing !== hops.length - 1) return undefined;
  if (describing > start && againstTheHead(hops[describing]!, own[describing]!, reading)) return undefined;
  // "in kilometres" is answered from `radius_km`, never from `radius_mi` or a `radius` in no stated unit.
  if (reading.unit && !inUnit(hops[hops.length - 1]!.predicate, reading.unit)) return undefined;
  // Direction of the first fact: the named thing before the verb is its
  // subject. A number asked for ("how many credits ...") is never one: the
  // answers are numbers, so the fact reads from the thing to its number
  // whatever the word order (`credits` reads like a verb, as `orbits` does).
  // "Where" opens the question wherever the verb is; namesPlace checks its fact.
  const first = hops[start]!;
  const word = own[start];
  // A number named ("Which stations have 4 platforms?") is the value of its fact, whatever the word order.
  // Within a place, the answer is what the fact places there (`?x born_in malaga`, `?x held_by louvre`), whatever the voice.
  const expected = (NUMBER.test(anchor) && !reading.members) || reading.members === "place" ? "in" : word && word !== where && !word.modifier && (word !== kind || verbAfterQuestionWord(reading.toks, word, first.predicate, reading.anchor)) && !(reading.quantity && hops.length - start === 1) ? expectedDirection(first.predicate, reading.anchor, word, reading.nesting.has(word.position), word.position === reading.afterHead, reading.toks) : undefined;
  if (expected && first.direction !== expected) return undefined;
  // "Which of Ana's children live in Porto?" answers children: never where they live.
  const last = own[hops.length - 1];
  if (reading.choice && words.some((w) => reading.nesting.has(w.position)) && !(last && reading.nesting.has(last.position))) return undefined;
  const path: JudgedPath = { anchor, hops, own, rest, kindTold };
  const answers: FoundAnswer[] = [];
  const unsure: string[] = [];
  const seen = new Set<string>();
  for (const p of group) {
    if (seen.has(p.node)) continue;
    const found = await answerOf(p, path, reading, view, vocab);
    if (!found) continue;
    seen.add(p.node);
    if (found === KIND_UNKNOWN) unsure.push(p.node);
    else answers.push(found);
  }
  // Only things of unknown kind: no answer, but what a count or ranking must know it may be missing.
  if (answers.length === 0 && unsure.length === 0) return undefined;
  // "Who": people first, where the graph says who is one.
  const people = new Set<string>();
  if (reading.person) for (const a of answers) if (await isPerson(a.id, view)) people.add(a.id);
  // Equally believed answers: the one resting on fewer stated facts first (a stated fact before a derivation).
  answers.sort((a, b) => Number(people.has(b.id)) - Number(people.has(a.id)) || b.confidence - a.confidence || support(a.steps) - support(b.steps) || (a.id < b.id ? -1 : 1));
  return { hops: hops.map((h) => ({ predicate: h.predicate, direction: h.direction })), anchor, answers, unsure, type: reading.type, unexplained, explained: own.filter((w) => w !== undefined && w !== kind && w !== where && w !== MEMBERSHIP).length, filtered: rest.length, fit: fitOf(hops, words) + placedByIn(hops, reading), people: people.size, meanScore: hops.length ? total / hops.length : 0 };
}

/** What judge found of a path: its facts, the word each fact took, the words left to describe the answer. */
interface JudgedPath {
  readonly anchor: string;
  readonly hops: readonly Edge[];
  readonly own: readonly (RelationWord | undefined)[];
  readonly rest: readonly RelationWord[];
  /** The kind asked for is the last fact's own word ("what year ... born" -> birth_year). */
  readonly kindTold: boolean;
}

/**
 * Each fact takes its best unused word, strongest matches first. The
 * optional words may name the last fact only: the kind asked for by its
 * own stem ("role" -> `role`, "year" -> `birth_year`, never a related
 * concept), "where" by any match. Remaining words are absorbed by any fact
 * they also name.
 */
function assignWords(hops: readonly Edge[], reading: Reading, vocab: Vocabulary): { own: (RelationWord | undefined)[]; used: Set<number>; total: number } {
  const { words } = reading;
  const kind = reading.kindWord;
  const where = reading.where;
  const used = new Set<number>();
  let total = 0;
  const own: (RelationWord | undefined)[] = hops.map(() => undefined);
  if (reading.members) own[0] = MEMBERSHIP;
  if (reading.members === "place") for (let i = 1; i < placesWithin(hops) && i < hops.length - 1; i++) own[i] = MEMBERSHIP;
  const score = scoring(reading, vocab);
  const candidates = [...words, ...(kind ? [kind] : []), ...(where ? [where] : [])];
  // The kind asked for names the end of the last fact the answer is at: `london capital_of england` makes London a
  // capital, so "Which capital lies on the Thames?" is never answered England.
  const optionalFits = (w: RelationWord, s: number, hop: Edge) => (w === kind ? s === 1 && !ofTheOtherEnd(hop) : true);
  const tied = tiedPositions(reading);
  const pairs = hops
    .flatMap((h, i) => candidates.map((w, j) => ({ i, j, s: tied.has(w.position) ? 0 : score(w, h.predicate) })))
    .filter((x) => x.s >= WORD_MATCH_THRESHOLD && (x.j < words.length || (x.i === hops.length - 1 && optionalFits(candidates[x.j]!, x.s, hops[x.i]!))));
  const order = nearestFirst(words, reading.anchor);
  pairs.sort((a, b) => b.s - a.s || a.i - b.i || (order[a.j] ?? a.j) - (order[b.j] ?? b.j));
  for (const { i, j, s } of pairs) {
    if (own[i] || used.has(j)) continue;
    own[i] = candidates[j];
    used.add(j);
    total += s;
  }
  words.forEach((w, j) => {
    if (!used.has(j) && !tied.has(w.position) && !own.some((o) => o !== undefined && sameWord(o.text, w.text)) && hops.some((h) => score(w, h.predicate) >= WORD_MATCH_THRESHOLD)) used.add(j);
  });
  return { own, used, total };
}

/** A fact "of" read from its subject to its object (`capital_of`): its noun names the subject, not the end reached. */
function ofTheOtherEnd(hop: Edge): boolean {
  return hop.direction === "out" && predicateTokens(hop.predicate).at(-1) === "of";
}

/**
 * The order in which words take facts, by index: as said, save that one
 * word said twice goes nearest the anchor first. In "Which courses require
 * a course that requires cs101?", read from cs101, "requires" is the fact
 * at cs101 and "require" (about the courses asked for) the last one.
 */
function nearestFirst(words: readonly RelationWord[], anchor: Mention): number[] {
  const distance = (w: RelationWord) => (w.position < anchor.start ? anchor.start - w.position : w.position - anchor.end + 1);
  const order = words.map((_, j) => j);
  const done = new Set<number>();
  words.forEach((w, j) => {
    if (done.has(j)) return;
    const forms = words.flatMap((v, k) => (sameWord(v.text, w.text) ? [k] : []));
    forms.forEach((k) => done.add(k));
    const nearest = [...forms].sort((a, b) => distance(words[a]!) - distance(words[b]!));
    nearest.forEach((k, rank) => (order[k] = forms[rank]!));
  });
  return order;
}

/** An end of a path that answers but for the class asked, which the graph gives it none of: it may be one. */
const KIND_UNKNOWN = "kind unknown";

/**
 * The answer a path's end gives, with the facts that make it one (its
 * kind, the other things named, the words left), KIND_UNKNOWN when only
 * its kind is missing, or undefined.
 */
async function answerOf(p: Partial, path: JudgedPath, reading: Reading, view: FactView, vocab: Vocabulary): Promise<FoundAnswer | typeof KIND_UNKNOWN | undefined> {
  const { anchor, hops, own, rest, kindTold } = path;
  const kind = reading.kindWord;
  const where = reading.where;
  if (ownerMisread(p, anchor, reading, vocab) || (await againstTheWords(p, path, reading, view))) return undefined;
  if (await kindNotMember(p, reading, view)) return undefined;
  if (asksAmount(reading.toks) && datesSomething(hops[hops.length - 1]!.predicate)) return undefined;
  // An answer the question names itself answers nothing ("When did Kenya join the African Union?").
  // A number answers "how many" and "when", never "who" ("Who painted it?" is not the year it was completed_in).
  if ((reading.quantity ? !NUMBER.test(p.node) : reading.person && NUMBER.test(p.node)) || reading.others.some((m) => m.ids.includes(p.node)) || reading.named.includes(p.node)) return undefined;
  const steps: FactStep[] = p.hops.map((h) => h.step);
  let kindUnknown = false;
  if (reading.type) {
    if (p.node === reading.type) return undefined;
    const typed = await view.isA(p.node, reading.type);
    if (typed) steps.push(...typed);
    else if (NUMBER.test(p.node) || (await view.kinds(p.node)).length > 0) return undefined;
    else kindUnknown = true;
  }
  const placing = (predicate: string) => placesItsSubject(predicate) || rest.some((w) => wordScore(w.text, predicate) >= WORD_MATCH_THRESHOLD);
  const constraints = await tiesToOthers(p, reading, view, vocab, { placing, ownerAnchor: reading.possessors.includes(anchor), spent: own.filter((w): w is RelationWord => w !== undefined && w !== MEMBERSHIP) });
  if (!constraints) return undefined;
  steps.push(...constraints);
  // "What year": a number answers for itself.
  const restHere = NUMBER.test(p.node) ? rest.filter((w) => !NUMERIC_KINDS.has(w.text)) : rest;
  // "Where" answered by a fact that names no place ("member_of a team") needs an answer that is one.
  // A number is never a place: "Where is the Night Watch?" is not answered by the year it was `completed_in`.
  // A class is never where a thing is: "Where is Westminster?" is not answered by `westminster is_a district`.
  // "Where does the Danube flow into?": the fact's own preposition, said after its verb, names where (`flows_into`).
  const lastHop = hops[hops.length - 1]!;
  const placedBy = namesPlace(lastHop, own[hops.length - 1] === where) || saysWhereTo(lastHop, own[hops.length - 1], reading.toks);
  if (where && (NUMBER.test(p.node) || upToClass(lastHop) || (!placedBy && !(await isPlace(p.node, vocab, view))))) return undefined;
  // "Where is Ada?" asks where she is: never where she was born or died, or comes from, which no word of the question asked.
  if (where && reading.words.length === 0 && hops.some((h) => happenedAt(h.predicate) || comesFrom(h.predicate))) return undefined;
  // "List the books": the path down from `book` says the kind already; a name with "book" in it ("nonfiction book") is no more proof.
  // A path up from it does not: "List the mammals" is never answered by `mammal is_a animal`.
  const kindIsAnchor = kind !== undefined && kind.position >= reading.anchor.start && kind.position < reading.anchor.end && downToMember(hops[0]!);
  if (kind && !kindTold && !kindIsAnchor && !reading.type && !(NUMBER.test(p.node) && NUMERIC_KINDS.has(kind.text))) {
    // "members of Queen" ties the role to Queen by the path itself; "Which capital ..." asks for any thing the role makes one.
    const typed = await kindOf(p.node, [kind.text], vocab, view, !reading.nesting.has(kind.position));
    if (!typed) return undefined;
    steps.push(...typed);
  }
  // A word the fact tying the answer to another named thing is named by is spent there: "born" in "members of
  // the Beatles born in Liverpool" is `born_in liverpool`, not also a birth year described.
  const leftover = restHere.filter((w) => w !== kind && !constraints.some((c) => wordScore(w.text, c.triple.predicate) >= WORD_MATCH_THRESHOLD));
  // Said again in another form ("require ... requires"), a relation word no fact tying another thing took asks for a fact of its own.
  if (leftover.some((w) => own.some((o) => o !== undefined && o !== MEMBERSHIP && sameWord(o.text, w.text)))) return undefined;
  if (leftover.length > 0) {
    // A word right before a preposition and the anchor ("born in England") says how the answer stands to the anchor:
    // the path reached the anchor by another fact ("monarchs" read as `monarch_of england`), so this reading is wrong,
    // and the word is no description of the answer alone (any `born_in` of it).
    if (leftover.some((w) => reading.anchor.start === w.position + 2 && PLACE_PREPOSITIONS.has(reading.toks[w.position + 1] ?? ""))) return undefined;
    const described = await describedBy(p, leftover, vocab, view);
    const aboutAnswer = leftover.some((w) => w.position === reading.afterHead);
    const onTheWay = described ? [described] : aboutAnswer ? undefined : await kindsOnTheWay(p, leftover, vocab, view);
    if (!onTheWay) return undefined;
    steps.push(...onTheWay);
  }
  return kindUnknown ? KIND_UNKNOWN : { id: p.node, confidence: p.confidence, steps };
}

/**
 * Whether a path reaches a kind of the class it came down from, not a
 * member: "List the lines" is not answered by `metro_line subclass_of
 * line`, nor "List the dishes" by `dessert is_a dish` when desserts have
 * members of their own; unless the question asks for kinds.
 */
async function kindNotMember(p: Partial, reading: Reading, view: FactView): Promise<boolean> {
  const last = p.hops[p.hops.length - 1]!;
  if (!downToMember(last) || reading.toks.some((t) => KIND_NOUNS.has(t))) return false;
  return placesSubclass(last.predicate) || (!membershipOnly(last.predicate) && (await view.isClass(p.node)));
}

/**
 * Whether a fact past the first goes the other way from what the words
 * say of the class named for the thing it starts from: in "Which services
 * depend on a service owned by team money?", read from team money, the
 * service it owns is the one after "depend on", so the answers depend on
 * it; `payments depends_on auth` made auth an answer. (The first fact's
 * way is checked against the thing named itself, in judge.)
 */
async function againstTheWords(p: Partial, path: JudgedPath, reading: Reading, view: FactView): Promise<boolean> {
  for (let i = 1; i < p.hops.length; i++) {
    const word = path.own[i];
    if (!word || word === MEMBERSHIP || word === reading.kindWord || word === reading.where) continue;
    const hop = p.hops[i]!;
    for (const m of reading.others) {
      if (reading.things.has(m) || !(await view.isAnyOf(p.hops[i - 1]!.other, m.ids))) continue;
      const expected = expectedDirection(hop.predicate, m, word, reading.nesting.has(word.position), false, reading.toks);
      if (expected && expected !== hop.direction) return true;
    }
  }
  return false;
}

/**
 * Whether the last fact, named by the verb right after the noun asked for
 * with an object after it ("Which paper cites a paper that Berrou93
 * cites?"), goes the other way from that verb: the answers are its
 * subjects, so a paper Viterbi67 cites is no answer. (A word with no
 * article after it may be a participle, "frameworks written in Python",
 * which the first fact's check reads.)
 */
function againstTheHead(hop: Edge, word: RelationWord, reading: Reading): boolean {
  if (!ARTICLES.has(reading.toks[word.position + 1] ?? "")) return false;
  const head: Mention = { ids: [], start: word.position - 1, end: word.position, text: "", possessor: false };
  const fromAnswer = expectedDirection(hop.predicate, head, word, false, true, reading.toks);
  return fromAnswer !== undefined && hop.direction === fromAnswer;
}

/** What owns the first fact of a member's path, its is-a or located-in fact (see Reading.members): no word of the question. */
const MEMBERSHIP: RelationWord = { text: "", position: -1 };

/**
 * Whether the path gets an owner's noun wrong ("Ana's children", "the
 * children of Ana"). The owner must be where the path starts, reached by a
 * fact the noun names: passing through Ana on the way, "Which of Ana's
 * children live in Porto?" read `porto <- lives_in ana parent_of ?x` (the
 * children of someone in Porto), and with Ana off the path, children of
 * someone else.
 */
function ownerMisread(p: Partial, anchor: string, reading: Reading, vocab: Vocabulary): boolean {
  if (reading.possessors.length === 0) return false;
  const nouns = reading.words.filter((w) => reading.nesting.has(w.position));
  if (nouns.length === 0) return false;
  const owner = (id: string): boolean => reading.possessors.includes(id);
  // Through the owner on the way: the fact before it took the owner for what another word is about.
  if (p.hops.slice(0, -1).some((h) => owner(h.other))) return true;
  if (!owner(anchor)) return true;
  return !nouns.some((w) => pathScore(vocab.predicates, w.text, p.hops[0]!.predicate) >= WORD_MATCH_THRESHOLD);
}


/**
 * "What depends on the router?", "What eats the mouse?": the word read as
 * the noun after "what" is the verb, "what" its subject, when a
 * preposition, an article or a name follows it at once (a noun is
 * followed by its verb: "What moons orbit Mars?", "What money is used").
 * Only for a noun predicate, whose roles a verb fixes.
 */
function verbAfterQuestionWord(toks: readonly string[], word: RelationWord, predicate: string, anchor: Mention): boolean {
  const next = toks[word.position + 1] ?? "";
  return nounOwner(predicate) !== undefined && (ARTICLES.has(next) || PREPOSITIONS.has(next) || anchor.start === word.position + 1);
}

/** Words that follow a verb and start its object ("depends on", "lives in"). */
const PREPOSITIONS: ReadonlySet<string> = new Set(["on", "in", "upon", "at", "to", "from", "with", "for", "into", "onto", "by", "under", "over"]);

const PERSON_CLASSES = ["person", "people", "human", "employee", "individual"];

async function isPlace(id: string, vocab: Vocabulary, view: FactView): Promise<boolean> {
  return (await kindOf(id, [...PLACE_WORDS], vocab, view)) !== undefined;
}

async function isPerson(id: string, view: FactView): Promise<boolean> {
  for (const cls of PERSON_CLASSES) if (id !== cls && (await view.isA(id, cls))) return true;
  return false;
}

/** How many stated facts an answer rests on. */
function support(steps: readonly FactStep[]): number {
  return steps.reduce((n, s) => n + Math.max(1, s.premises?.length ?? 0), 0);
}

/** Mean over the path's facts of the share of the predicate's words that some question word names. */
/**
 * "Which cities are in Peru?" names no relation but "in": of two facts to
 * Peru, the one placing its subject (`cusco located_in peru`) fits it, the
 * one that does not (`lima capital_of peru`) only happens to hold too.
 */
function placedByIn(hops: readonly Edge[], reading: Reading): number {
  return inTheAnchor(reading) && hops.length === 1 && placesItsSubject(hops[0]!.predicate) ? 1 : 0;
}

/** "Which cities are in Peru?": no word but "in", right before the thing named (articles skipped); not "What currency is used in Germany?". */
function inTheAnchor(reading: Reading): boolean {
  return reading.toks[beforeAnchor(reading)] === "in" && reading.words.length === 0 && isFree(reading);
}

/** The position of the word before the thing named, articles skipped (-1 at the start). */
function beforeAnchor(reading: Reading): number {
  let i = reading.anchor.start - 1;
  while (i >= 0 && ARTICLES.has(reading.toks[i]!)) i--;
  return i;
}

/** Whether the word that took a fact is followed by the fact's own closing preposition of direction ("flow into" and `flows_into`, "fly to" and `flies_to`). */
function saysWhereTo(hop: Edge, word: RelationWord | undefined, toks: readonly string[]): boolean {
  const particle = predicateTokens(hop.predicate).at(-1) ?? "";
  return hop.direction === "out" && word !== undefined && DIRECTED.has(particle) && toks[word.position + 1] === particle;
}

const DIRECTED: ReadonlySet<string> = new Set(["into", "to", "onto", "towards", "through"]);

/** A fact of where something happened to its subject (`born_in`, `deathPlace`, `buried_at`), not where it is. */
function happenedAt(predicate: string): boolean {
  return predicateTokens(predicate).some((w) => EVENTS_AT.has(w));
}

const EVENTS_AT: ReadonlySet<string> = new Set(["born", "birth", "birthplace", "died", "death", "deathplace", "buried", "burial"]);

function fitOf(hops: readonly Edge[], words: readonly RelationWord[]): number {
  return hops.length === 0 ? 0 : hops.reduce((sum, h) => sum + predicateFit(h.predicate, words), 0) / hops.length;
}

/**
 * Facts saying the answer is of a kind one of the words names ("which crater": `jezero is-a crater`), through is-a chains
 * too; `byRole`, also a role it holds (`london capital_of england` for "capital").
 */
async function kindOf(id: string, kinds: readonly string[], vocab: Vocabulary, view: FactView, byRole = false): Promise<FactStep[] | undefined> {
  const wanted = new Set(kinds.flatMap((k) => [k, ...singulars(k)]));
  const fits = (x: string) => vocab.namesOf(x).some((n) => n.split(" ").some((w) => wanted.has(w)));
  // Its own name may say it ("New York City", "Jezero Crater").
  if (fits(id)) return [];
  for (const e of await view.edges(id)) if (e.direction === "out" && kindPredicate(e.predicate) && fits(e.other)) return [e.step];
  // A role held of something says it too: `london capital_of england` makes London a capital.
  if (byRole) for (const e of await view.edges(id)) if (e.direction === "out" && roleOf(e.predicate).some((w) => wanted.has(w))) return [e.step];
  for (const p of IS_A) for (const e of await view.closure(id, p, "out")) if (fits(e.other)) return [e.step];
  return undefined;
}

/** Nouns that ask for kinds of a thing ("Which kinds of lines are there?"), which its subclasses answer. */
const KIND_NOUNS: ReadonlySet<string> = new Set(["kind", "kinds", "type", "types", "sort", "sorts", "subclass", "subclasses", "category", "categories"]);

/** Words that ask for a fact without naming one ("which moons have ...", "What currency does Japan use?"). */
const FREE_WORDS: ReadonlySet<string> = new Set([...LIGHT_WORDS, "use", "uses", "used", "using", "gain", "gained", "get", "gets", "got", "belong", "belongs", "belonged"]);

/**
 * Whether a fact may lead to an answer without a word of its own: when the
 * question says only what kind of answer it wants ("What currency does
 * Japan use?", "Which city is the New York office in?") and its other words
 * name no relation.
 */
function isFree(reading: Reading): boolean {
  // A class standing for its members needs a word for the fact after the is-a ("projects that use a language");
  // "the manager of Carol" is no manager-kind thing Carol has (her role).
  if (reading.members || reading.relational) return false;
  return (reading.type !== undefined || reading.kindWord !== undefined || reading.where !== undefined) && reading.words.every((w) => FREE_WORDS.has(w.text));
}

/**
 * A fact of the answer that the leftover words describe: each word names
 * its predicate or is part of the name of its other end.
 */
async function describedBy(p: Partial, rest: readonly RelationWord[], vocab: Vocabulary, view: FactView): Promise<FactStep | undefined> {
  for (const e of await view.edges(p.node)) {
    if (p.hops.length > 0 && e.other === (p.hops.length > 1 ? p.hops[p.hops.length - 2]!.other : undefined)) continue;
    const names = vocab.namesOf(e.other).flatMap((n) => n.split(" "));
    const fits = rest.every((w) => wordScore(w.text, e.predicate) >= WORD_MATCH_THRESHOLD || names.includes(w.text) || singulars(w.text).some((s) => names.includes(s)));
    if (fits) return e.step;
  }
  return undefined;
}

/**
 * Facts saying a thing the path passes through is of the kind each
 * leftover word names: "the line that serves Fenwick" is a railway line.
 */
async function kindsOnTheWay(p: Partial, rest: readonly RelationWord[], vocab: Vocabulary, view: FactView): Promise<FactStep[] | undefined> {
  const between = p.hops.slice(0, -1).map((h) => h.other);
  const steps: FactStep[] = [];
  for (const w of rest) {
    let told: FactStep[] | undefined;
    for (const node of between) if ((told = await kindOf(node, [w.text], vocab, view))) break;
    if (!told) return undefined;
    steps.push(...told);
  }
  return steps;
}

/**
 * The question as it was read, as a graph pattern: the path from the
 * anchor ("?x works_at ?y1"), then what else the first answer had to
 * satisfy (its kind, the other things named, words describing it), with
 * the path's symbols as their variables ("?y1 located_in leeds").
 */
function patternOf(c: Candidate): string {
  const [first, ...others] = c.answers.map((a) => partsFor(c, a));
  if (!first) return partsFor(c, undefined).join(", ");
  // Each answer is proven by its own facts: a part not every answer shares shows what differs as such
  // ("?y1 heads|works_in cardiology", "?x capital_of ?_"), never as if the first answer's held for all.
  return first.map((part) => (others.every((o) => o.includes(part)) ? part : merged(part, first, others))).join(", ");
}

/** The pattern's parts as one answer's facts give them: the path with its variables, then the facts tying the answer. */
function partsFor(c: Candidate, answer: FoundAnswer | undefined): string[] {
  const vars = new Map<string, string>();
  let current = c.anchor;
  const parts: string[] = [];
  c.hops.forEach((h, i) => {
    const v = i === c.hops.length - 1 ? "?x" : `?y${i + 1}`;
    parts.push(h.direction === "out" ? `${current} ${h.predicate} ${v}` : `${v} ${h.predicate} ${current}`);
    const step = answer?.steps[i]?.triple;
    if (step) vars.set(h.direction === "out" ? step.object : step.subject, v);
    current = v;
  });
  const named = (id: string): string => vars.get(id) ?? id;
  const after = answer?.steps.slice(c.hops.length) ?? [];
  after.forEach((step, i) => {
    const t = step.triple;
    // A place a chain passes through on its way to the one named ("born_in ?z1, ?z1 located_in england") is a variable too.
    if (vars.has(t.subject) && !vars.has(t.object) && after.slice(i + 1).some((s) => s.triple.subject === t.object)) vars.set(t.object, `?z${vars.size}`);
  });
  for (const step of after) {
    const t = step.triple;
    const part = `${named(t.subject)} ${t.predicate} ${named(t.object)}`;
    if (!parts.includes(part) && part.includes("?")) parts.push(part);
  }
  return parts;
}

/** A part of the first answer's pattern as all answers have it: other predicates between the same ends, or another object. */
function merged(part: string, first: readonly string[], others: readonly (readonly string[])[]): string {
  const [subject, predicate, object] = part.split(" ") as [string, string, string];
  // One of another answer's parts the first answer lacks, whose subject, predicate and object `fits` takes.
  const theirs = (parts: readonly string[], fits: (s: string, p: string, o: string) => boolean) =>
    parts.find((other) => !first.includes(other) && fits(...(other.split(" ") as [string, string, string])));
  const predicates = others.map((parts) => theirs(parts, (s, _p, o) => s === subject && o === object)?.split(" ")[1]);
  if (predicates.every((p) => p !== undefined)) return `${subject} ${[...new Set([predicate, ...predicates])].join("|")} ${object}`;
  const sameFact = (parts: readonly string[]) => parts.includes(part) || theirs(parts, (s, p) => s === subject && p === predicate) !== undefined;
  if (!object.startsWith("?") && others.every(sameFact)) return `${subject} ${predicate} ?_`;
  return part;
}
