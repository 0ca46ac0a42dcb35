import { atom, v, type Rule, type RuleProvenance } from "./rule.js";

/**
 * Rules for the predicate properties W3C vocabularies name. Each is an
 * ordinary Horn rule, so forward and backward chaining, proofs and storage
 * treat declared properties and written rules alike.
 */
const X = v("X");
const Y = v("Y");
const Z = v("Z");

export function transitiveRule(name: string, predicate: string, confidence: number, provenance: RuleProvenance): Rule {
  return { name, head: atom(predicate, X, Z), body: [atom(predicate, X, Y), atom(predicate, Y, Z)], confidence, provenance };
}

export function symmetricRule(name: string, predicate: string, confidence: number, provenance: RuleProvenance): Rule {
  return { name, head: atom(predicate, Y, X), body: [atom(predicate, X, Y)], confidence, provenance };
}

/** `predicate(X, Y) => inverse(Y, X)`; owl:inverseOf gives this both ways. */
export function inverseRule(name: string, predicate: string, inverse: string, confidence: number, provenance: RuleProvenance): Rule {
  return { name, head: atom(inverse, Y, X), body: [atom(predicate, X, Y)], confidence, provenance };
}

/** rdfs:subPropertyOf: `sub(X, Y) => sup(X, Y)`. */
export function subPropertyRule(name: string, sub: string, sup: string, confidence: number, provenance: RuleProvenance): Rule {
  return { name, head: atom(sup, X, Y), body: [atom(sub, X, Y)], confidence, provenance };
}

/** rdfs:subClassOf: `type(X, sub) => type(X, sup)`, with `typePredicate` the membership predicate. */
export function subClassRule(name: string, typePredicate: string, sub: string, sup: string, confidence: number, provenance: RuleProvenance): Rule {
  return { name, head: atom(typePredicate, X, { const: sup }), body: [atom(typePredicate, X, { const: sub })], confidence, provenance };
}

/** rdfs:domain (`end` subject) and rdfs:range (`end` object): `p(X, Y) => type(X|Y, cls)`. */
export function typingRule(name: string, predicate: string, end: "subject" | "object", typePredicate: string, cls: string, confidence: number, provenance: RuleProvenance): Rule {
  return { name, head: atom(typePredicate, end === "subject" ? X : Y, { const: cls }), body: [atom(predicate, X, Y)], confidence, provenance };
}

const BUILTIN: RuleProvenance = { kind: "builtin", source: "boyd", when: 0 };

/**
 * The rules every store has unless told otherwise: the three transitive
 * predicates Boyd always had (is-a, part-of, has-a, with their old factors),
 * similar-to symmetric, and two inverses. They are the defaults of the
 * declared properties: data may declare more, never fewer.
 */
export const BUILTIN_RULES: readonly Rule[] = [
  transitiveRule("is-a-transitive", "is-a", 0.95, BUILTIN),
  transitiveRule("part-of-transitive", "part-of", 0.9, BUILTIN),
  symmetricRule("similar-to-symmetric", "similar-to", 1, BUILTIN),
  inverseRule("parent-child-inverse", "parent-of", "child-of", 1, BUILTIN),
  inverseRule("contains-part-inverse", "contains", "part-of", 1, BUILTIN),
  transitiveRule("has-a-transitive", "has-a", 0.85, BUILTIN),
];

/** What a rule says about its predicate when it is one of the property shapes (orient's answerer walks these itself). */
export type RuleShape =
  | { readonly kind: "transitive"; readonly predicate: string }
  | { readonly kind: "symmetric"; readonly predicate: string }
  | { readonly kind: "inverse"; readonly predicate: string; readonly inverse: string }
  | { readonly kind: "general" };

export function ruleShape(rule: Rule): RuleShape {
  const [first, second, ...rest] = rule.body;
  const h = rule.head;
  const name = (t: { var: string } | { const: string }) => ("var" in t ? `?${t.var}` : `=${t.const}`);
  if (!first || rest.length > 0) return { kind: "general" };
  if (second) {
    const chain = first.predicate === h.predicate && second.predicate === h.predicate && name(first.object) === name(second.subject) && name(first.subject) === name(h.subject) && name(second.object) === name(h.object);
    const distinct = new Set([name(first.subject), name(first.object), name(second.object)]).size === 3 && [first.subject, first.object, second.object].every((t) => "var" in t);
    return chain && distinct ? { kind: "transitive", predicate: h.predicate } : { kind: "general" };
  }
  const swapped = "var" in first.subject && "var" in first.object && first.subject.var !== first.object.var && name(h.subject) === name(first.object) && name(h.object) === name(first.subject);
  if (!swapped) return { kind: "general" };
  return first.predicate === h.predicate ? { kind: "symmetric", predicate: h.predicate } : { kind: "inverse", predicate: first.predicate, inverse: h.predicate };
}
