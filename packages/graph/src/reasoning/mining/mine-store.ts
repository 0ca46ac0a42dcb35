import type { GraphStore } from "../../store.js";
import type { Rule } from "../rule.js";
import { FactIndex, type MinedFact } from "./facts.js";
import { mineRules, type MiningOptions } from "./miner.js";
import { toRules } from "./to-rules.js";

// Facts are read in pages of this many: the store streams, the miner holds what it needs.
const PAGE = 10_000;

/** What {@link mineStore} found. */
export interface StoreMining {
  /** The rules, best first (smoothed confidence), ready for `store.addRules`. */
  readonly rules: Rule[];
  /** Facts read. */
  readonly facts: number;
  readonly truncated: boolean;
  readonly elapsedMs: number;
}

/**
 * Declarations about predicates (owl:TransitiveProperty, rdfs:subPropertyOf...)
 * are rules already, not facts to learn from.
 */
function isDeclaration(predicate: string): boolean {
  return predicate.startsWith("owl:") || predicate.startsWith("rdfs:");
}

/**
 * Mines rules from everything a store holds (embedded or Neo4j: the facts
 * are read out once, in pages, and mined in memory), bounded by the
 * options' time budget. The rules come back with provenance `mined`; store
 * them with `store.addRules` to have inference and answering use them.
 */
export async function mineStore(store: GraphStore, options: MiningOptions & { source?: string } = {}): Promise<StoreMining> {
  const facts: MinedFact[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await store.query({}, { limit: PAGE, offset });
    for (const t of page) if (!isDeclaration(t.predicate)) facts.push({ subject: t.subject, predicate: t.predicate, object: t.object });
    if (page.length < PAGE) break;
  }
  const kb = new FactIndex(facts);
  const mined = mineRules(kb, options);
  const now = options.now ?? Date.now;
  return { rules: toRules(kb, mined.rules, { source: options.source ?? "boyd rule miner", when: now() }), facts: facts.length, truncated: mined.truncated, elapsedMs: mined.elapsedMs };
}
