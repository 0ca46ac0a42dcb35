import { canonicalPredicate, predicateTokens } from "@boyd/graph";
import { chainWithin, IS_A, kindPredicate, placesItsSubject, withinKind, type Edge, type FactStep, type FactView } from "./facts.js";
import { fromAsked } from "./places.js";
import { ARTICLES, COPULAS, INDEFINITE_ARTICLES, LIGHT_WORDS, QUANTIFIERS } from "./lexicon.js";
import { writtenTokens, type Mention, type QuestionReading, type RelationWord } from "./question.js";
import { doerDirection, namesOtherEnd, particleMisfits, passive, standsAsVerb, verbSubjectFirst, predicateFit, relationScore, saysBackwards, turnedByIn, verbLike, wordScore, WORD_MATCH_THRESHOLD } from "./relation-match.js";
import { NUMBER, unread, type FoundAnswer, type QuestionAnswer } from "./result.js";
import { OWL_FUNCTIONAL, type Vocabulary } from "./vocabulary.js";

/**
 * A yes/no question ("Is a dog a fish?", "Does Bob manage Carol?") is YES
 * when a fact or a rule derivation links the things named with a
 * predicate the words name, in the roles the words give; NO when a
 * declared functional predicate gives the thing asked about another
 * value; UNKNOWN otherwise: never yes without entailment.
 */
export async function answerPolar(q: QuestionReading, subjects: readonly string[], vocab: Vocabulary, view: FactView): Promise<QuestionAnswer> {
  const joined = q.firstJoined;
  const rest = q.mentions.slice(joined.length);
  if (joined.length < 2 || rest.length === 0 || q.lastJoined.some((m) => joined.includes(m))) return await answerPolarOf(q, subjects, vocab, view);
  // "Are Thom and Jonny members of Radiohead?" asks it of each: yes when each is, no when one is not.
  const each: QuestionAnswer[] = [];
  for (const m of joined) each.push(await answerPolarOf({ ...q, mentions: [m, ...rest], firstJoined: [m] }, subjects, vocab, view));
  const decided = each.find((a) => a.kind === "no") ?? each.find((a) => a.kind !== "yes");
  if (decided) return decided;
  return { ...each[0]!, pattern: each.map((a) => a.pattern).join("; "), proof: each.flatMap((a) => a.proof) };
}

/** A yes/no question of the one thing named first (see answerPolar). */
async function answerPolarOf(q: QuestionReading, subjects: readonly string[], vocab: Vocabulary, view: FactView): Promise<QuestionAnswer> {
  const first = q.mentions[0]!;
  const last = q.mentions[q.mentions.length - 1]!;
  if (first === last) return { ...unread(subjects), kind: "unknown", pattern: `${first.ids[0]} ? ?` };
  // "Is a dog a mammal?" asks for class membership; "Is Mont Blanc in the Alps?" for where it is or what it is part of.
  const within = (p: string): boolean => q.within && (canonicalPredicate(p).endsWith("_in") || canonicalPredicate(p) === "part_of");
  // "Does Central Station have 12 platforms?": "have" names `has_a`, or nothing beside a word that names the fact (`platforms`).
  const naming = q.words.filter((w) => !LIGHT_WORDS.has(w.text));
  // "Does the stork travel through Kenya?" is never asked of `travels_to`.
  const misfits = particleMisfits(q.words, q.toks, vocab.predicates.keys());
  const namedBy = (words: readonly RelationWord[], p: string): boolean => words.every((w) => !misfits.get(w.position)?.has(p) && relationScore(vocab.predicates, w.text, p) >= WORD_MATCH_THRESHOLD);
  const names = (p: string): boolean =>
    q.words.length === 0 ? kindPredicate(p) || within(p) : namedBy(q.words, p) || (naming.length > 0 && namedBy(naming, p));
  const predicates = [...vocab.predicates.keys()].filter(names).sort((a, b) => score(q.words, b) - score(q.words, a) || (vocab.predicates.get(b) ?? 0) - (vocab.predicates.get(a) ?? 0));
  // A verb keeps the question's word order ("Does billing depend on checkout?" is not "checkout depends_on billing"):
  // the first thing named is the subject, unless the predicate (`directed_by`) or the words ("orbited by") are passive.
  // A verb that says the predicate backwards turns it too ("Does Bob manage Carol?" is `carol reports_to bob`).
  const passiveWords = q.words.some((w) => w.passive);
  const backwards = (p: string): boolean => q.words.some((w) => saysBackwards(w.text, p) || turnedByIn(w, q.toks, p));
  // "Is Marcus Carol's boss?": a noun for whoever does the verb to the owner says the roles, as it does in open questions (`carol reports_to marcus`).
  const ownerOf = (target: Mention): Mention | undefined => (first.possessor ? first : target.possessor ? target : undefined);
  const doer = (p: string): "out" | "in" | undefined => q.nestingWords.map((w) => doerDirection(w.text, p)).find((d) => d !== undefined);
  // "Does jinja depend on flask?" over `flask dependency jinja`: a verb fixes the roles of a noun predicate too (see verbSubjectFirst).
  const nounOrder = (p: string, swapped: boolean): boolean => {
    const verb = q.words.find((w) => standsAsVerb(q.toks, w, q.nesting.has(w.position)) && wordScore(w.text, p) >= WORD_MATCH_THRESHOLD);
    const subjectFirst = verb && verbSubjectFirst(verb, p, q.toks);
    return subjectFirst === undefined || swapped !== subjectFirst;
  };
  // With no relation word only kinds and places are asked, and each says its subject's kind or place: "Is an
  // animal a mammal?" is `animal is_a mammal`, never the `mammal is_a animal` the graph holds.
  const keepsOrder = (p: string, swapped: boolean): boolean => (q.words.length === 0 ? !swapped : !verbLike(p) ? nounOrder(p, swapped) : doer(p) !== undefined || swapped === (passive(p) !== passiveWords !== backwards(p)));
  // A noun keeps the roles "of" and "'s" give: "Is Beth the parent of Arthur?" is `beth parent_of arthur`, never `arthur parent_of beth`.
  const keepsRoles = (p: string, subject: string, target: Mention): boolean => {
    const owner = ownerOf(target);
    const direction = owner ? doer(p) : undefined;
    if (owner && direction) return owner.ids.includes(subject) === (direction === "out");
    if (q.words.length === 0 || verbLike(p) || !owner) return true;
    // "Is Arthur a child of Beth?" names the other end of `parent_of`: the roles turn round.
    const otherEnd = q.words.some((w) => namesOtherEnd(w.text, p));
    return owner.ids.includes(subject) === (predicateTokens(p).at(-1) !== "of" !== otherEnd);
  };
  // "Does the valleyline serve Fenwick and Carrow?" is yes only when it serves both.
  const targets = q.lastJoined.includes(first) ? [last] : q.lastJoined;
  const links: FactStep[] = [];
  const patterns: string[] = [];
  for (const target of targets) {
    const fits = (p: string, swapped: boolean, subject: string): boolean => names(p) && keepsOrder(p, swapped) && keepsRoles(p, subject, target);
    // "Is Paris in the United States?": in Texas, which is in the United States.
    // "Was Victoria born in England?": born in London, which is in England; the first fact one the words name.
    // "Are Radiohead from England?": "from" names a fact of where its subject comes from (`from`, `comes_from`), as "in" one that places it.
    const placing = q.words.length === 0 ? (p: string) => placesItsSubject(p) || fromAsked(q.toks, p) : (p: string) => first.ids.some((id) => fits(p, false, id));
    const link = (await polarLink(first, target, view, fits)) ?? (q.within ? await containedIn(first, target, view, placing) : undefined);
    if (!link) break;
    links.push(...link.steps);
    patterns.push(link.pattern);
  }
  if (patterns.length === targets.length) {
    // "Is Kim a cardiology doctor?": `kim is_a doctor` is not yes while nothing ties Kim to cardiology.
    const ties = await tiesOf(first, q.mentions.filter((m) => m !== first && !targets.includes(m)), view);
    if (ties) {
      // The pattern names the ties too: "earthsea is_a novel" alone reads as if "fantasy" went unchecked.
      const tied = ties.map((t) => `${t.triple.subject} ${t.triple.predicate} ${t.triple.object}`);
      return { kind: "yes", pattern: [patterns.join("; "), ...tied].join(", "), subjects, predicates, answers: [], proof: [...links, ...ties] };
    }
  }
  // No: a functional predicate that gives the subject (or the object) a different value.
  // "Is Carol an engineer?" asks for a kind, not for her one role: another role may still be
  // a kind of the one asked (an engineering director is a manager), and the graph need not say so.
  const bestFit = Math.max(0, ...predicates.map((p) => predicateFit(p, q.words)));
  const asksKind = q.words.length === 0;
  const refutes = (p: string): boolean => vocab.declarations.functional.has(p) && !(asksKind && kindPredicate(p)) && predicateFit(p, q.words) === bestFit;
  for (const p of predicates.filter(refutes)) {
    const declaration = vocab.declarations.facts.get(`${OWL_FUNCTIONAL}:${p}`);
    for (const [s, o] of [[first, last], [last, first]] as const) {
      for (const sid of s.ids) {
        // Only the fact the question asks about can refute it: for "Does Priya manage Carol?", Carol's `reports_to`, never Priya's.
        if (!keepsOrder(p, s !== first) || !keepsRoles(p, sid, last)) continue;
        // Another value of the same kind (a year never refutes a person).
        const other = (await view.edges(sid)).find((e) => e.direction === "out" && e.predicate === p && !o.ids.includes(e.other) && NUMBER.test(e.other) === NUMBER.test(o.ids[0]!));
        if (other) {
          const proof: FactStep[] = [other.step, ...(declaration ? [{ triple: declaration }] : [])];
          return { kind: "no", pattern: `${sid} ${p} ${o.ids[0]}`, subjects, predicates, answers: [], proof };
        }
      }
    }
  }
  // "Is Lyon in Spain?" with no word of a relation asked whether Lyon is placed within Spain, whatever kinds were also tried.
  const asked = q.within && q.words.length === 0 ? "within" : (predicates[0] ?? "?");
  // The fact as the question asks it: "Does Bayer make metformin?" is `metformin manufactured_by bayer`, never the other way.
  const [s, o] = predicates[0] && asked === predicates[0] && !keepsOrder(asked, false) ? [last, first] : [first, last];
  return { kind: "unknown", pattern: `${s.ids[0]} ${asked} ${o.ids[0]}`, subjects, predicates, answers: [], proof: [] };
}

/**
 * A fact tying the thing asked about to each other thing the question
 * names on the way (either way round, or membership of a class so named),
 * or undefined when one is not tied.
 */
async function tiesOf(thing: Mention, others: readonly Mention[], view: FactView): Promise<FactStep[] | undefined> {
  const steps: FactStep[] = [];
  for (const other of others) {
    let tie: FactStep[] | undefined;
    for (const id of thing.ids) {
      const edge = (await view.edges(id)).find((e) => other.ids.includes(e.other));
      if (edge) tie = [edge.step];
      for (const cls of other.ids) tie ??= await view.isA(id, cls);
      if (tie) break;
    }
    if (!tie) return undefined;
    steps.push(...tie);
  }
  return steps;
}

/** The facts linking the first thing named and `target`, either way round as `fits` allows. */
async function polarLink(first: Mention, target: Mention, view: FactView, fits: (p: string, swapped: boolean, subject: string) => boolean): Promise<{ steps: FactStep[]; pattern: string } | undefined> {
  for (const a of first.ids) {
    for (const b of target.ids) {
      for (const [s, o] of [[a, b], [b, a]] as const) {
        const swapped = s !== a;
        const edge = await linkBetween(view, s, o, (p) => fits(p, swapped, s));
        if (edge) return { steps: [edge.step], pattern: `${s} ${edge.predicate} ${o}` };
      }
    }
  }
  // "Is Carol a manager?": her role, engineering director, is a kind of manager.
  for (const a of first.ids) {
    for (const e of await view.edges(a)) {
      if (e.direction !== "out" || IS_A.has(canonicalPredicate(e.predicate)) || !kindPredicate(e.predicate) || !fits(e.predicate, false, a)) continue;
      for (const b of target.ids) {
        const kind = await view.isA(e.other, b);
        if (kind && kind.length > 0) return { steps: [e.step, ...kind], pattern: `${a} ${e.predicate} ?k, ?k is_a ${b}` };
        // "Is Neuromancer science fiction?": its genre, cyberpunk, is a subgenre of it.
        const within = await withinKind(view, e.other, b);
        if (within) return { steps: [e.step, ...within], pattern: `${a} ${e.predicate} ?k, ?k within ${b}` };
      }
    }
  }
  return undefined;
}

/** A chain of facts placing the first thing named within `target` (`located_in`, `part_of`, ...) after a first fact `placing` accepts, shortest first. */
async function containedIn(first: Mention, target: Mention, view: FactView, placing: (predicate: string) => boolean): Promise<{ steps: FactStep[]; pattern: string } | undefined> {
  for (const start of first.ids) {
    // The first fact may place the thing by keeping it (`held_by` a museum); what holds a place holds only by containment.
    const steps = await chainWithin(view, start, target.ids, placing);
    if (!steps) continue;
    const end = steps[steps.length - 1]!.triple.object;
    const head = steps[0]!.triple.predicate;
    return { steps, pattern: placesItsSubject(head) ? `${start} within ${end}` : `${start} ${head} ?p, ?p within ${end}` };
  }
  return undefined;
}

/** A stated or derived fact (s p o) whose predicate the question names. */
async function linkBetween(view: FactView, s: string, o: string, names: (p: string) => boolean): Promise<Edge | undefined> {
  const edges = await view.edges(s);
  const direct = edges.find((e) => e.direction === "out" && e.other === o && names(e.predicate));
  if (direct) return direct;
  for (const p of new Set(edges.filter((e) => e.direction === "out" && names(e.predicate) && view.isTransitive(e.predicate)).map((e) => e.predicate))) {
    const found = (await view.closure(s, p, "out")).find((e) => e.other === o);
    if (found) return found;
  }
  return undefined;
}

/** Words that turn a description round or narrow it to one: the answers of the description alone do not say yes to those. */
const NOT_PLAIN: ReadonlySet<string> = new Set(["not", "no", "never", "nor", "t", "only", "sole", "except", "but", "without"]);

/**
 * "Is Europa a moon of Jupiter?": no one fact links Europa to Jupiter in a
 * way the words name, but the question asks whether Europa is one of "the
 * moon of Jupiter", an open question of its own. YES when Europa is among
 * that question's answers, with the facts that make it one; UNKNOWN of
 * that reading when it is not (never NO: not being found is not being
 * refuted); undefined when the description is no question the graph reads.
 */
export async function answerAsDescribed(q: QuestionReading, ask: (text: string) => Promise<QuestionAnswer>): Promise<QuestionAnswer | undefined> {
  const { toks } = q;
  const thing = q.mentions[0]!;
  // The copula comes first ("Is Europa a ...", "Is a dog a ..."), or right after the thing ("... whether Europa is a ...").
  const first = COPULAS.has(toks[0]!) && (thing.start === 1 || (thing.start === 2 && ARTICLES.has(toks[1]!)));
  if (!first && !COPULAS.has(toks[thing.end] ?? "")) return undefined;
  let i = first ? thing.end : thing.end + 1;
  if (toks[i] === "one" && toks[i + 1] === "of") i += 2;
  // "a moon of Jupiter", or an owner's noun: "Is Priya Carol's manager?" asks who Carol's manager is.
  const owner = q.mentions.find((m) => m.start === i && m.possessor && toks[m.end] === "s");
  if (!owner && !ARTICLES.has(toks[i] ?? "")) return undefined;
  const description = writtenTokens(q, owner ? i : i + 1);
  if (description.length === 0 || description.some((t) => NOT_PLAIN.has(t.toLowerCase()))) return undefined;
  // A bare name describes nothing the membership check (answerPolar) did not ask: "find the mammal" reads as
  // what a mammal is, and "Is an animal a mammal?" would be yes by `mammal is_a animal`.
  if (!owner && q.mentions.some((m) => m.start === i + 1 && m.end === toks.length)) return undefined;
  // An owner's noun reads as it is asked ("who is Carol's manager"); "find the" would take the owner for the head.
  const found = await ask(`${owner ? "who is" : "find the"} ${description.join(" ")}`);
  if (!readAsOpen(found)) return undefined;
  const hit = found.answers.find((a) => thing.ids.includes(a.id));
  // Read that way but not among the answers: unknown, of the question as it was read.
  return yesIfShown(found, hit, `${found.pattern} with ?x = ${hit?.id ?? thing.ids[0]!}`);
}

/**
 * "Are there courses offered in spring?", "Is there a moon with an
 * ocean?", "Do any lines serve Elm?": YES when the open question ("which
 * courses offered in spring") has an answer, with that answer's facts;
 * UNKNOWN when it has none (what the graph does not hold may still be).
 * Undefined for any other yes/no question.
 */
export async function answerExistence(q: QuestionReading, ask: (text: string) => Promise<QuestionAnswer>): Promise<QuestionAnswer | undefined> {
  const opener = existenceOpener(q.toks);
  if (opener === undefined) return undefined;
  const rest = writtenTokens(q, opener);
  if (rest.length === 0 || q.toks.slice(opener).some((t) => NOT_PLAIN.has(t))) return undefined;
  const found = await ask(`which ${rest.join(" ")}`);
  if (!readAsOpen(found)) return undefined;
  return yesIfShown(found, found.answers[0], `some ?x: ${found.pattern}`);
}

/** Whether an open question asked on a yes/no question's behalf was read as one (it has a pattern of facts). */
function readAsOpen(found: QuestionAnswer): boolean {
  return found.kind === "entities" && found.pattern !== "";
}

/** YES with the facts of `shown`, one of `found`'s answers; UNKNOWN without one (not found is not refuted). */
function yesIfShown(found: QuestionAnswer, shown: FoundAnswer | undefined, pattern: string): QuestionAnswer {
  return { kind: shown ? "yes" : "unknown", pattern, subjects: found.subjects, predicates: found.predicates, answers: [], proof: shown?.steps ?? [] };
}

/** Where what is asked about starts after "is there (a|any)", "are there (any)", "do(es) any": undefined when the question opens otherwise. */
function existenceOpener(toks: readonly string[]): number | undefined {
  let i = 0;
  if (COPULAS.has(toks[0]!) && toks[1] === "there") i = 2;
  else if ((toks[0] === "do" || toks[0] === "does") && toks[1] === "any") i = 2;
  else return undefined;
  while (EXISTENCE_DETERMINERS.has(toks[i] ?? "")) i++;
  return i;
}

/** Words between "is there" / "are there" and what is asked about. */
const EXISTENCE_DETERMINERS: ReadonlySet<string> = new Set([...INDEFINITE_ARTICLES, ...QUANTIFIERS]);

function score(words: readonly RelationWord[], p: string): number {
  return words.reduce((n, w) => n + wordScore(w.text, p), 0);
}

/** "Is it true that ...", "Verify that ...": a statement put up to be checked. */
const CLAIM = /^\s*(?:is it (?:true|the case|correct|right)|verify|confirm|check|prove)\s+that\s+(\S.*)$/i;

/** The statement after "Is it true that" asked as "whether" it holds, which reads yes or no; undefined for any other text. */
export function claimAsked(text: string): string | undefined {
  const claim = CLAIM.exec(text)?.[1];
  return claim === undefined ? undefined : `whether ${claim}`;
}
