import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { atom, fanFactor, GraphError, GraphStore, transitiveRule, variableTerm, type GraphBackend, type Rule, type TripleInput } from "../src/index.js";

/** The clock every case runs at, so temporal profiles are reproducible. */
export const NOW = 1_800_000_000_000;
const HOUR = 3_600_000;
/** The fan factor of a node with this many edges: 1 - log2(fan) / 10, at least 0.1 (fan 2: 0.9). */
const f = fanFactor;

/**
 * The GraphStore contract, run against every backend: same inputs, same
 * answers (activations compared to 1e-9, orders exact).
 */
export function graphConformance(name: string, openBackend: () => Promise<GraphBackend>): void {
  describe(`${name} graph store - conformance`, () => {
    let store: GraphStore;

    beforeEach(async () => {
      store = new GraphStore(await openBackend(), { now: () => NOW });
    });

    afterEach(async () => {
      await store.backend.clear();
      await store.close();
    });

    const t = (subject: string, predicate: string, object: string, confidence = 1, extra: Partial<TripleInput> = {}): TripleInput => ({
      subject,
      predicate,
      object,
      confidence,
      source: "test",
      createdAt: NOW,
      ...extra,
    });

    const activations = async (...args: Parameters<GraphStore["activate"]>): Promise<[string, number][]> =>
      (await store.activate(...args)).activations.map((a) => [a.symbol, a.activation]);

    function expectActivations(actual: [string, number][], expected: [string, number][]): void {
      expect(actual.map(([s]) => s)).toEqual(expected.map(([s]) => s));
      actual.forEach(([, a], i) => expect(Math.abs(a - expected[i]![1])).toBeLessThan(1e-9));
    }

    it("activation - A->B (0.8), B->C (0.5): depth 1 gives B 0.8, depth 2 adds C 0.8 x 0.5 x 0.9 (B has 2 edges) = 0.36", async () => {
      await store.addTriples([t("A", "rel", "B", 0.8), t("B", "rel", "C", 0.5)]);
      expectActivations(await activations({ seeds: ["A"], maxDepth: 1 }), [["B", 0.8]]);
      const result = await store.activate({ seeds: ["A"], maxDepth: 2 });
      expectActivations(
        result.activations.map((a) => [a.symbol, a.activation]),
        [
          ["B", 0.8],
          ["C", 0.36],
        ],
      );
      expect(result.activations[0]!.provenance).toEqual({ kind: "edge", from: "A", predicate: "rel", direction: "out", depth: 1 });
      expect(result.activations[1]!.provenance).toEqual({ kind: "edge", from: "B", predicate: "rel", direction: "out", depth: 2 });
      expect(result.supporting.map((s) => `${s.subject} ${s.object}`)).toEqual(["A B", "B C"]);
    });

    it("activation - spreads along incoming edges too", async () => {
      await store.addTriples([t("A", "rel", "B", 0.8), t("B", "rel", "C", 0.5)]);
      const result = await store.activate({ seeds: ["C"], maxDepth: 2 });
      expectActivations(
        result.activations.map((a) => [a.symbol, a.activation]),
        [
          ["B", 0.5],
          ["A", 0.5 * 0.8 * 0.9],
        ],
      );
      expect(result.activations[0]!.provenance).toMatchObject({ from: "C", direction: "in" });
    });

    it("activation - a predicate filter excludes other predicates", async () => {
      await store.addTriples([t("A", "is-a", "B", 0.9), t("A", "likes", "C", 0.9), t("B", "likes", "D", 0.9)]);
      expectActivations(await activations({ seeds: ["A"], maxDepth: 2, predicates: ["is-a"] }), [["B", 0.9]]);
    });

    it("activation - a lone seed gives nothing; no seeds is INVALID_ARGUMENT", async () => {
      await store.addTriples([t("A", "rel", "B")]);
      expect(await activations({ seeds: ["Z"], maxDepth: 3 })).toEqual([]);
      const err = await store.activate({ seeds: [] }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(GraphError);
      expect((err as GraphError).code).toBe("INVALID_ARGUMENT");
      await expect(store.activate({ seeds: ["A"], maxDepth: 0 })).rejects.toThrow(/maxDepth/);
    });

    it("activation - temporal profiles: ephemeral past its TTL does not activate (but counts in the fan: X has 4 edges, x 0.8), stable keeps, decaying halves", async () => {
      store.setTemporalProfile("located-at", { kind: "ephemeral", ttlMs: 24 * HOUR });
      store.setTemporalProfile("mood", { kind: "decaying", halfLifeMs: HOUR });
      store.setTemporalProfile("is-a", { kind: "stable" });
      await store.addTriples([
        t("X", "located-at", "Old", 0.9, { createdAt: NOW - 25 * HOUR }),
        t("X", "located-at", "Fresh", 0.9, { createdAt: NOW - 1 * HOUR }),
        t("X", "mood", "Happy", 0.8, { createdAt: NOW - 2 * HOUR }),
        t("X", "is-a", "Thing", 0.7, { createdAt: NOW - 1_000 * HOUR }),
      ]);
      expectActivations(await activations({ seeds: ["X"] }), [
        ["Fresh", 0.9 * 0.8],
        ["Thing", 0.7 * 0.8],
        ["Happy", 0.2 * 0.8],
      ]);
    });

    it("activation - a symbol keeps the maximum it is offered; weak paths below min confidence neither count nor spread", async () => {
      await store.addTriples([
        t("S", "r", "A", 0.9),
        t("S", "r", "B", 0.3),
        t("A", "r", "T", 0.5),
        t("B", "r", "T", 0.9),
        t("S", "r", "W", 0.05),
        t("W", "r", "Far", 1),
      ]);
      // S has 3 edges; A, B and W have 2 each.
      const s = f(3);
      expectActivations(await activations({ seeds: ["S"], maxDepth: 2 }), [
        ["A", 0.9 * s],
        ["T", 0.9 * s * 0.5 * 0.9],
        ["B", 0.3 * s],
      ]);
      expectActivations(await activations({ seeds: ["S"], maxDepth: 2, minConfidence: 0.01 }), [
        ["A", 0.9 * s],
        ["T", 0.9 * s * 0.5 * 0.9],
        ["B", 0.3 * s],
        ["W", 0.05 * s],
        ["Far", 0.05 * s * 0.9],
      ]);
    });

    it("activation - the fan-out cap keeps a hub's strongest edges, ties by predicate then id", async () => {
      await store.addTriples([
        t("Hub", "r", "e", 0.5),
        t("Hub", "r", "d", 0.6),
        t("Hub", "r", "c", 0.9),
        t("Hub", "q", "b", 0.9),
        t("Hub", "r", "a", 0.9),
      ]);
      // The cap bounds the work, not the fan: Hub's 5 edges all count.
      expectActivations(await activations({ seeds: ["Hub"], fanOutCap: 2 }), [
        ["a", 0.9 * f(5)],
        ["b", 0.9 * f(5)],
      ]);
      expectActivations(await activations({ seeds: ["Hub"], fanOutCap: 3 }), [
        ["a", 0.9 * f(5)],
        ["b", 0.9 * f(5)],
        ["c", 0.9 * f(5)],
      ]);
    });

    it("activation - ties that nothing else separates (activation, depth, edge confidence, fan) rank by id, and top_k truncates", async () => {
      await store.addTriples(["m", "k", "z", "b", "q"].map((o) => t("S", "r", o, 0.5)));
      expectActivations(await activations({ seeds: ["S"], topK: 3 }), [
        ["b", 0.5 * f(5)],
        ["k", 0.5 * f(5)],
        ["m", 0.5 * f(5)],
      ]);
    });

    it("activation - bookkeeping symbols are excluded unless asked for", async () => {
      await store.addTriples([
        t("goal:find mammals", "agent:has_status", "status:active"),
        t("goal:find mammals", "mentions", "mammal", 0.9),
        t("mammal", "agent:learned", "episode:1", 0.9),
        t("mammal", "has", "fur", 0.8),
      ]);
      expectActivations(await activations({ seeds: ["goal:find mammals"], maxDepth: 2 }), [
        ["mammal", 0.9],
        ["fur", 0.72],
      ]);
      // Asked for, bookkeeping edges count in the fan too: the goal has 2, mammal 3.
      const all = await activations({ seeds: ["goal:find mammals"], maxDepth: 2, includeBookkeeping: true });
      expectActivations(all, [
        ["status:active", 0.9],
        ["mammal", 0.9 * 0.9],
        ["episode:1", 0.81 * 0.9 * f(3)],
        ["fur", 0.81 * 0.8 * f(3)],
      ]);
    });

    it("activation - fan effect: a hub's neighbours get less than the neighbour of a node with one edge", async () => {
      const spokes = Array.from({ length: 40 }, (_, i) => `h${String(i).padStart(2, "0")}`);
      await store.addTriples([...spokes.map((h) => t("hub", "has", h)), t("solo", "has", "only")]);
      const result = await activations({ seeds: ["hub", "solo"], topK: 50 });
      expect(result[0]).toEqual(["only", 1]);
      expect(result).toHaveLength(41);
      // fan 40: 1 - log2(40) / 10 = 0.468
      for (const [, a] of result.slice(1)) expect(Math.abs(a - (1 - Math.log2(40) / 10))).toBeLessThan(1e-9);
      expect(result[1]![1]).toBeLessThan(result[0]![1]);
    });

    it("activation - fan effect: from alice (2 edges), what spreads through acme_corp (50 edges) is weaker than through bob (2 edges)", async () => {
      const employees = Array.from({ length: 49 }, (_, i) => `e${String(i).padStart(2, "0")}`);
      await store.addTriples([
        t("alice", "works_at", "acme_corp"),
        t("alice", "knows", "bob"),
        t("bob", "knows", "carol"),
        ...employees.map((e) => t("acme_corp", "employs", e)),
      ]);
      const result = await store.activate({ seeds: ["alice"], maxDepth: 2, topK: 5 });
      expectActivations(
        result.activations.map((a) => [a.symbol, a.activation]),
        [
          // Tied at 0.9 (same depth, same edge confidence): bob, with the smaller fan, first.
          ["bob", 0.9],
          ["acme_corp", 0.9],
          ["carol", 0.9 * 0.9],
          ["e00", 0.9 * f(50)],
          ["e01", 0.9 * f(50)],
        ],
      );
      expect(f(50)).toBeCloseTo(0.4356, 4);
      expect(result.activations[3]!.provenance).toEqual({ kind: "edge", from: "acme_corp", predicate: "employs", direction: "out", depth: 2 });
    });

    it("activation - fan floor: a hub seed (600 edges) still offers 0.1 at the default cut-off; reached by spreading it relays nothing", async () => {
      const spokes = Array.from({ length: 599 }, (_, i) => `s${String(i).padStart(3, "0")}`);
      await store.addTriples([...spokes.map((s) => t("big", "has", s)), t("x", "likes", "big", 0.9)]);
      expect(f(600)).toBe(0.1);
      expectActivations(await activations({ seeds: ["big"], topK: 2 }), [
        ["s000", 0.1],
        ["s001", 0.1],
      ]);
      expectActivations(await activations({ seeds: ["x"], maxDepth: 2 }), [["big", 0.9]]);
    });

    it("activation - predicateWeights reorder results and choose what the fan-out cap keeps; fans ignore them; a bad weight names its predicate", async () => {
      await store.addTriples([t("q", "likes", "x", 0.9), t("q", "is-a", "y", 0.8), t("q", "near", "z", 0.7)]);
      const s = f(3);
      expectActivations(await activations({ seeds: ["q"] }), [
        ["x", 0.9 * s],
        ["y", 0.8 * s],
        ["z", 0.7 * s],
      ]);
      expectActivations(await activations({ seeds: ["q"], predicateWeights: { likes: 0.5 } }), [
        ["y", 0.8 * s],
        ["z", 0.7 * s],
        ["x", 0.45 * s],
      ]);
      expectActivations(await activations({ seeds: ["q"], predicateWeights: { near: 1 }, defaultPredicateWeight: 0.2 }), [
        ["z", 0.7 * s],
        ["x", 0.18 * s],
        ["y", 0.16 * s],
      ]);
      // The cap keeps the strongest offer (y), not the strongest raw confidence (x).
      expectActivations(await activations({ seeds: ["q"], fanOutCap: 1, predicateWeights: { likes: 0.5 } }), [["y", 0.8 * s]]);
      // Weight 0 silences a predicate but q's fan stays 3 (use `predicates` to leave edges out).
      expectActivations(await activations({ seeds: ["q"], predicateWeights: { likes: 0 } }), [
        ["y", 0.8 * s],
        ["z", 0.7 * s],
      ]);
      await expect(store.activate({ seeds: ["q"], predicateWeights: { "is-a": 0.5, likes: 1.5 } })).rejects.toThrow('predicateWeights: the weight of predicate "likes" must be a number in [0, 1], got 1.5');
      await expect(store.activate({ seeds: ["q"], predicateWeights: { near: Number.NaN } })).rejects.toMatchObject({ code: "INVALID_ARGUMENT", message: /"near"/ });
      await expect(store.activate({ seeds: ["q"], defaultPredicateWeight: -0.1 })).rejects.toThrow(/defaultPredicateWeight/);
    });

    it("activation - ties are broken by depth, then edge confidence, then the symbol's own fan, not by name", async () => {
      const f2 = f(2);
      await store.addTriples([
        // Depth: S has 2 edges, so z_near gets (0.5 x 0.9) x 0.9 at depth 1 and a_far (0.9 x 0.5) x 0.9 at depth 2.
        t("S", "r", "m", 1),
        t("S", "r", "z_near", 0.5 * f2),
        t("m", "r", "a_far", 0.5),
        // Edge confidence: z_sure gets 0.5 x 0.9 from P (2 edges), a_vague 0.45 x 1 from Q (1 edge).
        t("P", "r", "z_sure", 0.5),
        t("P", "r", "p2", 1),
        t("Q", "r", "a_vague", 0.5 * f2),
        // Own fan: a_busy and z_quiet both get 0.9 from R; a_busy has 4 edges, z_quiet 1.
        t("R", "r", "a_busy", 1),
        t("R", "r", "z_quiet", 1),
        ...["b1", "b2", "b3"].map((b) => t("a_busy", "r", b, 1)),
      ]);
      const depth = await store.activate({ seeds: ["S"], maxDepth: 2 });
      expect(depth.activations.map((a) => a.symbol)).toEqual(["m", "z_near", "a_far"]);
      expect(depth.activations[1]!.activation).toBe(depth.activations[2]!.activation);
      const confidence = await activations({ seeds: ["P", "Q"] });
      expect(confidence.map(([s]) => s)).toEqual(["p2", "z_sure", "a_vague"]);
      expect(confidence[1]![1]).toBe(confidence[2]![1]);
      // At depth 1 neither is expanded: their fans come from the backend's degrees.
      for (const maxDepth of [1, 2]) {
        const fan = await activations({ seeds: ["R"], maxDepth, topK: 2 });
        expect(fan).toEqual([
          ["z_quiet", f2],
          ["a_busy", f2],
        ]);
      }
    });

    it("backend - degrees count both directions under the edgesOf filter, a self-loop once; edgesOf reports the same degree before its cut", async () => {
      await store.addTriples([
        t("x", "p", "y"),
        t("y", "q", "x"),
        t("x", "p", "x"),
        t("x", "agent:note", "n"),
        t("x", "r", "goal:g"),
      ]);
      const b = store.backend;
      const all = { excludeBookkeeping: false };
      const world = { excludeBookkeeping: true };
      expect([...(await b.degrees(["x", "y", "nobody"], all))].sort()).toEqual([
        ["nobody", 0],
        ["x", 5],
        ["y", 2],
      ]);
      expect(Object.fromEntries(await b.degrees(["x", "y"], world))).toEqual({ x: 3, y: 2 });
      expect(Object.fromEntries(await b.degrees(["x"], { ...all, predicates: ["p"] }))).toEqual({ x: 2 });
      expect(Object.fromEntries(await b.degrees(["x"], { ...world, predicates: ["p", "q", "r"] }))).toEqual({ x: 3 });
      expect(Object.fromEntries(await b.degrees(["x"], { ...all, predicates: ["p", "q", "r"] }))).toEqual({ x: 4 });
      const edges = await b.edgesOf(["x", "nobody"], { ...all, limitPerNode: 2 });
      expect(edges.get("x")!.degree).toBe(5);
      expect(edges.get("x")!.edges).toHaveLength(2);
      expect(edges.get("nobody")).toEqual({ edges: [], degree: 0 });
      const worldEdges = (await b.edgesOf(["x"], world)).get("x")!;
      expect(worldEdges.degree).toBe(3);
      expect(worldEdges.edges.map((e) => [e.direction, e.triple.predicate, e.other])).toEqual([
        ["out", "p", "x"],
        ["out", "p", "y"],
        ["in", "q", "y"],
      ]);
    });

    it("rules - A is-a B (0.8), B is-a C (0.9) derive A is-a C at 0.95 x 0.8 x 0.9 = 0.684", async () => {
      await store.addTriples([t("A", "is-a", "B", 0.8), t("B", "is-a", "C", 0.9)]);
      const derived = await store.inferRules();
      expect(derived).toHaveLength(1);
      expect(derived[0]!.triple).toMatchObject({ subject: "A", predicate: "is-a", object: "C", source: "rule:is-a-transitive" });
      expect(derived[0]!.triple.confidence).toBeCloseTo(0.684, 12);
      expect(derived[0]!.antecedents.map((a) => a.object)).toEqual(["B", "C"]);
      const stored = await store.query({ subject: "A", predicate: "is-a", object: "C" });
      expect(stored[0]!.confidence).toBeCloseTo(0.684, 12);
      // Existing triples are skipped: a second run derives nothing.
      expect(await store.inferRules()).toEqual([]);
    });

    it("rules - symmetric, inverse and contains -> part-of rules; min confidence drops weak results", async () => {
      await store.addTriples([
        t("x", "similar-to", "y", 0.7),
        t("ann", "parent-of", "bob", 1),
        t("car", "contains", "engine", 0.9),
        // 0.85 x 0.1 = 0.085: below the 0.1 floor, dropped.
        t("p", "has-a", "q", 0.1),
        t("q", "has-a", "r", 0.1),
      ]);
      const derived = await store.inferRules({ commit: false });
      expect(derived.map((d) => [d.triple.subject, d.triple.predicate, d.triple.object, +d.triple.confidence.toFixed(10)])).toEqual([
        ["bob", "child-of", "ann", 1],
        ["engine", "part-of", "car", 0.9],
        ["y", "similar-to", "x", 0.7],
      ]);
      expect(await store.query({ subject: "bob" })).toEqual([]); // commit: false wrote nothing
    });

    it("rules - of two derivations of one triple the best proof gives its confidence; bounds are honoured", async () => {
      const declared = { kind: "declared", source: "test", when: 0 } as const;
      const chain = (name: string, first: string): Rule => ({
        name,
        head: atom("resident-of", variableTerm("X"), variableTerm("Z")),
        body: [atom(first, variableTerm("X"), variableTerm("Y")), atom("city-of", variableTerm("Y"), variableTerm("Z"))],
        confidence: 1,
        provenance: declared,
      });
      await store.addRules([chain("lives-in-country", "lives-in"), chain("works-in-country", "works-in")]);
      await store.addTriples([
        t("eve", "lives-in", "paris", 0.6),
        t("paris", "city-of", "france", 0.6),
        t("eve", "works-in", "lyon", 0.4),
        t("lyon", "city-of", "france", 0.4),
      ]);
      const [fused] = await store.inferRules({ commit: false });
      expect(fused!.support).toBe(2);
      expect(fused!.triple.confidence).toBeCloseTo(0.6 * 0.6, 12);
      expect(fused!.rule).toBe("lives-in-country");
      await store.addTriples(["a", "b", "c", "d", "e", "f"].flatMap((x, i, xs) => (i + 1 < xs.length ? [t(x, "is-a", xs[i + 1]!, 1)] : [])));
      expect(await store.inferRules({ maxNewTriples: 3, commit: false })).toHaveLength(3);
      expect(await store.inferRules({ maxIterations: 1, commit: false, rules: [transitiveRule("t", "is-a", 1, declared)] })).toHaveLength(4);
    });

    it("gap analysis - predicates most same-type peers have and the entity lacks, ranked", async () => {
      await store.addTriples([
        t("dog", "is-a", "mammal"),
        t("cat", "is-a", "mammal"),
        t("cow", "is-a", "mammal"),
        t("cat", "has", "fur"),
        t("cow", "has", "fur"),
        t("cat", "lifespan", "15y"),
        t("cow", "produces", "milk"),
        t("dog", "barks", "loudly"),
      ]);
      const gaps = await store.gapAnalysis(["dog"]);
      expect(gaps.map((g) => [g.predicate, g.peerShare, g.peersWith])).toEqual([
        ["has", 1, 2],
        ["lifespan", 0.5, 1],
        ["produces", 0.5, 1],
      ]);
      expect(gaps[0]).toMatchObject({ entity: "dog", type: "mammal", examples: ["cat", "cow"] });
    });

    it("triples - patterns with open positions, sorted by key, paged", async () => {
      await store.addTriples([t("b", "p", "x"), t("a", "q", "x"), t("a", "p", "y"), t("c", "p", "x")]);
      const keys = (ts: { subject: string; predicate: string; object: string }[]) => ts.map((x) => `${x.subject} ${x.predicate} ${x.object}`);
      expect(keys(await store.query({}))).toEqual(["a p y", "a q x", "b p x", "c p x"]);
      expect(keys(await store.query({ subject: "a" }))).toEqual(["a p y", "a q x"]);
      expect(keys(await store.query({ predicate: "p" }))).toEqual(["a p y", "b p x", "c p x"]);
      expect(keys(await store.query({ object: "x" }))).toEqual(["a q x", "b p x", "c p x"]);
      expect(keys(await store.query({ predicate: "p", object: "x" }))).toEqual(["b p x", "c p x"]);
      expect(keys(await store.query({}, { limit: 2, offset: 1 }))).toEqual(["a q x", "b p x"]);
      const [full] = await store.query({ subject: "a", predicate: "p", object: "y" });
      expect(full).toEqual({ subject: "a", predicate: "p", object: "y", confidence: 1, source: "test", createdAt: NOW });
    });

    it("triples - a predicate's pages stay in key order and follow writes and retractions made between them", async () => {
      const keys = (ts: { subject: string; predicate: string; object: string }[]) => ts.map((x) => `${x.subject} ${x.predicate} ${x.object}`);
      const pages = async (size: number) => {
        const out: string[] = [];
        for (let offset = 0; ; offset += size) {
          const page = keys(await store.query({ predicate: "p" }, { limit: size, offset }));
          out.push(...page);
          if (page.length < size) return out;
        }
      };
      await store.addTriples(["m", "c", "x", "a", "k"].map((s) => t(s, "p", "o")).concat([t("b", "q", "o")]));
      expect(keys(await store.query({ predicate: "p" }, { limit: 2, offset: 0 }))).toEqual(["a p o", "c p o"]);
      expect(await pages(2)).toEqual(["a p o", "c p o", "k p o", "m p o", "x p o"]);
      // Another predicate's write leaves this one's pages as they were; a write of it and a retraction move them.
      await store.addTriples([t("d", "q", "o")]);
      expect(await pages(3)).toEqual(["a p o", "c p o", "k p o", "m p o", "x p o"]);
      await store.addTriples([t("b", "p", "o"), t("z", "p", "o")]);
      expect(keys(await store.query({ predicate: "p" }, { limit: 2, offset: 1 }))).toEqual(["b p o", "c p o"]);
      expect(await store.retractTriples([{ subject: "c", predicate: "p", object: "o" }])).toBe(1);
      expect(await pages(2)).toEqual(["a p o", "b p o", "k p o", "m p o", "x p o", "z p o"]);
      expect(keys(await store.query({ predicate: "q" }))).toEqual(["b q o", "d q o"]);
    });

    it("triples - a batch with one bad triple writes nothing and names the field", async () => {
      await store.addTriples([t("keep", "p", "me")]);
      const err = await store.addTriples([t("a", "p", "b"), t("c", "p", "d", 1.5)]).catch((e: unknown) => e);
      expect((err as GraphError).code).toBe("INVALID_ARGUMENT");
      expect((err as GraphError).message).toMatch(/triples\[1\]: confidence/);
      await expect(store.addTriples([{ subject: "a", predicate: "", object: "b" }])).rejects.toThrow(/triples\[0\]: predicate/);
      expect(await store.counts()).toEqual({ symbols: 2, triples: 1 });
    });

    it("triples - re-adding replaces, retract removes, counts and export follow", async () => {
      await store.addTriples([t("a", "p", "b", 0.5), t("b", "p", "c", 0.5)]);
      await store.addTriples([t("a", "p", "b", 0.9, { source: "again" })]);
      expect(await store.query({ subject: "a" })).toMatchObject([{ confidence: 0.9, source: "again" }]);
      expect(await store.counts()).toEqual({ symbols: 3, triples: 2 });
      expect(await store.retractTriples([{ subject: "a", predicate: "p", object: "b" }, { subject: "no", predicate: "p", object: "pe" }])).toBe(1);
      const exported = [];
      for await (const x of store.exportTriples()) exported.push(`${x.subject}${x.object}`);
      expect(exported).toEqual(["bc"]);
      expect((await store.neighbours("b")).map((e) => [e.direction, e.other])).toEqual([["out", "c"]]);
    });

    it("symbols - upserted with label and kind; triples create missing ones", async () => {
      await store.upsertSymbols([{ id: "sun", label: "The Sun", kind: "star" }]);
      await store.addTriples([t("earth", "orbits", "sun")]);
      expect(await store.symbols(["sun", "earth", "mars"])).toEqual([
        { id: "earth", label: "earth", kind: "entity" },
        { id: "sun", label: "The Sun", kind: "star" },
      ]);
      await store.upsertSymbols([{ id: "sun", label: "Sol", kind: "star" }]);
      expect((await store.symbols(["sun"]))[0]!.label).toBe("Sol");
      await expect(store.upsertSymbols([{ id: "" }])).rejects.toThrow(/symbols\[0\]: id/);
    });

    it("version - every write moves it, a relabel and a replaced fact included; reads and refused writes do not", async () => {
      const moved = async (write: () => Promise<unknown>): Promise<boolean> => {
        const before = await store.version();
        await write();
        return (await store.version()) !== before;
      };
      expect(await moved(() => store.addTriples([t("a", "p", "b")]))).toBe(true);
      expect(await moved(() => store.upsertSymbols([{ id: "a", label: "Alpha", kind: "entity" }]))).toBe(true);
      expect(await moved(() => store.retractTriples([{ subject: "a", predicate: "p", object: "b" }]))).toBe(true);
      expect(await moved(() => store.addTriples([t("a", "q", "b")]))).toBe(true);
      expect(await moved(() => store.query({ subject: "a" }))).toBe(false);
      expect(await moved(() => store.addTriples([{ subject: "a", predicate: "", object: "b" }]).catch(() => undefined))).toBe(false);
    });

    it("symbols - found by label, ignoring case", async () => {
      await store.upsertSymbols([
        { id: "q42", label: "Douglas Adams", kind: "person" },
        { id: "q1", label: "douglas adams", kind: "ghost" },
      ]);
      await store.addTriples([t("Mammal", "is-a", "animal")]);
      expect((await store.symbolsByLabel(["DOUGLAS ADAMS"])).map((s) => s.id)).toEqual(["q1", "q42"]);
      expect((await store.symbolsByLabel(["mammal", "nobody"])).map((s) => s.id)).toEqual(["Mammal"]);
      await store.upsertSymbols([{ id: "q1", label: "Someone Else", kind: "ghost" }]);
      expect((await store.symbolsByLabel(["douglas adams"])).map((s) => s.id)).toEqual(["q42"]);
    });

    it("activation - hop decay multiplies every hop", async () => {
      await store.addTriples([t("A", "rel", "B", 0.8), t("B", "rel", "C", 0.5)]);
      expectActivations(await activations({ seeds: ["A"], maxDepth: 2, hopDecay: 0.5, minConfidence: 0.05 }), [
        ["B", 0.4],
        ["C", 0.4 * 0.5 * 0.5 * 0.9],
      ]);
      await expect(store.activate({ seeds: ["A"], hopDecay: 0 })).rejects.toThrow(/hopDecay/);
    });
  });
}
