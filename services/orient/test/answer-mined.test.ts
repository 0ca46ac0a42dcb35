import { mineStore, parseRules } from "@boyd/graph";
import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Ten students, two of them in cs201: enough for the miner to guess that every student is.
const STUDENTS = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy"];
const ENROLMENT: Facts = [
  ...STUDENTS.map((s) => [s, "is_a", "student"] as const),
  ["bob", "enrolled_in", "cs201"],
  ["erin", "enrolled_in", "cs201"],
  ["dave", "enrolled_in", "hist101"],
  ["alice", "enrolled_in", "cs101"],
  ["carol", "enrolled_in", "math101"],
  ["cs201", "is_a", "course"],
  ["cs101", "is_a", "course"],
  ["hist101", "is_a", "course"],
  ["math101", "is_a", "course"],
];

describe("answering - mined rules are guesses: no answer rests on them", () => {
  it("'Is Dave enrolled in CS201?' stays unknown and 'Which students are enrolled in CS201?' gives the two the graph states, with mined rules saved and their facts stored", async () => {
    const store = await graphWith(ENROLMENT, "courses.csv");
    const mined = await mineStore(store, { minSupport: 2, minConfidence: 0.1, source: "test" });
    const guess = mined.rules.find((r) => r.head.predicate === "enrolled_in" && "const" in r.head.object && r.head.object.const === "cs201");
    // The precondition of the reproduction: a rule putting any student in cs201.
    expect(guess, "the miner guesses that students are in cs201").toBeDefined();
    await store.addRules(mined.rules);
    // kg infer stores what the rules derive, dave's enrolment in cs201 among it.
    const derived = await store.inferRules();
    expect(derived.some((d) => d.triple.subject === "dave" && d.triple.predicate === "enrolled_in" && d.triple.object === "cs201")).toBe(true);

    const polar = await ask(store, "Is Dave enrolled in CS201?");
    expect(polar.kind).not.toBe(2); // not YES
    expect(polar.answers).toEqual([]);
    const which = await ask(store, "Which students are enrolled in CS201?");
    expect(ids(which)).toEqual(["bob", "erin"]);
    expect(proofOf(which, "bob")).toContain("bob enrolled_in cs201 (courses.csv)");
    expect(JSON.stringify(which)).not.toContain("mined-");
  });

  it("a rule written in a rules file does answer, with the rule in its proof", async () => {
    const store = await graphWith(ENROLMENT, "courses.csv");
    await store.addRules(parseRules("enrolled_in(X, cs201) :- enrolled_in(X, cs101).", "courses.rules", Date.now()).rules.map((p) => p.rule));
    const a = await ask(store, "Which students are enrolled in CS201?");
    expect(ids(a)).toEqual(["alice", "bob", "erin"]);
    expect(proofOf(a, "alice")).toContain("courses.rules:1");
  });
});
