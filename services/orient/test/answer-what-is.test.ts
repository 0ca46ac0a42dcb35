import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, type Facts } from "./fixtures/asked-graph.js";

// A museum, what it holds, and a class under another; one thing of no stated kind.
const MUSEUMS: Facts = [
  ["louvre", "is_a", "museum"],
  ["louvre", "located_in", "paris"],
  ["mona_lisa", "is_a", "painting"],
  ["mona_lisa", "is_a", "portrait"],
  ["louvre", "location_of", "mona_lisa"],
  ["museum", "subclass_of", "institution"],
  ["Q3", "label", "Good Omens"],
  ["Q3", "instance_of", "Q7725634"],
  ["Q7725634", "label", "literary work"],
];

describe("answering - 'What is the Louvre?' by what the graph says it is", () => {
  it("answers its classes, each proven by its fact, and a class by the one above it", async () => {
    const store = await graphWith(MUSEUMS, "museums.csv");
    // No word named a relation: nothing was read.
    const a = await ask(store, "What is the Louvre?");
    expect(ids(a)).toEqual(["museum"]);
    expect(a.pattern).toBe("louvre is_a ?x");
    expect(a.answers[0]!.proof!.summary).toBe("louvre is_a museum (museums.csv)");
    expect(ids(await ask(store, "What is the Mona Lisa?"))).toEqual(["painting", "portrait"]);
    expect(ids(await ask(store, "What is a museum?"))).toEqual(["institution"]);
    expect((await ask(store, "What is Good Omens?")).pattern).toBe("Q3 instance_of ?x");
    // As a goal says it: a request, then the question in its own word order.
    expect(ids(await ask(store, "Find what the Louvre is"))).toEqual(["museum"]);
    expect(ids(await ask(store, "Find out what a museum is"))).toEqual(["institution"]);
  });

  it("answers nothing for a thing of no stated kind, and leaves questions naming more to their reading", async () => {
    const store = await graphWith(MUSEUMS, "museums.csv");
    expect(ids(await ask(store, "What is Paris?"))).toEqual([]);
    expect(ids(await ask(store, "What is the location of the Mona Lisa?"))).toEqual(["louvre"]);
    // Plural, a class asks for its members.
    expect(ids(await ask(store, "What are the museums?"))).toEqual(["louvre"]);
  });
});
