import { readFileSync } from "node:fs";
import { fold, GraphStore, ingestStream, nameOfId, openEmbeddedBackend } from "@boyd/graph";
import { describe, expect, it, vi } from "vitest";
import { buildVocabulary, type Vocabulary } from "../src/answer/vocabulary.js";
import { QuestionAnswerer } from "../src/index.js";

const EXAMPLES = new URL("../../../examples/", import.meta.url);

async function solarSystem(): Promise<GraphStore> {
  const store = new GraphStore((await openEmbeddedBackend()).backend);
  await ingestStream(store, [readFileSync(new URL("solar-system.csv", EXAMPLES), "utf8")], "examples/solar-system.csv", { format: "csv" });
  return store;
}

/** What a vocabulary says, through what it offers: predicates, entities and their labels, display names, and who each name finds. */
function said(vocab: Vocabulary): unknown {
  const names = new Set<string>();
  for (const [id, label] of vocab.entities) {
    names.add(nameOfId(id));
    if (label) names.add(fold(label));
  }
  return {
    predicates: [...vocab.predicates].sort(),
    entities: [...vocab.entities].sort(),
    display: [...vocab.entities.keys()].sort().map((id) => [id, vocab.displayName(id), vocab.namesOf(id)]),
    lookup: [...names].sort().map((n) => [n, vocab.lookup(n)]),
    maxNameTokens: vocab.maxNameTokens,
  };
}

/** The answerer's vocabulary now (the one its next answer uses). */
async function vocabularyOf(answerer: QuestionAnswerer): Promise<Vocabulary> {
  return (answerer as unknown as { vocabulary(): Promise<Vocabulary> }).vocabulary();
}

const ask = (answerer: QuestionAnswerer, question: string) => answerer.answer({ symbolId: "goal:q", description: question }, "a1", 1);

// After every write the vocabulary was read again from the whole graph: on
// a graph of 100,000 triples, ~0.6 s added to the cycle after each fact an
// agent learnt. It is now kept up to date from the store's change feed.
describe("the answerer's vocabulary follows writes without reading the graph again", () => {
  it("relation triples, new entities with labels, triples stored again, symbols written with their label: applied, and the same as a rebuild", async () => {
    const store = await solarSystem();
    const answerer = new QuestionAnswerer(store);
    expect((await ask(answerer, "Find the moons that orbit Mars")).answers.map((a) => a.symbolId).sort()).toEqual(["deimos", "phobos"]);
    const reads = vi.spyOn(store, "exportTriples");
    await store.upsertSymbols([{ id: "kerberos_moon", label: "Kerberos" }]);
    await store.addTriples([
      { subject: "kerberos_moon", predicate: "orbits", object: "pluto", source: "t" },
      { subject: "phobos", predicate: "orbits", object: "mars", source: "again" }, // stored before
      { subject: "charon", predicate: "tidally_locked_to", object: "pluto", source: "t" }, // a predicate new to the graph
    ]);
    await store.upsertSymbols([{ id: "phobos", label: "phobos" }, { id: "kerberos_moon", label: "Kerberos" }]); // labels as they were
    await store.addTriples([{ subject: "fact:abc", predicate: "about", object: "pluto", source: "memory" }]); // a fact linked as memory links them
    const a = await ask(answerer, "Find the moons that orbit Pluto");
    expect(a.answers.map((x) => x.label)).toContain("Kerberos");
    expect(reads).not.toHaveBeenCalled();
    expect(said(await vocabularyOf(answerer))).toEqual(said(await buildVocabulary(store)));
  });

  it("a relabelled entity, a naming triple, a retraction: read again, and the same as a rebuild", async () => {
    const store = await solarSystem();
    const answerer = new QuestionAnswerer(store);
    await vocabularyOf(answerer);
    const reads = vi.spyOn(store, "exportTriples");
    for (const write of [
      () => store.upsertSymbols([{ id: "phobos", label: "Fear" }]),
      () => store.addTriples([{ subject: "deimos", predicate: "label", object: "Dread", source: "t" }]),
      () => store.retractTriples([{ subject: "phobos", predicate: "orbits", object: "mars" }]),
    ]) {
      reads.mockClear();
      await write();
      expect(said(await vocabularyOf(answerer))).toEqual(said(await buildVocabulary(store)));
      expect(reads).toHaveBeenCalledTimes(2); // the answerer's rebuild, and this test's
    }
    expect((await vocabularyOf(answerer)).lookup("dread")).toEqual(["deimos"]);
  });

  it("writes made while the vocabulary is first read, and many at once after, end as a rebuild would", async () => {
    const store = await solarSystem();
    const answerer = new QuestionAnswerer(store);
    const first = vocabularyOf(answerer);
    await store.addTriples([{ subject: "nix", predicate: "orbits", object: "pluto", source: "t" }]);
    await first;
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0
          ? store.upsertSymbols([{ id: `moon_${i}`, label: `Moon ${i}` }])
          : store.addTriples([{ subject: `moon_${i - (i % 3)}`, predicate: i % 2 ? "orbits" : "near", object: `planet_${i % 4}`, source: "t" }]),
      ),
    );
    expect(said(await vocabularyOf(answerer))).toEqual(said(await buildVocabulary(store)));
  });
});
