import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GraphStore, ingestRulesText, type Goal, type GraphBackend, type Triple, type TripleInput } from "../src/index.js";

const NOW = 1_800_000_000_000;
const t = (subject: string, predicate: string, object: string, confidence = 1): TripleInput => ({ subject, predicate, object, confidence, source: "test" });
const row = (x: Triple) => [x.subject, x.predicate, x.object, x.confidence.toFixed(9)];
const OWL = "http://www.w3.org/2002/07/owl#";
const RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";

/**
 * Declared properties, Horn rules, recursion and cycles, run against every
 * backend: forward chaining materialises, backward chaining answers each
 * goal without materialising, and the two must give the same facts with the
 * same confidences; every derived fact's proof names its rule and premises.
 */
export function reasoningConformance(name: string, openBackend: () => Promise<GraphBackend>): void {
  describe(`${name} - declared properties and Horn rules, forward = backward`, () => {
    let store: GraphStore;

    beforeEach(async () => {
      store = new GraphStore(await openBackend(), { now: () => NOW });
    });

    afterEach(async () => {
      await store.backend.clear();
      await store.close();
    });

    /** Forward (not committed) and backward agree on every goal; returns the forward derivations. */
    async function agree(goals: readonly Goal[]) {
      const forward = await store.infer({ mode: "forward", commit: false, maxIterations: 50 });
      if (forward.mode !== "forward") throw new Error("forward expected");
      const derived = forward.derived;
      const keys = new Set(derived.map((d) => row(d.triple).slice(0, 3).join("|")));
      for (const d of derived) {
        expect(d.rule, "every derivation names its rule").not.toBe("");
        for (const premise of d.antecedents) {
          const stated = await store.query({ subject: premise.subject, predicate: premise.predicate, object: premise.object });
          expect(stated.length > 0 || keys.has(row(premise).slice(0, 3).join("|")), `premise ${row(premise).join(" ")} exists`).toBe(true);
        }
      }
      for (const goal of goals) {
        const backward = await store.infer({ mode: "backward", query: goal });
        if (backward.mode !== "backward") throw new Error("backward expected");
        const stated = await store.query(goal, { limit: 10_000 });
        const fits = (x: Triple) => (goal.subject === undefined || x.subject === goal.subject) && x.predicate === goal.predicate && (goal.object === undefined || x.object === goal.object);
        const expected = [...stated, ...derived.map((d) => d.triple).filter(fits)].map(row).sort();
        expect(backward.answers.map((a) => row(a.triple)).sort(), JSON.stringify(goal)).toEqual(expected);
        for (const a of backward.answers) if (a.rule) expect(a.antecedents.length).toBeGreaterThan(0);
      }
      return derived;
    }

    it("owl:TransitiveProperty (prefixed and full IRI) makes a declared predicate transitive", async () => {
      await store.addTriples([
        t("reports_to", "rdf:type", "owl:TransitiveProperty"),
        t("depends_on", RDF_TYPE, `${OWL}TransitiveProperty`, 0.9),
        t("ann", "reports_to", "bob", 0.8),
        t("bob", "reports_to", "cat"),
        t("cat", "reports_to", "dan"),
        t("x", "depends_on", "y"),
        t("y", "depends_on", "z"),
      ]);
      const derived = await agree([{ predicate: "reports_to", subject: "ann" }, { predicate: "reports_to", object: "dan" }, { predicate: "depends_on" }]);
      expect(derived.map((d) => row(d.triple))).toEqual([
        ["ann", "reports_to", "cat", "0.800000000"],
        ["ann", "reports_to", "dan", "0.800000000"],
        ["bob", "reports_to", "dan", "1.000000000"],
        ["x", "depends_on", "z", "0.900000000"],
      ]);
      expect(derived[0]).toMatchObject({ rule: "reports_to owl:TransitiveProperty" });
    });

    it("owl:SymmetricProperty, owl:inverseOf and rdfs:subPropertyOf", async () => {
      await store.addTriples([
        t("married_to", "rdf:type", "owl:SymmetricProperty"),
        t("parent_of", "owl:inverseOf", "child_of"),
        t("has_mother", "rdfs:subPropertyOf", "has_parent", 0.5),
        t("ann", "married_to", "bob", 0.9),
        t("ann", "parent_of", "cy"),
        t("dee", "child_of", "eve"),
        t("cy", "has_mother", "ann"),
      ]);
      const derived = await agree([{ predicate: "married_to", subject: "bob" }, { predicate: "child_of" }, { predicate: "parent_of" }, { predicate: "has_parent", subject: "cy" }]);
      expect(derived.map((d) => [...row(d.triple), d.rule])).toEqual([
        ["bob", "married_to", "ann", "0.900000000", "married_to owl:SymmetricProperty"],
        ["cy", "child_of", "ann", "1.000000000", "parent_of owl:inverseOf child_of"],
        ["cy", "has_parent", "ann", "0.500000000", "has_mother rdfs:subPropertyOf has_parent"],
        ["eve", "parent_of", "dee", "1.000000000", "parent_of owl:inverseOf child_of (converse)"],
      ]);
    });

    it("rdfs:subClassOf, rdfs:domain and rdfs:range type the members", async () => {
      await store.addTriples([
        t("dog", "rdfs:subClassOf", "mammal"),
        t("mammal", "rdfs:subClassOf", "animal"),
        t("owns", "rdfs:domain", "person"),
        t("owns", "rdfs:range", "thing", 0.7),
        t("rex", "rdf:type", "dog"),
        t("ann", "owns", "rex"),
      ]);
      const derived = await agree([{ predicate: "rdf:type", subject: "rex" }, { predicate: "rdf:type", object: "person" }, { predicate: "rdf:type" }]);
      expect(derived.map((d) => row(d.triple).slice(0, 3))).toEqual([
        ["ann", "rdf:type", "person"],
        ["rex", "rdf:type", "animal"],
        ["rex", "rdf:type", "mammal"],
        ["rex", "rdf:type", "thing"],
      ]);
    });

    it("owl:FunctionalProperty: a second value is reported as a conflict and never derived over a stated one", async () => {
      await store.addTriples([
        t("capital", "rdf:type", "owl:FunctionalProperty"),
        t("seat_of_government", "rdfs:subPropertyOf", "capital"),
        t("france", "capital", "paris"),
        t("france", "seat_of_government", "lyon"),
        t("spain", "seat_of_government", "madrid"),
        t("italy", "capital", "rome"),
        t("italy", "capital", "milan", 0.2),
      ]);
      const derived = await agree([{ predicate: "capital", subject: "france" }, { predicate: "capital" }]);
      expect(derived.map((d) => row(d.triple).slice(0, 3))).toEqual([["spain", "capital", "madrid"]]);
      const result = await store.infer({ mode: "forward", commit: false });
      expect(result.conflicts.map((c) => [c.predicate, c.subject, c.values.map((x) => x.object)])).toEqual([["capital", "italy", ["milan", "rome"]]]);
      expect(result.conflicts[0]!.declaredBy).toMatchObject({ subject: "capital", object: "owl:FunctionalProperty" });
    });

    it("Horn rules from a rules file are stored with the knowledge and used by both engines, confidence = rule x facts", async () => {
      await store.addTriples([
        t("alice", "grew_up_in", "france", 0.9),
        t("france", "official_language", "french"),
        t("bob", "grew_up_in", "canada"),
        t("canada", "official_language", "english"),
        t("canada", "official_language", "french", 0.8),
      ]);
      const stored = await ingestRulesText(store, "% who speaks what\n0.9 :: speaks(X, L) :- grew_up_in(X, C), official_language(C, L).\n", "lang.rules", { now: NOW });
      expect(stored).toBe(1);
      const rules = await store.storedRules();
      expect(rules).toEqual([
        {
          name: "lang.rules:2",
          head: { predicate: "speaks", subject: { var: "X" }, object: { var: "L" } },
          body: [
            { predicate: "grew_up_in", subject: { var: "X" }, object: { var: "C" } },
            { predicate: "official_language", subject: { var: "C" }, object: { var: "L" } },
          ],
          confidence: 0.9,
          provenance: { kind: "declared", source: "lang.rules:2", when: NOW },
        },
      ]);
      const derived = await agree([{ predicate: "speaks", subject: "alice" }, { predicate: "speaks", object: "french" }]);
      expect(derived.map((d) => [...row(d.triple), d.rule, d.antecedents.map((a) => a.object).join(",")])).toEqual([
        ["alice", "speaks", "french", (0.9 * 0.9).toFixed(9), "lang.rules:2", "france,french"],
        ["bob", "speaks", "english", (0.9).toFixed(9), "lang.rules:2", "canada,english"],
        ["bob", "speaks", "french", (0.9 * 0.8).toFixed(9), "lang.rules:2", "canada,french"],
      ]);
      const answer = await store.infer({ mode: "backward", query: { predicate: "speaks", subject: "alice" } });
      expect(answer.mode === "backward" && answer.answers.map((a) => [a.triple.object, a.rule])).toEqual([["french", "lang.rules:2"]]);
    });

    it("recursive rules over a cyclic graph terminate, forward and backward alike, with the best proof's confidence", async () => {
      await store.addTriples([t("a", "parent", "b", 0.9), t("b", "parent", "c", 0.8), t("c", "parent", "a", 0.7), t("c", "parent", "d"), t("a", "parent", "d", 0.1)]);
      await ingestRulesText(store, ["ancestor(X, Y) :- parent(X, Y).", "ancestor(X, Z) :- parent(X, Y), ancestor(Y, Z)."].join("\n"), "family.dl");
      const derived = await agree([
        { predicate: "ancestor", subject: "a" },
        { predicate: "ancestor", object: "a" },
        { predicate: "ancestor", subject: "c", object: "b" },
        { predicate: "ancestor" },
      ]);
      // No x ancestor x from the cycle; a->d is best through b and c (0.9 x 0.8 x 1), not the stated-as-parent 0.1 edge.
      expect(derived.filter((d) => d.triple.subject === d.triple.object)).toEqual([]);
      const ad = derived.find((d) => d.triple.subject === "a" && d.triple.object === "d")!;
      expect(ad.triple.confidence).toBeCloseTo(0.72, 12);
      // Every ordered pair of a, b, c but the reflexive ones (6), and each of them to d (3).
      expect(derived).toHaveLength(6 + 3);
    });

    it("the built-in defaults stay: is-a, part-of and has-a transitive, with their factors", async () => {
      await store.addTriples([t("sparrow", "is-a", "bird", 0.9), t("bird", "is-a", "animal"), t("wheel", "part-of", "car"), t("car", "part-of", "fleet"), t("car", "contains", "seat")]);
      const derived = await agree([{ predicate: "is-a", subject: "sparrow" }, { predicate: "part-of" }]);
      expect(derived.map((d) => [...row(d.triple), d.rule])).toEqual([
        ["seat", "part-of", "car", "1.000000000", "contains-part-inverse"],
        ["seat", "part-of", "fleet", "0.900000000", "part-of-transitive"],
        ["sparrow", "is-a", "animal", (0.95 * 0.9).toFixed(9), "is-a-transitive"],
        ["wheel", "part-of", "fleet", "0.900000000", "part-of-transitive"],
      ]);
    });
  });
}
