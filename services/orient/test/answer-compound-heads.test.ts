import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, type Facts } from "./fixtures/asked-graph.js";

// Facts whose predicates are two-word nouns, two of them sharing a word.
const RECORDS: Facts = [
  ["aspirin", "side_effect", "stomach_bleeding"],
  ["ibuprofen", "side_effect", "stomach_bleeding"],
  ["metformin", "side_effect", "nausea"],
  ["aspirin", "treats", "headache"],
  ...["aspirin", "ibuprofen", "metformin"].map((d) => [d, "is_a", "drug"] as const),
  ["ada", "birth_date", "1815-12-10"],
  ["ada", "death_date", "1852-11-27"],
  ["ada", "blood_type", "o_negative"],
  ["acme", "head_office", "berlin"],
  ["acme", "branch_office", "paris"],
  ["acme", "uses", "python"],
  ["acme", "uses", "postgres"],
  ["python", "is_a", "programming_language"],
  ["postgres", "is_a", "database"],
];

describe("answering - a two-word noun asked for ('What side effects does aspirin have?')", () => {
  it("reads the second noun as the kind asked for and the first as saying which: the fact named by both", async () => {
    const store = await graphWith(RECORDS, "records.csv");
    // Each found nothing: the first noun was read as a verb with the drug after it.
    expect(ids(await ask(store, "What side effects does aspirin have?"))).toEqual(["stomach_bleeding"]);
    expect(ids(await ask(store, "Which side effects does metformin have?"))).toEqual(["nausea"]);
    expect(ids(await ask(store, "What blood type does Ada have?"))).toEqual(["o_negative"]);
    // The first noun says which of two facts sharing the second.
    expect(ids(await ask(store, "What birth date does Ada have?"))).toEqual(["1815-12-10"]);
    expect(ids(await ask(store, "Which head office does Acme have?"))).toEqual(["berlin"]);
    expect(ids(await ask(store, "What branch office does Acme have?"))).toEqual(["paris"]);
  });

  it("still reads a class of two words as the kind of the answers", async () => {
    const store = await graphWith(RECORDS, "records.csv");
    expect(ids(await ask(store, "What programming languages does Acme use?"))).toEqual(["python"]);
    expect(ids(await ask(store, "What database does Acme use?"))).toEqual(["postgres"]);
  });

  it("reads 'cause' as a fact of an effect", async () => {
    const store = await graphWith(RECORDS, "records.csv");
    expect(ids(await ask(store, "Which drugs cause stomach bleeding?"))).toEqual(["aspirin", "ibuprofen"]);
    expect(ids(await ask(store, "What does metformin cause?"))).toEqual(["nausea"]);
  });
});
