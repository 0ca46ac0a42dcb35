import type { Triple, TriplePattern } from "../model.js";
import { inverseRule, subClassRule, subPropertyRule, symmetricRule, transitiveRule, typingRule } from "./properties.js";
import type { Rule, RuleProvenance } from "./rule.js";

/**
 * The W3C terms Boyd reads as declarations, each in the spellings data
 * uses: the prefixed name (`owl:inverseOf`) and the full IRI that N-Triples
 * input keeps as the id. `rdf:type` is also written `a` (Turtle) or `type`.
 */
const RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
const RDFS = "http://www.w3.org/2000/01/rdf-schema#";
const OWL = "http://www.w3.org/2002/07/owl#";

/** The prefixed name and the full IRI; with `bare`, also the local name N-Triples `localNames` ingest keeps. */
function spellings(prefix: string, namespace: string, local: string, bare = true): string[] {
  return [`${prefix}:${local}`, `${namespace}${local}`, ...(bare ? [local] : [])];
}

export const W3C = {
  type: [...spellings("rdf", RDF, "type", false), "a", "type"],
  transitive: spellings("owl", OWL, "TransitiveProperty"),
  symmetric: spellings("owl", OWL, "SymmetricProperty"),
  functional: spellings("owl", OWL, "FunctionalProperty"),
  inverseOf: spellings("owl", OWL, "inverseOf"),
  subPropertyOf: spellings("rdfs", RDFS, "subPropertyOf"),
  subClassOf: spellings("rdfs", RDFS, "subClassOf"),
  // A bare `domain` or `range` is too likely a predicate of the data itself.
  domain: spellings("rdfs", RDFS, "domain", false),
  range: spellings("rdfs", RDFS, "range", false),
} as const;

/** Reads every triple matching a pattern (the store pages through it), or with `limit` only the first ones. */
export type TripleReader = (pattern: TriplePattern, limit?: number) => Promise<Triple[]>;

/** What the data declares: the rules its declarations stand for, and its functional predicates. */
export interface Declarations {
  readonly rules: readonly Rule[];
  /** Functional predicate -> the fact that declares it. */
  readonly functional: ReadonlyMap<string, Triple>;
}

function provenanceOf(t: Triple): RuleProvenance {
  return { kind: "declared", source: t.source, when: t.createdAt };
}

/** Reads the declaration facts of the graph and turns each into its rule(s). */
export async function readDeclarations(read: TripleReader): Promise<Declarations> {
  const rules: Rule[] = [];
  const functional = new Map<string, Triple>();
  const byPredicate = async (names: readonly string[]) => (await Promise.all(names.map((predicate) => read({ predicate })))).flat();
  const typed = async (classes: readonly string[]) => (await Promise.all(W3C.type.flatMap((predicate) => classes.map((object) => read({ predicate, object }))))).flat();
  const typePredicates = await presentTypePredicates(read);

  for (const t of await typed(W3C.transitive)) rules.push(transitiveRule(`${t.subject} owl:TransitiveProperty`, t.subject, t.confidence, provenanceOf(t)));
  for (const t of await typed(W3C.symmetric)) rules.push(symmetricRule(`${t.subject} owl:SymmetricProperty`, t.subject, t.confidence, provenanceOf(t)));
  for (const t of await typed(W3C.functional)) if (!functional.has(t.subject)) functional.set(t.subject, t);
  for (const t of await byPredicate(W3C.inverseOf)) {
    const name = `${t.subject} owl:inverseOf ${t.object}`;
    rules.push(inverseRule(name, t.subject, t.object, t.confidence, provenanceOf(t)));
    if (t.subject !== t.object) rules.push(inverseRule(`${name} (converse)`, t.object, t.subject, t.confidence, provenanceOf(t)));
  }
  for (const t of await byPredicate(W3C.subPropertyOf)) {
    if (t.subject !== t.object) rules.push(subPropertyRule(`${t.subject} rdfs:subPropertyOf ${t.object}`, t.subject, t.object, t.confidence, provenanceOf(t)));
  }
  for (const t of await byPredicate(W3C.subClassOf)) {
    if (t.subject === t.object) continue;
    for (const p of typePredicates) rules.push(subClassRule(`${t.subject} rdfs:subClassOf ${t.object} (${p})`, p, t.subject, t.object, t.confidence, provenanceOf(t)));
  }
  for (const [terms, end] of [[W3C.domain, "subject"], [W3C.range, "object"]] as const) {
    for (const t of await byPredicate(terms)) {
      for (const p of typePredicates) rules.push(typingRule(`${t.subject} rdfs:${end === "subject" ? "domain" : "range"} ${t.object} (${p})`, t.subject, end, p, t.object, t.confidence, provenanceOf(t)));
    }
  }
  return { rules: rules.filter((r) => r.confidence > 0), functional };
}

/** The membership predicates the data uses (rdf:type as written), `rdf:type` when it uses none. */
async function presentTypePredicates(read: TripleReader): Promise<string[]> {
  const present: string[] = [];
  for (const p of W3C.type.slice(0, 2)) if ((await read({ predicate: p }, 1)).length > 0) present.push(p);
  return present.length > 0 ? present : ["rdf:type"];
}
