import { compare } from "../backend.js";
import { tripleKey, type Triple } from "../model.js";
import { derivedConfidence, FunctionalGuard, headOf, improves, matchAtom, NO_BINDINGS, patternOf, type Bindings } from "./match.js";
import type { Rule } from "./rule.js";

/** Options of a forward-chaining run. */
export interface InferenceOptions {
  /** Rules to run. @default the store's rules: built-in, declared in the data, and added */
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

/** A derived triple, the rule that produced it and the facts it used (its proof's last step). */
export interface Derivation {
  readonly triple: Triple;
  readonly rule: string;
  /** How many distinct proofs (rule and premises) were found for it. */
  readonly support: number;
  /** The premises of its best proof, in body order; each is stated or itself derived. */
  readonly antecedents: readonly Triple[];
  /** The chaining round (0-based) that gave it its confidence. */
  readonly iteration: number;
}

/** Facts indexed for joins: by predicate, by (predicate, subject) and (predicate, object). */
class FactIndex {
  readonly byKey = new Map<string, Triple>();
  private readonly lists = new Map<string, Triple[]>();

  add(t: Triple): void {
    const known = this.byKey.has(tripleKey(t));
    this.byKey.set(tripleKey(t), t);
    if (known) {
      // A better confidence for a derived fact: replace it in place in every list.
      for (const k of this.keysOf(t)) {
        const list = this.lists.get(k)!;
        const i = list.findIndex((x) => x.subject === t.subject && x.object === t.object && x.predicate === t.predicate);
        list[i] = t;
      }
      return;
    }
    for (const k of this.keysOf(t)) {
      const list = this.lists.get(k);
      if (list) list.push(t);
      else this.lists.set(k, [t]);
    }
  }

  /** Facts that may match the pattern (a superset only when nothing is bound). */
  candidates(p: { predicate: string; subject?: string; object?: string }): readonly Triple[] {
    if (p.subject !== undefined) return this.lists.get(`s\u0000${p.predicate}\u0000${p.subject}`) ?? [];
    if (p.object !== undefined) return this.lists.get(`o\u0000${p.predicate}\u0000${p.object}`) ?? [];
    return this.lists.get(`p\u0000${p.predicate}`) ?? [];
  }

  private keysOf(t: Triple): string[] {
    return [`p\u0000${t.predicate}`, `s\u0000${t.predicate}\u0000${t.subject}`, `o\u0000${t.predicate}\u0000${t.object}`];
  }
}

interface Offer {
  readonly key: string;
  readonly head: { subject: string; predicate: string; object: string };
  readonly confidence: number;
  readonly rule: Rule;
  readonly premises: Triple[];
}

/**
 * Forward chaining to a fixpoint (or the bounds), semi-naive: each round
 * joins every rule body with at least one fact that is new (or newly
 * stronger) since the last round, so nothing is derived twice from the same
 * facts. A derived fact keeps the confidence of its best proof, the rule's
 * confidence times the product of its premises' (`derivedConfidence`);
 * stated facts are never overwritten, no fact is derived reflexive
 * (x p x, the noise cycles make), and none that contradicts a stated value
 * of a functional predicate. Pure: the caller loads the facts and commits
 * the result, so every backend runs this same code. Returns the derived
 * facts in key order.
 */
export function forwardChain(initial: readonly Triple[], rules: readonly Rule[], options: InferenceOptions, now: number, guard = new FunctionalGuard()): Derivation[] {
  const minConfidence = options.minConfidence ?? 0.1;
  const maxIterations = options.maxIterations ?? 10;
  const maxNew = options.maxNewTriples ?? 1000;
  const facts = new FactIndex();
  for (const t of initial) facts.add(t);
  const derived = new Map<string, Derivation>();
  const proofs = new Map<string, Set<string>>();
  let delta = new FactIndex();
  for (const t of initial) delta.add(t);

  for (let iteration = 0; iteration < maxIterations; iteration++) {
    const offers = new Map<string, Offer>();
    for (const rule of rules) {
      for (let i = 0; i < rule.body.length; i++) {
        for (const seed of delta.candidates(patternOf(rule.body[i]!, NO_BINDINGS))) {
          const b = matchAtom(rule.body[i]!, seed, NO_BINDINGS);
          if (b) joinRest(rule, i, seed, b, facts, (full, premises) => consider(rule, full, premises));
        }
      }
    }
    const next = new FactIndex();
    for (const offer of [...offers.values()].sort((a, b) => compare(a.key, b.key))) {
      if (!derived.has(offer.key) && derived.size >= maxNew) break;
      const triple: Triple = { ...offer.head, confidence: offer.confidence, source: `rule:${offer.rule.name}`, createdAt: now };
      facts.add(triple);
      next.add(triple);
      derived.set(offer.key, { triple, rule: offer.rule.name, support: proofs.get(offer.key)!.size, antecedents: offer.premises, iteration });
    }
    for (const [key, d] of derived) if (proofs.get(key)!.size !== d.support) derived.set(key, { ...d, support: proofs.get(key)!.size });
    if (next.byKey.size === 0) break;
    delta = next;

    function consider(rule: Rule, b: Bindings, premises: Triple[]): void {
      const head = headOf(rule, b);
      if (head.subject === head.object || guard.blocks(head)) return;
      const key = tripleKey(head);
      const confidence = derivedConfidence(rule, premises);
      if (confidence < minConfidence) return;
      const existing = facts.byKey.get(key);
      if (existing && !derived.has(key)) return; // stated: evidence is never overwritten
      let seen = proofs.get(key);
      if (!seen) proofs.set(key, (seen = new Set()));
      seen.add(`${rule.name}\u0001${premises.map(tripleKey).join("\u0001")}`);
      if (existing && !improves(confidence, existing.confidence)) return;
      const offered = offers.get(key);
      if (!offered || improves(confidence, offered.confidence)) offers.set(key, { key, head, confidence, rule, premises });
    }
  }
  return [...derived.values()].sort((a, b) => compare(tripleKey(a.triple), tripleKey(b.triple)));
}

/** Joins the body atoms other than `seedAt` (already matched by `seed`) against all facts. */
function joinRest(rule: Rule, seedAt: number, seed: Triple, b: Bindings, facts: FactIndex, emit: (b: Bindings, premises: Triple[]) => void): void {
  const premises: Triple[] = new Array<Triple>(rule.body.length);
  premises[seedAt] = seed;
  const step = (i: number, bindings: Bindings): void => {
    if (i === rule.body.length) return emit(bindings, [...premises]);
    if (i === seedAt) return step(i + 1, bindings);
    const atom = rule.body[i]!;
    for (const t of facts.candidates(patternOf(atom, bindings))) {
      const next = matchAtom(atom, t, bindings);
      if (!next) continue;
      premises[i] = t;
      step(i + 1, next);
    }
  };
  step(0, b);
}
