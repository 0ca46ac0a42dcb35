import { stemmer } from "stemmer";

// Function words carry no intent. Question words (what, why, how) and
// negation stay: "why does X hold" asks for reasoning, "what is missing"
// asks for gaps.
const STOP_WORDS = new Set(
  (
    "a about above after again against all also am an and any are as at be been before being below between both but by " +
    "can could did do does doing done down during each for from further had has have having he her here hers him his i " +
    "if in into is it its itself just me more most my myself of off on once only or other our ours out over own please " +
    "same she should so some such than that the their theirs them then there these they this those through to too under " +
    "until up us very was we were while will with would you your yours let lets want wants need needs i'd i'm can't"
  ).split(" "),
);

/** Lowercase, accents folded, split on anything that is not a letter or digit. */
export function words(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/** Content words: `words` without stop words and single letters. */
export function contentWords(text: string): string[] {
  return words(text).filter((w) => w.length > 1 && !STOP_WORDS.has(w));
}

/** Whether a word is a stop word. */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word.toLowerCase());
}

/**
 * Light stemming: the Porter stemmer, plus the adjective ending "-ian" it
 * leaves alone ("mammalian" -> "mammal"), so inflected and derived forms
 * share a stem. Character n-grams cover what stemming misses.
 */
export function stem(word: string): string {
  const s = stemmer(word.toLowerCase());
  return s.endsWith("ian") && s.length >= 7 ? s.slice(0, -3) : s;
}
