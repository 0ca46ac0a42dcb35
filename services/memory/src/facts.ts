import { createHash } from "node:crypto";
import { WorkingMemoryKind, type Fact, type WorkingMemoryEntry } from "@boyd/proto";
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
  return `fact:${createHash("sha256").update(normalizeContent(content)).digest("hex").slice(0, 20)}`;
}

/** Whether text has a fact's length (10..5000 characters, Rustant's bounds). */
export function factSized(content: string): boolean {
  const n = normalizeContent(content).length;
  return n >= KNOWLEDGE.minFactChars && n <= KNOWLEDGE.maxFactChars;
}

/** The fact a TOOL_RESULT entry yields, if it has a fact's length. Uses the entry's full content (before working memory cuts it). */
export function factFromEntry(agentId: string, entry: WorkingMemoryEntry, cycle: number, now: number): Fact | undefined {
  if (entry.kind !== WorkingMemoryKind.TOOL_RESULT || !factSized(entry.content)) return undefined;
  return {
    id: factId(entry.content),
    agentId,
    content: entry.content,
    source: entry.toolName ? `tool:${entry.toolName}` : "tool",
    tags: [...new Set([...(entry.toolName ? [entry.toolName] : []), "tool_result"])],
    cycle: entry.sourceCycle || cycle,
    createdAtUnixMs: now,
  };
}

/** Whether a fact states a preference and so becomes a rule as it stands (Rustant's distiller). */
export function isPreferenceFact(f: Fact): boolean {
  const head = f.content.trimStart().toLowerCase();
  return f.tags.includes("preference") || KNOWLEDGE.rulePrefixes.some((p) => head.startsWith(p));
}
