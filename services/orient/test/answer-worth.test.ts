import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, type Facts } from "./fixtures/asked-graph.js";

// Courses and their credits; two people and what each is worth.
const COURSES: Facts = [
  ["cs101", "credits", "10"],
  ["cs201", "credits", "15"],
  ["cs301", "credits", "20"],
  ["cs350", "credits", "20"],
  ["cs101", "is_a", "course"],
  ["cs201", "is_a", "course"],
  ["cs301", "is_a", "course"],
  ["cs350", "is_a", "course"],
  ["ana", "net_worth", "400"],
  ["ben", "net_worth", "200"],
];

describe("answering - 'worth' asks for a number's fact without naming it ('Which courses are worth 20 credits?')", () => {
  it("lists, counts and checks by the fact its noun names", async () => {
    const store = await graphWith(COURSES, "courses.csv");
    // "worth" named no fact, and no fact took it: no answer at all.
    const a = await ask(store, "Which courses are worth 20 credits?");
    expect(ids(a)).toEqual(["cs301", "cs350"]);
    expect(a.pattern).toBe("?x credits 20, ?x is_a course");
    expect(ids(await ask(store, "How many credits is CS201 worth?"))).toEqual(["15"]);
    expect(ids(await ask(store, "Which courses are worth more than 15 credits?"))).toEqual(["cs301", "cs350"]);
    expect((await ask(store, "Is CS201 worth 15 credits?")).kind).toBe(AnswerKind.YES);
    expect((await ask(store, "Is CS201 worth 20 credits?")).kind).not.toBe(AnswerKind.YES);
  });

  it("still reads 'worth' as the fact a predicate names by it", async () => {
    const store = await graphWith(COURSES, "courses.csv");
    expect(ids(await ask(store, "What is Ana's net worth?"))).toEqual(["400"]);
    expect(ids(await ask(store, "What is Ben worth?"))).toEqual(["200"]);
  });
});
