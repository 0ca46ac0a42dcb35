import { AnswerKind } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { ask, graphWith as graphFrom, ids, type Facts } from "./fixtures/asked-graph.js";

// A chemistry graph the reading rules were not written against: elements, their groups and phases, compounds and what they are made of.
const CHEM: Facts = [
  ...["hydrogen", "helium", "oxygen", "neon", "sodium", "iron", "gold", "mercury"].map((e) => [e, "instance_of", "chemical_element"] as const),
  ["helium", "element_group", "noble_gas"],
  ["neon", "element_group", "noble_gas"],
  ["sodium", "element_group", "alkali_metal"],
  ["iron", "element_group", "transition_metal"],
  ["gold", "element_group", "transition_metal"],
  ["iron", "melting_point_celsius", "1538"],
  ["gold", "melting_point_celsius", "1064"],
  ["mercury", "melting_point_celsius", "-39"],
  ["water", "instance_of", "chemical_compound"],
  ["water", "composed_of", "hydrogen"],
  ["water", "composed_of", "oxygen"],
  ["table_salt", "instance_of", "chemical_compound"],
  ["table_salt", "composed_of", "sodium"],
  ["table_salt", "composed_of", "chlorine"],
];


const graphWith = (triples: Facts) => graphFrom(triples, "chem.csv");

describe("answering - kinds said by a group, genre or category", () => {
  it("'Is helium a noble gas?' is yes by its element_group, proven; 'Is iron a noble gas?' is not yes (the group is not declared functional: no 'no' either)", async () => {
    const store = await graphWith(CHEM);
    const yes = await ask(store, "Is helium a noble gas?");
    expect(yes.kind).toBe(AnswerKind.YES);
    expect(yes.proof?.summary).toBe("helium element_group noble_gas (chem.csv)");
    expect((await ask(store, "Is iron a noble gas?")).kind).toBe(AnswerKind.UNKNOWN);
    expect((await ask(store, "Is gold a transition metal?")).kind).toBe(AnswerKind.YES);
  });
});

describe("answering - what things are made of", () => {
  it("'What is water made of?' and 'Which compounds contain hydrogen?' read `composed_of`, the compound its subject", async () => {
    const store = await graphWith(CHEM);
    expect(ids(await ask(store, "What is water made of?"))).toEqual(["hydrogen", "oxygen"]);
    const a = await ask(store, "Which compounds contain hydrogen?");
    expect(ids(a)).toEqual(["water"]);
    expect(a.pattern).toBe("?x composed_of hydrogen, ?x instance_of chemical_compound");
    expect(ids(await ask(store, "Which compound contains chlorine?"))).toEqual(["table_salt"]);
    expect((await ask(store, "Does water contain sodium?")).kind).not.toBe(AnswerKind.YES);
  });

  it("'Which element has the lowest melting point?' is refused while an element has no melting point (it could be the lowest), saying which have none", async () => {
    const store = await graphWith(CHEM);
    const a = await ask(store, "Which element has the lowest melting point?");
    expect(ids(a)).toEqual([]);
    expect(a.unanswered).toBe("5 of the 8 members of chemical_element have no melting_point_celsius (helium, hydrogen, neon, oxygen, sodium); any of them could be the lowest");
    // With every element measured, the ranking answers, and no reason is left behind.
    const all = await graphWith([...CHEM, ...["helium", "hydrogen", "neon", "oxygen", "sodium"].map((e, i) => [e, "melting_point_celsius", String(-272 + i)] as const)]);
    const ranked = await ask(all, "Which element has the lowest melting point?");
    expect(ids(ranked)).toEqual(["helium"]);
    expect(ranked.unanswered).toBe("");
  });
});
