import type { FactStep } from "./facts.js";
import type { Vocabulary } from "./vocabulary.js";

/** One answer with the facts that make it one. */
export interface FoundAnswer {
  readonly id: string;
  /** What a person reads for it, when not the symbol's own name (a count says what it counted). */
  readonly label?: string;
  readonly confidence: number;
  readonly steps: readonly FactStep[];
}

/** What the graph answers to a goal read as a question. */
export interface QuestionAnswer {
  /** `unread`: the text names nothing the graph knows, or no relation it has. */
  readonly kind: "entities" | "yes" | "no" | "unknown" | "unread";
  /** The question as a graph pattern ("?x orbits mars"). */
  readonly pattern: string;
  /** Symbols the question is about. */
  readonly subjects: readonly string[];
  /** Predicates it asks about, best first. */
  readonly predicates: readonly string[];
  readonly answers: readonly FoundAnswer[];
  /** For yes/no: the facts that show yes, or no. */
  readonly proof: readonly FactStep[];
  /** Why the question, read, has no answer, when that is known (a ranking with members missing its number). */
  readonly unanswered?: string;
  /**
   * Things the question's facts reach that the graph gives no kind at all,
   * so whether they are of the class asked is unknown ("sudan" after `nile
   * flows_through sudan` for "Which countries ...", sudan typed nowhere).
   * The answers stay proven; a count or a ranking of them is not, as these
   * may belong.
   */
  readonly unsure?: Unsure;
}

/** What a list may be missing: things of unknown kind, and the class they may be of. */
export interface Unsure {
  readonly ids: readonly string[];
  readonly cls: string;
}

/** Things of unknown kind named in a reason at most. */
const UNSURE_NAMED = 8;

/** "the graph gives sudan, uganda no kind, so each may be a country": why a count or ranking of a class is not proven. */
export function kindsUnknown(unsure: Unsure, vocab: Vocabulary): string {
  const named = unsure.ids.slice(0, UNSURE_NAMED).map((id) => vocab.distinctName(id));
  const more = unsure.ids.length > UNSURE_NAMED ? ` and ${unsure.ids.length - UNSURE_NAMED} more` : "";
  const cls = vocab.displayName(unsure.cls);
  const one = unsure.ids.length === 1;
  return `the graph gives ${named.join(", ")}${more} no kind, so ${one ? "it" : "each"} may be ${/^[aeiou]/i.test(cls) ? "an" : "a"} ${cls}`;
}

/** A value rather than a thing, as an answer or in the graph: a plain number, or an ISO 8601 date (see dates.ts). */
export const NUMBER = /^(?:-?\d+(?:\.\d+)?|\d{4}-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?)$/;

/** The answer to a text that names nothing the graph knows, or no relation it has. */
export function unread(subjects: readonly string[]): QuestionAnswer {
  return { kind: "unread", pattern: "", subjects, predicates: [], answers: [], proof: [] };
}
