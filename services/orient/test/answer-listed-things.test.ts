import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Volunteers, what they are certified in and what they only signed up for.
// Each list below names one thing a volunteer has by one relation and
// another by a different one: a list read as "any fact" answers them.
const RESCUE: Facts = [
  ...["iris", "omar", "pia", "ravi"].map((v) => [v, "is_a", "volunteer"] as const),
  ...["first_aid", "cpr", "lifeguarding", "radio"].map((s) => [s, "is_a", "skill"] as const),
  ["iris", "certified_in", "first_aid"],
  ["iris", "certified_in", "cpr"],
  ["omar", "certified_in", "first_aid"],
  ["omar", "signed_up_for", "cpr"],
  ["pia", "certified_in", "first_aid"],
  ["pia", "certified_in", "cpr"],
  ["pia", "certified_in", "lifeguarding"],
  ["ravi", "signed_up_for", "first_aid"],
  ["ravi", "certified_in", "radio"],
];

describe("answering - things named in a list ('certified in first aid and CPR') share the list's word", () => {
  it("each thing after the first is tied by the fact the first one's word names, not by any fact", async () => {
    const store = await graphWith(RESCUE, "rescue.csv");
    // Omar only signed up for CPR: he is not certified in it.
    const both = await ask(store, "Which volunteers are certified in first aid and CPR?");
    expect(ids(both)).toEqual(["iris", "pia"]);
    expect(proofOf(both, "pia")).toContain("pia certified_in cpr (rescue.csv)");
    expect(ids(await ask(store, "Which volunteers are certified in both first aid and CPR?"))).toEqual(["iris", "pia"]);
    // The preposition said again is the same list.
    expect(ids(await ask(store, "Which volunteers are certified in first aid and in CPR?"))).toEqual(["iris", "pia"]);
    // Three things, the comma not a token: every one by `certified_in`.
    expect(ids(await ask(store, "Which volunteers are certified in first aid, CPR and lifeguarding?"))).toEqual(["pia"]);
  });

  it("a list nobody has all of by the word's relation answers nothing, whichever thing comes first", async () => {
    const store = await graphWith(RESCUE, "rescue.csv");
    // Ravi is certified in radio and only signed up for first aid; read from first aid, the name 'radio' was matched by any fact.
    expect(ids(await ask(store, "Which volunteers are certified in radio and first aid?"))).toEqual([]);
    expect(ids(await ask(store, "Which volunteers are certified in first aid and radio?"))).toEqual([]);
  });

  it("names listed before the verb ('are Iris and Omar certified in') share the verb after them", async () => {
    const store = await graphWith(RESCUE, "rescue.csv");
    // Omar signed up for CPR but is not certified in it: only first aid is one both are certified in.
    const shared = await ask(store, "Which skills are Iris and Omar certified in?");
    expect(ids(shared)).toEqual(["first_aid"]);
    expect(proofOf(shared, "first_aid")).toContain("omar certified_in first_aid (rescue.csv)");
    // The list is never split into 'Which skills are Iris' and 'Omar certified in': a part without its verb answered any fact of Iris.
    expect(ids(await ask(store, "Which skills are Iris and Ravi certified in?"))).toEqual([]);
  });

  it("a list with a verb of its own after 'and' is still two facts, each named by its own verb", async () => {
    const store = await graphWith(RESCUE, "rescue.csv");
    expect(ids(await ask(store, "Which volunteers are certified in first aid and signed up for CPR?"))).toEqual(["omar"]);
  });
});

// Garden beds and what grows in each: herbs are a class of their own.
const GARDEN: Facts = [
  ...["bed_north", "bed_south"].map((b) => [b, "is_a", "bed"] as const),
  ...["basil", "mint"].map((h) => [h, "is_a", "herb"] as const),
  ["bed_north", "grows", "tomato"],
  ["bed_north", "grows", "basil"],
  ["bed_south", "grows", "tomato"],
];

describe("answering - a class listed after a thing ('tomato and a herb') is never a question of its own", () => {
  it("'Which beds grow tomato and a herb?' never lists the herbs themselves", async () => {
    const store = await graphWith(GARDEN, "garden.csv");
    // Split at "and", "a herb" was asked alone and answered with every herb, beside the beds growing tomato.
    const answered = ids(await ask(store, "Which beds grow tomato and a herb?"));
    expect(answered).not.toContain("basil");
    expect(answered).not.toContain("mint");
    expect(answered).not.toContain("bed_south");
  });
});
