import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Rivers and the waters they flow into, and courses and what they require: neither relation is declared transitive.
const WATERS: Facts = [
  ["inn", "flows_into", "danube"],
  ["isar", "flows_into", "danube"],
  ["amper", "flows_into", "isar"],
  ["ammer", "flows_into", "amper"],
  ["danube", "flows_into", "black_sea"],
  ["main", "flows_into", "rhine"],
  ["rhine", "flows_into", "north_sea"],
  ...["inn", "isar", "amper", "ammer", "danube", "main", "rhine"].map((r) => [r, "is_a", "river"] as const),
  ["black_sea", "is_a", "sea"],
  ["north_sea", "is_a", "sea"],
];
const COURSES: Facts = [
  ["cs201", "requires", "cs101"],
  ["cs301", "requires", "cs201"],
  ["cs301", "requires", "math101"],
  ...["cs101", "cs201", "cs301", "math101"].map((c) => [c, "is_a", "course"] as const),
];

describe("answering - a relation followed through others, as the question asks", () => {
  it("'directly or indirectly' lists what a chain of stated facts reaches too, each with its chain; without the words, only what is stated", async () => {
    const store = await graphWith(WATERS, "waters.csv");
    const chained = await ask(store, "Which rivers flow into the Danube, directly or indirectly?");
    expect(ids(chained)).toEqual(["ammer", "amper", "inn", "isar"]);
    expect(chained.pattern).toBe("?x flows_into danube, ?x is_a river (directly or indirectly)");
    expect(proofOf(chained, "ammer")).toBe(
      "ammer flows_into danube (by flows_into chain, asked directly or indirectly); ammer is_a river (waters.csv); from ammer flows_into amper (waters.csv); amper flows_into isar (waters.csv); isar flows_into danube (waters.csv)",
    );
    expect(proofOf(chained, "inn")).toBe("inn flows_into danube (waters.csv); inn is_a river (waters.csv)");
    expect(ids(await ask(store, "Which rivers flow into the Danube?"))).toEqual(["inn", "isar"]);
    // "transitively" asks the same; the other way round too.
    expect(ids(await ask(store, "Which sea does the Ammer flow into transitively?"))).toEqual(["black_sea"]);
    expect(ids(await ask(store, "Which sea does the Ammer flow into?"))).toEqual([]);
    // "even indirectly" asks the same.
    expect(ids(await ask(store, "Which rivers flow into the Danube, even indirectly?"))).toEqual(["ammer", "amper", "inn", "isar"]);
  });

  it("'indirectly' alone keeps what only a chain reaches: a thing stated directly is left out", async () => {
    const store = await graphWith(COURSES, "courses.csv");
    expect(ids(await ask(store, "Which courses does CS301 require, directly or indirectly?"))).toEqual(["cs101", "cs201", "math101"]);
    const indirect = await ask(store, "Which courses does CS301 require indirectly?");
    expect(ids(indirect)).toEqual(["cs101"]);
    expect(proofOf(indirect, "cs101")).toContain("from cs301 requires cs201 (courses.csv); cs201 requires cs101 (courses.csv)");
  });

  it("a yes rests on the chain; no chain is unknown, never no; 'indirectly' of two things a stated fact links is not read", async () => {
    const store = await graphWith(WATERS, "waters.csv");
    const yes = await ask(store, "Does the Ammer flow into the Black Sea, directly or indirectly?");
    expect(yes.kind).toBe(AnswerKind.YES);
    expect(yes.proof?.summary).toContain("from ammer flows_into amper (waters.csv); amper flows_into isar (waters.csv); isar flows_into danube (waters.csv); danube flows_into black_sea (waters.csv)");
    expect((await ask(store, "Does the Ammer flow into the North Sea, directly or indirectly?")).kind).toBe(AnswerKind.UNKNOWN);
    expect((await ask(store, "Does the Amper flow into the Danube indirectly?")).kind).toBe(AnswerKind.YES);
    const stated = await ask(store, "Does the Isar flow into the Danube indirectly?");
    expect(stated.kind).toBe(AnswerKind.UNKNOWN);
    expect(stated.unanswered).toContain("a stated fact links them directly");
  });

  it("a count of them counts the chained ones", async () => {
    const store = await graphWith(WATERS, "waters.csv");
    const counted = await ask(store, "How many rivers flow into the Danube, directly or indirectly?");
    expect(counted.answers.map((a) => a.symbolId)).toEqual(["4"]);
    expect((await ask(store, "How many rivers flow into the Danube?")).answers.map((a) => a.symbolId)).toEqual(["2"]);
  });

  it("'directly' and 'direct' keep what a fact states, even of a relation declared transitive; 'direct' as a verb is still the verb", async () => {
    const declared = await graphWith([...WATERS, ["flows_into", "rdf_type", "owl_transitive_property"]], "waters.csv");
    expect(ids(await ask(declared, "Which rivers flow into the Danube?"))).toEqual(["ammer", "amper", "inn", "isar"]);
    expect(ids(await ask(declared, "Which rivers flow directly into the Danube?"))).toEqual(["inn", "isar"]);
    expect((await ask(declared, "Does the Ammer flow directly into the Danube?")).kind).toBe(AnswerKind.UNKNOWN);
    expect((await ask(declared, "Does the Isar flow directly into the Danube?")).kind).toBe(AnswerKind.YES);
    const org = await graphWith([["bob", "reports_to", "alice"], ["dave", "reports_to", "bob"], ["heat", "directed_by", "michael_mann"], ["heat", "is_a", "film"]], "org.csv");
    expect(ids(await ask(org, "Who are Alice's direct reports?"))).toEqual(["bob"]);
    expect(ids(await ask(org, "Which films did Michael Mann direct?"))).toEqual(["heat"]);
  });
});
