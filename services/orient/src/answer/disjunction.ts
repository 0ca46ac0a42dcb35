import { asWritten } from "./exclusion.js";
import { ARTICLES } from "./lexicon.js";
import type { Mention, QuestionReading } from "./question.js";
import { NUMBER, unread, type FoundAnswer, type QuestionAnswer } from "./result.js";

/** What eitherAsked finds: the question once with each of the things joined by "or". */
export interface Either {
  readonly questions: readonly string[];
  readonly things: readonly string[];
}

/**
 * "Which cities are in Norway or Peru?", "Which moons orbit either Mars or
 * Jupiter?", "Which drugs treat asthma, gout or acne?": things named one
 * after the other, the last two with only "or" (after an "either") between
 * them, the others side by side (a comma is no token). The question is
 * asked once with each (cut from the text as written: its capitals tell
 * names apart). Undefined for none, or for "or" anywhere else.
 */
export function eitherAsked(text: string, q: QuestionReading): Either | undefined {
  const { toks, mentions } = q;
  // A yes/no question may name the things with their articles ("Is the lion or the penguin a bird?"); an open one
  // with articles offers a choice ("Which is lighter, the eagle or the penguin?"), which is read elsewhere.
  const articled = q.polar;
  const gap = (a: Mention, b: Mention): readonly string[] => toks.slice(a.end, b.start);
  const sideBySide = (between: readonly string[]): boolean => between.length === 0 || (articled && between.length === 1 && ARTICLES.has(between[0]!));
  for (let k = 1; k < mentions.length; k++) {
    const [left, right] = [mentions[k - 1]!, mentions[k]!];
    const between = gap(left, right);
    if (between[0] !== "or" || !sideBySide(between.slice(1))) continue;
    // "the lion, the tiger or the penguin": an article before each name listed; "Is Hubble a telescope or a probe?"
    // names Hubble with none, so "a" joins the question to the first thing offered, not a list.
    const listedAlike = (m: Mention, after: readonly string[]): boolean => after.length === 0 || ARTICLES.has(toks[m.start - 1] ?? "");
    // The names side by side before the last two ("asthma, gout or acne").
    let first = k - 1;
    while (first > 0 && sideBySide(gap(mentions[first - 1]!, mentions[first]!)) && listedAlike(mentions[first - 1]!, gap(mentions[first - 1]!, mentions[first]!))) first--;
    const listed = mentions.slice(first, k + 1);
    const lead = ARTICLES.has(toks[listed[0]!.start - 1] ?? "") ? listed[0]!.start - 2 : listed[0]!.start - 1;
    const either = toks[lead] === "either";
    const written = listed.map((m) => asWritten(toks.slice(m.start, m.end)));
    // Between the names: what the text has between them (commas, spaces), and an article where one may come.
    const separator = articled ? "\\W+(?:(?:the|an?)\\W+)?" : "\\W+";
    const questions = written.map((_, i) => {
      const said = written.map((w, j) => (j === i ? `(${w})` : w));
      const list = `${said.slice(0, -1).join(separator)}\\W+or${separator}${said.at(-1)!}`;
      return cut(text, new RegExp(`${either ? `\\beither${separator}` : ""}\\b${list}\\b`, "i"));
    });
    if (questions.some((x) => x === undefined)) return undefined;
    return { questions: questions as string[], things: listed.flatMap((m) => m.ids) };
  }
  return undefined;
}

/** `text` with the match of `said` replaced by its one group, or undefined when nothing matched. */
function cut(text: string, said: RegExp): string | undefined {
  const rest = text.replace(said, "$1");
  return rest === text ? undefined : rest.replace(/\s+/g, " ").trim();
}

/** The readings as one: their patterns joined by "or", their subjects and predicates together. */
function joined(parts: readonly QuestionAnswer[]): Pick<QuestionAnswer, "pattern" | "subjects" | "predicates"> {
  return {
    pattern: parts.map((x) => `(${x.pattern})`).join(" or "),
    subjects: [...new Set(parts.flatMap((x) => x.subjects))],
    predicates: [...new Set(parts.flatMap((x) => x.predicates))],
  };
}

/**
 * "Is Lima in Norway or Peru?": YES when one is, by its proof; NO when
 * every one is no, by all their proofs; UNKNOWN otherwise.
 */
function eitherHolds(parts: readonly QuestionAnswer[], either: Either): QuestionAnswer {
  const yes = parts.find((x) => x.kind === "yes");
  if (yes) return yes;
  const all = joined(parts);
  const read = { ...all, subjects: [...new Set([...all.subjects, ...either.things])], answers: [] };
  return parts.every((x) => x.kind === "no") ? { ...read, kind: "no", proof: parts.flatMap((x) => x.proof) } : { ...read, kind: "unknown", proof: [] };
}

/**
 * The answers of any of the questions, each with its own proof (for a
 * yes/no question, see eitherHolds). Only lists of things, each read, make
 * one: a count or a number of each is no count or number of all, and one
 * question left unread would leave its answers out unsaid.
 */
export function eitherOf(parts: readonly QuestionAnswer[], either: Either, polar: boolean): QuestionAnswer {
  if (polar) return eitherHolds(parts, either);
  const lists = parts.every((x) => x.kind === "entities" && x.pattern !== "" && !x.answers.some((y) => NUMBER.test(y.id)));
  if (!lists) return { ...unread(either.things), kind: "entities" };
  const answers = new Map<string, FoundAnswer>();
  for (const x of parts.flatMap((part) => part.answers)) if ((answers.get(x.id)?.confidence ?? -1) < x.confidence) answers.set(x.id, x);
  return {
    kind: "entities",
    ...joined(parts),
    answers: [...answers.values()].sort((x, y) => y.confidence - x.confidence || (x.id < y.id ? -1 : 1)),
    proof: [],
  };
}
