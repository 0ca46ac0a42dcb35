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
  let s = stems.get(word);
  if (s === undefined) {
    if (stems.size >= MAX_KEPT_STEMS) stems.clear();
    stems.set(word, (s = stemOf(word)));
  }
  return s;
}

// Stems by word as given. The Porter stemmer runs a dozen regular
// expressions a word, and a cycle stems the same few hundred words again
// and again (each new record's text, every query, decide's context); a
// word's stem never changes, so each is worked out once. Bounded: forgotten
// all at once when full, as vocabularies have no end.
const MAX_KEPT_STEMS = 65_536;
const stems = new Map<string, string>();

function stemOf(word: string): string {
  const s = stemmer(word.toLowerCase());
  return s.endsWith("ian") && s.length >= 7 ? s.slice(0, -3) : s;
}
