import { singulars } from "@boyd/graph";
import { type FactStep, type FactView } from "./facts.js";
import { onlyClassNamed } from "./measures.js";
import type { Mention, QuestionReading } from "./question.js";
import { kindsUnknown, NUMBER, type FoundAnswer, type QuestionAnswer } from "./result.js";
import type { Vocabulary } from "./vocabulary.js";

// Members of a class counted one by one: the most asked is each member's
// question asked in turn, closed-world (what the graph holds), and said so.
const MAX_COUNTED = 50;
// Other members named in the winner's label.
const NAMED_AGAINST = 6;

const COUNTING_WORDS: ReadonlyMap<string, boolean> = new Map([
  ["most", true],
  ["fewest", false],
  ["least", false],
]);

interface Counted {
  readonly member: string;
  readonly isA: FactStep;
  readonly listed: QuestionAnswer;
}

/**
 * "Which planet has the most moons?" where no fact states a number of
 * moons: each planet's moons are listed as "which moons does Mars have"
 * lists them, read the same way for every planet (else no answer), and
 * counted; the planet with the most wins, its label saying the count is of
 * what the graph holds and what it was against, its proof every fact
 * counted (the others' marked compared). A tie gives each; no count above
 * zero gives none.
 */
export async function answerSuperlativeCounted(q: QuestionReading, ask: (text: string) => Promise<QuestionAnswer>, vocab: Vocabulary, view: FactView): Promise<QuestionAnswer | undefined> {
  const counting = countingAsked(q);
  if (!counting || q.comparison) return undefined;
  const { head, noun, highest } = counting;
  const found = await countedByClass(head, noun, ask, vocab, view);
  if (!found) return undefined;
  const { cls, counted, shape } = found;
  const sizes = counted.map((c) => c.listed.answers.length);
  const best = highest ? Math.max(...sizes) : Math.min(...sizes);
  // None counted is no count of 0 (the graph may not know them), as countOf holds: no fewest of nothing, no most of none.
  if (best === 0) return undefined;
  const refused = { kind: "entities", pattern: `${highest ? "most" : "fewest"} ?n: count ?x: ${shape}, ?m is-a ${cls}`, subjects: [cls], predicates: [...new Set(counted.flatMap((c) => c.listed.predicates))], answers: [], proof: [] } as const;
  const unsettled = unsettledBy(counted, best, highest);
  if (unsettled) return { ...refused, unanswered: `${vocab.distinctName(unsettled.member)}: ${kindsUnknown(unsettled.listed.unsure!, vocab)}; the ranking could change` };
  const answers = counted.flatMap((c, i) => (sizes[i] === best ? [countedAnswer(c, counted, noun, highest, vocab)] : []));
  return { ...refused, answers };
}

/**
 * A member whose things of unknown kind (see QuestionAnswer.unsure) could
 * change the ranking, or undefined when none could. Each count is then a
 * range: with the most, a member not first must stay below the first even
 * with all its unsure things counted, and first places tied must have none
 * (one could pull ahead); with the fewest, the first must have none (it
 * could rise past the others), and the others only rise.
 */
function unsettledBy(counted: readonly Counted[], best: number, highest: boolean): Counted | undefined {
  const unsure = (c: Counted) => c.listed.unsure?.ids.length ?? 0;
  const first = counted.filter((c) => c.listed.answers.length === best);
  return counted.find((c) => {
    if (unsure(c) === 0) return false;
    if (!first.includes(c)) return highest && c.listed.answers.length + unsure(c) >= best;
    return !highest || first.length > 1;
  });
}

/**
 * "Which authors wrote more than one novel?", "Which planets have at
 * least 2 moons?": each member's list read as the most-counted ranking
 * reads it, kept when its count passes the number. Only a lower bound is
 * answered: the facts counted prove at least so many, while "fewer than"
 * would need the graph to hold every one (it may not). Each answer's label
 * gives its count, its proof every fact counted.
 */
export async function answerCountedAtLeast(q: QuestionReading, ask: (text: string) => Promise<QuestionAnswer>, vocab: Vocabulary, view: FactView): Promise<QuestionAnswer | undefined> {
  const c = q.comparison;
  if (!c || c.against || c.measure || q.unit || (c.op !== ">" && c.op !== ">=")) return undefined;
  const head = q.head;
  const noun = nounAfter(q, Math.max(...c.positions) + 1, head);
  const found = head && noun ? await countedByClass(head, noun, ask, vocab, view) : undefined;
  if (!found) return undefined;
  const { cls, counted, shape } = found;
  const passes = (n: number): boolean => (c.op === ">" ? n > c.value : n >= c.value);
  const kept = counted.filter((m) => passes(m.listed.answers.length));
  // Most counted first, then by id.
  kept.sort((a, b) => b.listed.answers.length - a.listed.answers.length || (a.member < b.member ? -1 : 1));
  const answers = kept.map((m) => countedMember(m, vocab));
  return { kind: "entities", pattern: `count ?x: ${shape}, ?m is-a ${cls}, count ${c.op} ${c.value}`, subjects: [cls], predicates: [...new Set(counted.flatMap((m) => m.listed.predicates))], answers, proof: [] };
}

/** The noun counted, right after the number: a class named there, or a word; undefined when anything else is named. */
function nounAfter(q: QuestionReading, at: number, head: Mention | undefined): string | undefined {
  const named = q.mentions.find((m) => m.start === at);
  if (q.mentions.some((m) => m !== head && m !== named)) return undefined;
  return named?.text ?? q.words.find((w) => w.position === at)?.text;
}

/**
 * The first of the classes `head` names whose members' lists of `noun`
 * all read one way: the class, each member's list, and that shape.
 */
async function countedByClass(head: Mention, noun: string, ask: (text: string) => Promise<QuestionAnswer>, vocab: Vocabulary, view: FactView): Promise<{ cls: string; counted: Counted[]; shape: string } | undefined> {
  for (const cls of head.ids) {
    const counted = await countEach(cls, noun, ask, vocab, view);
    const shape = counted && sameShape(counted);
    if (counted && shape !== undefined) return { cls, counted, shape };
  }
  return undefined;
}

/** One member by its count: "frank_herbert: 2 counted in the graph" (the noun as asked may be singular: "more than one novel"), the facts counted its proof. */
function countedMember(c: Counted, vocab: Vocabulary): FoundAnswer {
  return {
    id: c.member,
    label: `${vocab.distinctName(c.member)}: ${c.listed.answers.length} counted in the graph`,
    confidence: Math.min(c.isA.triple.confidence, ...c.listed.answers.map((a) => a.confidence)),
    steps: [c.isA, ...c.listed.answers.flatMap((a) => a.steps)],
  };
}

/**
 * One member as the answer: its count, the members tied with it and what
 * it was against in its label ("queen: 2 members counted in the graph, as
 * many as the_rolling_stones; against the_beatles 4"), every counted fact
 * in its proof (the others' marked compared).
 */
function countedAnswer(c: Counted, counted: readonly Counted[], noun: string, highest: boolean, vocab: Vocabulary): FoundAnswer {
  const size = c.listed.answers.length;
  const others = counted.filter((o) => o !== c);
  const tied = others.filter((o) => o.listed.answers.length === size).map((o) => vocab.distinctName(o.member));
  const rest = others.filter((o) => o.listed.answers.length !== size);
  const against = [...rest]
    .sort((a, b) => (highest ? -1 : 1) * (a.listed.answers.length - b.listed.answers.length))
    .slice(0, NAMED_AGAINST)
    .map((o) => `${vocab.distinctName(o.member)} ${o.listed.answers.length}`);
  const more = rest.length > NAMED_AGAINST ? ", ..." : "";
  const tie = tied.length > 0 ? `, as many as ${tied.join(", ")}${rest.length > 0 ? ";" : ""}` : "";
  const compared = others.flatMap((o) => o.listed.answers.flatMap((a) => a.steps.map((s) => ({ ...s, compared: true }))));
  const own = countedMember(c, vocab);
  return {
    ...own,
    label: `${vocab.distinctName(c.member)}: ${size} ${size === 1 ? oneOf(noun) : noun} counted in the graph${tie}${rest.length > 0 ? `${tie ? "" : ","} against ${against.join(", ")}${more}` : ""}`,
    steps: [...own.steps, ...compared],
  };
}

/** The noun for one of them ("1 service"), where its singular is clear; else as asked. */
function oneOf(noun: string): string {
  const one = singulars(noun);
  return one.length === 1 ? one[0]! : noun;
}

/**
 * "the most moons" after the class asked for: the counting word, the noun
 * counted (a word, or a class named: `moon`) and the class whose members
 * are ranked, the only other thing named. Undefined otherwise.
 */
function countingAsked(q: QuestionReading): { head: Mention; noun: string; highest: boolean } | undefined {
  const asked = q.superlative;
  if (asked) {
    // "the second most moons" is left unanswered: counts are ranked for the first place only.
    if (asked.place !== 1) return undefined;
    const head = onlyClassNamed(q);
    const highest = asked.positions.length === 2 ? COUNTING_WORDS.get(q.toks[asked.positions[0]!] ?? "") : undefined;
    return head && highest !== undefined ? { head, noun: asked.measure, highest } : undefined;
  }
  // A class counted is named, so it is no superlative's word: "Which planet has the most moons?" with `moon` a class.
  const head = q.head;
  const counted = q.mentions.find((m) => m !== head && COUNTING_WORDS.has(q.toks[m.start - 1] ?? ""));
  if (!head || !counted || q.mentions.some((m) => m !== head && m !== counted)) return undefined;
  return { head, noun: counted.text, highest: COUNTING_WORDS.get(q.toks[counted.start - 1]!)! };
}

/** Each member of `cls` (not its subclasses) with what "which <noun> does <member> have" lists; undefined past MAX_COUNTED members. */
async function countEach(cls: string, noun: string, ask: (text: string) => Promise<QuestionAnswer>, vocab: Vocabulary, view: FactView): Promise<Counted[] | undefined> {
  const members = [];
  for (const m of await view.members(cls)) if (!(await view.isClass(m.other))) members.push(m);
  if (members.length < 2 || members.length > MAX_COUNTED) return undefined;
  const counted: Counted[] = [];
  for (const m of members) counted.push({ member: m.other, isA: m.step, listed: await ask(`which ${noun} does ${vocab.displayName(m.other)} have`) });
  return counted;
}

/**
 * The one pattern every member's list was read by, the member as `?m`
 * ("?x orbits ?m"); undefined when two read differently, when one read as
 * about another thing, or when none read at all. A member whose question
 * found nothing counts none.
 */
function sameShape(counted: readonly Counted[]): string | undefined {
  const shapes = new Set<string>();
  for (const c of counted) {
    if (c.listed.kind !== "entities" && c.listed.kind !== "unread") return undefined;
    if (c.listed.answers.length === 0) continue;
    // "the most championships" over `lakers championships 17`: a number stated is no thing to count (one fact each).
    if (c.listed.answers.some((a) => NUMBER.test(a.id))) return undefined;
    if (!c.listed.subjects.includes(c.member) || c.listed.pattern.includes("; ")) return undefined;
    // Token by token: `mars` in "?x orbits mars", never inside `mars_rover`.
    shapes.add(
      c.listed.pattern
        .split(/(\s|,)/)
        .map((t) => (t === c.member ? "?m" : t))
        .join(""),
    );
  }
  return shapes.size === 1 ? [...shapes][0] : undefined;
}
