/**
 * Decomposition of a stalled goal into sub-goals, and the reverse step:
 * resuming a suspended parent once its children have finished.
 *
 * Splitting follows akh-medu's fallback (`generate_sub_goal_descriptions`):
 * parts separated by commas and "and" (here also ";", "&", new lines and
 * list bullets); the parent is suspended and the children are linked by
 * agent:parent_goal / agent:child_goal triples. Differences, each for a
 * reason given where it is implemented: the criteria are split first (the
 * book says criteria, the code split the description), children's criteria
 * are the bare part (no "Complete: " prefix that no evidence ever contains),
 * each child restates what its part is about (shared verb, subject or
 * object), "and" splits only between full parts, child priorities stay at
 * or below the parent's (akh-medu's 200, 190, 180, ... put a parent at 148
 * behind its own children and ahead of nothing), a child the parent's
 * latest progress already covers is created COMPLETED, child ids are
 * deterministic, and goals that cannot be split are refused rather than
 * replaced by two generic "Query knowledge about ..." children that restate
 * the stalled goal.
 */
import { type Goal, GoalChangeKind, type GoalChanged, GoalJustification, GoalSource, GoalStatus, type Triple } from "@boyd/proto";
import { contentWords, words as foldedWords } from "@boyd/vsa";
import { GoalError } from "./errors.js";
import { effectivePriority, findGoal, getGoal, isTerminal } from "./goal-book.js";
import { goalTokens } from "./progress.js";

/** Predicate from a child to its parent. */
export const PARENT_GOAL_PREDICATE = "agent:parent_goal";
/** Predicate from a parent to each child. */
export const CHILD_GOAL_PREDICATE = "agent:child_goal";
/**
 * Priority step between consecutive children: child i gets
 * max(0, parent priority - i). See `childPriority` for why.
 */
export const CHILD_PRIORITY_STEP = 1;
/** Deepest level a goal may be decomposed at (a root is depth 0). */
export const DEFAULT_MAX_DECOMPOSITION_DEPTH = 3;

// Hard separators between parts: , ; and new lines (bullets become new
// lines first). "and" and "&" are soft: see `joinsParts`.
const HARD_SEPARATOR = /([,;\n])/;
// A list bullet at the start of a line: -, *, •, or "1." / "1)". The indent
// stays on its own line (a leading \s* spanning blank lines was quadratic);
// the blank lines it used to swallow become empty pieces, which are dropped.
const BULLET = /^[^\S\r\n\u2028\u2029]*(?:[-*•·]|\d+[.)])\s+/gm;
// Words that open a noun phrase; a part starting with one lacks its verb.
const DETERMINERS = new Set(["the", "a", "an", "all", "any", "its", "their", "his", "her", "some", "each", "every", "these", "those", "which"]);
// Copulas, auxiliaries and modals: in "whether X is A", the word between the
// subject X and what is checked about it.
const AUXILIARIES = new Set([
  "is", "are", "was", "were", "be",
  "can", "cannot", "can't", "could", "does", "do", "did", "has", "have", "had",
  "will", "would", "should", "may", "might", "must",
]);
// Words that open the clause a question goal is about: "find out whether ...".
const CLAUSE_OPENERS = new Set(["whether", "if", "that"]);
// Question words: a "subject" containing one is not a subject ("find what is ...").
const QUESTION_WORDS = new Set(["what", "which", "who", "whom", "whose", "how", "where", "when", "why"]);
// Prepositions; a phrase with one after its first word stands on its own ("rings of Saturn").
const PREPOSITIONS = new Set(["of", "in", "on", "at", "for", "from", "to", "with", "about", "by", "into", "near"]);
// Prepositions whose phrase an earlier part may share ("the capital and the currency of Kenya").
const SHARED_OBJECT_PREPOSITIONS = new Set(["of", "in", "on", "at", "for", "from"]);
// Content words that do not make a part on their own.
const FILLERS = new Set(["etc"]);

/** One sub-goal text: the description carries the verb and subject, the criteria only what evidence can show. */
export interface GoalPart {
  /** Child description, e.g. "find the moons of Jupiter". */
  readonly description: string;
  /** Child criteria, e.g. "the moons of Jupiter". */
  readonly criteria: string;
}

const lower = (w: string | undefined): string => (w ?? "").toLowerCase();
const join = (words: readonly string[]): string => words.join(" ");
const isConnector = (w: string): boolean => w === "&" || lower(w) === "and";
const isCapitalised = (w: string | undefined): boolean => w !== undefined && /^\p{Lu}/u.test(w);

function hasContent(words: readonly string[]): boolean {
  return contentWords(join(words)).some((w) => !FILLERS.has(w));
}

/** Drops leading determiners and auxiliaries ("a living thing" -> "living thing", "can fly" -> "fly"). */
function stripLead(words: readonly string[]): string[] {
  let i = 0;
  while (i < words.length - 1 && (DETERMINERS.has(lower(words[i])) || AUXILIARIES.has(lower(words[i])))) i++;
  return words.slice(i);
}

/**
 * Whether the connector ("and" / "&") at `words[c]` separates two parts.
 * `left` runs from the previous accepted split, `right` up to the next
 * connector. The rules, most decisive first:
 *
 * 1. Never between two capitalised words: "Bosnia and Herzegovina",
 *    "Trinidad and Tobago", "Procter & Gamble" are one name.
 * 2. Both sides need a content word, so no split leaves a fragment like
 *    "the" or "etc.".
 * 3. In a comma list ("lions, tigers and bears", the list's last
 *    connector, 3+ items) rules 1 and 2 are enough.
 * 4. Otherwise both sides must be full parts. The left side has 2+ words.
 *    The right side either opens a phrase of its own (a determiner: "and
 *    the currency of Kenya"; an auxiliary or modal: "and can fly"; or the
 *    left part's own first word again: "list planets & list comets"), or
 *    has 2+ words besides determiners and
 *    a. carries its own determiner or preposition ("and rings of Saturn",
 *       "and map the island"), or
 *    b. is bare ("and count craters") while the left conjunct is not a single
 *       word after a determiner or preposition: "the research and
 *       development budget" stays whole, and "research and development"
 *       alone already fails the 2-word rule.
 */
function joinsParts(words: readonly string[], start: number, c: number, end: number, inList: boolean): boolean {
  const left = words.slice(start, c);
  const right = words.slice(c + 1, end);
  if (left.length === 0 || right.length === 0) return false;
  if (isCapitalised(words[c - 1]) && isCapitalised(words[c + 1])) return false;
  if (!hasContent(left) || !hasContent(right)) return false;
  if (inList) return true;
  if (left.length < 2) return false;
  const opener = lower(right[0]);
  if (DETERMINERS.has(opener) || AUXILIARIES.has(opener)) return true;
  if (right.length >= 2 && opener === lower(left[0])) return true;
  if (right.filter((w) => !DETERMINERS.has(lower(w))).length < 2) return false;
  if (right.slice(1).some((w) => DETERMINERS.has(lower(w)) || PREPOSITIONS.has(lower(w)))) return true;
  const beforeLast = lower(words[c - 2]);
  return !DETERMINERS.has(beforeLast) && !PREPOSITIONS.has(beforeLast);
}

/** Splits one hard segment on the connectors `joinsParts` accepts. */
function splitOnConnectors(words: readonly string[], inList: boolean): string[][] {
  const parts: string[][] = [];
  let start = 0;
  for (let c = 0; c < words.length; c++) {
    if (!isConnector(words[c]!)) continue;
    let end = c + 1;
    while (end < words.length && !isConnector(words[end]!)) end++;
    if (joinsParts(words, start, c, end, inList)) {
      parts.push(words.slice(start, c));
      start = c + 1;
    }
  }
  parts.push(words.slice(start));
  return parts;
}

/** The raw parts of a text, as word arrays: separators applied, fragments and repeats dropped. */
function rawParts(text: string): string[][] {
  const pieces = text.replace(BULLET, "\n").split(HARD_SEPARATOR);
  const out: string[][] = [];
  const seen = new Set<string>();
  for (let i = 0; i < pieces.length; i += 2) {
    let tokens = (pieces[i] ?? "").trim().split(/\s+/).filter((w) => w !== "");
    // An "and" right after a separator (the Oxford comma: "A, B, and C") or
    // at the end belongs to no part.
    while (tokens.length > 0 && isConnector(tokens[0]!)) tokens = tokens.slice(1);
    while (tokens.length > 0 && isConnector(tokens.at(-1)!)) tokens = tokens.slice(0, -1);
    const inList = i > 0 && pieces[i - 1] === ",";
    for (const part of splitOnConnectors(tokens, inList)) {
      const cleaned = join(part).replace(/(?<![.!?:])[.!?:]+$/, "").trim().split(/\s+/).filter((w) => w !== "");
      if (!hasContent(cleaned)) continue;
      const key = tokenKey(join(cleaned));
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(cleaned);
    }
  }
  return out;
}

/**
 * "X is A and can B" shapes: the first part is [prefix opener] subject
 * auxiliary complement ("Find out whether | a whale | is | a living thing"),
 * with an opener (whether, if, that) or, without one, a subject opening with
 * a determiner ("a whale is ..."). Each later part then restates the
 * subject: one opening with an auxiliary takes the prefix and subject ("can
 * fly" -> "Find out whether a whale can fly"), one with an auxiliary of its
 * own is a clause with its own subject and takes the prefix up to the opener
 * ("the disk has space" -> "check that the disk has space"; "whether a bee
 * is one" -> "Find out whether a bee is one"; a part with its own verb
 * before the opener stays as it is), any other is a second complement ("a
 * fish" -> "Find out whether a whale is a fish").
 * Criteria are what is checked about the subject, without auxiliary and
 * leading determiner: "living thing", "fly". Undefined when the first part
 * has no such shape.
 */
function clauseShape(parts: readonly string[][]): GoalPart[] | undefined {
  const first = parts[0]!;
  const v = first.findIndex((w, i) => i > 0 && AUXILIARIES.has(lower(w)));
  if (v < 0 || v === first.length - 1) return undefined;
  let opener = -1;
  for (let i = v - 1; i >= 0; i--) {
    if (CLAUSE_OPENERS.has(lower(first[i]))) {
      opener = i;
      break;
    }
  }
  const subject = first.slice(opener + 1, v);
  if (subject.length === 0 || subject.some((w) => QUESTION_WORDS.has(lower(w)))) return undefined;
  if (opener < 0 && !DETERMINERS.has(lower(subject[0]))) return undefined;
  const complement = first.slice(v + 1);
  if (!hasContent(complement)) return undefined;
  const head = first.slice(0, v);
  const prefix = first.slice(0, opener + 1);
  const aux = first[v]!;
  return parts.map((p, i) => {
    if (i === 0) return { description: join(p), criteria: join(stripLead(complement)) };
    if (AUXILIARIES.has(lower(p[0]))) return { description: join([...head, ...p]), criteria: join(stripLead(p)) };
    const own = p.findIndex((w, k) => k > 0 && AUXILIARIES.has(lower(w)));
    if (own > 0 && own < p.length - 1) {
      const criteria = join(stripLead(p.slice(own + 1)));
      const opens = p.slice(0, own).findIndex((w) => CLAUSE_OPENERS.has(lower(w)));
      // "and whether a bee is ..." takes the words before the opener; "and
      // find out whether a whale can fly" already says everything.
      if (opens === 0) return { description: join([...first.slice(0, opener < 0 ? 0 : opener), ...p]), criteria };
      if (opens > 0) return { description: join(p), criteria };
      return { description: join([...prefix, ...p]), criteria };
    }
    return { description: join([...head, aux, ...p]), criteria: join(stripLead(p)) };
  });
}

/**
 * Noun-phrase shapes, for a first part without a clause.
 * - Shared verb: when the first part is "lead determiner ..." ("find the
 *   moons of Mars", "Find what is the capital") and later parts start with
 *   a determiner ("the rings of Saturn"), the lead (the words before the
 *   first determiner) is shared with them, so each child says what to do;
 *   criteria never carry its verb, because evidence names moons and rings,
 *   not the act of finding them.
 * - Shared head: when the first part ends in a preposition and a name ("find
 *   the moons of Mars") and a later part is nothing but capitalised names
 *   ("Jupiter and Saturn"), that part takes the head up to the preposition
 *   ("find the moons of Jupiter and Saturn").
 * - Shared object: when every part is such a noun phrase and the last one
 *   ends in a prepositional phrase ("the currency of Kenya"), earlier parts
 *   without a preposition take it too ("the capital" -> "the capital of
 *   Kenya").
 */
function nounShape(parts: readonly string[][]): GoalPart[] {
  const first = parts[0]!;
  const firstDeterminer = first.findIndex((w) => DETERMINERS.has(lower(w)));
  const lead = firstDeterminer >= 1 && firstDeterminer < first.length - 1 ? first.slice(0, firstDeterminer) : [];
  const startsNoun = (p: readonly string[]): boolean => DETERMINERS.has(lower(p[0]));
  let lastPreposition = -1;
  first.forEach((w, i) => {
    if (PREPOSITIONS.has(lower(w))) lastPreposition = i;
  });
  const nameHead =
    lastPreposition >= 1 && lastPreposition < first.length - 1 && first.slice(lastPreposition + 1).every(isCapitalised)
      ? first.slice(0, lastPreposition + 1)
      : undefined;
  const isNames = (p: readonly string[]): boolean => p.every((w) => isCapitalised(w) || isConnector(w));
  const kinds = parts.map((p, i) => (i === 0 ? "first" : startsNoun(p) ? "noun" : nameHead !== undefined && isNames(p) ? "names" : "other"));
  const shares = lead.length > 0 && kinds.some((k) => k === "noun" || k === "names");
  // The noun phrase of each part (what its criteria name), and whether the lead goes before it.
  const nouns = parts.map((p, i) => {
    if (kinds[i] === "first") return shares ? p.slice(lead.length) : p;
    if (kinds[i] === "names") return [...nameHead!.slice(shares ? lead.length : 0), ...p];
    return p;
  });
  let tail: string[] = [];
  if (parts.length > 1 && kinds.every((k) => k === "first" || k === "noun") && startsNoun(nouns[0]!)) {
    const last = nouns.at(-1)!;
    const at = last.findIndex((w, k) => k >= 2 && SHARED_OBJECT_PREPOSITIONS.has(lower(w)));
    if (at > 0 && hasContent(last.slice(at + 1))) tail = last.slice(at);
  }
  const hasPreposition = (p: readonly string[]): boolean => p.some((w) => PREPOSITIONS.has(lower(w)));
  // Criteria drop the verb of the lead, and all of it when the rest has no
  // content word ("Find out", "Find what is"); content in it stays, so
  // "study whales in the ocean and the sky" checks "whales in the sky".
  const kept = hasContent(lead.slice(1).filter((w) => !QUESTION_WORDS.has(lower(w)))) ? lead.slice(1) : [];
  return nouns.map((n, i) => {
    const noun = tail.length > 0 && i < parts.length - 1 && !hasPreposition(n) ? [...n, ...tail] : n;
    if (!shares || kinds[i] === "other") return { description: join(noun), criteria: join(noun) };
    return { description: join([...lead, ...noun]), criteria: join([...kept, ...noun]) };
  });
}

/**
 * Splits a goal text into parts, each restating what it is about.
 *
 * Separators: ",", ";", new lines and list bullets always separate; "and"
 * and "&" only between full parts (see `joinsParts`: never between two
 * capitalised words, never leaving a fragment without a content word, and
 * outside a comma list only when both sides are phrases of their own), so
 * "Bosnia and Herzegovina", "Trinidad and Tobago" and "research and
 * development" stay whole. Parts without content words (a dangling "and",
 * "etc.") are dropped, as are repeats.
 *
 * Shapes, so that no part loses its subject:
 * - "Find out whether a whale is a living thing and can fly" ->
 *   "Find out whether a whale is a living thing" => "living thing",
 *   "Find out whether a whale can fly" => "fly" (`clauseShape`);
 * - "find the moons of Mars and the moons of Jupiter" -> "find the moons of
 *   Mars" => "the moons of Mars", "find the moons of Jupiter" => "the moons
 *   of Jupiter" (shared verb, `nounShape`);
 * - "Find the capital and the currency of Kenya" -> "Find the capital of
 *   Kenya", "Find the currency of Kenya" (shared object, `nounShape`);
 * - "find the moons of Mars, Jupiter" -> "find the moons of Mars", "find
 *   the moons of Jupiter" (shared head, `nounShape`);
 * - anything else: each part is its own description and criteria.
 */
export function splitGoalText(text: string): GoalPart[] {
  if (offersChoice(text)) return [];
  const parts = rawParts(text);
  if (parts.length === 0) return [];
  return clauseShape(parts) ?? nounShape(parts);
}

/**
 * "Who was born first, Einstein or Bohr?", "Which is the oldest: Vienna,
 * Graz or Linz?": a question that offers things to choose among after a
 * comma or colon is one question; its commas separate the things offered,
 * not parts of the goal.
 */
function offersChoice(text: string): boolean {
  const first = text.trimStart().split(/\s+/, 1)[0] ?? "";
  const cut = text.search(/[,:]/);
  return QUESTION_WORDS.has(lower(first)) && cut > 0 && /\bor\b/i.test(text.slice(cut + 1));
}

/** Order-free signature of a text's stems, to recognise the same criterion reworded. */
function tokenKey(text: string): string {
  return [...goalTokens(text).keys()].sort().join(" ");
}

function stemSet(text: string): Set<string> {
  return new Set(goalTokens(text).keys());
}

function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let n = 0;
  for (const t of a) if (b.has(t)) n++;
  return n;
}

/**
 * The parts a goal splits into. Its criteria are split first (they are what
 * the evidence is checked against); when they name a single part, the
 * description is split instead. When the criteria split and the description
 * is a different text, each child keeps a description that still says what
 * the goal is about:
 * - the description's own parts, when it splits into as many parts and no
 *   criterion shares more terms with another description part than with
 *   its own ("Find out whether a whale is a living thing and can fly" =>
 *   "living thing, flight" pairs "... is a living thing" with "living
 *   thing" and "... can fly" with "flight");
 * - otherwise the whole description ("Find the moons of Mars => phobos,
 *   deimos" gives "Find the moons of Mars => phobos" and "... => deimos").
 */
export function goalParts(goal: Pick<Goal, "description" | "successCriteria">): GoalPart[] {
  const fromCriteria = splitGoalText(goal.successCriteria);
  if (fromCriteria.length < 2) return splitGoalText(goal.description);
  const same = (t: string): string => t.trim().replace(/\s+/g, " ").toLowerCase();
  if (same(goal.successCriteria) === same(goal.description)) return fromCriteria;
  const fromDescription = splitGoalText(goal.description);
  if (fromDescription.length === fromCriteria.length) {
    const c = fromCriteria.map((p) => stemSet(p.criteria));
    const d = fromDescription.map((p) => stemSet(p.criteria));
    const aligned = c.every((ci, i) => d.every((dj, j) => j === i || overlap(ci, dj) <= overlap(ci, d[i]!)));
    if (aligned) return fromCriteria.map((p, i) => ({ description: fromDescription[i]!.description, criteria: p.criteria }));
  }
  return fromCriteria.map((p) => ({ description: goal.description.trim(), criteria: p.criteria }));
}

/**
 * Priority of the i-th child (0-based): max(0, parent - i), the parent
 * being the lower of its priority and its effective (computed) priority.
 * A sub-goal is part of its parent's work, so it never outranks the parent
 * (akh-medu's 200, 190, ... let a parent at 148 spawn children at 200 that
 * jumped ahead of every goal the user ranked above it). One below per step,
 * rather than all equal, keeps the order explicit (the first part goes
 * first without relying on tie-breaks) while staying as close to the
 * parent's rank as possible.
 */
export function childPriority(parent: Pick<Goal, "priority" | "computedPriority">, index: number): number {
  const base = Math.floor(Math.min(parent.priority, effectivePriority(parent)));
  return Math.max(0, base - CHILD_PRIORITY_STEP * index);
}

/** A term as compared: lower case, accents folded, punctuation and leading determiners dropped. */
function termKey(term: string): string {
  const w = foldedWords(term);
  let i = 0;
  while (i < w.length - 1 && DETERMINERS.has(w[i]!)) i++;
  return w.slice(i).join(" ");
}

/**
 * The terms of `criteria` that the parent's latest progress sample already
 * matched, or undefined when some term is still unmatched. Terms compare
 * whole and case-insensitively (accents folded, a leading determiner
 * ignored), never as substrings: the criteria as a whole, or each of its
 * terms (split like criteria: , ; new line "and" "&"), must be a matched
 * term, or else every content word of the term must be one (samples that
 * list matched words rather than phrases). So "living thing" is met by a
 * matched "Living Thing" or by "living" and "thing", but "thing" is not met
 * by "living thing" and "fly" not by "butterfly".
 */
export function termsAlreadyMet(criteria: string, matchedTerms: readonly string[]): string[] | undefined {
  const matched = new Set(matchedTerms.map(termKey).filter((t) => t !== ""));
  if (matched.size === 0) return undefined;
  if (matched.has(termKey(criteria))) return [criteria.trim()];
  // Whitespace before "and" is matched only from where its run begins, so a
  // long run is scanned once, not once per character; the empty pieces
  // between newlines in such a run are filtered out below as before.
  const terms = criteria
    .split(/(?<!\s)\n*[^\S\n]\s*(?:and|&)\s+|[,;\n]/i)
    .map((t) => t.trim())
    .filter((t) => contentWords(t).length > 0);
  if (terms.length === 0) return undefined;
  const met: string[] = [];
  for (const term of terms) {
    if (matched.has(termKey(term))) {
      met.push(term);
      continue;
    }
    const content = contentWords(term);
    if (!content.every((w) => matched.has(w))) return undefined;
    met.push(...content);
  }
  return met;
}

/** Depth of a goal: parent hops up to a root (0 for a root). Cycles in the data stop the walk. */
export function goalDepth(goals: readonly Goal[], id: string): number {
  const seen = new Set<string>();
  let depth = 0;
  let g = findGoal(goals, id);
  while (g !== undefined && g.parentId !== "" && !seen.has(g.symbolId)) {
    seen.add(g.symbolId);
    depth++;
    g = findGoal(goals, g.parentId);
  }
  return depth;
}

/** Why a goal was not decomposed. */
export type DecomposeRefusal =
  | "NOT_ACTIVE"
  | "ALREADY_DECOMPOSED"
  | "MAX_DEPTH"
  | "SINGLE_PART"
  | "REPEATS_ANCESTOR";

/** Options of `decomposeGoal`. */
export interface DecomposeOptions {
  /** Current cycle: the children's progress clock starts here. @default 0 */
  readonly cycle?: number | undefined;
  /** Wall time for the children's created_at. @default 0 */
  readonly nowUnixMs?: number | undefined;
  /** Deepest level that may still be split. @default 3 */
  readonly maxDepth?: number | undefined;
  /**
   * Id of the i-th child (0-based). The default, `${parent}/${i + 1}`, is
   * deterministic so a redelivered cycle recreates the same children rather
   * than duplicates.
   */
  readonly childId?: ((parent: Goal, index: number, part: GoalPart) => string) | undefined;
  /** Recorded as the link triples' source. @default "controller:decomposition" */
  readonly source?: string | undefined;
  /** Why the goal is being decomposed (e.g. the stall verdict), for events. */
  readonly reason?: string | undefined;
}

/** A decomposition that happened. */
export interface Decomposition {
  readonly ok: true;
  /** The whole book after the change: the parent updated, the children appended. */
  readonly goals: Goal[];
  /**
   * The parent as it is now: SUSPENDED, or ACTIVE again (resumed as by
   * `settleParents`) when every child was already met.
   */
  readonly parent: Goal;
  /** The new children, in priority order. */
  readonly children: Goal[];
  /** agent:child_goal (parent -> child) and agent:parent_goal (child -> parent) triples to store. */
  readonly links: Triple[];
  /**
   * Events: the parent's DECOMPOSED change, then one CREATED per child
   * (its goal COMPLETED when already met), then the parent's STATUS change
   * when every child was already met and it resumed at once.
   */
  readonly changes: GoalChanged[];
}

/** A decomposition that was refused, and why. */
export interface DecomposeRefused {
  readonly ok: false;
  /** Machine-readable cause. */
  readonly code: DecomposeRefusal;
  /** Human-readable cause. */
  readonly reason: string;
}

function refuse(code: DecomposeRefusal, reason: string): DecomposeRefused {
  return { ok: false, code, reason };
}

function link(subject: string, predicate: string, object: string, source: string, createdAtUnixMs: number): Triple {
  return {
    subject,
    predicate,
    object,
    confidence: 1,
    source,
    createdAtUnixMs,
    temporal: undefined,
    subjectLabel: "",
    predicateLabel: "",
    objectLabel: "",
  };
}

/**
 * Splits goal `id` into children (`goalParts`: its criteria first, its
 * description when the criteria are a single part). Refused when the goal
 * is not ACTIVE, already has children (a parent resumed after its children
 * finished gets no second round: a new split of the same text would
 * recreate the same children), sits at `maxDepth`, yields fewer than two
 * parts, or when a part restates the goal or one of its ancestors, which
 * would re-decompose a child into its own single criterion.
 *
 * Children get `childPriority` (never above the parent). A child whose
 * criteria terms are all among the parent's latest `progress.matchedTerms`
 * (`termsAlreadyMet`: whole terms, case-insensitive) is created COMPLETED ("already met by the parent
 * goal (terms)") with the parent's `progress.proof` as its proof: the
 * evidence is already there, and working on it would only re-find it. When
 * every child is already met, the parent is settled at once as
 * `settleParents` would (it resumes with a fresh loop).
 *
 * @throws GoalError NOT_FOUND when `id` is unknown; ALREADY_EXISTS when a child id is taken.
 */
export function decomposeGoal(goals: readonly Goal[], id: string, options: DecomposeOptions = {}): Decomposition | DecomposeRefused {
  const goal = getGoal(goals, id);
  if (goal.status !== GoalStatus.ACTIVE) return refuse("NOT_ACTIVE", `goal is ${GoalStatus[goal.status]}, only ACTIVE goals are decomposed`);
  if (goal.childIds.length > 0 || goals.some((g) => g.parentId === id)) {
    return refuse("ALREADY_DECOMPOSED", "goal already has sub-goals; it is not split twice");
  }
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DECOMPOSITION_DEPTH;
  const depth = goalDepth(goals, id);
  if (depth >= maxDepth) return refuse("MAX_DEPTH", `goal is at depth ${depth}; sub-goals stop at depth ${maxDepth}`);

  const parts = goalParts(goal);
  if (parts.length < 2) return refuse("SINGLE_PART", "criteria and description each name a single part; nothing to split");

  const lineage = new Set<string>();
  for (let g: Goal | undefined = goal; g !== undefined && !lineage.has(g.symbolId); g = g.parentId === "" ? undefined : findGoal(goals, g.parentId)) {
    lineage.add(g.symbolId);
    const ownKey = tokenKey(g.successCriteria);
    const repeated = parts.find((p) => tokenKey(p.criteria) === ownKey);
    if (repeated !== undefined) {
      return refuse("REPEATS_ANCESTOR", `part "${repeated.criteria}" restates goal ${g.symbolId}`);
    }
  }

  const cycle = options.cycle ?? 0;
  const now = options.nowUnixMs ?? 0;
  const source = options.source ?? "controller:decomposition";
  const childId = options.childId ?? ((parent: Goal, i: number) => `${parent.symbolId}/${i + 1}`);
  const matchedTerms = goal.progress?.matchedTerms ?? [];
  const taken = new Set(goals.map((g) => g.symbolId));
  const children: Goal[] = parts.map((part, i) => {
    const symbolId = childId(goal, i, part);
    if (taken.has(symbolId)) throw new GoalError("ALREADY_EXISTS", "childId", `goal ${symbolId} already exists`);
    taken.add(symbolId);
    const met = termsAlreadyMet(part.criteria, matchedTerms);
    return {
      symbolId,
      description: part.description,
      successCriteria: part.criteria,
      priority: childPriority(goal, i),
      status: met !== undefined ? GoalStatus.COMPLETED : GoalStatus.ACTIVE,
      statusReason: met !== undefined ? `already met by the parent goal (${met.join(", ")})` : "",
      replacementGoalId: "",
      stallThreshold: goal.stallThreshold,
      parentId: goal.symbolId,
      childIds: [],
      createdAtUnixMs: now,
      cyclesWorked: 0,
      lastProgressCycle: cycle,
      source: GoalSource.DECOMPOSITION,
      blockedBy: [],
      justification: GoalJustification.DECOMPOSED_FROM,
      priorityRationale: "",
      reformulatedFrom: "",
      estimatedEffortCycles: 0,
      progress: undefined,
      answers: undefined,
      proof: met !== undefined ? goal.progress?.proof : undefined,
    };
  });

  const why = options.reason ?? "stalled";
  // Children sharing one description (only the criteria split) are told apart by their criteria.
  const distinct = new Set(children.map((c) => c.description)).size === children.length;
  const label = (c: Goal): string => (distinct ? c.description : `${c.description} => ${c.successCriteria}`);
  const reason = `decomposed (${why}) into ${children.length} sub-goals: ${children.map(label).join("; ")}`;
  const suspended: Goal = { ...goal, status: GoalStatus.SUSPENDED, statusReason: reason, childIds: children.map((c) => c.symbolId) };
  const links = children.flatMap((c) => [
    link(goal.symbolId, CHILD_GOAL_PREDICATE, c.symbolId, source, now),
    link(c.symbolId, PARENT_GOAL_PREDICATE, goal.symbolId, source, now),
  ]);
  const changes: GoalChanged[] = [
    { goal: suspended, change: GoalChangeKind.DECOMPOSED, previousStatus: goal.status, previousPriority: goal.priority, reason },
    ...children.map((c) => ({
      goal: c,
      change: GoalChangeKind.CREATED,
      previousStatus: GoalStatus.UNSPECIFIED,
      previousPriority: 0,
      reason: c.status === GoalStatus.COMPLETED ? `sub-goal of ${goal.symbolId}; ${c.statusReason}` : `sub-goal of ${goal.symbolId}`,
    })),
  ];
  let book = [...goals.map((g) => (g.symbolId === id ? suspended : g)), ...children];
  let parent = suspended;
  // Every child already met: nothing is left open, so the parent settles
  // now rather than sitting suspended until the next settleParents pass.
  const settled = children.every((c) => c.status === GoalStatus.COMPLETED) ? settleParent(book, suspended, cycle) : undefined;
  if (settled !== undefined) {
    parent = settled.goal;
    book = book.map((g) => (g.symbolId === id ? parent : g));
    changes.push(settled);
  }
  return { ok: true, goals: book, parent, children, links, changes };
}

/** How a finished child ended, following REFORMULATED goals to their replacement. */
function finalStatus(goals: readonly Goal[], child: Goal): GoalStatus | undefined {
  const seen = new Set<string>();
  let g: Goal | undefined = child;
  while (g !== undefined && g.status === GoalStatus.REFORMULATED && !seen.has(g.symbolId)) {
    seen.add(g.symbolId);
    g = findGoal(goals, g.replacementGoalId);
  }
  return g !== undefined && isTerminal(g) ? g.status : undefined;
}

/** Options of `settleParents`. */
export interface SettleOptions {
  /** Current cycle: a resumed parent's progress clock restarts here. @default 0 */
  readonly cycle?: number | undefined;
}

/** Result of `settleParents`. */
export interface Settlement {
  /** The whole book after the changes. */
  readonly goals: Goal[];
  /** One STATUS event per parent resumed or failed. */
  readonly changes: GoalChanged[];
}

/** The STATUS change settling suspended parent `g`, or undefined while a child is open. */
function settleParent(goals: readonly Goal[], g: Goal, cycle: number): (GoalChanged & { goal: Goal }) | undefined {
  if (g.status !== GoalStatus.SUSPENDED || g.childIds.length === 0) return undefined;
  const outcomes = g.childIds.map((c) => {
    const child = findGoal(goals, c);
    // A child missing from the book can never finish; counting it as
    // failed keeps its parent from waiting forever.
    return child === undefined ? GoalStatus.FAILED : finalStatus(goals, child);
  });
  if (outcomes.some((o) => o === undefined)) return undefined;
  const failed = g.childIds.filter((_, i) => outcomes[i] === GoalStatus.FAILED);
  let updated: Goal;
  if (failed.length === g.childIds.length) {
    updated = { ...g, status: GoalStatus.FAILED, statusReason: `all ${failed.length} sub-goals failed` };
  } else {
    const partial = failed.length > 0 ? `; failed: ${failed.join(", ")}` : "";
    updated = {
      ...g,
      status: GoalStatus.ACTIVE,
      statusReason: `resumed: ${g.childIds.length - failed.length}/${g.childIds.length} sub-goals completed${partial}`,
      progress: undefined,
      cyclesWorked: 0,
      lastProgressCycle: cycle,
    };
  }
  return { goal: updated, change: GoalChangeKind.STATUS, previousStatus: g.status, previousPriority: g.priority, reason: updated.statusReason };
}

/**
 * Resumes or fails SUSPENDED parents whose children have all finished
 * (COMPLETED or FAILED; a REFORMULATED child counts as its replacement, a
 * child missing from the book as failed).
 * Nothing happens while any child is still open: a sibling still running
 * may yet produce the evidence the parent needs.
 *
 * - Every child failed: the parent FAILS; its own attempt stalled and none
 *   of its parts worked, so another round on it would only stall again.
 * - Otherwise (all completed, or some completed and some failed): the
 *   parent resumes to ACTIVE with a fresh loop (no progress sample, cycles
 *   worked 0, stall clock at `cycle`), so its own criteria are checked
 *   against what the children found. It cannot be split again
 *   (ALREADY_DECOMPOSED), so if it stalls once more the controller fails it:
 *   at most one extra round per level.
 *
 * One pass; a resumed parent that then completes settles its own parent on
 * a later call.
 */
export function settleParents(goals: readonly Goal[], options: SettleOptions = {}): Settlement {
  const cycle = options.cycle ?? 0;
  const changes: GoalChanged[] = [];
  const next = goals.map((g) => {
    const change = settleParent(goals, g, cycle);
    if (change === undefined) return g;
    changes.push(change);
    return change.goal;
  });
  return { goals: next, changes };
}
