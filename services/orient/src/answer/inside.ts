import { canonicalPredicate } from "@boyd/graph";
import { placesItsSubject, type Edge, type FactView } from "./facts.js";
import { ARTICLES, COPULAS } from "./lexicon.js";
import { writtenTokens, type QuestionReading } from "./question.js";
import { NUMBER, unread, type FoundAnswer, type QuestionAnswer } from "./result.js";

/**
 * "Who is in the band that formed in London?", "What is on Abbey Road?":
 * the preposition after the copula relates the answers to the thing named
 * or described after it; they are not that thing. Read as "Who is the band
 * ...", the question was answered with the band.
 */
export interface InsideAsked {
  readonly preposition: string;
  /** The position in the tokens where what holds the answers is named or described. */
  readonly start: number;
}

const ASKING_WORDS: ReadonlySet<string> = new Set(["who", "what"]);
/** The copula, "s" being the one of "what's". */
const BEING: ReadonlySet<string> = new Set(["is", "are", "was", "were", "s"]);

/** The first words of facts putting their subject in, on or at their object beyond placing ones (`member_of`, `appears_on`, `stars_in`), by preposition. */
const BEING_IN: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["in", new Set(["member", "part", "belongs", "appears", "featured", "included", "listed", "stars", "plays", "lives", "resides", "enrolled", "used", "found"])],
  ["on", new Set(["member", "appears", "featured", "included", "listed", "located", "situated", "lives", "sits", "stands", "plays", "served", "stationed", "shown"])],
  ["at", new Set(["member", "works", "studies", "enrolled", "stationed", "employed", "lives", "resides"])],
]);
/** Prepositions read as one of those above. */
const SAME_AS: ReadonlyMap<string, string> = new Map([["in", "in"], ["inside", "in"], ["within", "in"], ["on", "on"], ["aboard", "on"], ["at", "at"]]);
/** The last words those facts end with: the preposition itself, or "of" and "to" of membership (`member_of`, `belongs_to`). */
const JOINING: ReadonlySet<string> = new Set(["of", "to"]);
/** Words that make a phrase with the preposition before them ("in charge of", "in front of"), no place or group. */
const IDIOMS: ReadonlySet<string> = new Set(["charge", "command", "control", "front", "favour", "favor", "love", "touch", "need", "debt", "power", "office"]);
/** Nouns of a group of members: "in the crew of Apollo 11" is one of the crew, which "the crew of Apollo 11" names. */
const GROUPS: ReadonlySet<string> = new Set(["crew", "team", "cast", "staff", "band", "group", "committee", "board", "family", "lineup", "roster", "squad", "council", "panel", "faculty", "membership", "members", "ranks"]);
/** Facts of the holder that put their object in it (`abbey_road includes come_together`). */
const CONTAINING: ReadonlySet<string> = new Set(["contains", "includes", "has_member", "has_members", "features", "houses", "holds", "has_part", "has_parts", "comprises"]);

/** "Who is in ...", "What's on ...": the preposition asked and where its object starts; undefined for any other question. */
export function insideAsked(toks: readonly string[]): InsideAsked | undefined {
  const preposition = SAME_AS.get(toks[2] ?? "");
  if (!ASKING_WORDS.has(toks[0] ?? "") || !BEING.has(toks[1] ?? "") || !preposition) return undefined;
  // "Who is in the same band as Thom?" compares (answerSameAs reads it); "in charge of" is a phrase of its own.
  if (toks.includes("same") || IDIOMS.has(toks[3] ?? "")) return undefined;
  return { preposition, start: ARTICLES.has(toks[3] ?? "") ? 4 : 3 };
}

/**
 * The things a fact puts in, on or at what is named after the preposition:
 * one named thing ("Queen"), or the answers of the description read as a
 * question of its own ("the band that formed in London"), each answer with
 * the facts of both. A class alone ("Who is in the band?") says no one
 * thing, and a preposition no fact of the graph says is refused: never the
 * described thing itself.
 */
export async function answerInside(asked: InsideAsked, q: QuestionReading, ask: (text: string) => Promise<QuestionAnswer>, view: FactView): Promise<QuestionAnswer> {
  const subjects = q.mentions.flatMap((m) => m.ids);
  const refused: QuestionAnswer = { ...unread(subjects), kind: "entities" };
  const holders = await holdersOf(asked, q, ask, view);
  if (!holders || holders.answers.length === 0) return refused;
  const answers = new Map<string, FoundAnswer>();
  const facts = new Map<string, Edge>();
  for (const holder of holders.answers) {
    for (const e of await view.edges(holder.id)) {
      if (!placesIn(e, asked.preposition) || NUMBER.test(e.other) || answers.has(e.other)) continue;
      facts.set(`${e.direction} ${e.predicate}`, e);
      answers.set(e.other, { id: e.other, confidence: e.confidence * holder.confidence, steps: [...holder.steps, e.step] });
    }
  }
  // "Who was in the crew of Apollo 11?": nothing is in the crew's members; "the crew of Apollo 11" named them.
  if (answers.size === 0 && holders.described && groupOf(asked, q) && (await everyOne(holders.described.answers, view))) return holders.described;
  if (answers.size === 0) return { ...refused, unanswered: `no fact says what is ${asked.preposition} ${holders.answers.map((h) => h.id).join(" or ")}` };
  return {
    kind: "entities",
    pattern: [...facts.values()].map((e) => patternOf(e, holders)).join("; "),
    subjects: [...new Set([...holders.answers.map((h) => h.id), ...subjects])],
    predicates: [...new Set([...facts.values()].map((e) => e.predicate))],
    answers: [...answers.values()],
    proof: [],
  };
}

/**
 * "Is Freddie in Queen?", "Is Come Together on Abbey Road?": yes by a fact
 * that puts the one thing in, on or at the other as answerInside reads
 * them (`member_of`, `appears_on`); undefined when the question is not of
 * that shape or no such fact says so (never no: another fact may).
 */
export async function answerPlacedIn(q: QuestionReading, view: FactView): Promise<QuestionAnswer | undefined> {
  const [thing, holder] = q.mentions;
  if (q.mentions.length !== 2 || !COPULAS.has(q.toks[0] ?? "") || thing!.start !== 1 || holder!.end !== q.toks.length) return undefined;
  const preposition = SAME_AS.get(q.toks[thing!.end] ?? "");
  const start = ARTICLES.has(q.toks[thing!.end + 1] ?? "") ? thing!.end + 2 : thing!.end + 1;
  if (!preposition || holder!.start !== start) return undefined;
  for (const h of holder!.ids) {
    for (const e of await view.edges(h)) {
      if (!thing!.ids.includes(e.other) || !placesIn(e, preposition)) continue;
      const pattern = e.direction === "in" ? `${e.other} ${e.predicate} ${h}` : `${h} ${e.predicate} ${e.other}`;
      return { kind: "yes", pattern, subjects: [e.other, h], predicates: [e.predicate], answers: [], proof: [e.step] };
    }
  }
  return undefined;
}

/** What holds the answers, and the question's answer that says so when it was described. */
interface Holders {
  readonly answers: readonly FoundAnswer[];
  readonly pattern?: string;
  readonly described?: QuestionAnswer;
}

/** What holds the answers: the one thing named after the preposition, or the described thing's answers (pattern: theirs). */
async function holdersOf(asked: InsideAsked, q: QuestionReading, ask: (text: string) => Promise<QuestionAnswer>, view: FactView): Promise<Holders | undefined> {
  const rest = q.mentions.filter((m) => m.start >= asked.start);
  if (rest.length === 0) return undefined;
  const last = rest.at(-1)!;
  const lastIsClass = await view.anyIsClass(last.ids);
  // "Who is in the band?": which band, nothing says.
  if (rest.length === 1 && last.start === asked.start && last.end === q.toks.length) return lastIsClass ? undefined : { answers: last.ids.map((id) => ({ id, confidence: 1, steps: [] })) };
  const ends = last.end === q.toks.length && !lastIsClass;
  // "the band Queen": the class before the name says what it is, as a fact must.
  const kind = rest.length === 2 && rest[0]!.start === asked.start && rest[0]!.end === last.start ? rest[0]! : undefined;
  if (ends && kind && (await view.anyIsClass(kind.ids))) return { answers: await ofKind(last.ids, kind.ids, view) };
  const described = await ask(["what", "is", ...writtenTokens(q, 3)].join(" "));
  if (described.kind !== "entities" || described.answers.length === 0) return undefined;
  return { answers: described.answers, pattern: described.pattern, described };
}

/** "Who was in the crew of Apollo 11?": a group named by a word no class of the graph is, whose members "the crew of ..." may answer. */
function groupOf(asked: InsideAsked, q: QuestionReading): boolean {
  return GROUPS.has(q.toks[asked.start] ?? "") && q.toks[asked.start + 1] === "of" && !q.mentions.some((m) => m.start === asked.start);
}

/**
 * Whether each answer of "the crew of Apollo 11" is one of the group, not
 * the group itself: no other thing has the same fact to it (with
 * `freddie band queen` and `brian band queen`, "the band of Freddie" is
 * Queen, whose members are asked for; read either way, it is refused).
 */
async function everyOne(members: readonly FoundAnswer[], view: FactView): Promise<boolean> {
  for (const a of members) {
    const fact = a.steps.at(-1)?.triple;
    if (!fact || (fact.subject !== a.id && fact.object !== a.id)) return false;
    const [direction, owner] = fact.object === a.id ? (["in", fact.subject] as const) : (["out", fact.object] as const);
    if ((await view.edges(a.id)).some((e) => e.predicate === fact.predicate && e.direction === direction && e.other !== owner)) return false;
  }
  return true;
}

/** The named things the class makes one of, each with the facts that make it one. */
async function ofKind(ids: readonly string[], classes: readonly string[], view: FactView): Promise<FoundAnswer[]> {
  const found: FoundAnswer[] = [];
  for (const id of ids) {
    const steps = await view.isAnyOf(id, classes);
    if (steps) found.push({ id, confidence: 1, steps });
  }
  return found;
}

/** Whether a fact of the holder puts its other end in, on or at the holder, as the preposition says. */
function placesIn(e: Edge, preposition: string): boolean {
  const canonical = canonicalPredicate(e.predicate);
  if (e.direction === "out") return CONTAINING.has(canonical);
  if (preposition !== "on" && placesItsSubject(e.predicate)) return true;
  const words = canonical.split("_");
  const last = words[words.length - 1]!;
  return BEING_IN.get(preposition)!.has(words[0]!) && (last === preposition || (JOINING.has(last) && words.length === 2));
}

/** The pattern of one kind of fact: the holder named, or described (its own pattern, its answer renamed ?h). */
function patternOf(e: Edge, holders: Holders): string {
  const fact = (h: string) => (e.direction === "in" ? `?x ${e.predicate} ${h}` : `${h} ${e.predicate} ?x`);
  if (holders.pattern === undefined) return holders.answers.map((h) => fact(h.id)).join("; ");
  return `${holders.pattern.replace(/\?x\b/g, "?h")}, ${fact("?h")}`;
}
