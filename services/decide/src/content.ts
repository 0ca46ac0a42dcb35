import { isFailedCallText, WorkingMemoryKind, type WorkingMemoryEntry } from "@boyd/proto";
import type { ScoringContext } from "./context.js";

// A quote opens after the start, a space, a colon or a bracket, and closes
// before the end, a space or punctuation, so the apostrophes of "what's" and
// "Mars'" never open or close one. A typographic quote stops at another
// opening mark, so an unclosed one is scanned once, not once per opener.
const QUOTED_RES = [/(?:^|[\s:(])'([^']+)'(?=$|[\s.,;:!?)])/, /(?:^|[\s:(])"([^"]+)"(?=$|[\s.,;:!?)])/, /“([^“”]+)”/, /‘([^‘’]+)’/];

/**
 * The first quoted text of a goal ('…', "…", “…”, ‘…’) other than the
 * excluded strings (a quoted path is where to write, not what).
 */
export function quotedIn(text: string, exclude: readonly (string | undefined)[] = []): string | undefined {
  let best: { at: number; value: string } | undefined;
  for (const re of QUOTED_RES) {
    const global = new RegExp(re.source, "g");
    for (const m of text.matchAll(global)) {
      const value = m[1]!;
      if (exclude.includes(value) || !value.trim()) continue;
      if (!best || m.index < best.at) best = { at: m.index, value };
      break;
    }
  }
  return best?.value;
}

/** Where a piece of content came from, for the decision's explanation. */
export type ContentSource = "goal quote" | "previous step" | "answers";

/**
 * What a write should put in the file, in the order a person would expect:
 * the text the goal quotes; else the output of the plan step the write
 * depends on (what the agent just read, ran or was told); else the answers
 * the agent found for the goal. Undefined when none has anything: a write
 * with nothing to write is not a candidate.
 */
export function contentFor(ctx: ScoringContext, path: string | undefined): { value: string; source: ContentSource } | undefined {
  const quoted = quotedIn(ctx.goal.description, [path]);
  if (quoted !== undefined) return { value: quoted, source: "goal quote" };
  const previous = ctx.nextStep?.dependsOn.length ? ctx.previousOutput : undefined;
  if (previous) return { value: previous, source: "previous step" };
  if (ctx.answerLabels.length) return { value: `${ctx.answerLabels.join("\n")}\n`, source: "answers" };
  return undefined;
}

/** The newest successful tool output about the goal in working memory (entries are newest first), skipping `except` (the tool about to run). */
export function previousOutput(entries: readonly WorkingMemoryEntry[], goalId: string, except: string | undefined): string | undefined {
  for (const e of entries) {
    if (e.kind !== WorkingMemoryKind.TOOL_RESULT || !e.symbols.includes(goalId) || e.toolName === except) continue;
    if (isFailedCallText(e.content) || !e.content.trim()) continue;
    return e.content;
  }
  return undefined;
}
