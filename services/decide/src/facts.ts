import type { Triple } from "@boyd/proto";
import { stem, words } from "@boyd/vsa";

/**
 * A fact the goal's own statement asks to record ("Note that Priya owns
 * billing"): subject and object as labels (a known symbol's own label, else
 * the name in lower case, multi-word names whole), the predicate as the
 * graph names it (a predicate the context already uses when the phrase is
 * that predicate, else the phrase in snake_case).
 */
export interface StatedFact {
  subject: string;
  predicate: string;
  object: string;
}

/** What the reader consults to name things as the graph does. */
export interface FactVocabulary {
  /** Triples around the goal: their predicates and their symbols' labels. */
  knowledge: readonly Triple[];
  /** Predicates the question was read as asking about, best first. */
  predicates: readonly string[];
  /** Other symbols the context knows (activated ones). */
  symbols?: readonly { id: string; label: string }[];
}

// A request to record what follows: "Note (down) that", "Record that",
// "Remember:", "Add the fact that", "Store this fact:".
const LEAD =
  /^\s*(?:please\s+)?(?:(?:note|write|jot|put)(?:\s+down)?|record|remember|store|save|add|assert|register|log|learn|keep\s+in\s+mind)(?:\s+(?:the|this|a|as\s+a)\s+(?:new\s+)?(?:fact|assertion|statement|claim|relation(?:ship)?))?(?:\s*:\s*|\s+that\s+)(.+)$/is;
// "Make sure the graph knows (that) X".
const KNOWS = /^\s*(?:please\s+)?(?:make\s+sure|ensure)\s+(?:that\s+)?(?:the\s+(?:knowledge\s+)?graph|the\s+agent|you|it)\s+knows\s+(?:that\s+)?(.+)$/is;

const NEGATION = /\b(?:not|no|never|cannot|nobody|nothing|neither|nor)\b|n[’']t\b/i;
const QUESTION_START = new Set(["whether", "if", "who", "whom", "whose", "what", "which", "why", "how", "when", "where"]);
const COPULA = new Set(["is", "are", "was", "were", "be", "been"]);
const HAVE = new Set(["has", "have", "had"]);
const MODALS = new Set(["can", "could", "may", "might", "must", "shall", "should", "will", "would"]);
const ADVERBS = new Set(["now", "currently", "also", "still", "actually", "really", "already", "officially", "indeed", "always", "usually", "often", "then", "too", "presently"]);
const DETERMINERS = new Set(["the", "a", "an", "this", "that", "these", "those", "its", "their", "his", "her", "our", "my", "your"]);
const PREPOSITIONS = new Set(["to", "in", "into", "on", "onto", "at", "of", "for", "from", "by", "with", "under", "over", "as", "about", "within", "inside", "near", "behind", "across", "through", "against", "toward", "towards", "via"]);
// "X is a kind of Y" says X is-a Y.
const IS_A_NOUNS = new Set(["kind", "type", "sort", "instance", "example", "subclass", "subtype", "variety", "species"]);
const PARTICIPLES = new Set(["born", "made", "built", "known", "held", "led", "run", "written", "given", "taken", "seen", "bought", "sold", "found", "won", "kept", "shown", "grown", "drawn", "spoken", "chosen", "eaten"]);
// Verbs that state relations; matched by stem, in an inflected form
// ("owns", "acquired") or an irregular past ("won", "led").
const RELATION_VERBS = new Set(
  (
    "own manage lead run report depend use contain include orbit eat live work belong flow border produce cause require support maintain host employ " +
    "acquire found write create invent discover marry like love know teach sell buy build call connect feed follow precede replace serve speak study " +
    "treat govern hold make become join leave visit play direct fund sponsor prefer need hate fear hunt inhabit neighbour neighbor oversee supervise " +
    "mentor prey grow drink cover sit lie locate consist resemble equal exceed publish release develop design author compose paint"
  )
    .split(" ")
    .map(stem),
);
const IRREGULAR_PAST = new Set(["won", "led", "ran", "wrote", "made", "built", "bought", "sold", "held", "became", "left", "taught", "spoke", "grew", "drank", "ate", "fed", "knew", "lay", "sat"]);
const MONTHS = new Set(["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec"]);
const TIME_WORDS = new Set(["yesterday", "today", "tomorrow", "last", "next", "recently", "ago", "earlier"]);

/**
 * The fact a goal states and asks to record, or undefined when it states
 * none: a question, a negation, an instruction without "that"/":", or a
 * statement whose subject, predicate or object cannot be told apart. The
 * agent writes only facts it read; a goal that asks something is answered
 * from sources, never by writing.
 */
export function statedFact(text: string, vocabulary: FactVocabulary): StatedFact | undefined {
  const body = (LEAD.exec(text) ?? KNOWS.exec(text))?.[1];
  if (!body) return undefined;
  // The first sentence only ("1.5" stays whole: a stop needs a space or the end after it).
  const stop = /[.;!?](?=\s|$)/.exec(body);
  if (stop?.[0] === "?") return undefined;
  const clause = stop ? body.slice(0, stop.index) : body;
  if (NEGATION.test(clause)) return undefined;
  const tokens = clause
    .split(/\s+/)
    // The lookbehind lets the trailing strip start only where its run begins (linear).
    .map((t) => t.replace(/^[^\p{L}\p{N}]+|(?<![^\p{L}\p{N}])[^\p{L}\p{N}]+$/gu, ""))
    .filter((t) => t.length > 0);
  if (tokens.length < 3 || QUESTION_START.has(tokens[0]!.toLowerCase())) return undefined;
  const parsed = parseClause(tokens, vocabulary);
  if (!parsed) return undefined;
  const subject = nounPhrase(tokens.slice(0, parsed.start), "subject");
  const object = nounPhrase(tokens.slice(parsed.end), "object");
  if (!subject || !object) return undefined;
  return { subject: nameFor(subject, vocabulary), predicate: parsed.known ?? knownPredicate(parsed.phrase, vocabulary) ?? parsed.phrase, object: nameFor(object, vocabulary) };
}

/** The predicate's span in the clause and its snake_case name (or a predicate of the vocabulary, `known`). */
interface Parsed {
  start: number;
  end: number;
  phrase: string;
  known?: string;
}

function parseClause(tokens: readonly string[], vocabulary: FactVocabulary): Parsed | undefined {
  const lower = tokens.map((t) => t.toLowerCase());
  // 1. A predicate written as one ("is-a", "reports_to"), a copula, "has", or a relation verb.
  for (let i = 1; i < lower.length - 1; i++) {
    const w = lower[i]!;
    if (MODALS.has(w)) return undefined; // "can fly" states an ability, not a relation between two things
    if (/^[\p{L}]+(?:[-_][\p{L}]+)+$/u.test(w) && !DETERMINERS.has(lower[i - 1]!)) return { start: i, end: i + 1, phrase: w };
    if (COPULA.has(w) || (HAVE.has(w) && lower[i + 1] === "been")) return copula(lower, i);
    if (HAVE.has(w)) return { start: i, end: i + 1, phrase: "has" };
    if (isRelationVerb(w, true)) return verb(lower, i);
  }
  // 2. A predicate the context already uses, as words ("reports to" for `reports_to`).
  const known = knownPhrase(lower, vocabulary);
  if (known) return known;
  // 3. Any word in a verb's inflected form, then a relation verb's base form ("they own").
  for (let i = 1; i < lower.length - 1; i++) if (looksInflected(lower[i]!) && !DETERMINERS.has(lower[i - 1]!)) return verb(lower, i);
  for (let i = 1; i < lower.length - 1; i++) if (isRelationVerb(lower[i]!, false)) return verb(lower, i);
  return undefined;
}

/** "is the capital of" -> capital_of, "was born in" -> born_in, "is a" -> is-a, "is red" -> is. */
function copula(lower: readonly string[], at: number): Parsed | undefined {
  let i = at + 1;
  if (lower[i] === "been") i++;
  while (ADVERBS.has(lower[i] ?? "")) i++;
  const next = lower[i];
  if (next === undefined) return undefined;
  // A participle and its preposition: "located in", "founded by", "born in".
  if (PARTICIPLES.has(next) || (/(?:ed|en)$/.test(next) && next.length > 3)) {
    const prep = PREPOSITIONS.has(lower[i + 1] ?? "") ? lower[i + 1]! : undefined;
    return { start: at, end: i + 1 + (prep ? 1 : 0), phrase: prep ? `${next}_${prep}` : next };
  }
  // A relational noun: "the capital of", "a member of", "part of" ("a kind of" is is-a).
  const det = DETERMINERS.has(next) ? 1 : 0;
  for (let n = 1; n <= 2; n++) {
    const nouns = lower.slice(i + det, i + det + n);
    if (nouns.length < n || nouns.some((w) => PREPOSITIONS.has(w) || DETERMINERS.has(w))) break;
    if (lower[i + det + n] === "of") {
      const end = i + det + n + 1;
      return IS_A_NOUNS.has(nouns[n - 1]!) ? { start: at, end, phrase: "is-a" } : { start: at, end, phrase: `${nouns.join("_")}_of` };
    }
  }
  if (next === "a" || next === "an") return { start: at, end: i + 1, phrase: "is-a" };
  return { start: at, end: i, phrase: "is" };
}

/** A verb and its particle: "reports to" -> reports_to, "owns" -> owns. */
function verb(lower: readonly string[], at: number): Parsed {
  const prep = PREPOSITIONS.has(lower[at + 1] ?? "") ? lower[at + 1]! : undefined;
  return { start: at, end: at + 1 + (prep ? 1 : 0), phrase: prep ? `${lower[at]}_${prep}` : lower[at]! };
}

function looksInflected(w: string): boolean {
  if (w.length < 4 || !/^\p{L}+$/u.test(w)) return false;
  return (/s$/.test(w) && !/(?:ss|us|is|ys)$/.test(w)) || /ed$/.test(w);
}

function isRelationVerb(w: string, inflectedOnly: boolean): boolean {
  if (IRREGULAR_PAST.has(w)) return true;
  if (!RELATION_VERBS.has(stem(w))) return false;
  return !inflectedOnly || looksInflected(w);
}

/** The vocabulary's predicates, the question's first. */
function predicatesOf(vocabulary: FactVocabulary): string[] {
  return [...new Set([...vocabulary.predicates, ...vocabulary.knowledge.map((t) => t.predicate)].filter((p) => p && !p.startsWith("agent:")))];
}

/** A predicate's words: `reports_to`, `reportsTo`, `reports-to` and "reports to" are all [reports, to]. */
function predicateWords(p: string): string[] {
  return words(p.replace(/([a-z])([A-Z])/g, "$1 $2"));
}

function predicateKey(p: string): string {
  const w = predicateWords(p).map(stem);
  // "is_maintainer_of" and "maintainer_of" name one relation; "is_a" keeps its copula.
  if (w.length > 2 && COPULA.has(w[0]!)) w.shift();
  return w.join(" ");
}

/** The context's own name for a predicate phrase, if it has one. */
function knownPredicate(phrase: string, vocabulary: FactVocabulary): string | undefined {
  const key = predicateKey(phrase);
  return predicatesOf(vocabulary).find((p) => predicateKey(p) === key);
}

/** Where a predicate of the vocabulary occurs in the clause as words, earliest first. */
function knownPhrase(lower: readonly string[], vocabulary: FactVocabulary): Parsed | undefined {
  let best: Parsed | undefined;
  const stems = lower.map(stem);
  for (const p of predicatesOf(vocabulary)) {
    const w = predicateWords(p).map(stem);
    if (w.length === 0) continue;
    for (let i = 1; i + w.length < lower.length; i++) {
      if (!w.every((s, j) => stems[i + j] === s)) continue;
      if (!best || i < best.start) best = { start: i, end: i + w.length, phrase: p, known: p };
      break;
    }
  }
  return best;
}

/** The name in a run of tokens: determiners, adverbs, trailing time phrases and clauses dropped. */
function nounPhrase(tokens: readonly string[], role: "subject" | "object"): string | undefined {
  let t = [...tokens];
  while (t.length && (DETERMINERS.has(t[0]!.toLowerCase()) || ADVERBS.has(t[0]!.toLowerCase()))) t.shift();
  if (role === "subject") while (t.length && ADVERBS.has(t[t.length - 1]!.toLowerCase())) t.pop();
  if (role === "object") {
    // "Globex in March 2021" -> "Globex"; "Alice since last year" -> "Alice".
    const cut = t.findIndex((w, i) => i > 0 && ["in", "on", "since", "during", "until", "from", "as", "by", "at"].includes(w.toLowerCase()) && isTime(t[i + 1]));
    if (cut > 0) t = t.slice(0, cut);
    while (t.length && (ADVERBS.has(t[t.length - 1]!.toLowerCase()) || TIME_WORDS.has(t[t.length - 1]!.toLowerCase()))) t.pop();
  }
  const phrase = t.join(" ");
  return words(phrase).length ? phrase : undefined;
}

function isTime(word: string | undefined): boolean {
  if (!word) return false;
  const w = word.toLowerCase();
  return MONTHS.has(w) || TIME_WORDS.has(w) || /^\d{4}s?$/.test(w) || w === "of"; // "as of"
}

/** A known symbol's own label for a name (folded comparison), else the name in lower case. */
function nameFor(text: string, vocabulary: FactVocabulary): string {
  const key = words(text).join(" ");
  const symbols = [
    ...vocabulary.knowledge.flatMap((t) => [
      { id: t.subject, label: t.subjectLabel },
      { id: t.object, label: t.objectLabel },
    ]),
    ...(vocabulary.symbols ?? []),
  ];
  for (const s of symbols) if ((s.label && words(s.label).join(" ") === key) || words(s.id).join(" ") === key) return s.label || s.id;
  return text.toLowerCase().replace(/\s+/g, " ").trim();
}
