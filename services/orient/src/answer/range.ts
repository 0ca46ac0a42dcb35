import { nameTokens as tokens } from "@boyd/graph";
import { isMonth } from "./dates.js";
import { asWritten } from "./exclusion.js";
import { NUMBER, unread, type FoundAnswer, type QuestionAnswer } from "./result.js";

/** What rangeAsked finds: the question once with each bound. */
export interface Range {
  readonly questions: readonly [string, string];
}

/** Words that bound a number from below and from above, by their tokens. */
const LOWER_BOUNDS: readonly (readonly string[])[] = [["after"], ["later", "than"], ["more", "than"], ["over"], ["above"], ["at", "least"]];
const UPPER_BOUNDS: readonly (readonly string[])[] = [["before"], ["earlier", "than"], ["fewer", "than"], ["less", "than"], ["under"], ["below"], ["at", "most"]];

/**
 * "Which frameworks were released between 2011 and 2015?" (both ends
 * counted), "... in the 2010s" and "... after 2011 and before 2015?": a number bounded on
 * both sides, asked as two questions with one bound each (cut from the
 * text as written), whose answers must meet both. Undefined for none.
 */
export function rangeAsked(text: string): Range | undefined {
  const decade = decadeAsked(text);
  if (decade) return rangeAsked(decade);
  const toks = tokens(text);
  for (let i = 0; i < toks.length; i++) {
    if (toks[i] === "between" && NUMBER.test(toks[i + 1] ?? "") && toks[i + 2] === "and" && NUMBER.test(toks[i + 3] ?? "")) {
      const [low, high] = [Number(toks[i + 1]), Number(toks[i + 3])].sort((a, b) => a - b);
      const said = new RegExp(`\\bbetween\\W+${asWritten(toks.slice(i + 1, i + 4))}\\b`, "i");
      const questions = [text.replace(said, `at least ${low}`), text.replace(said, `at most ${high}`)] as const;
      return questions[0] === text ? undefined : { questions };
    }
    const bounded = boundsAt(toks, i);
    if (bounded) {
      const [first, second] = bounded;
      const cutFirst = new RegExp(`\\b${asWritten(toks.slice(first.start, first.end + 1))}\\W+`, "i");
      const cutSecond = new RegExp(`\\W+and\\W+${asWritten(toks.slice(second.start, second.end))}\\b`, "i");
      const questions = [text.replace(cutSecond, ""), text.replace(cutFirst, "")] as const;
      return questions.includes(text) ? undefined : { questions };
    }
  }
  return undefined;
}

/**
 * "Which missions launched in 1969?", "... in April 2026?": the question
 * once from the first day of the year or month said and once to its last
 * ("at least 1969", "at most 1969"), for facts that give a date rather
 * than the year or month itself. Undefined when none follows "in" or
 * "during".
 */
export function spanAsked(text: string): Range | undefined {
  const said = /\b(?:in|during)\s+(?:([a-z]+)\s+)?(\d{4})(?![\w'-])/i.exec(text);
  if (!said || (said[1] !== undefined && !isMonth(said[1]))) return undefined;
  const span = said[1] ? `${said[1]} ${said[2]}` : said[2]!;
  const bounded = (bound: string): string => `${text.slice(0, said.index)}${bound} ${span}${text.slice(said.index + said[0].length)}`;
  return { questions: [bounded("at least"), bounded("at most")] };
}

/**
 * "formed in the 1990s", "built in the 1800s": the text with the decade
 * or century as the range it is ("between 1990 and 1999"), or undefined.
 */
function decadeAsked(text: string): string | undefined {
  const said = /\b(?:in\s+|during\s+)?the\s+(\d{3}0)'?s\b/i.exec(text);
  if (!said) return undefined;
  const start = Number(said[1]);
  const end = start % 100 === 0 ? start + 99 : start + 9;
  return `${text.slice(0, said.index)}between ${start} and ${end}${text.slice(said.index + said[0].length)}`;
}

/** "after 2011 and before 2015" starting at token `i`: the two bounds' token spans (the first's end is the "and"), one from each side. */
function boundsAt(toks: readonly string[], i: number): [{ start: number; end: number }, { start: number; end: number }] | undefined {
  const first = boundAt(toks, i);
  if (!first || toks[first.end] !== "and") return undefined;
  const second = boundAt(toks, first.end + 1);
  if (!second || second.lower === first.lower) return undefined;
  return [first, second];
}

/** A bound and its number starting at token `i`: which side it bounds, and the tokens it takes. */
function boundAt(toks: readonly string[], i: number): { lower: boolean; start: number; end: number } | undefined {
  for (const [lower, bounds] of [[true, LOWER_BOUNDS], [false, UPPER_BOUNDS]] as const) {
    const words = bounds.find((b) => b.every((w, k) => toks[i + k] === w));
    if (words && NUMBER.test(toks[i + words.length] ?? "")) return { lower, start: i, end: i + words.length + 1 };
  }
  return undefined;
}

/**
 * What meets both bounds: the things both lists hold, each with the facts
 * of both (its number shows it is within); for a yes/no question, yes when
 * both are, no when either is, unknown otherwise. Only two lists of things
 * (or two yes/no answers), each read, make one.
 */
export function withinRange(a: QuestionAnswer, b: QuestionAnswer, polar: boolean): QuestionAnswer {
  const pattern = bothBounds(a.pattern, b.pattern);
  const subjects = [...new Set([...a.subjects, ...b.subjects])];
  const predicates = [...new Set([...a.predicates, ...b.predicates])];
  if (polar) {
    const no = [a, b].find((x) => x.kind === "no");
    if (no) return no;
    if (a.kind === "yes" && b.kind === "yes") return { ...a, pattern, subjects, predicates, proof: [...a.proof, ...b.proof] };
    return { ...unread(subjects), kind: a.kind === "unread" || b.kind === "unread" ? "unread" : "unknown", pattern: a.pattern && b.pattern ? pattern : "" };
  }
  const lists = [a, b].every((x) => x.kind === "entities" && x.pattern !== "" && !x.answers.some((y) => NUMBER.test(y.id)));
  const why = a.unanswered ?? b.unanswered;
  if (!lists) return { ...unread(subjects), kind: "entities", ...(why ? { unanswered: why } : {}) };
  const other = new Map(b.answers.map((x) => [x.id, x]));
  const answers = a.answers.flatMap((x): FoundAnswer[] => {
    const y = other.get(x.id);
    return y ? [{ ...x, confidence: Math.min(x.confidence, y.confidence), steps: [...x.steps, ...y.steps] }] : [];
  });
  return { kind: "entities", pattern, subjects, predicates, answers, proof: [] };
}

/** One pattern for both bounds: the first question's, with the clauses only the second has ("?x first_released ?n, ?n >= 2011, ?x is-a web_framework, ?n <= 2015"). */
function bothBounds(first: string, second: string): string {
  if (!first || !second) return first || second;
  const clauses = new Set(first.split(", "));
  return [first, ...second.split(", ").filter((c) => !clauses.has(c))].join(", ");
}
