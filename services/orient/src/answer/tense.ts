import { nameTokens, predicateTokens } from "@boyd/graph";
import { verbOf } from "./lexicon.js";

/** Words of a predicate's name that say it held once and no longer does (`formerly_played_for`, `former_member_of`). */
const NO_LONGER: ReadonlySet<string> = new Set(["formerly", "former", "previously", "previous", "ex", "past"]);

/** Words of a question that place it in the past. */
const PAST_WORDS: ReadonlySet<string> = new Set(["did", "was", "were", "had", "formerly", "former", "previously", "previous", "once", "ever", "used"]);

/** Whether a fact of `predicate` says something that no longer holds. */
export function noLongerHolds(predicate: string): boolean {
  return predicateTokens(predicate).some((w) => NO_LONGER.has(w));
}

/**
 * Whether a question asks about the past: "Did Durant play for the
 * Warriors?", "Who played for the Lakers?", "Which players formerly ...".
 * A question that does not ("Does Durant play for the Warriors?", "Who
 * plays for ...") is about what holds now, which a fact that no longer
 * holds never answers.
 */
export function askedInThePast(question: string): boolean {
  return nameTokens(question).some((t) => PAST_WORDS.has(t) || (t.length > 4 && t.endsWith("ed")) || verbOf(t) !== t);
}
