import type { FactIndex } from "./facts.js";
import type { MinedRuleFigures } from "./miner.js";

/** A candidate answer with the confidences of the rules that predict it, highest first. */
export interface Candidate {
  readonly symbol: number;
  readonly confidences: readonly number[];
  /** The rules behind each confidence, same order: the explanation of the prediction. */
  readonly rules: readonly MinedRuleFigures[];
}

// A candidate's list is cut here: beyond the first few rules, ties are rare and lists long.
const KEPT_PER_CANDIDATE = 8;

/**
 * Answers `r(s, ?)` with mined rules, AnyBURL's way ("max-plus"): each
 * candidate is ranked by the confidence of the best rule predicting it,
 * ties broken by the second best, and so on. Questions about an object,
 * `r(?, o)`, are `r⁻(o, ?)`.
 */
export class RuleRanker {
  private readonly paths = new Map<number, MinedRuleFigures[]>();
  /** Constant rules by (head, body relation, d + 1), d + 1 = 0 for "any". */
  private readonly constants = new Map<number, MinedRuleFigures[]>();

  constructor(
    private readonly kb: FactIndex,
    rules: readonly MinedRuleFigures[],
  ) {
    for (const rule of rules) {
      if (rule.form.kind === "path") push(this.paths, rule.head, rule);
      else push(this.constants, this.constantKey(rule.head, rule.form.body, rule.form.d), rule);
    }
  }

  private constantKey(head: number, body: number, d: number | undefined): number {
    return (head * this.kb.relations + body) * (this.kb.symbols.length + 1) + (d === undefined ? 0 : d + 1);
  }

  /** Candidates for `relation(subject, ?)`, best first (max-plus order). */
  candidates(relation: number, subject: number): Candidate[] {
    const found = new Map<number, { confidences: number[]; rules: MinedRuleFigures[] }>();
    const add = (symbol: number, rule: MinedRuleFigures) => {
      let c = found.get(symbol);
      if (!c) found.set(symbol, (c = { confidences: [], rules: [] }));
      c.confidences.push(rule.confidence);
      c.rules.push(rule);
    };
    for (const rule of this.paths.get(relation) ?? []) {
      for (const y of this.follow(subject, (rule.form as { body: readonly number[] }).body)) add(y, rule);
    }
    for (let b = 0; b < this.kb.relations; b++) {
      const ds = this.kb.objects(b, subject);
      if (!ds) continue;
      for (const rule of this.constants.get(this.constantKey(relation, b, undefined)) ?? []) add((rule.form as { c: number }).c, rule);
      for (const d of ds) for (const rule of this.constants.get(this.constantKey(relation, b, d)) ?? []) add((rule.form as { c: number }).c, rule);
    }
    const out: Candidate[] = [];
    for (const [symbol, c] of found) {
      const order = c.confidences.map((_, i) => i).sort((a, b) => c.confidences[b]! - c.confidences[a]!).slice(0, KEPT_PER_CANDIDATE);
      out.push({ symbol, confidences: order.map((i) => c.confidences[i]!), rules: order.map((i) => c.rules[i]!) });
    }
    return out.sort((a, b) => compareMaxPlus(b.confidences, a.confidences));
  }

  /** Where a path body leads from `x` (each end once). */
  private follow(x: number, body: readonly number[]): Set<number> {
    let frontier = new Set([x]);
    for (const b of body) {
      const next = new Set<number>();
      for (const z of frontier) for (const y of this.kb.objects(b, z) ?? []) next.add(y);
      frontier = next;
    }
    frontier.delete(x);
    return frontier;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Max-plus order: > 0 when `a` ranks above `b` (a higher confidence at the first place they differ; more rules when one list is a prefix). */
export function compareMaxPlus(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/**
 * The filtered rank of `answer` among every symbol (1 is best): candidates
 * that are known true answers other than `answer` are left out, and ties,
 * including among the symbols no rule predicts, count half, so a rank
 * never flatters a method that cannot tell candidates apart.
 */
export function filteredRank(candidates: readonly Candidate[], answer: number, known: ReadonlySet<number>, symbols: number): number {
  const scoreOf = new Map(candidates.map((c) => [c.symbol, c.confidences]));
  const mine = scoreOf.get(answer) ?? [];
  let better = 0;
  let tied = 0;
  let scored = 0;
  for (const c of candidates) {
    if (c.symbol === answer || known.has(c.symbol)) continue;
    scored++;
    const cmp = compareMaxPlus(c.confidences, mine);
    if (cmp > 0) better++;
    else if (cmp === 0) tied++;
  }
  if (mine.length === 0) {
    // Everything unpredicted (and not filtered) ties with the answer.
    let unpredicted = 0;
    for (let s = 0; s < symbols; s++) if (s !== answer && !known.has(s) && !scoreOf.has(s)) unpredicted++;
    return scored + 1 + unpredicted / 2;
  }
  return better + 1 + tied / 2;
}
