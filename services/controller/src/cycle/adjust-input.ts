import { ActionOutcome, StatusCode, WorkingMemoryKind, type ActionResult, type ToolCall, type WorkingMemoryEntry } from "@boyd/proto";

/**
 * What the controller can consult to repair a failed call's input: the
 * goal's words, what the cycle's working memory holds (earlier outputs, the
 * person's answers), and a look at the workspace.
 */
export interface RetryContext {
  /** The goal's description. */
  readonly goalText: string;
  /** Working-memory entries about the goal, newest first. */
  readonly recent: readonly WorkingMemoryEntry[];
  /** Names in a workspace directory (file_io list through act); undefined when it cannot be listed. */
  listDir(dir: string): Promise<string[] | undefined>;
}

/** A repaired input, and what was changed in words for the cycle's line. */
export interface Adjustment {
  readonly inputJson: string;
  readonly change: string;
}

/**
 * The input for the one retry of a failed call, repaired from what the
 * error names: a required field the tool said was missing is filled from
 * context (the goal's quoted text, the person's last answer, the last
 * output of another tool); a path that does not exist is replaced by the
 * closest existing name in its directory. Undefined when the error names
 * nothing this can repair.
 */
export async function adjustInput(call: ToolCall, result: ActionResult, ctx: RetryContext): Promise<Adjustment | undefined> {
  const input = parseObject(call.inputJson);
  if (!input) return undefined;
  const message = result.output?.error?.message ?? "";
  if (result.outcome === ActionOutcome.REJECTED) return fillMissing(input, missingFields(call.toolName, message), ctx);
  if (result.output?.error?.code === StatusCode.NOT_FOUND) return closestPath(input, message, ctx);
  return undefined;
}

/** Fields a validation error says are required and absent: `file_io input: content: Required`. */
export function missingFields(tool: string, message: string): string[] {
  const at = message.indexOf(`${tool} input: `);
  if (at < 0) return [];
  return [...message.slice(at).matchAll(/(?:input: |; )([A-Za-z_]\w*): Required\b/g)].map((m) => m[1]!);
}

function fillMissing(input: Record<string, unknown>, fields: readonly string[], ctx: RetryContext): Adjustment | undefined {
  if (fields.length === 0) return undefined;
  const next = { ...input };
  const changes: string[] = [];
  for (const field of fields) {
    const found = TEXT_FIELDS.has(field) ? textFromContext(ctx) : undefined;
    if (!found) return undefined;
    next[field] = found.value;
    changes.push(`${field} ← ${found.source} ${JSON.stringify(shorten(found.value))}`);
  }
  return { inputJson: JSON.stringify(next), change: changes.join(", ") };
}

/** Fields whose value is free text, which context can supply. */
const TEXT_FIELDS = new Set(["content", "text", "message", "query", "body", "note", "question"]);

// A quote opens after the start, a space or a colon and closes before the end, a space or punctuation.
// A typographic quote stops at another “ so unclosed ones are scanned once (linear).
const QUOTED = [/(?:^|[\s:(])'([^']+)'(?=$|[\s.,;:!?)])/, /(?:^|[\s:(])"([^"]+)"(?=$|[\s.,;:!?)])/, /“([^“”]+)”/];

/** The goal's quoted text, else the person's last answer, else the last successful output in working memory. */
function textFromContext(ctx: RetryContext): { value: string; source: string } | undefined {
  for (const re of QUOTED) {
    const m = re.exec(ctx.goalText)?.[1];
    if (m?.trim()) return { value: m, source: "the goal's quoted text" };
  }
  const outputs = ctx.recent.filter((e) => e.kind === WorkingMemoryKind.TOOL_RESULT && e.content.trim() && !FAILED_ENTRY.test(e.content));
  const answer = outputs.find((e) => e.toolName === "user_interact");
  if (answer) return { value: answer.content, source: "the user's answer" };
  const previous = outputs[0];
  if (previous) return { value: previous.content, source: `the output of ${previous.toolName || "the previous step"}` };
  return undefined;
}

// Working memory keeps a failed call as "<OUTCOME>: <reason>".
const FAILED_ENTRY = new RegExp(
  `^(?:${Object.keys(ActionOutcome)
    .filter((k) => Number.isNaN(Number(k)))
    .join("|")}): `,
);

/** Most edits between a missing name and an existing one for the existing one to be tried (a third of the name, at least 2). */
function maxEdits(name: string): number {
  return Math.max(2, Math.floor(name.length / 3));
}

async function closestPath(input: Record<string, unknown>, message: string, ctx: RetryContext): Promise<Adjustment | undefined> {
  const missing = /path "((?:[^"\\]|\\.)*)" does not exist/.exec(message)?.[1];
  const field = (["path", "source", "file"] as const).find((f) => typeof input[f] === "string" && input[f] === missing);
  if (!missing || !field) return undefined;
  const cut = missing.lastIndexOf("/");
  const dir = cut >= 0 ? missing.slice(0, cut) || "/" : ".";
  const name = missing.slice(cut + 1);
  const names = await ctx.listDir(dir);
  const best = names && closestName(name, names);
  if (!best) return undefined;
  const path = cut >= 0 ? `${missing.slice(0, cut)}/${best}` : best;
  return { inputJson: JSON.stringify({ ...input, [field]: path }), change: `${field} ${JSON.stringify(missing)} → ${JSON.stringify(path)} (closest name in ${dir})` };
}

/** The existing name closest to `name` by edit distance (case-insensitive), if one is close enough; ties go to the first in order. */
export function closestName(name: string, names: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of names) {
    if (candidate === name) continue;
    const d = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (d <= maxEdits(name) && (!best || d < best.distance)) best = { name: candidate, distance: d };
  }
  return best?.name;
}

/** Levenshtein distance: insertions, deletions and substitutions. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length]!;
}

function parseObject(json: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(json || "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function shorten(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 40 ? `${line.slice(0, 39)}…` : line;
}
