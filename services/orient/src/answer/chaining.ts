import { nameTokens as tokens } from "@boyd/graph";
import { asWritten } from "./exclusion.js";
import { unread, type QuestionAnswer } from "./result.js";

/**
 * How a question asks its relation to be followed through other things:
 * `any` takes the things reached in one step or more ("directly or
 * indirectly", "transitively"), `indirect` only those reached through
 * another thing and not stated directly ("indirectly").
 */
export type ChainMode = "any" | "indirect";

/** Words that ask for a relation to be followed through other things, by their tokens (longest first, so "directly or indirectly" is never read as "indirectly"). */
const CHAINING: readonly { readonly words: readonly string[]; readonly mode: ChainMode }[] = [
  { words: ["either", "directly", "or", "indirectly"], mode: "any" },
  { words: ["whether", "directly", "or", "indirectly"], mode: "any" },
  { words: ["directly", "or", "indirectly"], mode: "any" },
  { words: ["indirectly", "or", "directly"], mode: "any" },
  { words: ["directly", "and", "indirectly"], mode: "any" },
  { words: ["directly", "or", "transitively"], mode: "any" },
  { words: ["including", "indirectly"], mode: "any" },
  { words: ["including", "transitively"], mode: "any" },
  { words: ["transitively"], mode: "any" },
  { words: ["only", "indirectly"], mode: "indirect" },
  { words: ["indirectly"], mode: "indirect" },
];

/** What chainingAsked finds: the question without the words, the words as asked, and how far they reach. */
export interface Chaining {
  readonly rest: string;
  readonly said: string;
  readonly mode: ChainMode;
}

/**
 * "Which packages does Express depend on, directly or indirectly?": the
 * question without the words that ask for the relation to be followed
 * through other things (cut from the text as written, with the comma
 * before them), those words, and whether things stated directly count.
 * Undefined when no such words are asked.
 */
export function chainingAsked(text: string): Chaining | undefined {
  const toks = tokens(text);
  for (let i = 0; i < toks.length; i++) {
    const found = CHAINING.find((c) => c.words.every((w, k) => toks[i + k] === w));
    if (!found) continue;
    const said = new RegExp(`,?\\s*\\b${asWritten(found.words)}\\b,?`, "i");
    const rest = text.replace(said, " ").replace(/\s+([?.!])/g, "$1").replace(/\s+/g, " ").trim();
    if (rest === text) return undefined;
    return { rest, said: found.words.join(" "), mode: found.mode };
  }
  return undefined;
}

/**
 * The answers of a question whose relation chains, as its words asked:
 * `chained` is the question answered with every relation chaining,
 * `direct` with stated facts alone (asked only for `indirect`).
 * "Indirectly" keeps the things reached only through another, and says
 * yes only where no stated fact does: a yes then rests on a chain.
 */
export function chainedAnswer(chaining: Chaining, chained: QuestionAnswer, direct?: QuestionAnswer): QuestionAnswer {
  if (chaining.mode === "any" || chained.kind === "unread" || chained.pattern === "") return chained.kind === "entities" && chained.pattern !== "" ? { ...chained, pattern: `${chained.pattern} (${chaining.said})` } : chained;
  if (chained.kind !== "entities") {
    if (direct?.kind !== "yes") return chained;
    return { ...unread(chained.subjects), kind: "unknown", unanswered: `a stated fact links them directly; whether a chain through others does too is not read ("${chaining.said}")` };
  }
  const stated = new Set((direct?.answers ?? []).map((a) => a.id));
  return { ...chained, pattern: `${chained.pattern} (${chaining.said})`, answers: chained.answers.filter((a) => !stated.has(a.id)) };
}
