import { nameTokens as tokens } from "@boyd/graph";
import { asWritten } from "./exclusion.js";
import type { FactStep } from "./facts.js";
import { unread, type QuestionAnswer } from "./result.js";

/**
 * How a question asks its relation to be followed through other things:
 * `any` takes the things reached in one step or more ("directly or
 * indirectly", "transitively"), `indirect` only those reached through
 * another thing and not stated directly ("indirectly"), `direct` only
 * those a fact states ("directly", "Alice's direct reports").
 */
export type ChainMode = "any" | "indirect" | "direct";

/** Words that ask for a relation to be followed through other things, by their tokens (longest first, so "directly or indirectly" is never read as "indirectly"). */
const CHAINING: readonly { readonly words: readonly string[]; readonly mode: ChainMode }[] = [
  { words: ["either", "directly", "or", "indirectly"], mode: "any" },
  { words: ["whether", "directly", "or", "indirectly"], mode: "any" },
  { words: ["directly", "or", "indirectly"], mode: "any" },
  { words: ["indirectly", "or", "directly"], mode: "any" },
  { words: ["directly", "and", "indirectly"], mode: "any" },
  { words: ["directly", "or", "transitively"], mode: "any" },
  { words: ["including", "indirectly"], mode: "any" },
  { words: ["even", "indirectly"], mode: "any" },
  { words: ["even", "transitively"], mode: "any" },
  { words: ["including", "transitively"], mode: "any" },
  { words: ["transitively"], mode: "any" },
  { words: ["only", "indirectly"], mode: "indirect" },
  { words: ["indirectly"], mode: "indirect" },
  { words: ["only", "directly"], mode: "direct" },
  { words: ["directly"], mode: "direct" },
];

/** Words before "direct" that make it an adjective of the noun after it ("Alice's direct reports", "the direct dependencies"), not the verb ("Who did Nolan direct?"). */
const DETERMINERS: ReadonlySet<string> = new Set(["s", "the", "its", "their", "his", "her", "my", "our", "your", "whose", "which", "what"]);

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
    const adjective = toks[i] === "direct" && DETERMINERS.has(toks[i - 1] ?? "") && i + 1 < toks.length ? { words: ["direct"], mode: "direct" as const } : undefined;
    const found = adjective ?? CHAINING.find((c) => c.words.every((w, k) => toks[i + k] === w));
    if (!found) continue;
    const said = new RegExp(`,?\\s*\\b${asWritten(found.words)}\\b,?`, "i");
    const rest = text.replace(said, " ").replace(/\s+/g, " ").replace(/ ([?.!])/g, "$1").trim();
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
  if (chaining.mode === "direct") return statedOnly(chained, chaining);
  if (chaining.mode === "any" || chained.kind === "unread" || chained.pattern === "") return chained.kind === "entities" && chained.pattern !== "" ? { ...chained, pattern: `${chained.pattern} (${chaining.said})` } : chained;
  if (chained.kind !== "entities") {
    if (direct?.kind !== "yes") return chained;
    return { ...unread(chained.subjects), kind: "unknown", unanswered: `a stated fact links them directly; whether a chain through others does too is not read ("${chaining.said}")` };
  }
  const stated = new Set((direct?.answers ?? []).map((a) => a.id));
  return { ...chained, pattern: `${chained.pattern} (${chaining.said})`, answers: chained.answers.filter((a) => !stated.has(a.id)) };
}

/**
 * "Which rivers flow directly into the Danube?": the answers (of the
 * question without the word, its relations chaining only where declared)
 * less those whose proof chains a relation the question asks about; a
 * yes that rests on such a chain is no yes to "directly".
 */
function statedOnly(found: QuestionAnswer, chaining: Chaining): QuestionAnswer {
  const asked = new Set(found.predicates);
  const chains = (steps: readonly FactStep[]): boolean => steps.some((s) => s.rule !== undefined && (s.premises?.length ?? 0) > 1 && asked.has(s.triple.predicate));
  if (found.kind === "yes" && chains(found.proof)) return { ...unread(found.subjects), kind: "unknown", pattern: found.pattern };
  if (found.kind !== "entities" || found.pattern === "") return found;
  return { ...found, pattern: `${found.pattern} (${chaining.said})`, answers: found.answers.filter((a) => !chains(a.steps)) };
}
