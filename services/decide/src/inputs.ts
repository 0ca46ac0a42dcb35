import type { ActivatedSymbol, ToolDescriptor, Triple } from "@boyd/proto";
import { contentWords, words } from "@boyd/vsa";
import { contentFor, quotedIn } from "./content.js";
import type { ScoringContext } from "./context.js";
import { INTENT_BASE, noteBody, progressMessage } from "./intents.js";
import { cronFromText } from "./schedule.js";

/** A tool's input when every required parameter could be filled, or what is missing. */
export type InputResult = { input: Record<string, unknown> } | { missing: string[] };

/**
 * Builds a tool's input from the goal and the context. A tool is a candidate
 * only if this fills every required parameter: the reference dispatches
 * tools with parameters missing, and the failed call fails the goal.
 */
export function buildInput(tool: ToolDescriptor, ctx: ScoringContext): InputResult {
  const core = CORE_INPUTS[tool.name];
  if (core) return core(ctx);
  const input: Record<string, unknown> = {};
  const missing: string[] = [];
  for (const param of tool.requiredParams) {
    const value = fillParam(param, ctx, tool);
    if (value === undefined) missing.push(param);
    else input[param] = value;
  }
  if (tool.name === "file_io" && !missing.length) missing.push(...fileActionExtras(input, ctx));
  return missing.length ? { missing } : { input };
}

/**
 * The fields a file_io action needs beyond action and path, added to
 * `input`; returns the ones nothing supplies. A write needs its content (a
 * write without it is refused by the tool), a search its query.
 */
function fileActionExtras(input: Record<string, unknown>, ctx: ScoringContext): string[] {
  const path = typeof input["path"] === "string" ? input["path"] : undefined;
  if (input["action"] === "write") {
    const content = contentFor(ctx, path);
    if (!content) return ["content"];
    input["content"] = content.value;
  } else if (input["action"] === "search") {
    const query = quotedIn(ctx.goal.description, [path]);
    if (!query) return ["query"];
    input["query"] = query;
  }
  return [];
}

/** The input of a core tool (kg_query, memory_recall, ...) built from the context, or undefined for other tools. */
export function coreInput(name: string, ctx: ScoringContext): InputResult | undefined {
  return CORE_INPUTS[name]?.(ctx);
}

const CORE_INPUTS: Record<string, (ctx: ScoringContext) => InputResult> = {
  // kg_query takes no predicate (its schema: symbol, direction, limit), so
  // the question's predicates do not narrow it.
  kg_query: (ctx) => ({ input: { symbol: topicSymbol(ctx), direction: "both" } }),
  // Only a fact the goal states: the agent never writes a fact it did not
  // read. `goal` names the goal in the fact's provenance.
  kg_mutate: (ctx) => {
    const fact = ctx.statedFact;
    if (!fact) return { missing: ["subject", "predicate", "object"] };
    return { input: { subject: fact.subject, predicate: fact.predicate, object: fact.object, goal: ctx.goal.symbolId } };
  },
  // The goal's own words are the query (recall matches words and
  // similarity); the topic's symbols, when there are any, only narrow it.
  memory_recall: (ctx) => {
    const subjects = ctx.subjects.filter(isTopical).map((id) => labelOf(ctx, id));
    const symbols = [...new Set([...subjects, ...ctx.episodes.flatMap((e) => e.learnings)])].slice(0, 3);
    const query = ctx.goal.description.trim() || symbols.join(" ");
    if (!query) return { missing: ["query"] };
    return { input: symbols.length ? { query, query_symbols: symbols, top_k: 3 } : { query, top_k: 3 } };
  },
  reason: (ctx) => {
    // A yes/no question's own statement ("dog is-a fish"), else a known fact about the subject.
    const terms = ctx.pattern.trim().split(/\s+/);
    if (terms.length === 3 && !terms.some((x) => x.startsWith("?"))) return { input: { expression: `(triple ${terms.map(atom).join(" ")})` } };
    const t = factAboutTopic(ctx);
    if (!t) return { missing: ["expression"] };
    return { input: { expression: `(triple ${atom(subjectLabel(t))} ${atom(t.predicateLabel || t.predicate)} ${atom(t.objectLabel || t.object)})` } };
  },
  similarity_search: (ctx) => (ctx.inferences.length || ctx.subjects.length ? { input: { symbol: topicSymbol(ctx), top_k: 5 } } : { missing: ["symbol"] }),
  infer_rules: () => ({ input: { max_iterations: 5, min_confidence: 0.1 } }),
  gap_analysis: (ctx) => ({ input: { goal: ctx.goal.symbolId, max_gaps: 10 } }),
};

const TEXT_PARAMS = new Set(["goal", "message", "query", "description", "text", "topic", "prompt", "content"]);
const SYMBOL_PARAMS = new Set(["symbol", "subject", "entity", "name", "concept"]);

function fillParam(param: string, ctx: ScoringContext, tool: ToolDescriptor): unknown {
  const text = ctx.goalText;
  if (param === "question") return questionFrom(ctx.goal.description);
  if (tool.name === "save_note" && param === "text") return noteBody(ctx.goal.description) ?? (ctx.goal.description || undefined);
  if (tool.name === "report_progress" && param === "message") return progressMessage(ctx.goal.description) || undefined;
  if (TEXT_PARAMS.has(param)) return ctx.goal.description || undefined;
  if (SYMBOL_PARAMS.has(param)) return topicSymbol(ctx);
  if (param === "url") return urlIn(text) ?? urlIn(ctx.knowledge.map((t) => t.objectLabel || t.object).join(" "));
  if (param === "path" || param === "file") return pathIn(text);
  if (param === "source") return urlIn(text) ?? pathIn(text);
  if (param === "argv" || param === "command") {
    const argv = commandIn(text);
    return argv && (param === "argv" ? argv : argv.join(" "));
  }
  if (param === "action" && tool.name === "file_io") return fileAction(text);
  if (param === "schedule" || param === "cron") return cronFromText(text);
  return undefined;
}

/**
 * The symbol a goal is mostly about, as a label: the question's first
 * subject (orient's reading of the goal), else a symbol of the context the
 * goal's text names (first mentioned), else the most active inferred symbol,
 * else a known triple's subject, else the first topical word of the goal.
 * Never bookkeeping, never a function or question word ("whether", "out").
 */
export function topicSymbol(ctx: ScoringContext): string {
  const subject = ctx.subjects.find(isTopical);
  if (subject) return labelOf(ctx, subject);
  const named = namedSymbols(ctx)[0];
  if (named) return named.label;
  const active = strongestFirst(ctx.inferences).find((a) => a.symbol && isTopical(a.symbol.id) && isTopical(a.symbol.label || a.symbol.id))?.symbol;
  if (active) return active.label || active.id;
  const t = ctx.knowledge.find((k) => isTopical(k.subject) && isTopical(subjectLabel(k)));
  if (t) return subjectLabel(t);
  // Words of a URL ("https", "org") say nothing of the topic; its last path
  // segment often does ("…/rates.json" -> "rates").
  const description = ctx.goal.description;
  // Nor does a file's path ("docs/handbook.md" -> "docs"): it is where to look, not what about.
  const path = pathIn(description);
  const prose = description.replace(new RegExp(URL_RE.source, "gi"), " ").replace(path ?? "\u0000", " ");
  const topical = contentWords(prose).filter(isTopicalWord);
  const segment = urlIn(description)?.split(/[?#]/, 1)[0]!.split("/").pop()?.replace(/\.\w+$/, "");
  return topical[0] ?? (segment && contentWords(segment).filter(isTopicalWord)[0]) ?? contentWords(description).filter((w) => !QUESTION_WORDS.has(w))[0] ?? ctx.goal.symbolId;
}

const ACTION_WORDS = new Set(
  "find look tell show get give fetch download grab pull retrieve search learn explain describe know list check figure determine identify discover explore research read write save store run execute make create ask add record note out go try see help infer".split(" "),
);

// Words that ask rather than name: never a topic.
const QUESTION_WORDS = new Set("whether which what who whom whose why how many much when where if whatever whichever thing things something anything everything stuff".split(" "));

// Prefixes of the agent's own bookkeeping symbols (goals, status, episodes...):
// the same list as the graph's, which decide does not depend on.
const BOOKKEEPING_PREFIXES = ["agent:", "goal:", "status:", "criteria:", "desc:", "priority:", "plan:", "episode:", "wm:"];

function isTopicalWord(w: string): boolean {
  return !ACTION_WORDS.has(w) && !QUESTION_WORDS.has(w);
}

/** Whether a symbol id or label can be a topic: not bookkeeping, and some word of it is not a function, question or action word. */
function isTopical(name: string): boolean {
  if (!name || BOOKKEEPING_PREFIXES.some((p) => name.startsWith(p))) return false;
  return contentWords(name).some(isTopicalWord);
}

/** A symbol's label as the context knows it, else its id. */
function labelOf(ctx: ScoringContext, id: string): string {
  for (const a of ctx.inferences) if (a.symbol?.id === id && a.symbol.label) return a.symbol.label;
  for (const t of ctx.knowledge) {
    if (t.subject === id && t.subjectLabel) return t.subjectLabel;
    if (t.object === id && t.objectLabel) return t.objectLabel;
  }
  return id;
}

/** Inferences by activation, strongest first (stable: equal activations keep orient's order). */
function strongestFirst(inferences: readonly ActivatedSymbol[]): ActivatedSymbol[] {
  return inferences.map((a, i) => [a, i] as const).sort((x, y) => y[0].activation - x[0].activation || x[1] - y[1]).map(([a]) => a);
}

/**
 * Symbols of the context (activated, or in a known triple) whose name the
 * goal's description contains, in order of mention ("whales" names `whale`).
 * What the goal is about when orient did not say.
 */
function namedSymbols(ctx: ScoringContext): { id: string; label: string }[] {
  const text = words(ctx.goal.description);
  const seen = new Map<string, { id: string; label: string; at: number; size: number }>();
  const consider = (id: string, label: string) => {
    if (seen.has(id) || !isTopical(id) || !isTopical(label || id)) return;
    const name = words(label || id);
    const at = mentionAt(text, name);
    if (at >= 0) seen.set(id, { id, label: label || id, at, size: name.length });
  };
  for (const a of ctx.inferences) if (a.symbol) consider(a.symbol.id, a.symbol.label);
  for (const t of ctx.knowledge) {
    consider(t.subject, t.subjectLabel);
    consider(t.object, t.objectLabel);
  }
  return [...seen.values()].sort((a, b) => a.at - b.at || b.size - a.size);
}

/** Where `name` (words) first occurs in `text` (words); the last word may be plural in the text. -1 when absent. */
function mentionAt(text: readonly string[], name: readonly string[]): number {
  if (name.length === 0) return -1;
  for (let i = 0; i + name.length <= text.length; i++) {
    if (name.every((w, j) => text[i + j] === w || (j === name.length - 1 && (text[i + j] === `${w}s` || text[i + j] === `${w}es`)))) return i;
  }
  return -1;
}

/** The known fact that best concerns the topic: about a subject with an asked predicate, else about a subject, else about a named symbol, else the first. */
function factAboutTopic(ctx: ScoringContext): Triple | undefined {
  const focus = new Set(ctx.subjects.length ? ctx.subjects : namedSymbols(ctx).map((s) => s.id));
  const touches = (t: Triple) => focus.has(t.subject) || focus.has(t.object);
  const asked = new Set(ctx.predicates);
  return ctx.knowledge.find((t) => touches(t) && asked.has(t.predicate)) ?? ctx.knowledge.find(touches) ?? ctx.knowledge[0];
}

function subjectLabel(t: Triple): string {
  return t.subjectLabel || t.subject;
}

/** A label as an s-expression atom. */
function atom(label: string): string {
  return label.replace(/[^A-Za-z0-9_]+/g, "_") || "_";
}

const URL_RE = /\bhttps?:\/\/[^\s<>"'`]+/i;
// A domain starts where a run of label characters and dots starts: tried
// from inside a run ("\\b"), every label would rescan the rest (quadratic).
const DOMAIN_RE = /(?<![a-z0-9.-])(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|gov|edu|info|co|uk|de|fr|eu|ai|app)(?:\/[^\s<>"'`]*)?/i;

/** The first URL in a text (a bare domain gets https://), trailing punctuation removed. */
export function urlIn(text: string): string | undefined {
  const full = URL_RE.exec(text)?.[0];
  const found = full ?? (DOMAIN_RE.exec(text)?.[0] ? `https://${DOMAIN_RE.exec(text)![0]}` : undefined);
  return found?.replace(/(?<![.,;:!?)\]])[.,;:!?)\]]+$/, "");
}

const PATH_RE = /(?:^|[\s"'`(])((?:\.{0,2}\/|~\/)?(?:[\w.-]+\/)*[\w-][\w.-]*\.(?:txt|md|markdown|json|jsonl|csv|tsv|ya?ml|toml|ini|cfg|conf|log|ts|js|mjs|py|rs|go|java|html?|xml|pdf|sh|sql|env))(?=$|[\s"'`),;:!?]|\.(?:\s|$))/i;
// Each segment ends at its slash, so a path splits into segments one way
// only; the old (?:[\w.-]+\/?)* could split "a.b.c" many ways (exponential).
const DIR_RE = /(?:^|[\s"'`(])((?:\.{0,2}\/|~\/)?(?:[\w.-]+\/)+[\w.-]*)(?=$|[\s"'`),;:!?])/;

/** The first file or directory path in a text (not part of a URL). */
export function pathIn(text: string): string | undefined {
  const withoutUrls = text.replace(URL_RE, " ");
  return (PATH_RE.exec(withoutUrls)?.[1] ?? DIR_RE.exec(withoutUrls)?.[1])?.replace(/(?<![.,;:])[.,;:]+$/, "");
}

const PROGRAMS = new Set(
  "npm pnpm yarn npx node tsc git make cmake cargo rustc go python python3 pip pytest ruby gem bundle java mvn gradle ls cat head tail wc grep find tar zip unzip curl echo jq sed awk sort uniq diff du df date docker kubectl helm terraform ansible psql sqlite3 redis-cli ffmpeg convert pandoc".split(" "),
);

/**
 * The command line a goal asks to run: text in backticks or quotes, or a
 * known program after "run"/"execute" up to the end of the clause. Returned
 * as argv (never a shell string).
 */
export function commandIn(text: string): string[] | undefined {
  // The quoted text stops at another opening quote too, so each quote is
  // scanned once (quadratic before when no closing quote followed).
  const quoted = /`([^`]+)`/.exec(text)?.[1] ?? /["“]([^"“”]+)["”]/.exec(text)?.[1];
  if (quoted && PROGRAMS.has(quoted.trim().split(/\s+/)[0]!)) return quoted.trim().split(/\s+/);
  // "\s*" then "\s+and" both covered the same spaces (quadratic); the
  // connector branch now has its own single \s+.
  const m = /\b(?:run|execute|invoke|launch|start)\s+(?:the\s+command\s+)?([a-z][\w.-]*(?:\s+[^\s,;]+)*?)(?=\s*(?:$|[,;]|\.\s|\.$)|\s+(?:and|then|so|to|in order|before|after|for)\s)/i.exec(text);
  const argv = m?.[1]?.trim().split(/\s+/);
  return argv && PROGRAMS.has(argv[0]!.toLowerCase()) ? argv : undefined;
}

/** The file a goal asks to write ("save the report to out/report.txt"), if it asks for a write. */
export function fileWriteTarget(text: string): string | undefined {
  return fileAction(text) === "write" ? pathIn(text) : undefined;
}

/**
 * The file a goal asks to read, in so many words ("Read handbook.md and
 * find ...", "Open notes.txt", "Look in docs/faq.md for ..."): a path with
 * an extension after a verb of reading; undefined otherwise.
 */
export function fileReadTarget(text: string): string | undefined {
  if (fileAction(text) !== "read" || !/\b(?:read|open|look\s+(?:in|at|through)|check|consult)\b/i.test(text)) return undefined;
  const path = pathIn(text);
  return path && /\.[a-z0-9]{1,5}$/i.test(path) ? path : undefined;
}

/**
 * file_io's base when the goal names a file to read: above the core tools'
 * (kg_query's 0.80 would otherwise query the graph for the file's name
 * first, as save_note's intent lifts it); undefined for any other tool or goal.
 */
export function readIntentBase(tool: string, ctx: ScoringContext): number | undefined {
  return tool === "file_io" && fileReadTarget(ctx.goal.description) ? INTENT_BASE : undefined;
}

function fileAction(text: string): string {
  const t = text.toLowerCase();
  if (/\b(write|save|store|create|overwrite|append|dump|export)\w*/.test(t)) return "write";
  if (/\b(list|ls|enumerate)\b|\bwhat files\b/.test(t)) return "list";
  if (asksToSearch(t)) return "search";
  return "read";
}

/**
 * A search verb, then "in", "across" or "within" later on the same line.
 * Each line is read from its first verb: the regex this replaces was retried
 * from every verb and rescanned the line each time (quadratic), and a later
 * verb can only find less after it than the first.
 */
function asksToSearch(text: string): boolean {
  return text.split(/[\n\r\u2028\u2029]/).some((line) => {
    const verb = line.search(/\b(?:search|grep|find)/);
    return verb >= 0 && /\b(?:in|across|within)\b/.test(line.slice(verb).replace(/^\w+/, ""));
  });
}

function questionFrom(description: string): string | undefined {
  const d = description.trim();
  if (!d) return undefined;
  if (d.endsWith("?")) return d;
  // The question starts at its first non-space character, so \s+ and .*
  // no longer share the spaces before it (the description is trimmed).
  const asked = /^(?:please\s+)?(?:ask|check with|consult|confirm with)\s+(?:the\s+|my\s+|our\s+)?(?:user|operator|human|owner|team|person|me|them|someone)\s+(\S.*)$/i.exec(d)?.[1];
  const body = (asked ?? d).replace(/(?<![.!])[.!]+$/, "");
  return `${body.charAt(0).toUpperCase()}${body.slice(1)}?`;
}
