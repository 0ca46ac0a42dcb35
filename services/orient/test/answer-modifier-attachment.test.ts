import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Students and their supervisors, each living somewhere: a place can describe either.
const CAMPUS: Facts = [
  ...["ines", "jon", "kai"].map((s) => [s, "is_a", "student"] as const),
  ...["prof_lund", "prof_berg"].map((p) => [p, "is_a", "professor"] as const),
  ["ines", "supervised_by", "prof_lund"],
  ["jon", "supervised_by", "prof_lund"],
  ["kai", "supervised_by", "prof_berg"],
  ["prof_lund", "lives_in", "oslo"],
  ["prof_berg", "lives_in", "bergen"],
  ["ines", "lives_in", "oslo"],
  ["jon", "lives_in", "bergen"],
  ["kai", "lives_in", "bergen"],
  ["prof_lund", "appointed_in", "1998"],
  ["prof_berg", "appointed_in", "2012"],
  ["ines", "appointed_in", "2021"],
  ["jon", "appointed_in", "2022"],
  ["kai", "appointed_in", "2023"],
  ["prof_lund", "salary", "90000"],
  ["prof_berg", "salary", "80000"],
  ["ines", "salary", "20000"],
  ["jon", "salary", "30000"],
  ["kai", "salary", "25000"],
];

describe("answering - a place named right after a noun describes that noun", () => {
  it("'a professor in Bergen' is where the professor lives, not the student", async () => {
    const store = await graphWith(CAMPUS, "campus.csv");
    // Jon lives in Bergen but his supervisor lives in Oslo: he is no answer.
    expect(ids(await ask(store, "Which students are supervised by a professor in Bergen?"))).toEqual(["kai"]);
    expect(ids(await ask(store, "Which students are supervised by a professor in Oslo?"))).toEqual(["ines", "jon"]);
  });

  it("'students in Bergen' is where the students live, not their professor", async () => {
    const store = await graphWith(CAMPUS, "campus.csv");
    expect(ids(await ask(store, "Which students in Bergen are supervised by a professor?"))).toEqual(["jon", "kai"]);
    expect(ids(await ask(store, "Which students in Bergen are supervised by a professor in Oslo?"))).toEqual(["jon"]);
  });

  it("a comparison right after a noun on the way is that noun's, so it is never checked against the answers", async () => {
    const store = await graphWith(CAMPUS, "campus.csv");
    // Professors appointed before 2000: Lund. Read against the students (appointed 2021-2023), it found none, a wrong "none".
    const answer = await ask(store, "Which students are supervised by a professor appointed before 2000?");
    expect(answer.pattern).not.toMatch(/\?x appointed_in/);
    expect(ids(answer)).not.toEqual(["kai"]);
    expect(ids(await ask(store, "Which students are supervised by a professor appointed after 2000?"))).toEqual([]);
    // Right after the answers' own noun, it is theirs.
    expect(ids(await ask(store, "Which students appointed after 2022 are supervised by a professor?"))).toEqual(["kai"]);
  });

  it("a superlative after 'with the' ranks the noun before it: 'the professor with the highest salary'", async () => {
    const store = await graphWith(CAMPUS, "campus.csv");
    // Lund earns the most of the professors; Jon earns the most of the students, and is no answer for that.
    const answer = await ask(store, "Which students are supervised by the professor with the highest salary?");
    expect(ids(answer)).toEqual(["ines", "jon"]);
    expect(proofOf(answer, "ines")).toContain("prof_lund salary 90000 (campus.csv)");
    expect(ids(await ask(store, "Which students are supervised by the professor with the lowest salary?"))).toEqual(["kai"]);
  });
});
