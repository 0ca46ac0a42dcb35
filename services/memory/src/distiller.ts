import { createHash } from "node:crypto";
import type { BehaviorRule, Correction, Fact } from "@boyd/proto";
import { KNOWLEDGE } from "./constants.js";
import { isPreferenceFact, normalizeContent } from "./facts.js";
import { cut } from "./working-memory.js";

const hash = (text: string): string => createHash("sha256").update(text).digest("hex").slice(0, 16);
const quote = (text: string): string => `'${cut(normalizeContent(text), 120)}'`;

/** The key corrections are grouped by: the first 50 characters of the context, lowercased (the tool when there is no context). */
export function groupKey(c: Correction): string {
  const context = normalizeContent(c.context).toLowerCase().slice(0, KNOWLEDGE.groupKeyChars);
  return context || `tool:${c.toolName}`;
}

/**
 * Distils behavioural rules, Rustant's KnowledgeDistiller made
 * deterministic: corrections grouped by context; a group of two or more
 * gives "Based on N previous corrections: prefer a; b" (or "avoid ..." when
 * none says what to do instead), a single one "Instead of 'x', prefer 'y'"
 * (or "Avoid 'x' (context)"); facts stating a preference become rules
 * verbatim. Rules are recomputed from everything held, so any replica gives
 * the same list: best supported first, then most recent, at most `max`.
 */
export function distillRules(corrections: readonly Correction[], facts: readonly Fact[], max: number = KNOWLEDGE.maxRules): BehaviorRule[] {
  const groups = new Map<string, Correction[]>();
  for (const c of corrections) {
    const key = groupKey(c);
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const rules: BehaviorRule[] = [];
  for (const [key, group] of groups) {
    const tools = [...new Set(group.map((c) => c.toolName).filter(Boolean))];
    const preferred = [...new Set(group.map((c) => normalizeContent(c.corrected)).filter(Boolean))];
    const avoided = [...new Set(group.map((c) => normalizeContent(c.original)).filter(Boolean))];
    let text: string;
    if (group.length >= 2) {
      text = preferred.length
        ? `Based on ${group.length} previous corrections: prefer ${preferred.slice(0, 3).join("; ")}`
        : `Based on ${group.length} previous corrections: avoid ${avoided.slice(0, 3).join("; ")}`;
    } else {
      const c = group[0]!;
      text = c.corrected.trim() ? `Instead of ${quote(c.original)}, prefer ${quote(c.corrected)}` : `Avoid ${quote(c.original)}${c.context.trim() ? ` (${cut(normalizeContent(c.context), 120)})` : ""}`;
    }
    rules.push({
      id: `rule:${hash(`corrections\0${key}`)}`,
      text,
      supportCount: group.length,
      sourceIds: group.map((c) => c.id),
      updatedAtUnixMs: Math.max(...group.map((c) => c.createdAtUnixMs)),
      toolName: tools.length === 1 ? tools[0]! : "",
    });
  }
  for (const f of facts) {
    if (!isPreferenceFact(f)) continue;
    rules.push({ id: `rule:${hash(`fact\0${f.id}`)}`, text: normalizeContent(f.content), supportCount: 1, sourceIds: [f.id], updatedAtUnixMs: f.createdAtUnixMs, toolName: "" });
  }
  rules.sort((a, b) => b.supportCount - a.supportCount || b.updatedAtUnixMs - a.updatedAtUnixMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return rules.slice(0, max);
}
