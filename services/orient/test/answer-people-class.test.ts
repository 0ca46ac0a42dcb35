import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// A lab where two people and a computer work.
const LAB: Facts = [
  ["kim", "is_a", "person"],
  ["lee", "is_a", "person"],
  ["hal", "is_a", "computer"],
  ["kim", "works_in", "lab_a"],
  ["lee", "works_in", "lab_a"],
  ["hal", "works_in", "lab_a"],
  ["lab_a", "is_a", "lab"],
];

describe("answering - 'people' names the graph's class of persons ('Which people work in Lab A?')", () => {
  it("only the members of the class answer, each with its is-a fact", async () => {
    const store = await graphWith(LAB, "lab.csv");
    // "people" was dropped as a filler word: the computer answered too.
    const which = await ask(store, "Which people work in Lab A?");
    expect(ids(which)).toEqual(["kim", "lee"]);
    expect(proofOf(which, "kim")).toBe("kim works_in lab_a (lab.csv); kim is_a person (lab.csv)");
    expect(ids(await ask(store, "Which person works in Lab A?"))).toEqual(["kim", "lee"]);
  });

  it("a count of people counts the persons", async () => {
    const store = await graphWith(LAB, "lab.csv");
    const counted = await ask(store, "How many people work in Lab A?");
    expect(counted.answers[0]!.label).toMatch(/^2\b/);
    expect(counted.pattern).toContain("?x is_a person");
  });

  it("without a class of persons the word still asks nothing of its own", async () => {
    const store = await graphWith(LAB.filter(([, , o]) => o !== "person"), "lab.csv");
    expect(ids(await ask(store, "Which people work in Lab A?"))).toEqual(["hal", "kim", "lee"]);
  });
});
