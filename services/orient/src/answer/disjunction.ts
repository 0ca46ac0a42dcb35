import { asWritten } from "./exclusion.js";
import type { QuestionReading } from "./question.js";
import { NUMBER, unread, type FoundAnswer, type QuestionAnswer } from "./result.js";

/** What eitherAsked finds: the question once with each of the two things joined by "or". */
export interface Either {
  readonly questions: readonly [string, string];
  readonly things: readonly string[];
}

/**
 * "Which cities are in Norway or Peru?", "Which moons orbit either Mars or
 * Jupiter?": two things named one after the other with only "or" (after
 * an "either") between them. The question is asked once with each (cut
 * from the text as written: its capitals tell names apart). Undefined for
 * none, or for "or" anywhere else.
 */
export function eitherAsked(text: string, q: QuestionReading): Either | undefined {
  const { toks, mentions } = q;
  for (let k = 1; k < mentions.length; k++) {
    const [left, right] = [mentions[k - 1]!, mentions[k]!];
    if (right.start !== left.end + 1 || toks[left.end] !== "or") continue;
    const either = toks[left.start - 1] === "either";
    const leftWords = asWritten(toks.slice(left.start, left.end));
    const rightWords = asWritten(toks.slice(right.start, right.end));
    const withLeft = cut(text, new RegExp(`${either ? "\\beither\\s+" : ""}\\b(${leftWords})\\W+or\\W+${rightWords}\\b`, "i"));
    const withRight = cut(text, new RegExp(`${either ? "\\beither\\s+" : ""}\\b${leftWords}\\W+or\\W+(${rightWords})\\b`, "i"));
    if (!withLeft || !withRight) return undefined;
    return { questions: [withLeft, withRight], things: [...left.ids, ...right.ids] };
  }
  return undefined;
}

/** `text` with the match of `said` replaced by its one group, or undefined when nothing matched. */
function cut(text: string, said: RegExp): string | undefined {
  const rest = text.replace(said, "$1");
  return rest === text ? undefined : rest.replace(/\s+/g, " ").trim();
}

/** The two readings as one: their patterns joined by "or", their subjects and predicates together. */
function joined(a: QuestionAnswer, b: QuestionAnswer): Pick<QuestionAnswer, "pattern" | "subjects" | "predicates"> {
  return { pattern: `(${a.pattern}) or (${b.pattern})`, subjects: [...new Set([...a.subjects, ...b.subjects])], predicates: [...new Set([...a.predicates, ...b.predicates])] };
}

/**
 * "Is Lima in Norway or Peru?": YES when either is, by its proof; NO when
 * both are no, by both proofs; UNKNOWN otherwise.
 */
function eitherHolds(a: QuestionAnswer, b: QuestionAnswer, either: Either): QuestionAnswer {
  const yes = [a, b].find((x) => x.kind === "yes");
  if (yes) return yes;
  const both = joined(a, b);
  const read = { ...both, subjects: [...new Set([...both.subjects, ...either.things])], answers: [] };
  return a.kind === "no" && b.kind === "no" ? { ...read, kind: "no", proof: [...a.proof, ...b.proof] } : { ...read, kind: "unknown", proof: [] };
}

/**
 * The answers of either question, each with its own proof (for a yes/no
 * question, see eitherHolds). Only two lists of things, each read, make
 * one: a count or a number of each is no count or number of both, and one
 * question left unread would leave its answers out unsaid.
 */
export function eitherOf(a: QuestionAnswer, b: QuestionAnswer, either: Either, polar: boolean): QuestionAnswer {
  if (polar) return eitherHolds(a, b, either);
  const lists = [a, b].every((x) => x.kind === "entities" && x.pattern !== "" && !x.answers.some((y) => NUMBER.test(y.id)));
  if (!lists) return { ...unread(either.things), kind: "entities" };
  const answers = new Map<string, FoundAnswer>();
  for (const x of [...a.answers, ...b.answers]) if ((answers.get(x.id)?.confidence ?? -1) < x.confidence) answers.set(x.id, x);
  return {
    kind: "entities",
    ...joined(a, b),
    answers: [...answers.values()].sort((x, y) => y.confidence - x.confidence || (x.id < y.id ? -1 : 1)),
    proof: [],
  };
}
