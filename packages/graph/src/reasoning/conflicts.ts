import { compare } from "../backend.js";
import type { Triple } from "../model.js";

/** A functional predicate with more than one value for a subject: a contradiction in the data (or with a derivation). */
export interface Conflict {
  readonly predicate: string;
  readonly subject: string;
  /** The clashing facts, stated and derived, by object. */
  readonly values: readonly Triple[];
  /** The fact declaring the predicate functional. */
  readonly declaredBy: Triple;
}

/** The contradictions among `facts` for the functional predicates. */
export function findConflicts(functional: ReadonlyMap<string, Triple>, facts: Iterable<Triple>): Conflict[] {
  const groups = new Map<string, Map<string, Triple>>();
  for (const t of facts) {
    if (!functional.has(t.predicate)) continue;
    const key = `${t.predicate}\u0000${t.subject}`;
    let byObject = groups.get(key);
    if (!byObject) groups.set(key, (byObject = new Map()));
    if (!byObject.has(t.object)) byObject.set(t.object, t);
  }
  const out: Conflict[] = [];
  for (const byObject of groups.values()) {
    if (byObject.size < 2) continue;
    const values = [...byObject.values()].sort((a, b) => compare(a.object, b.object));
    out.push({ predicate: values[0]!.predicate, subject: values[0]!.subject, values, declaredBy: functional.get(values[0]!.predicate)! });
  }
  return out.sort((a, b) => compare(a.predicate, b.predicate) || compare(a.subject, b.subject));
}
