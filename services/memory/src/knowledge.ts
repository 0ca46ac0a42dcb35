import { BusError } from "@boyd/bus";
import { DerivationKind, type BehaviorRule, type Correction, type Fact, type ProvenanceRecord } from "@boyd/proto";
import { KNOWLEDGE } from "./constants.js";
import type { Deps } from "./deps.js";
import { distillRules } from "./distiller.js";
import { factId } from "./facts.js";
import { RecentlyUsed } from "./recently-used.js";
import type { ReadAfter } from "./store/port.js";

// Fact keys a process remembers as held (agent + key), most recent first.
const SEEN_FACTS_KEPT = 65_536;

/**
 * Fact keys this process lately stored or found held, per agent: a hint,
 * never an answer. The same fact usually comes twice a cycle (act's
 * RecordFacts and the TOOL_RESULT entry of Remember) and again whenever a
 * tool repeats itself; such a fact is looked up before it is added, so the
 * call validates the facts log once (over KV, one version get) instead of
 * once to find the id taken and again to read the fact that took it. A
 * wrong hint only picks the longer path: what is stored and answered is
 * the same either way.
 */
export class SeenFacts {
  private readonly keys = new RecentlyUsed<true>(SEEN_FACTS_KEPT);

  has(agentId: string, key: string): boolean {
    return this.keys.get(`${agentId}\0${key}`) !== undefined;
  }

  note(agentId: string, key: string): void {
    this.keys.set(`${agentId}\0${key}`, true);
  }
}

/**
 * Stores facts once per agent: the store key is the hash of the normalized
 * content, so a fact already held (from either path) is not stored again
 * and its existing id is returned. New facts get a TOOL_OUTPUT provenance
 * record and are linked into the graph best effort. Needs no agent lock:
 * it only adds records, and the store refuses an id it already holds.
 */
export async function storeFacts(
  deps: Deps,
  agentId: string,
  items: readonly { fact: Fact; about: readonly string[] }[],
  seen?: SeenFacts,
  options: { linkInBackground?: boolean; after?: ReadAfter } = {},
): Promise<Fact[]> {
  if (items.length === 0) return [];
  const now = deps.now();
  const prepared = items.map(({ fact, about }) => {
    const key = factId(fact.content);
    return { key, about, fact: { ...fact, agentId, id: fact.id || key, createdAtUnixMs: fact.createdAtUnixMs || now } };
  });
  // Facts seen before are read first; only those not held are added.
  const held = await heldFacts(deps, agentId, seen ? prepared.filter((p) => seen.has(agentId, p.key)).map((p) => p.key) : [], options.after);
  const toAdd = prepared.filter((p) => !held.has(p.key));
  const addedNow = toAdd.length ? await deps.repo.add(agentId, "facts", toAdd.map((p) => ({ id: p.key, record: p.fact })), options.after) : [];
  // Taken meanwhile (another writer, or the same fact twice in this call): the fact that took the id is read.
  const lost = await heldFacts(deps, agentId, toAdd.filter((_, i) => !addedNow[i]).map((p) => p.key));
  for (const [key, fact] of lost) held.set(key, fact);
  const fresh = new Set(toAdd.filter((_, i) => addedNow[i]));
  const added = prepared.map((p) => fresh.has(p));
  for (const p of prepared) seen?.note(agentId, p.key);
  const result = prepared.map((p, i) => (added[i] ? p.fact : (held.get(p.key) ?? p.fact)));
  const provenance = prepared.filter((_, i) => added[i]).map(({ fact, about }): { id: string; record: ProvenanceRecord } => ({
    id: `prov:${fact.id}`,
    record: {
      id: `prov:${fact.id}`,
      agentId,
      cycle: fact.cycle,
      kind: DerivationKind.TOOL_OUTPUT,
      derivedId: fact.id,
      sourceIds: [...(fact.source ? [fact.source] : []), ...about],
      confidence: 1,
      toolName: fact.source.startsWith("tool:") ? fact.source.slice(5) : "",
      detail: `fact of ${fact.content.length} characters from ${fact.source || "an unnamed source"}`,
      createdAtUnixMs: fact.createdAtUnixMs,
      scoreBreakdown: "",
      supportingTriples: [],
    },
  }));
  await deps.repo.add(agentId, "provenance", provenance);
  const linked = prepared.filter((_, i) => added[i]);
  if (deps.graph && linked.length > 0) {
    const unlinked = (err?: unknown) => deps.log.warn({ agentId, facts: linked.length, ...(err ? { err } : {}) }, "orient unreachable: facts kept in memory but not written to the graph");
    const link = deps.graph.linkFacts(agentId, linked).then((ok) => (ok ? undefined : unlinked()), unlinked);
    if (!options.linkInBackground) await link;
    else deps.graphWrites.add(agentId, link);
  }
  return result;
}

/** The facts the log holds under these keys (read, not the whole log), by key. */
async function heldFacts(deps: Deps, agentId: string, keys: readonly string[], after: ReadAfter = 0): Promise<Map<string, Fact>> {
  if (keys.length === 0) return new Map();
  const found = await deps.repo.readByIds(agentId, "facts", keys, after);
  return new Map(keys.flatMap((key, i) => (found[i] ? [[key, found[i]] as const] : [])));
}

/**
 * Facts and corrections held for the agent, oldest first, after dropping
 * the oldest beyond the caps (10,000 facts, 1,000 corrections, as Rustant).
 * Pruning happens here, where the logs are read whole anyway, rather than
 * on every write. The caller holds the agent's lock.
 */
export async function knowledgeOf(deps: Deps, agentId: string): Promise<{ facts: Fact[]; corrections: Correction[] }> {
  const [facts, corrections] = await Promise.all([deps.repo.readWithIds(agentId, "facts"), deps.repo.readWithIds(agentId, "corrections")]);
  const over = <T>(records: { id: string; record: T }[], max: number) => records.slice(0, Math.max(0, records.length - max));
  const oldFacts = over(facts, KNOWLEDGE.maxFacts);
  const oldCorrections = over(corrections, KNOWLEDGE.maxCorrections);
  await deps.repo.remove(agentId, "facts", oldFacts.map((r) => r.id));
  await deps.repo.remove(agentId, "corrections", oldCorrections.map((r) => r.id));
  return {
    facts: facts.slice(oldFacts.length).map((r) => r.record),
    corrections: corrections.slice(oldCorrections.length).map((r) => r.record),
  };
}

/**
 * Forgets one distilled rule by removing what it was distilled from: its
 * corrections and preference facts. Since rules are recomputed from those,
 * the rule is gone for every replica, and a later denial of the same call
 * teaches it afresh. The caller holds the agent's lock.
 *
 * @throws BusError NOT_FOUND when the agent has no rule with that id.
 */
export async function removeRule(deps: Deps, agentId: string, ruleId: string): Promise<{ rule: BehaviorRule; correctionsRemoved: number; factsRemoved: number }> {
  const { facts, corrections } = await knowledgeOf(deps, agentId);
  const rule = distillRules(corrections, facts, Number.MAX_SAFE_INTEGER).find((r) => r.id === ruleId);
  if (!rule) throw new BusError("NOT_FOUND", `rule ${JSON.stringify(ruleId)} not found for agent ${agentId} (list the agent's rules to see their ids)`);
  const sources = new Set(rule.sourceIds);
  // Record ids are the store's keys; a fact's own id may differ from its key.
  const keysOf = async (log: "facts" | "corrections") => (await deps.repo.readWithIds(agentId, log)).filter((r) => sources.has(r.record.id)).map((r) => r.id);
  const [factKeys, correctionKeys] = await Promise.all([keysOf("facts"), keysOf("corrections")]);
  await deps.repo.remove(agentId, "corrections", correctionKeys);
  await deps.repo.remove(agentId, "facts", factKeys);
  return { rule, correctionsRemoved: correctionKeys.length, factsRemoved: factKeys.length };
}
