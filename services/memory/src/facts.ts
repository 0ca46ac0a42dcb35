import { createHash } from "node:crypto";
import { isFailedCallText, restatesMemory, WorkingMemoryKind, type Fact, type WorkingMemoryEntry } from "@boyd/proto";
import { KNOWLEDGE } from "./constants.js";

/** Content as compared for duplicates: trimmed, runs of whitespace as one space. */
export function normalizeContent(content: string): string {
  return content.replace(/\s+/g, " ").trim();
}

/**
 * A fact's id is a hash of its normalized content, so the same text reached
 * by both paths (a TOOL_RESULT entry in Remember and the act service's
 * RecordFacts) maps to one id and is stored once per agent.
 */
export function factId(content: string): string {
  return keyOf(content).id;
}

/** Whether text has a fact's length (10..5000 characters, Rustant's bounds). */
export function factSized(content: string): boolean {
  const n = keyOf(content).normalizedLength;
  return n >= KNOWLEDGE.minFactChars && n <= KNOWLEDGE.maxFactChars;
}

/** What a fact's content gives: its id and the length of its normalized form. */
interface ContentKey {
  readonly id: string;
  readonly normalizedLength: number;
}

// The keys of the latest contents, by content. A cycle's tool result is
// checked and hashed five times over three calls (act's RecordFacts
// validates and stores it, Remember's TOOL_RESULT entry makes it a fact,
// which is stored): each time a regular-expression pass over up to a few
// KB and a SHA-256. Bounded in number and in the length of what is kept,
// so a huge content is never held.
const KEPT_CONTENT_KEYS = 32;
const MAX_KEPT_CONTENT_CHARS = 32_768;
const contentKeys = new Map<string, ContentKey>();

function keyOf(content: string): ContentKey {
  let key = contentKeys.get(content);
  if (key === undefined) {
    const normalized = normalizeContent(content);
    key = { id: `fact:${createHash("sha256").update(normalized).digest("hex").slice(0, 20)}`, normalizedLength: normalized.length };
    if (content.length <= MAX_KEPT_CONTENT_CHARS) {
      if (contentKeys.size >= KEPT_CONTENT_KEYS) contentKeys.delete(contentKeys.keys().next().value!);
      contentKeys.set(content, key);
    }
  }
  return key;
}

/**
 * The fact a TOOL_RESULT entry yields, if it has a fact's length and is a
 * tool's output, not a failed call's reason (isFailedCallText) nor a
 * recollection of memory (restatesMemory); and the one a PERCEPT entry
 * yields (what someone told the agent, "<source>: <content>"), so Recall
 * finds it from the cycle it arrived. Uses the entry's full content
 * (before working memory cuts it).
 */
export function factFromEntry(agentId: string, entry: WorkingMemoryEntry, cycle: number, now: number): Fact | undefined {
  if (entry.kind === WorkingMemoryKind.PERCEPT) return factSized(entry.content) ? fact(agentId, entry, cycle, now, "percept", ["percept"]) : undefined;
  if (entry.kind !== WorkingMemoryKind.TOOL_RESULT || isFailedCallText(entry.content) || restatesMemory(entry.toolName) || !factSized(entry.content)) return undefined;
  return fact(agentId, entry, cycle, now, entry.toolName ? `tool:${entry.toolName}` : "tool", [...new Set([...(entry.toolName ? [entry.toolName] : []), "tool_result"])]);
}

function fact(agentId: string, entry: WorkingMemoryEntry, cycle: number, now: number, source: string, tags: string[]): Fact {
  return {
    id: factId(entry.content),
    agentId,
    content: entry.content,
    source,
    tags,
    cycle: entry.sourceCycle || cycle,
    createdAtUnixMs: now,
  };
}

/** Whether a fact states a preference and so becomes a rule as it stands (Rustant's distiller). */
export function isPreferenceFact(f: Fact): boolean {
  const head = f.content.trimStart().toLowerCase();
  return f.tags.includes("preference") || KNOWLEDGE.rulePrefixes.some((p) => head.startsWith(p));
}
