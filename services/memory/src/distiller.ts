import { createHash } from "node:crypto";
import type { BehaviorRule, Correction, Fact } from "@boyd/proto";
import { KNOWLEDGE } from "./constants.js";
import { isPreferenceFact, normalizeContent } from "./facts.js";
import { cut } from "./working-memory.js";

const hash = (text: string): string => createHash("sha256").update(text).digest("hex").slice(0, 16);
const quote = (text: string): string => `'${cut(normalizeContent(text), 120)}'`;

/**
 * The key corrections are grouped by. A person's denial is about one call,
 * so denials group by the call itself ("<tool> <input JSON>"): each refused
 * call becomes its own rule, which the scorer can match exactly and the
 * user can remove alone. Other corrections (a policy refusal, a remark)
 * group by the first 50 characters of their context, lowercased (the tool
 * when there is no context), as Rustant's distiller does.
 */
export function groupKey(c: Correction): string {
  if (c.deniedByPerson) return `call:${c.original}`;
  const context = normalizeContent(c.context).toLowerCase().slice(0, KNOWLEDGE.groupKeyChars);
  return context || `tool:${c.toolName}`;
}

/**
 * Distils behavioural rules, Rustant's KnowledgeDistiller made
 * deterministic. A call people denied becomes "Avoid '<call>' (<why>)" that
 * matches that call and lowers its score by the correction weight. Other
 * corrections grouped by context give "Based on N previous corrections:
 * prefer a; b" (or "avoid ..." when none says what to do instead), a
 * single one "Instead of 'x', prefer 'y'" (or "Avoid 'x' (context)"):
 * guidance without a score effect. Facts stating a preference become rules
 * verbatim. Rules are recomputed from everything held, so any replica gives
 * the same list, and removing a rule's sources removes the rule: best
 * supported first, then most recent, at most `max`.
 */
export function distillRules(corrections: readonly Correction[], facts: readonly Fact[], max: number = KNOWLEDGE.maxRules): BehaviorRule[] {
  const groups = new Map<string, Correction[]>();
  for (const c of corrections) {
    const key = groupKey(c);
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const rules: BehaviorRule[] = [];
  for (const [key, group] of groups) rules.push(group[0]!.deniedByPerson ? denialRule(key, group) : guidanceRule(key, group));
  for (const f of facts) {
    if (!isPreferenceFact(f)) continue;
    rules.push({
      id: `rule:${hash(`fact\0${f.id}`)}`,
      text: normalizeContent(f.content),
      supportCount: 1,
      sourceIds: [f.id],
      updatedAtUnixMs: f.createdAtUnixMs,
      toolName: "",
      matchCall: "",
      scoreAdjustment: 0,
      origin: `a stated preference${f.source ? ` (from ${f.source})` : ""}`,
    });
  }
  rules.sort((a, b) => b.supportCount - a.supportCount || b.updatedAtUnixMs - a.updatedAtUnixMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return rules.slice(0, max);
}

/** One refused call: avoid it, and score it down by the correction weight. */
function denialRule(key: string, group: readonly Correction[]): BehaviorRule {
  const last = group.reduce((a, b) => (b.createdAtUnixMs >= a.createdAtUnixMs ? b : a));
  const why = reasonOf(last.context);
  const times = group.length === 1 ? "" : ` ${group.length} times`;
  return {
    id: `rule:${hash(`corrections\0${key}`)}`,
    text: `Avoid ${quote(last.original)}${why ? ` (${cut(why, 120)})` : ""}`,
    supportCount: group.length,
    sourceIds: group.map((c) => c.id),
    updatedAtUnixMs: last.createdAtUnixMs,
    toolName: last.toolName,
    matchCall: last.original,
    scoreAdjustment: KNOWLEDGE.correctionWeight,
    origin: `denied by a person${times}${last.cycle ? `, last in cycle ${last.cycle}` : ""}`,
  };
}

/** Corrections sharing a context: words of guidance, no score effect. */
function guidanceRule(key: string, group: readonly Correction[]): BehaviorRule {
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
  return {
    id: `rule:${hash(`corrections\0${key}`)}`,
    text,
    supportCount: group.length,
    sourceIds: group.map((c) => c.id),
    updatedAtUnixMs: Math.max(...group.map((c) => c.createdAtUnixMs)),
    toolName: tools.length === 1 ? tools[0]! : "",
    matchCall: "",
    scoreAdjustment: 0,
    origin: group.length === 1 ? "1 correction" : `${group.length} corrections`,
  };
}

/** The reason part of a correction's context ("DENIED_BY_USER: denied by ann: not now" -> "denied by ann: not now"). */
function reasonOf(context: string): string {
  return normalizeContent(context).replace(/^[A-Z_]+:\s*/, "");
}
