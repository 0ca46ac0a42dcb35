import { tripleKey, type Triple, type TriplePattern } from "../model.js";
import { isVar, type Atom, type Rule, type Term } from "./rule.js";

/** Variable -> symbol id. Never mutated: each extension is a copy (bodies have at most 3 atoms). */
export type Bindings = ReadonlyMap<string, string>;

export const NO_BINDINGS: Bindings = new Map();

function bindTerm(term: Term, value: string, b: Map<string, string>): boolean {
  if (!isVar(term)) return term.const === value;
  const bound = b.get(term.var);
  if (bound === undefined) b.set(term.var, value);
  return bound === undefined || bound === value;
}

/** The bindings under which `atom` matches `triple`, extending `b`; undefined if it does not. */
export function matchAtom(atom: Atom, triple: Pick<Triple, "subject" | "predicate" | "object">, b: Bindings): Bindings | undefined {
  if (atom.predicate !== triple.predicate) return undefined;
  const out = new Map(b);
  return bindTerm(atom.subject, triple.subject, out) && bindTerm(atom.object, triple.object, out) ? out : undefined;
}

function valueOf(term: Term, b: Bindings): string | undefined {
  return isVar(term) ? b.get(term.var) : term.const;
}

/** The triple pattern an atom stands for under `b` (unbound positions open). */
export function patternOf(atom: Atom, b: Bindings): TriplePattern & { predicate: string } {
  const subject = valueOf(atom.subject, b);
  const object = valueOf(atom.object, b);
  return { predicate: atom.predicate, ...(subject === undefined ? {} : { subject }), ...(object === undefined ? {} : { object }) };
}

/** The head of a rule under complete bindings. */
export function headOf(rule: Rule, b: Bindings): { subject: string; predicate: string; object: string } {
  const p = patternOf(rule.head, b);
  // Rules are checked safe, so complete bindings bind every head variable.
  return { subject: p.subject!, predicate: p.predicate, object: p.object! };
}

/** Whether a triple matches a pattern. */
export function fits(t: Triple, p: TriplePattern): boolean {
  return (p.subject === undefined || t.subject === p.subject) && (p.predicate === undefined || t.predicate === p.predicate) && (p.object === undefined || t.object === p.object);
}

/** Derived confidence: the rule's times the product of the premises' (independent evidence must all hold). */
export function derivedConfidence(rule: Rule, premises: readonly Triple[]): number {
  return premises.reduce((c, t) => c * t.confidence, rule.confidence);
}

/**
 * Whether a new proof's confidence beats the one known. Products of the
 * same factors taken in another order differ in the last bits; without the
 * margin every such "improvement" would be propagated again (forward
 * chaining over a tree of 2,000 nodes ran 10 s instead of well under one).
 */
export function improves(confidence: number, known: number): boolean {
  return confidence > known + 1e-12;
}

/**
 * Stored facts of functional predicates: a derivation that would give such
 * a predicate a second value for a subject that has a stated one is not
 * made (the stated value wins; the clash is reported as a conflict).
 */
export class FunctionalGuard {
  constructor(private readonly stated: ReadonlyMap<string, ReadonlyMap<string, ReadonlySet<string>>> = new Map()) {}

  static of(functional: Iterable<string>, facts: readonly Triple[]): FunctionalGuard {
    const names = new Set(functional);
    const stated = new Map<string, Map<string, Set<string>>>();
    for (const t of facts) {
      if (!names.has(t.predicate)) continue;
      let bySubject = stated.get(t.predicate);
      if (!bySubject) stated.set(t.predicate, (bySubject = new Map()));
      let objects = bySubject.get(t.subject);
      if (!objects) bySubject.set(t.subject, (objects = new Set()));
      objects.add(t.object);
    }
    return new FunctionalGuard(stated);
  }

  /** Whether deriving (s, p, o) would contradict a stated value of a functional p. */
  blocks(t: { subject: string; predicate: string; object: string }): boolean {
    const objects = this.stated.get(t.predicate)?.get(t.subject);
    return objects !== undefined && !objects.has(t.object);
  }
}

export { tripleKey };
