import { compare } from "./backend.js";
import { invalid } from "./errors.js";
import { tripleKey, type Triple } from "./model.js";

/**
 * A forward-chaining rule. Every kind derives one triple from one or two
 * antecedents; the derived confidence is `factor` x the mean of the
 * antecedents' confidences.
 *
 * - transitive: (a p b), (b p c) => (a p c)
 * - symmetric:  (a p b) => (b p a)
 * - inverse:    (a p b) => (b q a)
 * - chain:      (a p b), (b q c) => (a r c)
 */
export type Rule =
  | { readonly name: string; readonly kind: "transitive"; readonly predicate: string; readonly factor: number }
  | { readonly name: string; readonly kind: "symmetric"; readonly predicate: string; readonly factor: number }
  | { readonly name: string; readonly kind: "inverse"; readonly predicate: string; readonly inverse: string; readonly factor: number }
  | {
      readonly name: string;
      readonly kind: "chain";
      readonly first: string;
      readonly second: string;
      readonly conclusion: string;
      readonly factor: number;
    };

/** The built-in rules and their confidence factors. */
export const BUILTIN_RULES: readonly Rule[] = [
  { name: "is-a-transitive", kind: "transitive", predicate: "is-a", factor: 0.95 },
  { name: "part-of-transitive", kind: "transitive", predicate: "part-of", factor: 0.9 },
  { name: "similar-to-symmetric", kind: "symmetric", predicate: "similar-to", factor: 1.0 },
  { name: "parent-child-inverse", kind: "inverse", predicate: "parent-of", inverse: "child-of", factor: 1.0 },
  { name: "contains-part-inverse", kind: "inverse", predicate: "contains", inverse: "part-of", factor: 1.0 },
  { name: "has-a-transitive", kind: "transitive", predicate: "has-a", factor: 0.85 },
];

/** Options of a forward-chaining run. */
export interface InferenceOptions {
  /** Rules to run. @default BUILTIN_RULES plus the store's user rules */
  rules?: readonly Rule[];
  /** Derivations below this are dropped. @default 0.1 */
  minConfidence?: number;
  /** Rounds of chaining. @default 10 */
  maxIterations?: number;
  /** Stop after this many new triples. @default 1000 */
  maxNewTriples?: number;
  /** Write the derived triples to the store. @default true */
  commit?: boolean;
}

/** A derived triple and the rule that produced it. */
export interface Derivation {
  readonly triple: Triple;
  readonly rule: string;
  /** How many antecedent sets produced it (fused by noisy-OR). */
  readonly support: number;
  /** The first antecedent set that produced it. */
  readonly antecedents: readonly Triple[];
  /** The chaining round (0-based) that derived it. */
  readonly iteration: number;
}

/** Validates a rule (user rules come from config). */
export function checkRule(rule: Rule): Rule {
  if (!rule.name) throw invalid("rule: name is required");
  if (!(rule.factor > 0 && rule.factor <= 1)) throw invalid(`rule ${rule.name}: factor must be in (0, 1]`);
  const predicates = rule.kind === "chain" ? [rule.first, rule.second, rule.conclusion] : rule.kind === "inverse" ? [rule.predicate, rule.inverse] : [rule.predicate];
  if (predicates.some((p) => typeof p !== "string" || p === "")) throw invalid(`rule ${rule.name}: predicates must be non-empty`);
  return rule;
}

/** The predicates a rule reads. */
export function rulePredicates(rule: Rule): string[] {
  return rule.kind === "chain" ? [rule.first, rule.second] : [rule.predicate];
}

/**
 * Runs forward chaining to a fixpoint (or the bounds) over the given
 * triples and returns the new triples, in key order. Pure: the caller loads
 * the antecedent predicates and commits the result, so every backend runs
 * this same code.
 */
export function forwardChain(initial: readonly Triple[], rules: readonly Rule[], options: InferenceOptions, now: number): Derivation[] {
  const minConfidence = options.minConfidence ?? 0.1;
  const maxIterations = options.maxIterations ?? 10;
  const maxNew = options.maxNewTriples ?? 1000;
  const known = new Map<string, Triple>();
  // (predicate, subject) -> triples, for joins on the middle symbol.
  const bySubject = new Map<string, Triple[]>();
  const index = (t: Triple): void => {
    const k = `${t.predicate}\u0000${t.subject}`;
    const list = bySubject.get(k);
    if (list) list.push(t);
    else bySubject.set(k, [t]);
  };
  const byPredicate = new Map<string, Triple[]>();
  const remember = (t: Triple): void => {
    known.set(tripleKey(t), t);
    index(t);
    const list = byPredicate.get(t.predicate);
    if (list) list.push(t);
    else byPredicate.set(t.predicate, [t]);
  };
  for (const t of initial) remember(t);

  const derived: Derivation[] = [];
  for (let iteration = 0; iteration < maxIterations && derived.length < maxNew; iteration++) {
    // key -> confidences offered this round, fused by noisy-OR below.
    const offers = new Map<string, { subject: string; predicate: string; object: string; rule: string; confidences: number[]; antecedents: Triple[] }>();
    const offer = (subject: string, predicate: string, object: string, rule: Rule, antecedents: Triple[]): void => {
      if (subject === object && rule.kind !== "symmetric") return; // no reflexive noise from cycles
      const key = tripleKey({ subject, predicate, object });
      if (known.has(key)) return;
      const confidence = rule.factor * (antecedents.reduce((a, t) => a + t.confidence, 0) / antecedents.length);
      const existing = offers.get(key);
      if (existing) existing.confidences.push(confidence);
      else offers.set(key, { subject, predicate, object, rule: rule.name, confidences: [confidence], antecedents });
    };
    for (const rule of rules) {
      const join = (first: string, second: string, conclusion: string): void => {
        for (const ab of byPredicate.get(first) ?? []) {
          for (const bc of bySubject.get(`${second}\u0000${ab.object}`) ?? []) {
            offer(ab.subject, conclusion, bc.object, rule, [ab, bc]);
          }
        }
      };
      if (rule.kind === "transitive") join(rule.predicate, rule.predicate, rule.predicate);
      else if (rule.kind === "chain") join(rule.first, rule.second, rule.conclusion);
      else {
        const target = rule.kind === "symmetric" ? rule.predicate : rule.inverse;
        for (const t of byPredicate.get(rule.predicate) ?? []) offer(t.object, target, t.subject, rule, [t]);
      }
    }
    const fresh = [...offers.entries()]
      .sort(([a], [b]) => compare(a, b))
      .map(([, o]) => ({ ...o, confidence: 1 - o.confidences.reduce((p, c) => p * (1 - c), 1) }))
      .filter((o) => o.confidence >= minConfidence);
    if (fresh.length === 0) break;
    for (const o of fresh.slice(0, maxNew - derived.length)) {
      const triple: Triple = {
        subject: o.subject,
        predicate: o.predicate,
        object: o.object,
        confidence: o.confidence,
        source: `rule:${o.rule}`,
        createdAt: now,
      };
      remember(triple);
      derived.push({ triple, rule: o.rule, support: o.confidences.length, antecedents: o.antecedents, iteration });
    }
  }
  return derived.sort((a, b) => compare(tripleKey(a.triple), tripleKey(b.triple)));
}
