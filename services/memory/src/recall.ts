import type { EpisodicEntry, Fact, RecallScore } from "@boyd/proto";
import { contentWords, similarity, stem, type TextEncoder } from "@boyd/vsa";
import { RECALL } from "./constants.js";

/** What to look for. */
export interface RecallQuery {
  /** Free text; may be empty when symbols are given. */
  text: string;
  /** Symbols the results should concern. */
  symbols: readonly string[];
  /** Most results. */
  topK: number;
  /** Clock for recency. */
  now: number;
}

/** A result with its score. */
export interface Ranked<T> {
  item: T;
  score: RecallScore;
}

// Rescaled similarity a result needs to count as related to the query text:
// unrelated texts sit at 0 ± 0.01 (0.5 ± 0.005 raw at 10,000 bits), and
// shared character n-grams of unrelated words add a few hundredths more.
const MIN_SIMILARITY = 0.06;

/** Symbol ids read as words ("topic:solar_power" -> "topic solar power") so the encoder sees them. */
export function symbolWords(symbols: readonly string[]): string {
  return symbols.map((s) => s.replace(/[:_\-./#]+/g, " ")).join(" ");
}

/** The text an episode is matched on: its summary and what it learned (goal ids are matched as symbols, not words). */
export function episodeText(e: EpisodicEntry): string {
  return `${e.summary} ${symbolWords(e.learnings.filter((s) => !s.startsWith("goal:")))}`;
}

/** The distinct stems of a text's content words: case and accents folded, "salaries" and "salary" alike. */
export function stemsOf(text: string): Set<string> {
  return new Set(contentWords(text).map(stem));
}

/** Share of the query's stems the text has, 0..1 (0 for a query without content words). */
export function wordMatch(queryStems: ReadonlySet<string>, text: string): number {
  return shareOf(queryStems, stemsOf(text));
}

function shareOf(queryStems: ReadonlySet<string>, have: ReadonlySet<string>): number {
  if (queryStems.size === 0) return 0;
  let found = 0;
  for (const s of queryStems) if (have.has(s)) found++;
  return found / queryStems.size;
}

/** What ranking looks at in a record. */
export type View = { id: string; text: string; symbols: readonly string[]; timestamp: number };

// What ranking derives from a record (its view, the stems of its text and
// its vector per encoder), kept while the record object lives. Records
// come from the repository's cache, shared and never modified, so an
// unchanged record is not re-stemmed or re-encoded on every recall; a
// changed one is a new object.
const views = new WeakMap<(item: never) => View, WeakMap<object, { view: View; stems: ReadonlySet<string> }>>();
const vectors = new WeakMap<TextEncoder, WeakMap<object, { text: string; vector: ReturnType<TextEncoder["encode"]> }>>();

function indexed<T>(item: T, view: (item: T) => View): { view: View; stems: ReadonlySet<string> } {
  const key = typeof item === "object" && item !== null ? item : undefined;
  let byItem = views.get(view);
  if (!byItem) views.set(view, (byItem = new WeakMap()));
  let found = key && byItem.get(key);
  if (!found) {
    const v = view(item);
    found = { view: v, stems: stemsOf(v.text) };
    if (key) byItem.set(key, found);
  }
  return found;
}

function vectorOf(encoder: TextEncoder, item: unknown, text: string): ReturnType<TextEncoder["encode"]> {
  if (typeof item !== "object" || item === null) return encoder.encode(text);
  let byItem = vectors.get(encoder);
  if (!byItem) vectors.set(encoder, (byItem = new WeakMap()));
  let found = byItem.get(item);
  if (found?.text !== text) byItem.set(item, (found = { text, vector: encoder.encode(text) }));
  return found.vector;
}

/**
 * Ranks items by 0.3 · similarity + 0.3 · word match + 0.25 · symbol
 * overlap + 0.15 · recency. similarity is the hypervector similarity of
 * query and item text rescaled so unrelated = 0 and identical = 1; word
 * match is the share of the query's words the item's text contains, so a
 * word a long text mentions once is found although the vectors of a one-word
 * query and a long text are hardly similar; symbol overlap is the share of
 * the query's symbols the item concerns; recency = 1 / (1 + age in days). An
 * item related neither by text nor by symbol is left out, so an old
 * unrelated memory is never returned for being recent. Ties: newer first,
 * then id.
 */
export function rank<T>(
  encoder: TextEncoder,
  items: readonly T[],
  query: RecallQuery,
  view: (item: T) => View,
): Ranked<T>[] {
  const queryStems = stemsOf(query.text);
  const queryVector = queryStems.size > 0 ? encoder.encode(query.text) : undefined;
  const wanted = new Set(query.symbols);
  const ranked: (Ranked<T> & { timestamp: number })[] = [];
  for (const item of items) {
    const { view: v, stems } = indexed(item, view);
    const sim = queryVector ? rescaled(similarity(queryVector, vectorOf(encoder, item, v.text))) : 0;
    const overlap = wanted.size ? new Set(v.symbols.filter((s) => wanted.has(s))).size / wanted.size : 0;
    const score = scoreOf(v.id, sim, shareOf(queryStems, stems), overlap, v.timestamp, query.now);
    if (score) ranked.push({ item, score, timestamp: v.timestamp });
  }
  ranked.sort(byScore);
  return ranked.slice(0, query.topK).map(({ item, score }) => ({ item, score }));
}

/** Similarity rescaled so unrelated (0.5) is 0 and identical is 1. */
export function rescaled(similarity: number): number {
  return Math.max(0, (similarity - 0.5) / 0.5);
}

/** recency = 1 / (1 + age in days), 1 for a timestamp in the future. */
export function recencyOf(timestamp: number, now: number): number {
  return 1 / (1 + Math.max(0, now - timestamp) / RECALL.recencyUnitMs);
}

/** Whether a result is related to the query at all: by text (vector or words) or by symbol. */
export function related(similarity: number, wordMatch: number, symbolOverlap: number): boolean {
  return similarity >= MIN_SIMILARITY || wordMatch !== 0 || symbolOverlap !== 0;
}

/** The part of a result's score that does not change with time. */
export function textAndSymbolScore(similarity: number, wordMatch: number, symbolOverlap: number): number {
  return RECALL.similarityWeight * similarity + RECALL.wordWeight * wordMatch + RECALL.symbolWeight * symbolOverlap;
}

/** The weighted score of a result's parts (the recall index adds recency to the same partial sum, so both give the same bits). */
export function weighted(similarity: number, wordMatch: number, symbolOverlap: number, recency: number): number {
  return textAndSymbolScore(similarity, wordMatch, symbolOverlap) + RECALL.recencyWeight * recency;
}

/**
 * A result's score from its parts (see rank), or undefined when it is
 * related to the query neither by text nor by symbol.
 */
export function scoreOf(id: string, similarity: number, wordMatch: number, symbolOverlap: number, timestamp: number, now: number): RecallScore | undefined {
  if (!related(similarity, wordMatch, symbolOverlap)) return undefined;
  const recency = recencyOf(timestamp, now);
  return { id, score: weighted(similarity, wordMatch, symbolOverlap, recency), similarity, wordMatch, symbolOverlap, recency };
}

/** Result order: best score first, then newer, then by id. */
export function byScore(a: { score: RecallScore; timestamp: number }, b: { score: RecallScore; timestamp: number }): number {
  return b.score.score - a.score.score || b.timestamp - a.timestamp || (a.score.id < b.score.id ? -1 : 1);
}

/** Ranks episodes for a query. */
export function rankEpisodes(encoder: TextEncoder, episodes: readonly EpisodicEntry[], query: RecallQuery): Ranked<EpisodicEntry>[] {
  return rank(encoder, episodes, query, episodeView);
}

/** An episode as ranking sees it: its goal counts as one of its symbols. */
export const episodeView = (e: EpisodicEntry): View => ({
  id: e.symbolId,
  text: episodeText(e),
  symbols: e.goalId ? [...e.learnings, e.goalId] : e.learnings,
  timestamp: e.timestampUnixMs,
});

/** A fact as ranking sees it: its tags are its symbols. */
export const factView = (f: Fact): View => ({ id: f.id, text: f.content, symbols: f.tags, timestamp: f.createdAtUnixMs });

/** Ranks facts for a query (their tags count as their symbols). */
export function rankFacts(encoder: TextEncoder, facts: readonly Fact[], query: RecallQuery): Ranked<Fact>[] {
  return rank(encoder, facts, query, factView);
}
