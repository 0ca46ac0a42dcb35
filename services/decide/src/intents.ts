import type { ScoringContext } from "./context.js";
import { quotedIn } from "./content.js";

/**
 * Tools a goal can ask for by name of their job: "note that the meeting
 * moved to Friday" asks for save_note, "report progress" for
 * report_progress. Similarity alone cannot lift them over the core tools'
 * fixed bases (0.80 for kg_query on any goal), so a goal that asks for the
 * job gets the tool at a base above them.
 */
export const INTENT_BASE = 0.95;
/** Tools chosen only when the goal asks for their job. */
export const INTENT_TOOLS: ReadonlySet<string> = new Set(["save_note", "report_progress"]);
/** A note that states a relation between two things: kg_mutate (0.90) records the fact first. */
export const NOTE_BESIDE_FACT_BASE = 0.85;

// "Note that …", "Make a note: …", "Jot down …", "Remember that …", "Keep in mind …".
const NOTE_LEAD = /^\s*(?:please\s+)?(?:(?:make|take|save|add|leave|write)\s+(?:a\s+)?note(?:\s+(?:that|of|about))?|note(?:\s+down)?|jot(?:\s+down)?|write\s+down|remember|keep\s+in\s+mind|memo)\b\s*(?:that\b|:)?\s*(.+)$/is;
// "Report progress", "give a status update", "post a progress report", "tell me how far along".
const PROGRESS = /\b(?:report|give|send|post|share|publish)\b.{0,30}\b(?:progress|status|update)\b|\bprogress\s+(?:report|update)\b|\bstatus\s+update\b/i;
// A time in a note (a day, a month, a date, an hour) makes it a note of an
// arrangement, not a relation between two things of the graph.
const TIME = /\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow|tonight|yesterday|next\s+week|january|february|march|april|may|june|july|august|september|october|november|december|\d{1,2}(?::\d{2})?\s*(?:am|pm)|\d{4}-\d{2}-\d{2})\b/i;

const FILE_NAME = /(?:^|[\s'"`(])[\w./-]+\.(?:txt|md|markdown|json|jsonl|csv|tsv|ya?ml|toml|log|html?|xml)\b/i;

/** What a note goal asks to keep: the text after its lead ("note that X" -> "X"), or undefined when the goal is no note. */
export function noteBody(description: string): string | undefined {
  if (FILE_NAME.test(description)) return undefined; // "write down … in notes.md" is a file write
  const body = NOTE_LEAD.exec(description)?.[1]?.trim().replace(/(?<![.!])[.!]+$/, "");
  return body ? body : undefined;
}

/** Whether a goal asks to report how the work stands. */
export function asksForProgress(description: string): boolean {
  return PROGRESS.test(description);
}

/** The message of a progress report: the quoted text or what follows a colon, else the goal's own words. */
export function progressMessage(description: string): string {
  return quotedIn(description) ?? /:\s*(.+)$/s.exec(description)?.[1]?.trim() ?? description.trim();
}

/** The base of a tool the goal asks for by its job; undefined for every other tool. */
export function intentBase(tool: string, ctx: ScoringContext): number | undefined {
  if (tool === "save_note") {
    const body = noteBody(ctx.goal.description);
    if (body === undefined) return undefined;
    return ctx.statedFact && !TIME.test(body) ? NOTE_BESIDE_FACT_BASE : INTENT_BASE;
  }
  if (tool === "report_progress") return asksForProgress(ctx.goal.description) ? INTENT_BASE : undefined;
  return undefined;
}
