import { describe, expect, it } from "vitest";
import { GraphStore, openEmbeddedBackend, transitiveRule, type GraphBackend, type GraphChange } from "../src/index.js";

async function listened(backend?: GraphBackend): Promise<{ store: GraphStore; heard: GraphChange[] }> {
  const store = new GraphStore(backend ?? (await openEmbeddedBackend()).backend);
  const heard: GraphChange[] = [];
  store.onChange((c) => heard.push(c));
  return { store, heard };
}

const keys = (c: GraphChange | undefined) => (c?.kind === "triples" ? c.added.map((t) => `${t.subject} ${t.predicate} ${t.object}`) : c?.kind);

// What is derived from a graph only this process writes (orient's
// vocabulary) is kept up to date from this feed instead of reading every
// triple again after each write.
describe("GraphStore change feed", () => {
  it("tells of the triples a write stored that the graph did not hold: each key once, none stored before", async () => {
    const { store, heard } = await listened();
    expect(store.soleWriter).toBe(true);
    await store.addTriples([{ subject: "io", predicate: "orbits", object: "jupiter" }]);
    await store.addTriples([
      { subject: "io", predicate: "orbits", object: "jupiter", confidence: 0.5 }, // stored before: replaced, not new
      { subject: "europa", predicate: "orbits", object: "jupiter" },
      { subject: "europa", predicate: "orbits", object: "jupiter", confidence: 0.9 }, // the same key twice in one batch
    ]);
    expect(heard.map(keys)).toEqual([["io orbits jupiter"], ["europa orbits jupiter"]]);
    expect(heard[1]!.kind === "triples" && heard[1]!.added[0]!.confidence).toBe(0.9);
  });

  it("adds made at once are each told only of their own new triples", async () => {
    const { store, heard } = await listened();
    await Promise.all(Array.from({ length: 10 }, () => store.addTriples([{ subject: "io", predicate: "orbits", object: "jupiter" }])));
    expect(heard.flatMap((c) => keys(c))).toEqual(["io orbits jupiter"]);
  });

  it("tells of symbols as written; retractions, stored rules and batches too large to list are told as `other`", async () => {
    const { store, heard } = await listened();
    await store.upsertSymbols([{ id: "io", label: "Io" }]);
    expect(heard[0]).toMatchObject({ kind: "symbols", symbols: [{ id: "io", label: "Io" }] });
    await store.addTriples([{ subject: "io", predicate: "orbits", object: "jupiter" }]);
    heard.length = 0;
    expect(await store.retractTriples([{ subject: "nobody", predicate: "orbits", object: "jupiter" }])).toBe(0);
    expect(heard).toEqual([]); // nothing changed
    await store.retractTriples([{ subject: "io", predicate: "orbits", object: "jupiter" }]);
    await store.addRules([transitiveRule("part-of-transitive", "part_of", 1, { kind: "declared", source: "test", when: 0 })]);
    await store.addTriples(Array.from({ length: 1_001 }, (_, i) => ({ subject: `moon${i}`, predicate: "orbits", object: "jupiter" })));
    await store.upsertSymbols([{ id: "rule:mine", label: "a rule written as a symbol", kind: "rule" }]);
    expect(heard.map((c) => c.kind)).toEqual(["other", "other", "other", "other"]);
  });

  it("on a graph others write too, every write is told as `other`", async () => {
    const embedded = (await openEmbeddedBackend()).backend;
    const shared = Object.create(embedded, { soleWriter: { value: false } }) as GraphBackend;
    const { store, heard } = await listened(shared);
    expect(store.soleWriter).toBe(false);
    await store.upsertSymbols([{ id: "io", label: "Io" }]);
    await store.addTriples([{ subject: "io", predicate: "orbits", object: "jupiter" }]);
    expect(heard.map((c) => c.kind)).toEqual(["other", "other"]);
  });
});
