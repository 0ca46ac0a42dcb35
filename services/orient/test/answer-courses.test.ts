import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Courses and their credits, ships and what they carry: graphs the reading rules were not written against.
const COURSES: Facts = [
  ["cs101", "is_a", "course"],
  ["cs201", "is_a", "course"],
  ["math101", "is_a", "course"],
  ["phys101", "is_a", "course"],
  ["hist101", "is_a", "course"],
  ["cs101", "credits", "4"],
  ["cs201", "credits", "4"],
  ["math101", "credits", "3"],
  ["phys101", "credits", "5"],
  ["hist101", "credits", "2"],
  ["smith", "teaches", "cs101"],
];

const SHIPS: Facts = [
  ["aurora", "is_a", "ship"],
  ["baltic", "is_a", "ship"],
  ["aurora", "carries", "oil"],
  ["baltic", "carries", "grain"],
  ["aurora", "crew", "20"],
  ["baltic", "crew", "12"],
  ["aurora", "tonnage", "50000"],
  ["baltic", "tonnage", "30000"],
];

describe("answering - a verb of amount before the measure named", () => {
  it("'Which courses are worth more than 3 credits?' and '... carry ...' compare the credits, each answer with its number", async () => {
    const store = await graphWith(COURSES, "courses.csv");
    for (const question of ["Which courses are worth more than 3 credits?", "Which courses carry more than 3 credits?"]) {
      const a = await ask(store, question);
      expect(ids(a), question).toEqual(["cs101", "cs201", "phys101"]);
      expect(proofOf(a, "phys101"), question).toContain("phys101 credits 5");
    }
    expect(ids(await ask(store, "Which courses are worth at least 4 credits?"))).toEqual(["cs101", "cs201", "phys101"]);
  });

  it("'carry' that names a relation still names it; 'worth' with no measure named compares nothing", async () => {
    const store = await graphWith(SHIPS, "ships.csv");
    expect(ids(await ask(store, "Which ships carry oil?"))).toEqual(["aurora"]);
    expect(ids(await ask(store, "Which ships carry more than 15 crew?"))).toEqual(["aurora"]);
    // Nothing says what a ship is worth: neither its tonnage nor its crew is taken for it.
    expect(ids(await ask(store, "Which ships are worth more than 1000?"))).toEqual([]);
  });
});
