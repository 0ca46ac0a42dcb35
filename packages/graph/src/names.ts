/**
 * How names in questions meet names in the graph: both sides are folded
 * (lower case, accents and apostrophes removed, `_` and `-` read as spaces)
 * and split into tokens ("C++" and "C#" one each), where a number keeps
 * its decimal point and thousands separators are dropped, so "1.08" is one
 * token that never matches "7.08" or "08", and "6,371" reads as "6371".
 */

/** Folds a text for comparison: lower case, no accents, `_`/`-`/punctuation as spaces, numbers whole. */
export function fold(text: string): string {
  return tokens(text).join(" ");
}

/** The folded tokens of a text. */
export function tokens(text: string): string[] {
  return tokensOf(plainText(text).toLowerCase());
}

/**
 * For each of the text's tokens (as {@link tokens} splits it), whether it
 * was written with a capital first letter: "Who painted it, Picasso?" ->
 * the first and the last. Proper names are told apart from words by it.
 */
export function capitalized(text: string): boolean[] {
  return tokensOf(plainText(text)).map((t) => t[0] !== t[0]!.toLowerCase());
}

/** The text without accents, numbers whole, apostrophes as spaces; case kept. */
function plainText(text: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/\p{M}+/gu, "")
      // 6,371 -> 6371 (a comma between digit groups is a thousands separator).
      .replace(/(\d),(?=\d{3}\b)/g, "$1")
      // Apostrophes join: "d'ivoire" -> "d ivoire", "carol's" -> "carol s".
      .replace(/['’`]/g, " ")
  );
}

function tokensOf(plain: string): string[] {
  const out: string[] = [];
  // A minus right before a number, joined to no word or number before it, is its sign ("below -5", a value "-9"):
  // dropped, -9 read as 9. In "covid-19" or "1990-2000" it joins two tokens.
  // "C++" and "C#" are names of their own, never "C": the marks right after a word stay with it.
  for (const m of plain.matchAll(/(?<![\p{L}\p{N}.])-\d+(?:\.\d+)?|\d+(?:\.\d+)?|[\p{L}\p{N}]+(?:\+\+|#(?![\p{L}\p{N}]))?/gu)) out.push(m[0]);
  return out;
}

/** The folded name of a symbol id: `south_sudan` -> "south sudan", `is-a` -> "is a". */
export function nameOfId(id: string): string {
  return fold(id);
}

// Canonical forms already made: a graph has few predicates, and answering
// a question canonicalises each edge's predicate again and again (3% of an
// embedded cycle's CPU). Forgotten all at once past the bound.
const canonicalForms = new Map<string, string>();
const MAX_CANONICAL_FORMS = 10_000;

/**
 * A predicate's canonical form, so `is_a`, `is-a`, `Is A` and `isA` are one
 * predicate for the rules, and `hasCapital` is `has_capital`.
 */
export function canonicalPredicate(predicate: string): string {
  let canonical = canonicalForms.get(predicate);
  if (canonical === undefined) {
    if (canonicalForms.size >= MAX_CANONICAL_FORMS) canonicalForms.clear();
    canonical = tokens(camelApart(predicate)).join("_");
    canonicalForms.set(predicate, canonical);
  }
  return canonical;
}

// A predicate's words, made once (answering reads them for every edge it weighs). Forgotten all at once past the bound.
const predicateWordLists = new Map<string, readonly string[]>();

/** A predicate's words, camelCase taken apart: `hasCapital` -> has, capital; `joinedEU` -> joined, eu. Shared: callers must not change it. */
export function predicateTokens(predicate: string): readonly string[] {
  let words = predicateWordLists.get(predicate);
  if (words === undefined) {
    if (predicateWordLists.size >= MAX_CANONICAL_FORMS) predicateWordLists.clear();
    words = canonicalPredicate(predicate).split("_").filter((w) => w !== "");
    predicateWordLists.set(predicate, words);
  }
  return words;
}

/**
 * Words run together in camelCase apart: "hasCapital" -> "has Capital",
 * "joinedEU" -> "joined EU", "HTTPServer" -> "HTTP Server". Only for
 * predicates: a name people write ("DeepMind", "McDonald") is matched as
 * written.
 */
function camelApart(text: string): string {
  return text.replace(/(\p{Ll})(?=\p{Lu})/gu, "$1 ").replace(/(\p{Lu})(?=\p{Lu}\p{Ll})/gu, "$1 ");
}

/**
 * Singular forms of an English word, most likely first ("moons" -> "moon",
 * "countries" -> "country", "buses" -> "bus"); the word itself when it does
 * not look plural.
 */
export function singulars(word: string): string[] {
  const irregular = IRREGULAR_PLURALS.get(word);
  if (irregular) return [irregular];
  if (word.length <= 3 || /\d/.test(word) || word.endsWith("ss") || word.endsWith("us") || word.endsWith("is")) return [];
  if (word.endsWith("ies")) return [`${word.slice(0, -3)}y`];
  const out: string[] = [];
  if (word.endsWith("s")) out.push(word.slice(0, -1));
  if (/(?:ches|shes|xes|ses|zes|oes)$/.test(word)) out.push(word.slice(0, -2));
  // "wolves", "knives"; "analyses", "crises"; "indices", "vertices".
  if (word.endsWith("ves")) out.push(`${word.slice(0, -3)}f`, `${word.slice(0, -3)}fe`);
  if (word.endsWith("ses")) out.push(`${word.slice(0, -2)}is`);
  if (word.endsWith("ices")) out.push(`${word.slice(0, -4)}ex`, `${word.slice(0, -4)}ix`);
  return out;
}

/** Plurals no ending rule gives, by plural. */
const IRREGULAR_PLURALS: ReadonlyMap<string, string> = new Map([
  ["people", "person"], ["men", "man"], ["women", "woman"], ["children", "child"], ["mice", "mouse"], ["geese", "goose"],
  ["feet", "foot"], ["teeth", "tooth"], ["oxen", "ox"], ["lice", "louse"], ["dice", "die"],
  ["criteria", "criterion"], ["phenomena", "phenomenon"], ["bacteria", "bacterium"], ["media", "medium"], ["curricula", "curriculum"],
  ["cacti", "cactus"], ["fungi", "fungus"], ["nuclei", "nucleus"], ["radii", "radius"], ["stimuli", "stimulus"], ["alumni", "alumnus"], ["octopi", "octopus"],
  ["larvae", "larva"], ["antennae", "antenna"], ["formulae", "formula"], ["vertebrae", "vertebra"],
]);

/** Whether `phrase` (tokens) occurs in `within` (tokens) as a contiguous run; the last token may be plural in `within`. */
export function containsPhrase(within: readonly string[], phrase: readonly string[]): boolean {
  if (phrase.length === 0 || phrase.length > within.length) return false;
  for (let i = 0; i + phrase.length <= within.length; i++) {
    let ok = true;
    for (let j = 0; j < phrase.length && ok; j++) {
      const a = within[i + j]!;
      const b = phrase[j]!;
      ok = a === b || (j === phrase.length - 1 && (singulars(a).includes(b) || singulars(b).includes(a)));
    }
    if (ok) return true;
  }
  return false;
}
