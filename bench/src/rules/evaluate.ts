import { FactIndex, mineRules, RuleRanker, filteredRank, type MiningOptions, type MiningResult } from "@boyd/graph";
import type { Dataset, Triple } from "./datasets.js";

/** Link-prediction figures over a test split, both directions of every triple. */
export interface Completion {
  readonly mrr: number;
  readonly hits1: number;
  readonly hits3: number;
  readonly hits10: number;
  readonly queries: number;
  /** Queries whose answer some rule predicted (the rest ranked by ties alone). */
  readonly explained: number;
  readonly miningMs: number;
  /** CPU time of the mining alone (user + system), which other load on the machine does not inflate. */
  readonly miningCpuMs: number;
  readonly rules: number;
}

const asFact = ([subject, predicate, object]: Triple) => ({ subject, predicate, object });

/**
 * Mines on train + valid, then ranks each test triple's tail (r(h, ?)) and
 * head (r(?, t)) among every entity of the dataset, in the filtered setting:
 * other known true answers (in any split) are left out of the ranking.
 */
export function evaluate(dataset: Dataset, options: MiningOptions): Completion & { mined: MiningResult } {
  const kb = new FactIndex([...dataset.train, ...dataset.valid].map(asFact));
  const cpu = process.cpuUsage();
  const mined = mineRules(kb, options);
  const used = process.cpuUsage(cpu);
  const ranker = new RuleRanker(kb, mined.rules);
  const all = [...dataset.train, ...dataset.valid, ...dataset.test];
  const entities = new Set(all.flatMap(([h, , t]) => [h, t]));
  // Entities only the test split names get ids past the index's: no rule can predict them.
  const idOf = new Map(kb.symbols.map((s, i) => [s, i]));
  for (const e of entities) if (!idOf.has(e)) idOf.set(e, idOf.size);
  const known = knownAnswers(all, idOf);
  let mrr = 0;
  let hits1 = 0;
  let hits3 = 0;
  let hits10 = 0;
  let explained = 0;
  let queries = 0;
  const n = kb.predicates.length;
  for (const [h, r, t] of dataset.test) {
    const rel = kb.predicateId(r);
    for (const [from, answer, relation, key] of [
      [h, t, rel, `${r}\t${h}\t>`],
      [t, h, rel === undefined ? undefined : rel + n, `${r}\t${t}\t<`],
    ] as const) {
      const subject = kb.symbolId(from);
      const candidates = relation === undefined || subject === undefined ? [] : ranker.candidates(relation, subject);
      const target = idOf.get(answer)!;
      const filtered = new Set(known.get(key) ?? []);
      filtered.delete(target);
      const rank = filteredRank(candidates, target, filtered, idOf.size);
      if (candidates.some((c) => c.symbol === target)) explained++;
      queries++;
      mrr += 1 / rank;
      if (rank <= 1) hits1++;
      if (rank <= 3) hits3++;
      if (rank <= 10) hits10++;
    }
  }
  return {
    mrr: mrr / queries,
    hits1: hits1 / queries,
    hits3: hits3 / queries,
    hits10: hits10 / queries,
    queries,
    explained,
    miningMs: mined.elapsedMs,
    miningCpuMs: (used.user + used.system) / 1000,
    rules: mined.rules.length,
    mined,
  };
}

/** For each (relation, entity, direction), the true answers in any split. */
function knownAnswers(triples: readonly Triple[], idOf: ReadonlyMap<string, number>): Map<string, number[]> {
  const known = new Map<string, number[]>();
  const add = (key: string, id: number) => {
    const list = known.get(key);
    if (list) list.push(id);
    else known.set(key, [id]);
  };
  for (const [h, r, t] of triples) {
    add(`${r}\t${h}\t>`, idOf.get(t)!);
    add(`${r}\t${t}\t<`, idOf.get(h)!);
  }
  return known;
}
